import { useId, useState, type FormEvent } from 'react';
import type { FilterCondition } from '../../machines/filterPresets.machine.js';
import type { ResourceField } from '../../resource.js';
import { RelationSelect, type LoadOptions } from '../ResourceForm/RelationSelect.js';
import { filterKind } from './filterModel.js';
import { useFilterBarMessages } from './messages.js';
import { CheckboxOptions } from '../../primitives/CheckboxOptions.js';

function parseBound(field: ResourceField, text: string): number | string | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (field.type === 'date' || field.type === 'datetime' || field.type === 'month') return value;
  const normalised =
    field.type === 'money' || field.type === 'integer'
      ? value.replace(/[.\s]/g, '')
      : value.replace(',', '.');
  const n = Number(normalised);
  return Number.isFinite(n) ? n : undefined;
}

export interface FieldFilterEditorProps {
  field: ResourceField;
  condition: FilterCondition | undefined;
  /** For relation fields: searches the other entity. */
  loadOptions?: LoadOptions;
  /** Known labels of this field's relation ids. */
  labels?: Record<string, string>;
  /** Reports labels of relation ids picked here, so chips can name them. */
  onPickLabels?: (picked: Record<string, string>) => void;
  onApply: (condition: FilterCondition | null) => void;
  onBack?: () => void;
}

/** The editor of one field's condition. Apply with nothing chosen removes the filter. */
export function FieldFilterEditor({
  field,
  condition,
  onApply,
  onBack,
  loadOptions,
  labels = {},
  onPickLabels,
}: FieldFilterEditorProps) {
  const m = useFilterBarMessages();
  const kind = filterKind(field);
  const id = useId();
  // "Is empty" or "is not empty" (one at a time): either replaces the field's values.
  const [emptiness, setEmptiness] = useState<'empty' | 'notEmpty' | null>(
    condition?.op === 'empty' ? (condition.empty ? 'empty' : 'notEmpty') : null,
  );
  const empty = emptiness !== null;
  const [values, setValues] = useState<string[]>(condition?.op === 'in' ? condition.values.map(String) : []);
  const [flag, setFlag] = useState<string>(condition?.op === 'eq' ? String(condition.value) : '');
  const [min, setMin] = useState(
    condition?.op === 'range' && condition.min !== null ? String(condition.min) : '',
  );
  const [max, setMax] = useState(
    condition?.op === 'range' && condition.max !== null ? String(condition.max) : '',
  );
  const [text, setText] = useState(condition?.op === 'contains' ? condition.value : '');
  const [error, setError] = useState<string | null>(null);
  // Labels of relation values picked here: chips name them even when the host does not pass `labels` back.
  const [pickedLabels, setPickedLabels] = useState<Record<string, string>>({});
  const labelOf = (value: string) => labels[value] ?? pickedLabels[value] ?? value;

  const build = (): FilterCondition | null | 'invalid' => {
    if (emptiness !== null) return { op: 'empty', field: field.name, empty: emptiness === 'empty' };
    switch (kind) {
      case 'in':
        return values.length === 0 ? null : { op: 'in', field: field.name, values };
      case 'relation':
        // Ids as the list types them: numbers (a relation's key is a row id).
        return values.length === 0
          ? null
          : {
              op: 'in',
              field: field.name,
              values: values.map((value) => (/^\d+$/.test(value) ? Number(value) : value)),
            };
      case 'eq':
        return flag === '' ? null : { op: 'eq', field: field.name, value: flag === 'true' };
      case 'contains':
        return text.trim() === '' ? null : { op: 'contains', field: field.name, value: text.trim() };
      case 'range': {
        const low = parseBound(field, min);
        const high = parseBound(field, max);
        if ((min.trim() !== '' && low === undefined) || (max.trim() !== '' && high === undefined))
          return 'invalid';
        if (low === undefined && high === undefined) return null;
        return { op: 'range', field: field.name, min: low ?? null, max: high ?? null };
      }
      default:
        return null;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = build();
    if (next === 'invalid') {
      setError(m.rangeNumbers);
      return;
    }
    onApply(next);
  };

  const dateInput =
    field.type === 'month' ? 'month' : field.type === 'date' || field.type === 'datetime' ? 'date' : null;

  return (
    <form className="cui-filter-editor" onSubmit={submit} aria-label={m.filterField(field.label)}>
      {kind === 'in' ? (
        <fieldset disabled={empty}>
          <legend>{m.isAnyOf(field.label)}</legend>
          <CheckboxOptions options={field.options ?? []} value={values} onValueChange={setValues} />
        </fieldset>
      ) : null}
      {kind === 'relation' ? (
        <fieldset disabled={empty}>
          <legend>{m.isAnyOf(field.label)}</legend>
          {values.length > 0 ? (
            <ul className="cui-filter-editor-picked" aria-label={m.chosen(field.label)}>
              {values.map((value) => (
                <li key={value}>
                  {labelOf(value)}
                  <button
                    type="button"
                    className="cui-filter-chip-remove"
                    aria-label={m.removeValue(labelOf(value))}
                    onClick={() => setValues(values.filter((v) => v !== value))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <RelationSelect
            id={`${id}-relation`}
            label={m.addValue(field.label)}
            aria-label={m.addValue(field.label)}
            entity={field.relation?.entity ?? field.name}
            value={null}
            clearable={false}
            loadOptions={loadOptions}
            onValueChange={(value, optionText) => {
              if (value === null || values.includes(value)) return;
              setValues([...values, value]);
              if (optionText === null) return;
              setPickedLabels((known) => ({ ...known, [value]: optionText }));
              onPickLabels?.({ [value]: optionText });
            }}
          />
        </fieldset>
      ) : null}
      {kind === 'eq' ? (
        <fieldset disabled={empty}>
          <legend>{field.label}</legend>
          {[
            ['', m.any],
            ['true', m.yes],
            ['false', m.no],
          ].map(([value, text]) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-flag`}
                value={value}
                checked={flag === value}
                onChange={() => setFlag(value!)}
              />
              {text}
            </label>
          ))}
        </fieldset>
      ) : null}
      {kind === 'range' ? (
        <fieldset disabled={empty}>
          <legend>{m.between(field.label)}</legend>
          <label>
            {m.from}
            <input
              type={dateInput ?? 'text'}
              inputMode={dateInput ? undefined : 'decimal'}
              value={min}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setMin(event.target.value)}
            />
          </label>
          <label>
            {m.to}
            <input
              type={dateInput ?? 'text'}
              inputMode={dateInput ? undefined : 'decimal'}
              value={max}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setMax(event.target.value)}
            />
          </label>
        </fieldset>
      ) : null}
      {kind === 'contains' ? (
        <label>
          {m.contains(field.label)}
          <input
            type="text"
            value={text}
            disabled={empty}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
      ) : null}
      {(
        [
          ['empty', m.isEmpty],
          ['notEmpty', m.isNotEmpty],
        ] as const
      ).map(([choice, text]) => (
        <label key={choice} className="cui-filter-editor-empty">
          <input
            type="checkbox"
            checked={emptiness === choice}
            onChange={(event) => setEmptiness(event.target.checked ? choice : null)}
          />
          {text}
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} role="alert" className="cui-filter-editor-error">
          {error}
        </p>
      ) : null}
      <div className="cui-filter-editor-actions">
        {onBack ? (
          <button type="button" className="cui-button" onClick={onBack}>
            {m.back}
          </button>
        ) : null}
        <button type="submit" className="cui-button" data-kind="primary">
          {m.apply}
        </button>
      </div>
    </form>
  );
}
