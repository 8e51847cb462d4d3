// One field of ResourceForm: its label, control (by field type), help and errors, or its value when read-only.
import { type ReactNode } from 'react';
import { type DateRangeValue, type ResourceField } from '../../resource.js';
import { TextArea } from '../TextArea/index.js';
import { type Draft, type SecretDraft } from './formValues.js';
import { MoneyInput } from './MoneyInput.js';
import { RelationSelect, type LoadOptions } from './RelationSelect.js';
import { SecretInput } from './SecretInput.js';
import { TagsInput } from './TagsInput.js';
import { useResourceFormMessages } from './messages.js';

const INPUT_TYPES: Partial<Record<ResourceField['type'], string>> = {
  text: 'text',
  email: 'email',
  url: 'url',
  phone: 'tel',
  date: 'date',
  month: 'month',
  datetime: 'datetime-local',
};

const WIDE_TYPES = new Set<ResourceField['type']>(['longtext', 'json', 'tags']);

export interface FieldRowProps {
  field: ResourceField;
  id: string;
  draft: Draft;
  errors?: string[];
  readOnly: boolean;
  readOnlyText: string;
  onChange: (draft: Draft) => void;
  loadOptions?: LoadOptions;
  relationLabel?: string;
}

export function FieldRow({
  field,
  id,
  draft,
  errors,
  readOnly,
  readOnlyText,
  onChange,
  loadOptions,
  relationLabel,
}: FieldRowProps) {
  const m = useResourceFormMessages();
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const invalid = errors !== undefined && errors.length > 0;
  const describedBy =
    [invalid ? errorId : null, field.help ? helpId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    required: field.required,
    placeholder: field.placeholder,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  };
  const text = typeof draft === 'string' ? draft : '';
  const wide = WIDE_TYPES.has(field.type);
  const labelText = (
    <>
      {field.label}
      {field.required ? (
        <span aria-hidden="true" className="cui-required">
          {' '}
          *
        </span>
      ) : null}
    </>
  );
  const messages = (
    <>
      {invalid ? (
        <span id={errorId} className="cui-field-error">
          {errors.join(' ')}
        </span>
      ) : null}
      {field.help ? (
        <span id={helpId} className="cui-field-help">
          {field.help}
        </span>
      ) : null}
    </>
  );

  if (readOnly) {
    return (
      <div className="cui-field" data-type={field.type} data-readonly="">
        <span className="cui-field-label" id={`${id}-label`}>
          {field.label}
        </span>
        <output id={id} aria-labelledby={`${id}-label`}>
          {readOnlyText}
        </output>
      </div>
    );
  }

  if (field.type === 'longtext') {
    return (
      <div className="cui-field" data-type={field.type} data-wide="">
        <TextArea
          id={id}
          name={field.name}
          label={field.required ? `${field.label} *` : field.label}
          required={field.required}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          value={text}
          onValueChange={onChange}
          error={invalid ? errors.join(' ') : null}
          description={field.help}
        />
      </div>
    );
  }

  if (field.type === 'boolean') {
    return (
      <div className="cui-field" data-type={field.type} data-invalid={invalid ? '' : undefined}>
        <label className="cui-switch">
          <input
            {...common}
            type="checkbox"
            role="switch"
            checked={draft === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span>{field.label}</span>
        </label>
        {messages}
      </div>
    );
  }

  if (field.type === 'daterange') {
    const range = (draft ?? {}) as DateRangeValue;
    return (
      <fieldset
        className="cui-field"
        data-type={field.type}
        data-invalid={invalid ? '' : undefined}
        aria-describedby={describedBy}
      >
        <legend className="cui-field-label">{labelText}</legend>
        <span className="cui-date-range">
          <label>
            {m.from}
            <input
              {...common}
              type="date"
              value={range.from ?? ''}
              onChange={(event) => onChange({ ...range, from: event.target.value })}
            />
          </label>
          <label>
            {m.to}
            <input
              {...common}
              id={`${id}-to`}
              name={`${field.name}.to`}
              type="date"
              value={range.to ?? ''}
              onChange={(event) => onChange({ ...range, to: event.target.value })}
            />
          </label>
        </span>
        {messages}
      </fieldset>
    );
  }

  let control: ReactNode;
  switch (field.type) {
    case 'enum':
      control = (
        <select {...common} value={text} onChange={(event) => onChange(event.target.value)}>
          <option value="">{field.required ? m.select : '—'}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'money':
      control = (
        <MoneyInput
          {...common}
          value={text}
          onValueChange={onChange}
          allowNegative={field.min === undefined || field.min < 0}
        />
      );
      break;
    case 'integer':
    case 'number':
    case 'percent':
      control = (
        <span className="cui-number-input">
          <input
            {...common}
            type="text"
            inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={text}
            onChange={(event) => onChange(event.target.value)}
          />
          {field.type === 'percent' ? <span aria-hidden="true">%</span> : null}
        </span>
      );
      break;
    case 'relation':
      control = (
        <RelationSelect
          {...common}
          label={field.label}
          entity={field.relation?.entity ?? field.name}
          value={typeof draft === 'string' ? draft : null}
          valueLabel={relationLabel}
          clearable={!field.required}
          loadOptions={loadOptions}
          onValueChange={(value) => onChange(value)}
        />
      );
      break;
    case 'tags':
      control = (
        <TagsInput
          {...common}
          value={Array.isArray(draft) ? draft : []}
          onValueChange={onChange}
          maxTags={field.maxLength}
        />
      );
      break;
    case 'secret':
      control = (
        <SecretInput {...common} label={field.label} value={draft as SecretDraft} onValueChange={onChange} />
      );
      break;
    case 'json':
      control = (
        <textarea
          {...common}
          className="cui-json-input"
          spellCheck={false}
          rows={6}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    default:
      control = (
        <input
          {...common}
          type={INPUT_TYPES[field.type] ?? 'text'}
          maxLength={field.maxLength}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }

  // A secret that is set shows a Replace button: its label must not point at the button as if it were a box.
  const labelFor =
    field.type === 'secret' && (draft as SecretDraft).masked !== null && !(draft as SecretDraft).replacing
      ? undefined
      : id;
  return (
    <div
      className="cui-field"
      data-type={field.type}
      data-wide={wide ? '' : undefined}
      data-invalid={invalid ? '' : undefined}
    >
      {labelFor ? (
        <label className="cui-field-label" htmlFor={labelFor}>
          {labelText}
        </label>
      ) : (
        <span className="cui-field-label">{labelText}</span>
      )}
      {control}
      {messages}
    </div>
  );
}
