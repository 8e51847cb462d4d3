import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Button, type ButtonKind } from '@staff/console-ui';

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

/** A field's message under its control, `<id>-error` (what `invalidProps` points the control at). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <span className="error" id={errorIdOf(id)}>
      {error}
    </span>
  ) : null;
}

/**
 * A form field row for a `.fields` grid (see `fieldsCss`): the label above its control, the field's message,
 * then `after`. The control is the page's own: give it `id` and `invalidProps(id, error)`.
 *
 * @example
 * <FieldRow id="name" label="Nama" error={form.errors.name}><input id="name" {...invalidProps('name', form.errors.name)} … /></FieldRow>
 */
export function FieldRow({ id, label, wide, after, error, children }: RowProps & { children: ReactNode }) {
  return (
    <div className={wide ? 'field wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FieldError id={id} error={error} />
      {after}
    </div>
  );
}

/** A control's value as text, and what it tells when it changes (the field rows below). */
type ValueProps<A, V extends string = string> = Omit<A, 'id' | 'value' | 'onChange'> & {
  value: V;
  onValueChange: (value: V) => void;
};

/** Splits a field's props into its row's and its control's (with its id and the invalid marks). */
function splitRow<P extends RowProps>({ id, label, wide, after, error, ...control }: P) {
  return { row: { id, label, wide, after, error }, control: { id, ...invalidProps(id, error), ...control } };
}

type InputFieldProps = RowProps & ValueProps<InputHTMLAttributes<HTMLInputElement>>;

/** A labelled `<input>` row; `onValueChange` gets the text. */
export function InputField(props: InputFieldProps) {
  const { row, control } = splitRow(props);
  const { value, onValueChange, ...input } = control;
  return (
    <FieldRow {...row}>
      <input value={value} onChange={(event) => onValueChange(event.target.value)} {...input} />
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

type TextAreaFieldProps = RowProps & ValueProps<TextareaHTMLAttributes<HTMLTextAreaElement>>;

/** A labelled `<textarea>` row. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { row, control } = splitRow(props);
  const { value, onValueChange, ...area } = control;
  return (
    <FieldRow {...row}>
      <textarea value={value} onChange={(event) => onValueChange(event.target.value)} {...area} />
    </FieldRow>
  );
}

type SelectFieldProps<V extends string> = RowProps &
  ValueProps<SelectHTMLAttributes<HTMLSelectElement>, V> & { options: readonly FieldOption<V>[] };

/** A labelled `<select>` row over `options`. */
export function SelectField<V extends string>(props: SelectFieldProps<V>) {
  const { row, control } = splitRow(props);
  const { value, onValueChange, options, ...select } = control;
  return (
    <FieldRow {...row}>
      <select value={value} onChange={(event) => onValueChange(event.target.value as V)} {...select}>
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
  disabled,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="field check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * A group of choices (checkboxes) under a legend, with the group's message (`<id>-error`) that describes it.
 *
 * @example
 * <ChoiceGroup id="days" legend="Hari kerja" error={form.errors.business_days} wide>{…CheckFields}</ChoiceGroup>
 */
export function ChoiceGroup({
  id,
  legend,
  error,
  wide,
  children,
}: {
  id: string;
  legend: ReactNode;
  error?: string | undefined;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset
      id={id}
      className={wide ? 'wide' : undefined}
      aria-describedby={error ? errorIdOf(id) : undefined}
    >
      <legend>{legend}</legend>
      {children}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** The form's own message (useEndpointForm's `formError`: no field takes it), announced as an alert. */
export function FormError({
  text,
  className = 'wide',
}: {
  text: string | null | undefined;
  className?: string;
}) {
  return text ? (
    <p role="alert" className={className}>
      {text}
    </p>
  ) : null;
}

/**
 * The end of a form: its message (`FormError`), then the submit button (disabled while `busy`) and `children`
 * (Cancel, …) in one `className` row. Without `label` there is no submit button (a read-only form).
 *
 * @example
 * <FormSubmit error={form.formError} label="Simpan" busy={form.submitting} kind="primary"><Button onClick={onCancel}>Batal</Button></FormSubmit>
 */
export function FormSubmit({
  error,
  label,
  busy,
  kind,
  className = 'wide buttons',
  children,
}: {
  error: string | null | undefined;
  label?: ReactNode;
  busy: boolean;
  kind?: ButtonKind;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <FormError text={error} />
      {label !== undefined ? (
        <div className={className}>
          <Button type="submit" kind={kind} disabled={busy}>
            {label}
          </Button>
          {children}
        </div>
      ) : null}
    </>
  );
}
