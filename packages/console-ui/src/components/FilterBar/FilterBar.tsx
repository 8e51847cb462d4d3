import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { FieldFilterEditor } from './FieldFilterEditor.js';
import { Popover } from './FilterPopover.js';
import { useFilterBarMessages, type FilterBarMessages } from './messages.js';
import { PresetControls } from './PresetControls.js';
import { SavedViewsMenu } from './SavedViewsMenu.js';

export { FILTER_BAR_MESSAGES, type FilterBarMessages, type FilterChipTexts } from './messages.js';
export { FieldFilterEditor, type FieldFilterEditorProps } from './FieldFilterEditor.js';
import { EMPTY_FILTER, type FilterCondition, type FilterSet } from '../../machines/filterPresets.machine.js';
import type { ResourceField } from '../../resource.js';
import { useControllableState } from '../../primitives/useControllableState.js';
import { useNarrow } from '../../primitives/useNarrow.js';
import type { LoadOptions } from '../ResourceForm/RelationSelect.js';
import {
  describeTerm,
  fieldCondition,
  filterTerms,
  filterableFields,
  isFilterGroup,
  removeTerm,
  setFieldCondition,
  termLabel,
  type RelationLabels,
} from './filterModel.js';
import {
  controlBoxCss,
  focusRingCss,
  plainListCss,
  popoverCss,
  rowCss,
  visuallyHiddenCss,
} from '../../primitives/css.js';

import type { FilterPresetsActor, SavedView } from './filterBarTypes.js';

export type { FilterPresetsActor, SavedView } from './filterBarTypes.js';

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

  filter?: FilterSet;
  defaultFilter?: FilterSet;
  onFilterChange?: (filter: FilterSet) => void;

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
  /**
   * Below this width (px) of the bar, only the search shows; presets, views, chips and `children` open behind a
   * "Filter" button. 0 never collapses. Default 600.
   */
  collapseBelow?: number;
  /** Replacements for the visible strings (over the provider's `filterBar` entry). */
  messages?: Partial<FilterBarMessages>;
  className?: string;
}

/**
 * Search, filter chips per filterable field (enum → any of, numbers/dates → range, text → contains, and "is
 * empty"), presets from the filterPresets machine and saved views.
 *
 * @example
 * ```tsx
 * <FilterBar fields={creators.fields} onSearchChange={setQ} filter={filter} onFilterChange={setFilter}
 *   savedViews={views} onSaveView={saveView} onDeleteView={deleteView} onShareView={shareView} />
 * ```
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
  collapseBelow = 600,
  className,
}: Omit<FilterBarProps, 'messages'>) {
  const m = useFilterBarMessages();
  const chipTexts = useMemo(() => ({ ...m.chip, yes: m.yes, no: m.no }), [m]);
  const machineFilter = useSelector(presets, (snapshot) => snapshot?.context.view.filter);
  const [ownFilter, setOwnFilter] = useControllableState(filterProp, defaultFilter, onFilterChange);
  const filter = machineFilter ?? ownFilter;
  const setFilter = (next: FilterSet) => {
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
  const moreId = useId();
  // Narrow (a phone): only the search stays in view; presets, views, filters sit behind a "Filter" button.
  const barRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(barRef, collapseBelow);
  const [expanded, setExpanded] = useState(false);
  const collapsed = narrow && !expanded;
  // Presets, saved views and extra controls: beside the search when wide, behind "Filter" when narrow.
  const extras = (
    <>
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
    </>
  );

  const clearAll = () => {
    if (presets) {
      presets.send({ type: 'FILTER.CLEAR' });
      onFilterChange?.(EMPTY_FILTER);
    } else setOwnFilter(EMPTY_FILTER);
    search.flush('');
  };

  return (
    <Bar
      ref={barRef}
      className={['cui-filter-bar', className].filter(Boolean).join(' ')}
      role="search"
      aria-label={label ?? m.label}
      data-layout={narrow ? 'narrow' : undefined}
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
        {narrow ? null : extras}
        {narrow ? (
          <button
            type="button"
            className="cui-button cui-filter-bar-toggle"
            aria-expanded={expanded}
            aria-controls={moreId}
            onClick={() => setExpanded((open) => !open)}
          >
            {m.showFilters(terms.length)}
          </button>
        ) : null}
      </div>
      <div id={moreId} className="cui-filter-bar-more" hidden={collapsed}>
        {narrow ? <div className="cui-filter-bar-row">{extras}</div> : null}
        <div className="cui-filter-bar-row">
          {terms.length > 0 ? (
            <ul className="cui-filter-chips" aria-label={m.activeFilters}>
              {terms.map((term, index) => {
                const text = describeTerm(term, fields, labels, chipTexts);
                const field = isFilterGroup(term)
                  ? undefined
                  : fields.find((candidate) => candidate.name === term.field);
                const editable = field !== undefined && candidates.includes(field);
                return (
                  <li
                    key={isFilterGroup(term) ? `group-${index}` : `${term.field}.${term.op}.${index}`}
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
                      aria-label={m.removeFilter(termLabel(term, fields, m.chip))}
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

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${t.space2};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeMd};
  color: ${t.colorText};
  .cui-filter-bar-row {
    ${rowCss}
  }
  .cui-filter-bar-row:empty {
    display: none;
  }
  .cui-filter-bar-more {
    display: flex;
    flex-direction: column;
    gap: ${t.space2};
  }
  .cui-filter-bar-more[hidden] {
    display: none;
  }
  &[data-layout='narrow'] .cui-filter-bar-search {
    flex: 1;
    min-width: 0;
  }
  &[data-layout='narrow'] .cui-filter-bar-search input {
    min-width: 0;
    width: 100%;
  }
  input[type='search'],
  input[type='text'],
  input[type='date'],
  input[type='month'],
  select {
    ${controlBoxCss}
    padding: ${t.space1} ${t.space2};
  }
  .cui-filter-bar-search input {
    min-width: 16rem;
  }
  .cui-button,
  .cui-menu-item,
  .cui-filter-chip-label,
  .cui-filter-chip-remove {
    ${controlBoxCss}
    font-size: ${t.fontSizeSm};
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
    ${focusRingCss}
  }
  .cui-filter-chips {
    display: contents;
    list-style: none;
  }
  .cui-filter-chip {
    display: inline-flex;
    align-items: stretch;
    /* A long condition shortens with an ellipsis instead of widening a narrow page. */
    max-width: 100%;
    min-width: 0;
  }
  .cui-filter-chip-label {
    min-width: 0;
    background: ${t.colorPrimarySoft};
    border-radius: 0;
    border-start-start-radius: 999px;
    border-end-start-radius: 999px;
    border-inline-end: 0;
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
    border-radius: 0;
    border-start-end-radius: 999px;
    border-end-end-radius: 999px;
    padding: ${t.space1} ${t.space2};
  }
  .cui-popover {
    position: relative;
    display: inline-flex;
  }
  .cui-popover-panel {
    position: absolute;
    top: calc(100% + ${t.space1});
    inset-inline-start: 0;
    z-index: 20;
    min-width: 16rem;
    padding: ${t.space3};
    ${popoverCss}
    border-radius: ${t.radiusMd};
  }
  .cui-popover-panel ul {
    ${plainListCss}
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
  .cui-filter-presets-approximated,
  .cui-filter-presets-modified {
    font-size: ${t.fontSizeSm};
    color: ${t.colorWarning};
  }
  .cui-filter-presets-modified {
    background: ${t.colorWarningSoft};
    border-radius: 999px;
    padding: 0 ${t.space2};
  }
  .cui-filter-presets-confirm {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${t.space2};
    padding: ${t.space1} ${t.space2};
    border-radius: ${t.radiusSm};
    background: ${t.colorWarningSoft};
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
    ${visuallyHiddenCss}
  }
`;
