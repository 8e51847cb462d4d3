import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import {
  EMPTY_FILTER,
  allPresets,
  type FilterCondition,
  type FilterGroup,
  type filterPresetsMachine,
} from '../../machines/filterPresets.machine.js';
import type { ResourceField } from '../../resource.js';
import { useControllableState } from '../DataTable/useControllableState.js';
import { RelationSelect, type LoadOptions } from '../ResourceForm/RelationSelect.js';
import {
  describeTerm,
  fieldCondition,
  filterKind,
  filterTerms,
  filterableFields,
  isFilterGroup,
  removeTerm,
  setFieldCondition,
  termLabel,
  type RelationLabels,
} from './filterModel.js';

/** A named view stored by the server (filters, sort and columns), possibly shared with everyone who can read. */
export interface SavedView {
  id: string;
  name: string;
  shared: boolean;
  /** Whether the current user owns it (only owners may share or delete). Default true. */
  mine?: boolean;
  /** Owner's name, shown for views shared by others. */
  owner?: string;
}

export type FilterPresetsActor = ActorRefFrom<typeof filterPresetsMachine>;

export interface FilterBarProps {
  fields: ResourceField[];
  /** Accessible name of the bar. */
  label?: string;

  search?: string;
  defaultSearch?: string;
  /** Called after typing pauses for `searchDebounceMs` (immediately on Clear all). */
  onSearchChange?: (search: string) => void;
  searchDebounceMs?: number;
  searchPlaceholder?: string;

  filter?: FilterGroup;
  defaultFilter?: FilterGroup;
  onFilterChange?: (filter: FilterGroup) => void;

  /**
   * A running `filterPresetsMachine` actor: the filters then live in it (chips send `FILTER.SET`, Clear all
   * sends `FILTER.CLEAR`), and the preset picker, save/delete and modified/reset controls appear.
   */
  presets?: FilterPresetsActor;

  /** Searches another entity; with it, filterable relation fields get an "any of" picker. */
  loadOptions?: LoadOptions;
  /** Labels of relation ids already in the filter (e.g. from a saved view), by field then id. */
  relationLabels?: RelationLabels;

  savedViews?: SavedView[];
  activeViewId?: string | null;
  onSelectView?: (view: SavedView) => void;
  onSaveView?: (view: { name: string; shared: boolean }) => void;
  onShareView?: (id: string, shared: boolean) => void;
  onDeleteView?: (id: string) => void;
  /** Extra controls at the end of the bar. */
  children?: ReactNode;
  className?: string;
}

/**
 * Search, filter chips per filterable field (enum → any of, numbers/dates → range, text → contains, and "is
 * empty"), presets from the filterPresets machine and saved views.
 *
 * @example
 * <FilterBar fields={creators.fields} onSearchChange={setQ} filter={filter} onFilterChange={setFilter}
 *   savedViews={views} onSaveView={saveView} onDeleteView={deleteView} onShareView={shareView} />
 */
export function FilterBar({
  fields,
  label = 'Filters',
  search: searchProp,
  defaultSearch = '',
  onSearchChange,
  searchDebounceMs = 300,
  searchPlaceholder = 'Search…',
  filter: filterProp,
  defaultFilter = EMPTY_FILTER,
  onFilterChange,
  presets,
  loadOptions,
  relationLabels,
  savedViews,
  activeViewId,
  onSelectView,
  onSaveView,
  onShareView,
  onDeleteView,
  children,
  className,
}: FilterBarProps) {
  const machineFilter = useSelector(presets, (snapshot) => snapshot?.context.view.filter);
  const [ownFilter, setOwnFilter] = useControllableState(filterProp, defaultFilter, onFilterChange);
  const filter = machineFilter ?? ownFilter;
  const setFilter = (next: FilterGroup) => {
    if (presets) {
      presets.send({ type: 'FILTER.SET', filter: next });
      onFilterChange?.(next);
    } else setOwnFilter(next);
  };

  const search = useDebouncedSearch(searchProp ?? defaultSearch, onSearchChange, searchDebounceMs);
  const terms = filterTerms(filter);
  const candidates = filterableFields(fields, { relations: loadOptions !== undefined });
  const [pickedLabels, setPickedLabels] = useState<RelationLabels>({});
  const labels: RelationLabels = { ...relationLabels };
  for (const [name, known] of Object.entries(pickedLabels)) labels[name] = { ...labels[name], ...known };
  const rememberLabels = (name: string, picked: Record<string, string>) =>
    setPickedLabels((current) => ({ ...current, [name]: { ...current[name], ...picked } }));
  const searchId = useId();

  const clearAll = () => {
    if (presets) {
      presets.send({ type: 'FILTER.CLEAR' });
      onFilterChange?.(EMPTY_FILTER);
    } else setOwnFilter(EMPTY_FILTER);
    search.flush('');
  };

  return (
    <Bar className={['sc-filter-bar', className].filter(Boolean).join(' ')} role="search" aria-label={label}>
      <div className="sc-filter-bar-row">
        {onSearchChange ? (
          <span className="sc-filter-bar-search">
            <label htmlFor={searchId} className="sc-visually-hidden">
              Search
            </label>
            <input
              id={searchId}
              type="search"
              placeholder={searchPlaceholder}
              value={search.text}
              onChange={(event) => search.setText(event.target.value)}
            />
          </span>
        ) : null}
        {presets ? <PresetControls actor={presets} /> : null}
        {savedViews ? (
          <SavedViewsMenu
            views={savedViews}
            activeViewId={activeViewId ?? null}
            onSelect={onSelectView}
            onSave={onSaveView}
            onShare={onShareView}
            onDelete={onDeleteView}
          />
        ) : null}
        {children}
      </div>
      <div className="sc-filter-bar-row">
        {terms.length > 0 ? (
          <ul className="sc-filter-chips" aria-label="Active filters">
            {terms.map((term, index) => {
              const text = describeTerm(term, fields, labels);
              const field = isFilterGroup(term)
                ? undefined
                : fields.find((candidate) => candidate.name === term.field);
              const editable = field !== undefined && candidates.includes(field);
              return (
                <li
                  key={isFilterGroup(term) ? `group-${index}` : term.field}
                  className="sc-filter-chip"
                  data-kind={isFilterGroup(term) ? 'group' : term.op}
                >
                  {editable ? (
                    <Popover
                      triggerLabel={text}
                      triggerAriaLabel={`Edit filter: ${text}`}
                      dialogLabel={`Filter ${field.label}`}
                      triggerClassName="sc-filter-chip-label"
                    >
                      {(close) => (
                        <FieldFilterEditor
                          field={field}
                          condition={fieldCondition(filter, field.name)}
                          loadOptions={loadOptions}
                          labels={labels[field.name]}
                          onPickLabels={(picked) => rememberLabels(field.name, picked)}
                          onApply={(condition) => {
                            setFilter(setFieldCondition(filter, field.name, condition));
                            close();
                          }}
                        />
                      )}
                    </Popover>
                  ) : (
                    <span className="sc-filter-chip-label">{text}</span>
                  )}
                  <button
                    type="button"
                    className="sc-filter-chip-remove"
                    aria-label={`Remove filter ${termLabel(term, fields)}`}
                    onClick={() => setFilter(removeTerm(filter, index))}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {candidates.length > 0 ? (
          <AddFilter
            fields={candidates}
            loadOptions={loadOptions}
            labels={labels}
            onPickLabels={rememberLabels}
            onApply={(field, condition) => setFilter(setFieldCondition(filter, field.name, condition))}
            currentCondition={(field) => fieldCondition(filter, field.name)}
          />
        ) : null}
        {terms.length > 0 || search.text !== '' ? (
          <button type="button" className="sc-button" data-kind="ghost" onClick={clearAll}>
            Clear all
          </button>
        ) : null}
      </div>
    </Bar>
  );
}

/** Local text with a debounced report; `flush` reports at once (Clear all). */
function useDebouncedSearch(value: string, onChange: ((search: string) => void) | undefined, delay: number) {
  const [text, setTextState] = useState(value);
  const [source, setSource] = useState(value);
  const reported = useRef(value);
  if (source !== value) {
    setSource(value);
    setTextState(value);
  }
  useEffect(() => {
    reported.current = source;
  }, [source]);
  useEffect(() => {
    if (text === reported.current) return;
    const timer = setTimeout(() => {
      reported.current = text;
      onChange?.(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay, onChange]);
  return {
    text,
    setText: setTextState,
    flush: (next: string) => {
      setTextState(next);
      if (reported.current !== next) {
        reported.current = next;
        onChange?.(next);
      }
    },
  };
}

interface PopoverProps {
  triggerLabel: ReactNode;
  triggerAriaLabel?: string;
  triggerClassName?: string;
  dialogLabel: string;
  children: (close: () => void) => ReactNode;
}

const PopoverCloseContext = createContext<() => void>(() => {});

/** Calls a render prop with the enclosing popover's close function. */
function WithClose({ render }: { render: (close: () => void) => ReactNode }) {
  return render(useContext(PopoverCloseContext));
}

/** A non-modal popup: Escape or a click outside closes it, focus goes back to its button. */
function Popover({
  triggerLabel,
  triggerAriaLabel,
  triggerClassName = 'sc-button',
  dialogLabel,
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('input, select, button, [tabindex="0"]')?.focus();
    const onPointer = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !rootRef.current?.contains(document.activeElement)) return;
      event.stopPropagation();
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  return (
    <span ref={rootRef} className="sc-popover">
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-label={triggerAriaLabel}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => setOpen(!open)}
      >
        {triggerLabel}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          role="dialog"
          aria-label={dialogLabel}
          className="sc-popover-panel"
        >
          <PopoverCloseContext.Provider value={close}>
            <WithClose render={children} />
          </PopoverCloseContext.Provider>
        </div>
      ) : null}
    </span>
  );
}

interface AddFilterProps {
  fields: ResourceField[];
  loadOptions?: LoadOptions;
  labels: RelationLabels;
  onPickLabels: (field: string, picked: Record<string, string>) => void;
  currentCondition: (field: ResourceField) => FilterCondition | undefined;
  onApply: (field: ResourceField, condition: FilterCondition | null) => void;
}

function AddFilter({ fields, currentCondition, onApply, loadOptions, labels, onPickLabels }: AddFilterProps) {
  const [fieldName, setFieldName] = useState<string | null>(null);
  const field = fields.find((candidate) => candidate.name === fieldName);
  return (
    <Popover triggerLabel="Add filter" dialogLabel={field ? `Filter ${field.label}` : 'Add filter'}>
      {(close) =>
        field ? (
          <FieldFilterEditor
            field={field}
            condition={currentCondition(field)}
            loadOptions={loadOptions}
            labels={labels[field.name]}
            onPickLabels={(picked) => onPickLabels(field.name, picked)}
            onApply={(condition) => {
              onApply(field, condition);
              setFieldName(null);
              close();
            }}
            onBack={() => setFieldName(null)}
          />
        ) : (
          <ul className="sc-filter-field-list" aria-label="Fields">
            {fields.map((candidate) => (
              <li key={candidate.name}>
                <button type="button" className="sc-menu-item" onClick={() => setFieldName(candidate.name)}>
                  {candidate.label}
                </button>
              </li>
            ))}
          </ul>
        )
      }
    </Popover>
  );
}

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

interface FieldFilterEditorProps {
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
  const kind = filterKind(field);
  const id = useId();
  const [empty, setEmpty] = useState(condition?.op === 'isEmpty');
  const [values, setValues] = useState<string[]>(
    condition?.op === 'in' ? condition.values.filter((v) => v !== null).map(String) : [],
  );
  const [flag, setFlag] = useState<string>(condition?.op === 'equals' ? String(condition.value) : '');
  const [min, setMin] = useState(
    condition?.op === 'range' && condition.min !== undefined ? String(condition.min) : '',
  );
  const [max, setMax] = useState(
    condition?.op === 'range' && condition.max !== undefined ? String(condition.max) : '',
  );
  const [text, setText] = useState(condition?.op === 'contains' ? condition.value : '');
  const [error, setError] = useState<string | null>(null);

  const build = (): FilterCondition | null | 'invalid' => {
    if (empty) return { op: 'isEmpty', field: field.name };
    switch (kind) {
      case 'in':
      case 'relation':
        return values.length === 0 ? null : { op: 'in', field: field.name, values };
      case 'equals':
        return flag === '' ? null : { op: 'equals', field: field.name, value: flag === 'true' };
      case 'contains':
        return text.trim() === '' ? null : { op: 'contains', field: field.name, value: text.trim() };
      case 'range': {
        const low = parseBound(field, min);
        const high = parseBound(field, max);
        if ((min.trim() !== '' && low === undefined) || (max.trim() !== '' && high === undefined))
          return 'invalid';
        if (low === undefined && high === undefined) return null;
        return {
          op: 'range',
          field: field.name,
          ...(low !== undefined ? { min: low } : {}),
          ...(high !== undefined ? { max: high } : {}),
        };
      }
      default:
        return null;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = build();
    if (next === 'invalid') {
      setError('Enter numbers for the range');
      return;
    }
    onApply(next);
  };

  const dateInput =
    field.type === 'month' ? 'month' : field.type === 'date' || field.type === 'datetime' ? 'date' : null;

  return (
    <form className="sc-filter-editor" onSubmit={submit} aria-label={`Filter ${field.label}`}>
      {kind === 'in' ? (
        <fieldset disabled={empty}>
          <legend>{field.label} is any of</legend>
          {field.options?.map((option) => (
            <label key={option.value}>
              <input
                type="checkbox"
                checked={values.includes(option.value)}
                onChange={(event) =>
                  setValues(
                    event.target.checked
                      ? [...values, option.value]
                      : values.filter((v) => v !== option.value),
                  )
                }
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      {kind === 'relation' ? (
        <fieldset disabled={empty}>
          <legend>{field.label} is any of</legend>
          {values.length > 0 ? (
            <ul className="sc-filter-editor-picked" aria-label={`Chosen ${field.label}`}>
              {values.map((value) => (
                <li key={value}>
                  {labels[value] ?? value}
                  <button
                    type="button"
                    className="sc-filter-chip-remove"
                    aria-label={`Remove ${labels[value] ?? value}`}
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
            label={`Add ${field.label}`}
            aria-label={`Add ${field.label}`}
            entity={field.relation?.entity ?? field.name}
            value={null}
            clearable={false}
            loadOptions={loadOptions}
            onValueChange={(value, optionText) => {
              if (value === null || values.includes(value)) return;
              setValues([...values, value]);
              if (optionText !== null) onPickLabels?.({ [value]: optionText });
            }}
          />
        </fieldset>
      ) : null}
      {kind === 'equals' ? (
        <fieldset disabled={empty}>
          <legend>{field.label}</legend>
          {[
            ['', 'Any'],
            ['true', 'Yes'],
            ['false', 'No'],
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
          <legend>{field.label} between</legend>
          <label>
            From
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
            To
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
          {field.label} contains
          <input
            type="text"
            value={text}
            disabled={empty}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
      ) : null}
      <label className="sc-filter-editor-empty">
        <input type="checkbox" checked={empty} onChange={(event) => setEmpty(event.target.checked)} />
        Is empty
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className="sc-filter-editor-error">
          {error}
        </p>
      ) : null}
      <div className="sc-filter-editor-actions">
        {onBack ? (
          <button type="button" className="sc-button" onClick={onBack}>
            Back
          </button>
        ) : null}
        <button type="submit" className="sc-button" data-kind="primary">
          Apply
        </button>
      </div>
    </form>
  );
}

function PresetControls({ actor }: { actor: FilterPresetsActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const id = useId();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const loading = snapshot.hasTag('loading');
  const modified = snapshot.hasTag('modified');
  const { activePresetId, builtInPresets, userPresets, error } = snapshot.context;
  const active = allPresets(snapshot.context).find((preset) => preset.id === activePresetId);
  const canDelete = snapshot.can({ type: 'PRESET.DELETE' });
  const canSave = snapshot.can({ type: 'PRESET.SAVE', name });

  return (
    <span
      className="sc-filter-presets"
      data-state={loading ? 'loading' : modified ? 'modified' : active ? 'preset' : 'custom'}
    >
      <label htmlFor={`${id}-preset`}>Preset</label>
      <select
        id={`${id}-preset`}
        value={activePresetId ?? ''}
        disabled={loading}
        onChange={(event) => {
          if (event.target.value === '') actor.send({ type: 'FILTER.CLEAR' });
          else actor.send({ type: 'PRESET.SELECT', id: event.target.value });
        }}
      >
        <option value="">{loading ? 'Loading presets…' : 'No preset'}</option>
        {builtInPresets.length > 0 ? (
          <optgroup label="Built-in">
            {builtInPresets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {userPresets.length > 0 ? (
          <optgroup label="My presets">
            {userPresets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      {modified ? (
        <>
          <span className="sc-filter-presets-modified">Modified</span>
          <button type="button" className="sc-button" onClick={() => actor.send({ type: 'FILTER.RESET' })}>
            Reset to {active?.name}
          </button>
        </>
      ) : null}
      {canDelete && active ? (
        <button type="button" className="sc-button" onClick={() => actor.send({ type: 'PRESET.DELETE' })}>
          Delete preset {active.name}
        </button>
      ) : null}
      {saving ? (
        <form
          className="sc-filter-presets-save"
          aria-label="Save preset"
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSave) return;
            actor.send({ type: 'PRESET.SAVE', name });
            setName('');
            setSaving(false);
          }}
        >
          <label htmlFor={`${id}-name`}>Preset name</label>
          <input
            id={`${id}-name`}
            type="text"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="sc-button" data-kind="primary" disabled={!canSave}>
            Save preset
          </button>
          <button type="button" className="sc-button" onClick={() => setSaving(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" className="sc-button" disabled={loading} onClick={() => setSaving(true)}>
          Save as preset…
        </button>
      )}
      {snapshot.hasTag('saving') ? (
        <span role="status" className="sc-filter-presets-status">
          Saving presets…
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="sc-filter-presets-error">
          Presets: {error}
          {snapshot.can({ type: 'PERSIST.RETRY' }) ? (
            <button type="button" className="sc-button" onClick={() => actor.send({ type: 'PERSIST.RETRY' })}>
              Retry
            </button>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}

interface SavedViewsMenuProps {
  views: SavedView[];
  activeViewId: string | null;
  onSelect?: (view: SavedView) => void;
  onSave?: (view: { name: string; shared: boolean }) => void;
  onShare?: (id: string, shared: boolean) => void;
  onDelete?: (id: string) => void;
}

function SavedViewsMenu({ views, activeViewId, onSelect, onSave, onShare, onDelete }: SavedViewsMenuProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const active = views.find((view) => view.id === activeViewId);
  return (
    <Popover triggerLabel={active ? `View: ${active.name}` : 'Saved views'} dialogLabel="Saved views">
      {(close) => (
        <div className="sc-saved-views">
          {views.length === 0 ? <p className="sc-saved-views-empty">No saved views yet</p> : null}
          {views.length > 0 ? (
            <ul aria-label="Saved views">
              {views.map((view) => {
                const mine = view.mine !== false;
                return (
                  <li key={view.id} data-active={view.id === activeViewId ? '' : undefined}>
                    <button
                      type="button"
                      className="sc-menu-item"
                      aria-current={view.id === activeViewId ? 'true' : undefined}
                      onClick={() => {
                        onSelect?.(view);
                        close();
                      }}
                    >
                      {view.name}
                      {!mine && view.owner ? (
                        <span className="sc-saved-views-owner"> · {view.owner}</span>
                      ) : null}
                    </button>
                    {mine && onShare ? (
                      <label className="sc-saved-views-share">
                        <input
                          type="checkbox"
                          role="switch"
                          checked={view.shared}
                          aria-label={`Share ${view.name}`}
                          onChange={(event) => onShare(view.id, event.target.checked)}
                        />
                        Shared
                      </label>
                    ) : (
                      <span className="sc-saved-views-badge">{view.shared ? 'Shared' : 'Private'}</span>
                    )}
                    {mine && onDelete ? (
                      <button
                        type="button"
                        className="sc-button"
                        data-kind="danger"
                        aria-label={`Delete view ${view.name}`}
                        onClick={() => onDelete(view.id)}
                      >
                        Delete
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {onSave ? (
            <form
              className="sc-saved-views-save"
              aria-label="Save current view"
              onSubmit={(event) => {
                event.preventDefault();
                if (name.trim() === '') return;
                onSave({ name: name.trim(), shared });
                setName('');
                setShared(false);
                close();
              }}
            >
              <label htmlFor={`${id}-name`}>Save current view as</label>
              <input
                id={`${id}-name`}
                type="text"
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
              <label>
                <input
                  type="checkbox"
                  checked={shared}
                  onChange={(event) => setShared(event.target.checked)}
                />
                Share with everyone who can read this list
              </label>
              <button type="submit" className="sc-button" data-kind="primary" disabled={name.trim() === ''}>
                Save view
              </button>
            </form>
          ) : null}
        </div>
      )}
    </Popover>
  );
}

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${t.space2};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeMd};
  color: ${t.colorText};
  .sc-filter-bar-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${t.space2};
  }
  .sc-filter-bar-row:empty {
    display: none;
  }
  input[type='search'],
  input[type='text'],
  input[type='date'],
  input[type='month'],
  select {
    font: inherit;
    color: ${t.colorText};
    background: ${t.colorSurface};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    padding: ${t.space1} ${t.space2};
  }
  .sc-filter-bar-search input {
    min-width: 16rem;
  }
  .sc-button,
  .sc-menu-item,
  .sc-filter-chip-label,
  .sc-filter-chip-remove {
    font: inherit;
    font-size: ${t.fontSizeSm};
    color: ${t.colorText};
    background: ${t.colorSurface};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    padding: ${t.space1} ${t.space3};
    cursor: pointer;
  }
  .sc-button[data-kind='primary'] {
    background: ${t.colorPrimary};
    border-color: ${t.colorPrimary};
    color: ${t.colorPrimaryText};
  }
  .sc-button[data-kind='danger'] {
    color: ${t.colorDanger};
    border-color: ${t.colorDanger};
  }
  .sc-button[data-kind='ghost'] {
    border-color: transparent;
    background: transparent;
    color: ${t.colorPrimary};
  }
  .sc-button:disabled {
    cursor: not-allowed;
    background: ${t.colorBg};
    border-color: ${t.colorBorder};
    color: ${t.colorTextMuted};
  }
  button:focus-visible,
  input:focus-visible,
  select:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 1px;
  }
  .sc-filter-chips {
    display: contents;
    list-style: none;
  }
  .sc-filter-chip {
    display: inline-flex;
    align-items: stretch;
  }
  .sc-filter-chip-label {
    background: ${t.colorPrimarySoft};
    border-radius: 999px 0 0 999px;
    border-right: 0;
    max-width: 32rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span.sc-filter-chip-label {
    display: inline-block;
    cursor: default;
  }
  .sc-filter-chip-remove {
    background: ${t.colorPrimarySoft};
    border-radius: 0 999px 999px 0;
    padding: ${t.space1} ${t.space2};
  }
  .sc-popover {
    position: relative;
    display: inline-flex;
  }
  .sc-popover-panel {
    position: absolute;
    top: calc(100% + ${t.space1});
    left: 0;
    z-index: 20;
    min-width: 16rem;
    padding: ${t.space3};
    background: ${t.colorSurfaceRaised};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusMd};
    box-shadow: ${t.shadowMd};
  }
  .sc-popover-panel ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
  }
  .sc-menu-item {
    width: 100%;
    text-align: start;
    border-color: transparent;
  }
  .sc-menu-item[aria-current='true'] {
    background: ${t.colorPrimarySoft};
  }
  .sc-filter-editor,
  .sc-saved-views,
  .sc-saved-views-save {
    display: flex;
    flex-direction: column;
    gap: ${t.space2};
  }
  .sc-filter-editor fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
  }
  .sc-filter-editor legend {
    font-weight: 600;
    padding: 0 0 ${t.space1};
  }
  .sc-filter-editor label,
  .sc-saved-views label {
    display: flex;
    gap: ${t.space2};
    align-items: center;
  }
  .sc-filter-editor-actions {
    display: flex;
    justify-content: flex-end;
    gap: ${t.space2};
  }
  .sc-filter-editor-error,
  .sc-filter-presets-error {
    color: ${t.colorDanger};
  }
  .sc-filter-presets {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${t.space2};
  }
  .sc-filter-presets-modified {
    font-size: ${t.fontSizeSm};
    color: ${t.colorWarning};
    background: ${t.colorWarningSoft};
    border-radius: 999px;
    padding: 0 ${t.space2};
  }
  .sc-filter-presets-save {
    display: inline-flex;
    gap: ${t.space2};
    align-items: center;
  }
  .sc-saved-views {
    min-width: 20rem;
  }
  .sc-saved-views li {
    display: flex;
    align-items: center;
    gap: ${t.space2};
  }
  .sc-saved-views-owner,
  .sc-saved-views-badge,
  .sc-saved-views-empty {
    color: ${t.colorTextMuted};
    font-size: ${t.fontSizeSm};
  }
  .sc-visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
