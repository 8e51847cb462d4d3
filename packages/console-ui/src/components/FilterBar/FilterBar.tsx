import {
  useCallback,
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
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { ConsoleMessagesProvider, useMessages } from '../../theme/messages.js';
import {
  EMPTY_FILTER,
  allPresets,
  type FilterCondition,
  type FilterGroup,
  type filterPresetsMachine,
} from '../../machines/filterPresets.machine.js';
import type { ResourceField } from '../../resource.js';
import { useControllableState } from '../../primitives/useControllableState.js';
import { useDismissable } from '../../primitives/useDismissable.js';
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
  /** Replacements for the visible strings (over the provider's `filterBar` entry). */
  messages?: Partial<FilterBarMessages>;
  className?: string;
}

/** Every visible string of the FilterBar and its editors (English defaults). */
export interface FilterBarMessages {
  label: string;
  search: string;
  searchPlaceholder: string;
  activeFilters: string;
  clearAll: string;
  addFilter: string;
  fields: string;
  editFilter: (text: string) => string;
  filterField: (field: string) => string;
  removeFilter: (text: string) => string;
  isAnyOf: (field: string) => string;
  chosen: (field: string) => string;
  removeValue: (value: string) => string;
  addValue: (field: string) => string;
  contains: (field: string) => string;
  any: string;
  yes: string;
  no: string;
  from: string;
  to: string;
  isEmpty: string;
  rangeNumbers: string;
  back: string;
  apply: string;
  cancel: string;
  retry: string;
  delete: string;
  preset: string;
  loadingPresets: string;
  noPreset: string;
  builtIn: string;
  myPresets: string;
  modified: string;
  resetTo: (preset: string) => string;
  deletePreset: (preset: string) => string;
  savePreset: string;
  presetName: string;
  saveAsPreset: string;
  savingPresets: string;
  presetsError: (error: string) => string;
  savedViews: string;
  activeView: (view: string) => string;
  noSavedViews: string;
  shareView: (view: string) => string;
  shared: string;
  private: string;
  deleteView: (view: string) => string;
  saveCurrentView: string;
  saveViewAs: string;
  shareWithEveryone: string;
  saveView: string;
}

export const FILTER_BAR_MESSAGES: FilterBarMessages = {
  label: 'Filters',
  search: 'Search',
  searchPlaceholder: 'Search…',
  activeFilters: 'Active filters',
  clearAll: 'Clear all',
  addFilter: 'Add filter',
  fields: 'Fields',
  editFilter: (text) => `Edit filter: ${text}`,
  filterField: (field) => `Filter ${field}`,
  removeFilter: (text) => `Remove filter ${text}`,
  isAnyOf: (field) => `${field} is any of`,
  chosen: (field) => `Chosen ${field}`,
  removeValue: (value) => `Remove ${value}`,
  addValue: (field) => `Add ${field}`,
  contains: (field) => `${field} contains`,
  any: 'Any',
  yes: 'Yes',
  no: 'No',
  from: 'From',
  to: 'To',
  isEmpty: 'Is empty',
  rangeNumbers: 'Enter numbers for the range',
  back: 'Back',
  apply: 'Apply',
  cancel: 'Cancel',
  retry: 'Retry',
  delete: 'Delete',
  preset: 'Preset',
  loadingPresets: 'Loading presets…',
  noPreset: 'No preset',
  builtIn: 'Built-in',
  myPresets: 'My presets',
  modified: 'Modified',
  resetTo: (preset) => `Reset to ${preset}`,
  deletePreset: (preset) => `Delete preset ${preset}`,
  savePreset: 'Save preset',
  presetName: 'Preset name',
  saveAsPreset: 'Save as preset…',
  savingPresets: 'Saving presets…',
  presetsError: (error) => `Presets: ${error}`,
  savedViews: 'Saved views',
  activeView: (view) => `View: ${view}`,
  noSavedViews: 'No saved views yet',
  shareView: (view) => `Share ${view}`,
  shared: 'Shared',
  private: 'Private',
  deleteView: (view) => `Delete view ${view}`,
  saveCurrentView: 'Save current view',
  saveViewAs: 'Save current view as',
  shareWithEveryone: 'Share with everyone who can read this list',
  saveView: 'Save view',
};

const useFilterBarMessages = () => useMessages('filterBar', FILTER_BAR_MESSAGES);

/**
 * Search, filter chips per filterable field (enum → any of, numbers/dates → range, text → contains, and "is
 * empty"), presets from the filterPresets machine and saved views.
 *
 * @example
 * <FilterBar fields={creators.fields} onSearchChange={setQ} filter={filter} onFilterChange={setFilter}
 *   savedViews={views} onSaveView={saveView} onDeleteView={deleteView} onShareView={shareView} />
 */
export function FilterBar({ messages, ...props }: FilterBarProps) {
  useThemeCheck('FilterBar');
  const view = <FilterBarView {...props} />;
  // The prop reaches the editors and menus below through the provider.
  return messages ? (
    <ConsoleMessagesProvider messages={{ filterBar: messages }}>{view}</ConsoleMessagesProvider>
  ) : (
    view
  );
}

function FilterBarView({
  fields,
  label,
  search: searchProp,
  defaultSearch = '',
  onSearchChange,
  searchDebounceMs = 300,
  searchPlaceholder,
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
}: Omit<FilterBarProps, 'messages'>) {
  const m = useFilterBarMessages();
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
    <Bar
      className={['cui-filter-bar', className].filter(Boolean).join(' ')}
      role="search"
      aria-label={label ?? m.label}
    >
      <div className="cui-filter-bar-row">
        {onSearchChange ? (
          <span className="cui-filter-bar-search">
            <label htmlFor={searchId} className="cui-visually-hidden">
              {m.search}
            </label>
            <input
              id={searchId}
              type="search"
              placeholder={searchPlaceholder ?? m.searchPlaceholder}
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
      <div className="cui-filter-bar-row">
        {terms.length > 0 ? (
          <ul className="cui-filter-chips" aria-label={m.activeFilters}>
            {terms.map((term, index) => {
              const text = describeTerm(term, fields, labels);
              const field = isFilterGroup(term)
                ? undefined
                : fields.find((candidate) => candidate.name === term.field);
              const editable = field !== undefined && candidates.includes(field);
              return (
                <li
                  key={isFilterGroup(term) ? `group-${index}` : term.field}
                  className="cui-filter-chip"
                  data-kind={isFilterGroup(term) ? 'group' : term.op}
                >
                  {editable ? (
                    <Popover
                      triggerLabel={text}
                      triggerAriaLabel={m.editFilter(text)}
                      dialogLabel={m.filterField(field.label)}
                      triggerClassName="cui-filter-chip-label"
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
                    <span className="cui-filter-chip-label">{text}</span>
                  )}
                  <button
                    type="button"
                    className="cui-filter-chip-remove"
                    aria-label={m.removeFilter(termLabel(term, fields))}
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
          <button type="button" className="cui-button" data-kind="ghost" onClick={clearAll}>
            {m.clearAll}
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
  triggerClassName = 'cui-button',
  dialogLabel,
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('input, select, button, [tabindex="0"]')?.focus();
  }, [open]);
  const dismiss = useCallback(() => setOpen(false), []);
  useDismissable({ open, containerRef: rootRef, returnFocusRef: triggerRef, onDismiss: dismiss });
  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  return (
    <span ref={rootRef} className="cui-popover">
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
          className="cui-popover-panel"
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
  const m = useFilterBarMessages();
  const [fieldName, setFieldName] = useState<string | null>(null);
  const field = fields.find((candidate) => candidate.name === fieldName);
  return (
    <Popover triggerLabel={m.addFilter} dialogLabel={field ? m.filterField(field.label) : m.addFilter}>
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
          <ul className="cui-filter-field-list" aria-label={m.fields}>
            {fields.map((candidate) => (
              <li key={candidate.name}>
                <button type="button" className="cui-menu-item" onClick={() => setFieldName(candidate.name)}>
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
  const m = useFilterBarMessages();
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
          <legend>{m.isAnyOf(field.label)}</legend>
          {values.length > 0 ? (
            <ul className="cui-filter-editor-picked" aria-label={m.chosen(field.label)}>
              {values.map((value) => (
                <li key={value}>
                  {labels[value] ?? value}
                  <button
                    type="button"
                    className="cui-filter-chip-remove"
                    aria-label={m.removeValue(labels[value] ?? value)}
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
              if (optionText !== null) onPickLabels?.({ [value]: optionText });
            }}
          />
        </fieldset>
      ) : null}
      {kind === 'equals' ? (
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
          <legend>{field.label} between</legend>
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
      <label className="cui-filter-editor-empty">
        <input type="checkbox" checked={empty} onChange={(event) => setEmpty(event.target.checked)} />
        {m.isEmpty}
      </label>
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

function PresetControls({ actor }: { actor: FilterPresetsActor }) {
  const m = useFilterBarMessages();
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
      className="cui-filter-presets"
      data-state={loading ? 'loading' : modified ? 'modified' : active ? 'preset' : 'custom'}
    >
      <label htmlFor={`${id}-preset`}>{m.preset}</label>
      <select
        id={`${id}-preset`}
        value={activePresetId ?? ''}
        disabled={loading}
        onChange={(event) => {
          if (event.target.value === '') actor.send({ type: 'FILTER.CLEAR' });
          else actor.send({ type: 'PRESET.SELECT', id: event.target.value });
        }}
      >
        <option value="">{loading ? m.loadingPresets : m.noPreset}</option>
        {builtInPresets.length > 0 ? (
          <optgroup label={m.builtIn}>
            {builtInPresets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {userPresets.length > 0 ? (
          <optgroup label={m.myPresets}>
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
          <span className="cui-filter-presets-modified">{m.modified}</span>
          <button type="button" className="cui-button" onClick={() => actor.send({ type: 'FILTER.RESET' })}>
            {m.resetTo(active?.name ?? '')}
          </button>
        </>
      ) : null}
      {canDelete && active ? (
        <button type="button" className="cui-button" onClick={() => actor.send({ type: 'PRESET.DELETE' })}>
          {m.deletePreset(active.name)}
        </button>
      ) : null}
      {saving ? (
        <form
          className="cui-filter-presets-save"
          aria-label={m.savePreset}
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSave) return;
            actor.send({ type: 'PRESET.SAVE', name });
            setName('');
            setSaving(false);
          }}
        >
          <label htmlFor={`${id}-name`}>{m.presetName}</label>
          <input
            id={`${id}-name`}
            type="text"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="cui-button" data-kind="primary" disabled={!canSave}>
            {m.savePreset}
          </button>
          <button type="button" className="cui-button" onClick={() => setSaving(false)}>
            {m.cancel}
          </button>
        </form>
      ) : (
        <button type="button" className="cui-button" disabled={loading} onClick={() => setSaving(true)}>
          {m.saveAsPreset}
        </button>
      )}
      {snapshot.hasTag('saving') ? (
        <span role="status" className="cui-filter-presets-status">
          {m.savingPresets}
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="cui-filter-presets-error">
          {m.presetsError(error)}
          {snapshot.can({ type: 'PERSIST.RETRY' }) ? (
            <button
              type="button"
              className="cui-button"
              onClick={() => actor.send({ type: 'PERSIST.RETRY' })}
            >
              {m.retry}
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
  const m = useFilterBarMessages();
  const id = useId();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const active = views.find((view) => view.id === activeViewId);
  return (
    <Popover triggerLabel={active ? m.activeView(active.name) : m.savedViews} dialogLabel={m.savedViews}>
      {(close) => (
        <div className="cui-saved-views">
          {views.length === 0 ? <p className="cui-saved-views-empty">{m.noSavedViews}</p> : null}
          {views.length > 0 ? (
            <ul aria-label={m.savedViews}>
              {views.map((view) => {
                const mine = view.mine !== false;
                return (
                  <li key={view.id} data-active={view.id === activeViewId ? '' : undefined}>
                    <button
                      type="button"
                      className="cui-menu-item"
                      aria-current={view.id === activeViewId ? 'true' : undefined}
                      onClick={() => {
                        onSelect?.(view);
                        close();
                      }}
                    >
                      {view.name}
                      {!mine && view.owner ? (
                        <span className="cui-saved-views-owner"> · {view.owner}</span>
                      ) : null}
                    </button>
                    {mine && onShare ? (
                      <label className="cui-saved-views-share">
                        <input
                          type="checkbox"
                          role="switch"
                          checked={view.shared}
                          aria-label={m.shareView(view.name)}
                          onChange={(event) => onShare(view.id, event.target.checked)}
                        />
                        {m.shared}
                      </label>
                    ) : (
                      <span className="cui-saved-views-badge">{view.shared ? m.shared : m.private}</span>
                    )}
                    {mine && onDelete ? (
                      <button
                        type="button"
                        className="cui-button"
                        data-kind="danger"
                        aria-label={m.deleteView(view.name)}
                        onClick={() => onDelete(view.id)}
                      >
                        {m.delete}
                      </button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {onSave ? (
            <form
              className="cui-saved-views-save"
              aria-label={m.saveCurrentView}
              onSubmit={(event) => {
                event.preventDefault();
                if (name.trim() === '') return;
                onSave({ name: name.trim(), shared });
                setName('');
                setShared(false);
                close();
              }}
            >
              <label htmlFor={`${id}-name`}>{m.saveViewAs}</label>
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
                {m.shareWithEveryone}
              </label>
              <button type="submit" className="cui-button" data-kind="primary" disabled={name.trim() === ''}>
                {m.saveView}
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
  .cui-filter-bar-row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${t.space2};
  }
  .cui-filter-bar-row:empty {
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
  .cui-filter-bar-search input {
    min-width: 16rem;
  }
  .cui-button,
  .cui-menu-item,
  .cui-filter-chip-label,
  .cui-filter-chip-remove {
    font: inherit;
    font-size: ${t.fontSizeSm};
    color: ${t.colorText};
    background: ${t.colorSurface};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    padding: ${t.space1} ${t.space3};
    cursor: pointer;
  }
  .cui-button[data-kind='primary'] {
    background: ${t.colorPrimary};
    border-color: ${t.colorPrimary};
    color: ${t.colorPrimaryText};
  }
  .cui-button[data-kind='danger'] {
    color: ${t.colorDanger};
    border-color: ${t.colorDanger};
  }
  .cui-button[data-kind='ghost'] {
    border-color: transparent;
    background: transparent;
    color: ${t.colorPrimary};
  }
  .cui-button:disabled {
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
  .cui-filter-chips {
    display: contents;
    list-style: none;
  }
  .cui-filter-chip {
    display: inline-flex;
    align-items: stretch;
  }
  .cui-filter-chip-label {
    background: ${t.colorPrimarySoft};
    border-radius: 999px 0 0 999px;
    border-right: 0;
    max-width: 32rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  span.cui-filter-chip-label {
    display: inline-block;
    cursor: default;
  }
  .cui-filter-chip-remove {
    background: ${t.colorPrimarySoft};
    border-radius: 0 999px 999px 0;
    padding: ${t.space1} ${t.space2};
  }
  .cui-popover {
    position: relative;
    display: inline-flex;
  }
  .cui-popover-panel {
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
  .cui-popover-panel ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
  }
  .cui-menu-item {
    width: 100%;
    text-align: start;
    border-color: transparent;
  }
  .cui-menu-item[aria-current='true'] {
    background: ${t.colorPrimarySoft};
  }
  .cui-filter-editor,
  .cui-saved-views,
  .cui-saved-views-save {
    display: flex;
    flex-direction: column;
    gap: ${t.space2};
  }
  .cui-filter-editor fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
  }
  .cui-filter-editor legend {
    font-weight: 600;
    padding: 0 0 ${t.space1};
  }
  .cui-filter-editor label,
  .cui-saved-views label {
    display: flex;
    gap: ${t.space2};
    align-items: center;
  }
  .cui-filter-editor-actions {
    display: flex;
    justify-content: flex-end;
    gap: ${t.space2};
  }
  .cui-filter-editor-error,
  .cui-filter-presets-error {
    color: ${t.colorDanger};
  }
  .cui-filter-presets {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${t.space2};
  }
  .cui-filter-presets-modified {
    font-size: ${t.fontSizeSm};
    color: ${t.colorWarning};
    background: ${t.colorWarningSoft};
    border-radius: 999px;
    padding: 0 ${t.space2};
  }
  .cui-filter-presets-save {
    display: inline-flex;
    gap: ${t.space2};
    align-items: center;
  }
  .cui-saved-views {
    min-width: 20rem;
  }
  .cui-saved-views li {
    display: flex;
    align-items: center;
    gap: ${t.space2};
  }
  .cui-saved-views-owner,
  .cui-saved-views-badge,
  .cui-saved-views-empty {
    color: ${t.colorTextMuted};
    font-size: ${t.fontSizeSm};
  }
  .cui-visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
