import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** One option of a SelectField. */
export interface FieldOption<V extends string = string> {
  value: V;
  label: ReactNode;
}

interface RowProps {
  id: string;
  label: ReactNode;
  /** Spans the whole row of a `.fields` grid. */
  wide?: boolean;
  /** Shown under the control (a hint; the field's message goes in `error`). */
  after?: ReactNode;
  /**
   * The field's message (useEndpointForm's `errors[name]`): shown under the control as `<id>-error`, and the
   * control is marked `aria-invalid` and described by it.
   */
  error?: string | undefined;
}

/** The id of a field's message element. */
export const errorIdOf = (id: string) => `${id}-error`;

/** The control's side of a field message: invalid and described by `<id>-error` while there is one. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': errorIdOf(id) } : {};

/**
 * A form field row for a `.fields` grid (see `fieldsCss`): the label above its control, then `after`.
 *
 * @example
 * <FieldRow id="name" label="Nama" after={fieldError('name')}><input id="name" … /></FieldRow>
 */
export function FieldRow({ id, label, wide, after, error, children }: RowProps & { children: ReactNode }) {
  return (
    <div className={wide ? 'field wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <span className="error" id={errorIdOf(id)}>
          {error}
        </span>
      ) : null}
      {after}
    </div>
  );
}

type InputFieldProps = RowProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
    value: string;
    onValueChange: (value: string) => void;
  };

/** A labelled `<input>` row; `onValueChange` gets the text. */
export function InputField({
  id,
  label,
  wide,
  after,
  error,
  value,
  onValueChange,
  ...input
}: InputFieldProps) {
  return (
    <FieldRow id={id} label={label} wide={wide} after={after} error={error}>
      <input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...invalidProps(id, error)}
        {...input}
      />
    </FieldRow>
  );
}

/**
 * Two date rows, `from` and `to`, each bounding the other so the picker cannot offer a reversed range.
 *
 * @example
 * <DateRangeFields id="insight" labels={{ from: 'Dari', to: 'Sampai' }} from={from} to={to} … />
 */
export function DateRangeFields(props: {
  /** Prefix of the inputs' ids (`<id>-from`, `<id>-to`). */
  id: string;
  labels: { from: ReactNode; to: ReactNode };
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
}) {
  const { id, labels, from, to } = props;
  const [fromId, toId] = [`${id}-from`, `${id}-to`];
  return (
    <>
      <InputField
        id={fromId}
        label={labels.from}
        type="date"
        value={from}
        max={to}
        onValueChange={props.onFromChange}
      />
      <InputField
        id={toId}
        label={labels.to}
        type="date"
        value={to}
        min={from}
        onValueChange={props.onToChange}
      />
    </>
  );
}

type TextAreaFieldProps = RowProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> & {
    value: string;
    onValueChange: (value: string) => void;
  };

/** A labelled `<textarea>` row. */
export function TextAreaField({
  id,
  label,
  wide,
  after,
  error,
  value,
  onValueChange,
  ...area
}: TextAreaFieldProps) {
  return (
    <FieldRow id={id} label={label} wide={wide} after={after} error={error}>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...invalidProps(id, error)}
        {...area}
      />
    </FieldRow>
  );
}

type SelectFieldProps<V extends string> = RowProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> & {
    value: V;
    onValueChange: (value: V) => void;
    options: readonly FieldOption<V>[];
  };

/** A labelled `<select>` row over `options`. */
export function SelectField<V extends string>({
  id,
  label,
  wide,
  after,
  error,
  value,
  onValueChange,
  options,
  ...select
}: SelectFieldProps<V>) {
  return (
    <FieldRow id={id} label={label} wide={wide} after={after} error={error}>
      <select
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value as V)}
        {...invalidProps(id, error)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldRow>
  );
}

/** A checkbox with its label after it (`.field.check`). */
export function CheckField({
  id,
  label,
  checked,
  onCheckedChange,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="field check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
