import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import {
  formatFieldValue,
  formatGrouped,
  isNumericField,
  type FormatOptions,
  type ResourceField,
  type ResourceRow,
} from '../../resource.js';
import { useControllableState } from './useControllableState.js';
import { useVirtualRows } from './useVirtualRows.js';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  field: string;
  direction: SortDirection;
}

export interface DataTableColumn<Row = ResourceRow> {
  /** Unique id; for field columns the field name (also the sort key). */
  id: string;
  header: string;
  /** The field the column shows; drives the default cell format. */
  field?: ResourceField;
  /** Custom cell content. */
  cell?: (row: Row) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'end' | 'center';
  /** CSS width, e.g. "12rem". */
  width?: string;
  /** Whether the column can be hidden from the columns menu (default true). */
  hideable?: boolean;
}

/** Cursor pagination: the server gives next/previous cursors rather than page numbers. */
export interface KeysetPagination {
  hasNext: boolean;
  hasPrev: boolean;
  onNext: () => void;
  onPrev: () => void;
}

export interface DataTableProps<Row extends ResourceRow = ResourceRow> {
  /** Accessible name of the table, e.g. "Creators". */
  label: string;
  rows: Row[];
  /** Field definitions; columns come from the fields marked `list` (all when none is). */
  fields?: ResourceField[];
  /** Explicit columns (override `fields`). */
  columns?: DataTableColumn<Row>[];
  getRowId?: (row: Row) => string;
  /** Names a row for screen readers, e.g. in "Select row Budi Santoso". */
  rowLabel?: (row: Row) => string;
  /** All rows matching the filters (offset pagination). */
  total?: number;
  /** The total is the server's estimate (huge unfiltered tables): shown as "about 1.000.000". */
  totalEstimated?: boolean;

  sort?: SortState | null;
  defaultSort?: SortState | null;
  onSortChange?: (sort: SortState) => void;

  /** 1-based page (offset pagination). */
  page?: number;
  defaultPage?: number;
  onPageChange?: (page: number) => void;
  pageSize?: number;
  defaultPageSize?: number;
  pageSizeOptions?: number[];
  onPageSizeChange?: (pageSize: number) => void;
  /** Keyset pagination instead of pages. */
  keyset?: KeysetPagination;

  hiddenColumns?: string[];
  defaultHiddenColumns?: string[];
  onHiddenColumnsChange?: (hidden: string[]) => void;
  /** Columns whose header stays but whose cells are left blank (filter presets use this). */
  hiddenRendering?: string[];

  selected?: string[];
  defaultSelected?: string[];
  onSelectedChange?: (ids: string[]) => void;
  /** Shown above the table when rows are selected, e.g. a "Delete selected" button. */
  bulkActions?: (selectedIds: string[], clearSelection: () => void) => ReactNode;
  /** Per-row controls (edit, delete…), in the last column. */
  rowActions?: (row: Row) => ReactNode;
  /** Enter on a focused row, or a click on it. */
  onRowOpen?: (row: Row) => void;
  /** Read-only users: no selection, bulk or row actions. */
  readOnly?: boolean;

  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  emptyMessage?: string;
  emptyAction?: ReactNode;

  /** Render only the rows in view: `'auto'` (default) from `virtualizeFrom` rows on. */
  virtualize?: boolean | 'auto';
  virtualizeFrom?: number;
  rowHeight?: number;
  overscan?: number;
  /** Max height of the scroll area, px (the header sticks to its top). */
  height?: number;
  /** Slot on the left of the toolbar (e.g. a FilterBar or an "Add" button). */
  toolbar?: ReactNode;
  formatOptions?: FormatOptions;
  className?: string;
}

const DEFAULT_PAGE_SIZES = [25, 50, 100, 200];

/** Columns for the fields shown in lists (`list: true`); every field when none is marked. */
export function columnsFromFields<Row extends ResourceRow = ResourceRow>(
  fields: ResourceField[],
): DataTableColumn<Row>[] {
  const listed = fields.some((field) => field.list) ? fields.filter((field) => field.list) : fields;
  return listed.map((field) => ({
    id: field.name,
    header: field.label,
    field,
    sortable: field.sortable ?? false,
    align: isNumericField(field) ? 'end' : field.type === 'boolean' ? 'center' : 'start',
  }));
}

/** The default cell for a field: formatted text, a Yes/No badge for booleans. */
export function renderFieldCell(field: ResourceField, value: unknown, options?: FormatOptions): ReactNode {
  if (field.type === 'boolean') {
    if (value === null || value === undefined) return '-';
    const yes = value === true || value === 'true' || value === 1;
    return (
      <Badge className="sc-badge" data-tone={yes ? 'success' : 'neutral'}>
        {yes ? 'Yes' : 'No'}
      </Badge>
    );
  }
  if (field.type === 'secret') {
    return <span className="sc-data-table-secret">{formatFieldValue(field, value, options)}</span>;
  }
  return formatFieldValue(field, value, options);
}

/** Next sort when a header is activated: a new column sorts ascending, the current one flips. */
export function nextSort(current: SortState | null | undefined, field: string): SortState {
  if (current?.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

/** "1–50 of 1.234" for offset pagination; "1–50 of about 1.000.000" when the total is an estimate. */
export function pageSummary(
  page: number,
  pageSize: number,
  count: number,
  total: number,
  estimated = false,
): string {
  const of = `of ${estimated ? 'about ' : ''}${formatGrouped(total)}`;
  if (total === 0 || count === 0) return `0 ${of}`;
  const first = (page - 1) * pageSize + 1;
  return `${formatGrouped(first)}–${formatGrouped(first + count - 1)} ${of}`;
}

const defaultGetRowId = (row: ResourceRow) => String(row.id);

/**
 * A data table driven by field definitions: sortable headers, offset or keyset pagination, column visibility,
 * selection with bulk actions, sticky header, windowed rows for long pages, loading/empty/error states and
 * keyboard navigation (arrows move between rows, Enter opens, Space selects).
 *
 * @example
 * <DataTable label="Creators" fields={creatorEntity.fields} rows={rows} total={1234}
 *   sort={sort} onSortChange={setSort} page={page} onPageChange={setPage}
 *   rowActions={(row) => <button onClick={() => edit(row)}>Edit</button>} />
 */
export function DataTable<Row extends ResourceRow = ResourceRow>(props: DataTableProps<Row>) {
  const {
    label,
    rows,
    fields,
    columns: explicitColumns,
    getRowId = defaultGetRowId as (row: Row) => string,
    rowLabel,
    total,
    totalEstimated = false,
    keyset,
    pageSizeOptions = DEFAULT_PAGE_SIZES,
    hiddenRendering = [],
    bulkActions,
    rowActions,
    onRowOpen,
    readOnly = false,
    loading = false,
    error,
    onRetry,
    emptyMessage = 'No records found',
    emptyAction,
    virtualize = 'auto',
    virtualizeFrom = 100,
    rowHeight = 40,
    overscan = 8,
    height = 560,
    toolbar,
    formatOptions,
    className,
  } = props;

  const id = useId();
  const [sort, setSort] = useControllableState(
    props.sort,
    props.defaultSort ?? null,
    props.onSortChange as ((s: SortState | null) => void) | undefined,
  );
  const [page, setPage] = useControllableState(props.page, props.defaultPage ?? 1, props.onPageChange);
  const [pageSize, setPageSize] = useControllableState(
    props.pageSize,
    props.defaultPageSize ?? 50,
    props.onPageSizeChange,
  );
  const [hidden, setHidden] = useControllableState(
    props.hiddenColumns,
    props.defaultHiddenColumns ?? [],
    props.onHiddenColumnsChange,
  );
  const [selected, setSelected] = useControllableState(
    props.selected,
    props.defaultSelected ?? [],
    props.onSelectedChange,
  );

  const allColumns = useMemo(
    () => explicitColumns ?? (fields ? columnsFromFields<Row>(fields) : []),
    [explicitColumns, fields],
  );
  const columns = allColumns.filter((column) => !hidden.includes(column.id));
  const selectable =
    !readOnly &&
    (props.onSelectedChange !== undefined || props.selected !== undefined || bulkActions !== undefined);
  const showActions = !readOnly && rowActions !== undefined;
  const colCount = columns.length + (selectable ? 1 : 0) + (showActions ? 1 : 0);

  const scrollRef = useRef<HTMLDivElement>(null);
  const theadRef = useRef<HTMLTableSectionElement>(null);
  const virtual = useVirtualRows(scrollRef, {
    count: rows.length,
    rowHeight,
    overscan,
    fallbackViewport: height,
    enabled:
      !loading && !error && (virtualize === true || (virtualize === 'auto' && rows.length >= virtualizeFrom)),
  });
  const windowed = virtual.padTop > 0 || virtual.padBottom > 0 || virtual.end - virtual.start < rows.length;

  // Roving focus: one row is in the tab order; arrows move it.
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingFocus = useRef(false);
  const safeActive = Math.min(activeIndex, Math.max(rows.length - 1, 0));
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${safeActive}"]`);
    if (row) {
      pendingFocus.current = false;
      row.focus({ preventScroll: windowed });
    }
  });

  const ids = rows.map(getRowId);
  const selectedOnPage = ids.filter((rowId) => selected.includes(rowId));
  const allSelected = ids.length > 0 && selectedOnPage.length === ids.length;
  const someSelected = selectedOnPage.length > 0 && !allSelected;
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  const toggleRow = (rowId: string) =>
    setSelected(
      selected.includes(rowId) ? selected.filter((entry) => entry !== rowId) : [...selected, rowId],
    );
  const toggleAll = () =>
    setSelected(
      allSelected
        ? selected.filter((entry) => !ids.includes(entry))
        : [...selected, ...ids.filter((rowId) => !selected.includes(rowId))],
    );
  const clearSelection = () => setSelected([]);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    pendingFocus.current = true;
    setActiveIndex(next);
    virtual.ensureVisible(next, theadRef.current?.offsetHeight ?? rowHeight);
  };
  const pageRows = Math.max(1, Math.floor(height / rowHeight) - 1);

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    const rowElement = target.closest<HTMLElement>('tr[data-index]');
    if (
      !rowElement ||
      (/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && target.getAttribute('type') !== 'checkbox')
    )
      return;
    const index = Number(rowElement.dataset.index);
    const onRow = target === rowElement;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveTo(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveTo(index - 1);
        break;
      case 'PageDown':
        event.preventDefault();
        moveTo(index + pageRows);
        break;
      case 'PageUp':
        event.preventDefault();
        moveTo(index - pageRows);
        break;
      case 'Home':
        if (!onRow) return;
        event.preventDefault();
        moveTo(0);
        break;
      case 'End':
        if (!onRow) return;
        event.preventDefault();
        moveTo(rows.length - 1);
        break;
      case 'Enter':
        if (!onRow || !onRowOpen) return;
        event.preventDefault();
        onRowOpen(rows[index]!);
        break;
      case ' ':
        if (!onRow || !selectable) return;
        event.preventDefault();
        toggleRow(ids[index]!);
        break;
    }
  };

  const state = error ? 'error' : loading ? 'loading' : rows.length === 0 ? 'empty' : 'ready';
  const count = rows.length;

  let body: ReactNode;
  if (state === 'loading') {
    body = Array.from({ length: Math.min(pageSize, 8) }, (_, index) => (
      <tr key={index} className="sc-data-table-skeleton" aria-hidden="true">
        {Array.from({ length: colCount }, (_, cell) => (
          <td key={cell}>
            <span className="sc-skeleton" />
          </td>
        ))}
      </tr>
    ));
  } else if (state === 'error') {
    body = (
      <tr>
        <td colSpan={colCount} className="sc-data-table-message" data-tone="error">
          <div role="alert">{error}</div>
          {onRetry ? (
            <button type="button" className="sc-button" onClick={onRetry}>
              Retry
            </button>
          ) : null}
        </td>
      </tr>
    );
  } else if (state === 'empty') {
    body = (
      <tr>
        <td colSpan={colCount} className="sc-data-table-message">
          <p>{emptyMessage}</p>
          {emptyAction}
        </td>
      </tr>
    );
  } else {
    body = (
      <>
        {virtual.padTop > 0 ? (
          <tr aria-hidden="true" className="sc-data-table-spacer" style={{ height: virtual.padTop }}>
            <td colSpan={colCount} />
          </tr>
        ) : null}
        {rows.slice(virtual.start, virtual.end).map((row, offset) => {
          const index = virtual.start + offset;
          const rowId = ids[index]!;
          const isSelected = selected.includes(rowId);
          const name = rowLabel ? rowLabel(row) : rowId;
          return (
            <tr
              key={rowId}
              data-index={index}
              data-state={isSelected ? 'selected' : undefined}
              data-openable={onRowOpen ? '' : undefined}
              aria-rowindex={index + 2}
              aria-selected={selectable ? isSelected : undefined}
              tabIndex={index === safeActive ? 0 : -1}
              onFocus={(event) => {
                if (event.target === event.currentTarget) setActiveIndex(index);
              }}
              onClick={(event) => {
                // Controls, and the selection/actions cells around them, never open the row.
                const target = event.target as HTMLElement;
                if (
                  target.closest(
                    'button, a, input, select, label, textarea, .sc-data-table-select, .sc-data-table-actions',
                  )
                )
                  return;
                setActiveIndex(index);
                onRowOpen?.(row);
              }}
            >
              {selectable ? (
                <td className="sc-data-table-select">
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={`Select row ${name}`}
                    checked={isSelected}
                    onChange={() => toggleRow(rowId)}
                  />
                </td>
              ) : null}
              {columns.map((column) => (
                <td key={column.id} data-align={column.align ?? 'start'}>
                  {hiddenRendering.includes(column.id)
                    ? null
                    : column.cell
                      ? column.cell(row)
                      : column.field
                        ? renderFieldCell(column.field, row[column.field.name], formatOptions)
                        : String(row[column.id] ?? '')}
                </td>
              ))}
              {showActions ? <td className="sc-data-table-actions">{rowActions(row)}</td> : null}
            </tr>
          );
        })}
        {virtual.padBottom > 0 ? (
          <tr aria-hidden="true" className="sc-data-table-spacer" style={{ height: virtual.padBottom }}>
            <td colSpan={colCount} />
          </tr>
        ) : null}
      </>
    );
  }

  const hideableColumns = allColumns.filter((column) => column.hideable !== false);

  return (
    <Root
      className={['sc-data-table', className].filter(Boolean).join(' ')}
      data-state={state}
      data-virtualized={windowed ? '' : undefined}
      style={{ '--sc-dt-row-height': `${rowHeight}px` } as CSSProperties}
    >
      <Toolbar className="sc-data-table-toolbar">
        <div className="sc-data-table-toolbar-slot">{toolbar}</div>
        {hideableColumns.length > 0 ? (
          <ColumnsMenu
            columns={hideableColumns}
            hidden={hidden}
            onToggle={(column) =>
              setHidden(hidden.includes(column) ? hidden.filter((c) => c !== column) : [...hidden, column])
            }
          />
        ) : null}
      </Toolbar>
      {selectable && selected.length > 0 ? (
        <BulkBar className="sc-data-table-bulk" role="region" aria-label="Bulk actions">
          <span role="status">{formatGrouped(selected.length)} selected</span>
          {bulkActions?.(selected, clearSelection)}
          <button type="button" className="sc-button" data-kind="ghost" onClick={clearSelection}>
            Clear selection
          </button>
        </BulkBar>
      ) : null}
      <Scroll
        ref={scrollRef}
        className="sc-data-table-scroll"
        style={{ maxHeight: height }}
        onScroll={virtual.onScroll}
      >
        <table
          role="grid"
          aria-labelledby={`${id}-caption`}
          aria-busy={loading || undefined}
          aria-rowcount={windowed ? rows.length + 1 : undefined}
          aria-multiselectable={selectable || undefined}
          aria-readonly={readOnly || undefined}
          onKeyDown={onGridKeyDown}
        >
          <caption id={`${id}-caption`} className="sc-visually-hidden">
            {label}
          </caption>
          <thead ref={theadRef}>
            <tr aria-rowindex={windowed ? 1 : undefined}>
              {selectable ? (
                <th scope="col" className="sc-data-table-select">
                  <input
                    ref={selectAllRef}
                    type="checkbox"
                    aria-label="Select all rows on this page"
                    checked={allSelected}
                    disabled={rows.length === 0 || loading}
                    onChange={toggleAll}
                  />
                </th>
              ) : null}
              {columns.map((column) => {
                const direction = sort?.field === column.id ? sort.direction : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    data-align={column.align ?? 'start'}
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={
                      column.sortable
                        ? direction === 'asc'
                          ? 'ascending'
                          : direction === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="sc-data-table-sort"
                        onClick={() => setSort(nextSort(sort, column.id))}
                      >
                        {column.header}
                        <span
                          aria-hidden="true"
                          className="sc-data-table-sort-icon"
                          data-direction={direction ?? 'none'}
                        >
                          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
              {showActions ? (
                <th scope="col" className="sc-data-table-actions">
                  <span className="sc-visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </Scroll>
      {loading ? (
        <span role="status" className="sc-visually-hidden">
          Loading {label}…
        </span>
      ) : null}
      <Footer className="sc-data-table-footer">
        {keyset ? (
          <>
            <span className="sc-data-table-summary">
              {total !== undefined
                ? `${formatGrouped(count)} shown of ${totalEstimated ? 'about ' : ''}${formatGrouped(total)}`
                : `${formatGrouped(count)} shown`}
            </span>
            <div className="sc-data-table-pager">
              <button
                type="button"
                className="sc-button"
                disabled={!keyset.hasPrev || loading}
                onClick={keyset.onPrev}
              >
                Previous page
              </button>
              <button
                type="button"
                className="sc-button"
                disabled={!keyset.hasNext || loading}
                onClick={keyset.onNext}
              >
                Next page
              </button>
            </div>
          </>
        ) : total !== undefined ? (
          <>
            <label className="sc-data-table-page-size">
              Rows per page
              <select
                value={pageSize}
                onChange={(event) => {
                  setPageSize(Number(event.target.value));
                  setPage(1);
                }}
              >
                {pageSizeOptions.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
            <span className="sc-data-table-summary" aria-live="polite">
              {pageSummary(page, pageSize, count, total, totalEstimated)}
            </span>
            <div className="sc-data-table-pager">
              <button
                type="button"
                className="sc-button"
                disabled={page <= 1 || loading}
                onClick={() => setPage(page - 1)}
              >
                Previous page
              </button>
              <button
                type="button"
                className="sc-button"
                disabled={page * pageSize >= total || loading}
                onClick={() => setPage(page + 1)}
              >
                Next page
              </button>
            </div>
          </>
        ) : null}
      </Footer>
    </Root>
  );
}

interface ColumnsMenuProps {
  columns: Array<{ id: string; header: string }>;
  hidden: string[];
  onToggle: (column: string) => void;
}

function ColumnsMenu({ columns, hidden, onToggle }: ColumnsMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);
  return (
    <MenuRoot
      ref={rootRef}
      className="sc-data-table-columns"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="sc-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen(!open)}
      >
        Columns
      </button>
      {open ? (
        <fieldset id={`${id}-menu`} className="sc-data-table-columns-menu">
          <legend>Visible columns</legend>
          {columns.map((column) => (
            <label key={column.id}>
              <input
                type="checkbox"
                checked={!hidden.includes(column.id)}
                onChange={() => onToggle(column.id)}
              />
              {column.header}
            </label>
          ))}
        </fieldset>
      ) : null}
    </MenuRoot>
  );
}

const buttonStyles = `
  .sc-button {
    font: inherit;
    font-size: ${t.fontSizeSm};
    padding: ${t.space1} ${t.space3};
    border-radius: ${t.radiusSm};
    border: 1px solid ${t.colorBorder};
    background: ${t.colorSurface};
    color: ${t.colorText};
    cursor: pointer;
  }
  .sc-button:disabled {
    cursor: not-allowed;
    color: ${t.colorTextMuted};
  }
  .sc-button[data-kind='danger'] {
    border-color: ${t.colorDanger};
    color: ${t.colorDanger};
  }
  .sc-button:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 2px;
  }
`;

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${t.space2};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeMd};
  color: ${t.colorText};
  ${buttonStyles}
  .sc-visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

const Toolbar = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${t.space2};
  .sc-data-table-toolbar-slot {
    flex: 1;
    min-width: 0;
  }
`;

const BulkBar = styled.div`
  display: flex;
  align-items: center;
  gap: ${t.space3};
  padding: ${t.space2} ${t.space3};
  background: ${t.colorPrimarySoft};
  border-radius: ${t.radiusSm};
`;

const Scroll = styled.div`
  overflow: auto;
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  background: ${t.colorSurface};
  scroll-padding-top: var(--sc-dt-row-height);
  table {
    width: 100%;
    border-collapse: separate;
    border-spacing: 0;
  }
  th,
  td {
    padding: 0 ${t.space3};
    height: var(--sc-dt-row-height);
    border-bottom: 1px solid ${t.colorBorder};
    text-align: start;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    max-width: 24rem;
  }
  th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${t.colorSurfaceRaised};
    font-size: ${t.fontSizeSm};
    font-weight: 600;
    color: ${t.colorTextMuted};
  }
  [data-align='end'] {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  [data-align='center'] {
    text-align: center;
  }
  .sc-data-table-select {
    width: 2.5rem;
  }
  .sc-data-table-actions {
    text-align: end;
  }
  .sc-data-table-sort {
    font: inherit;
    color: inherit;
    background: none;
    border: 0;
    padding: 0;
    display: inline-flex;
    gap: ${t.space1};
    cursor: pointer;
  }
  .sc-data-table-sort:focus-visible {
    outline: 2px solid ${t.colorFocus};
  }
  tbody tr[data-index]:hover {
    background: ${t.colorBg};
  }
  tbody tr[data-openable] {
    cursor: pointer;
  }
  tbody tr[data-state='selected'] {
    background: ${t.colorPrimarySoft};
  }
  tbody tr:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: -2px;
  }
  .sc-data-table-spacer td {
    padding: 0;
    border: 0;
    height: auto;
  }
  .sc-data-table-message {
    text-align: center;
    padding: ${t.space6};
    height: auto;
    white-space: normal;
  }
  .sc-data-table-message[data-tone='error'] [role='alert'] {
    color: ${t.colorDanger};
    margin-bottom: ${t.space3};
  }
  .sc-skeleton {
    display: block;
    height: 0.75rem;
    border-radius: ${t.radiusSm};
    background: ${t.colorBorder};
    animation: sc-pulse 1.2s ease-in-out infinite;
  }
  @keyframes sc-pulse {
    50% {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .sc-skeleton {
      animation: none;
    }
  }
`;

const Footer = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${t.space4};
  font-size: ${t.fontSizeSm};
  color: ${t.colorTextMuted};
  &:empty {
    display: none;
  }
  .sc-data-table-page-size {
    display: inline-flex;
    align-items: center;
    gap: ${t.space2};
  }
  select {
    font: inherit;
    color: ${t.colorText};
    background: ${t.colorSurface};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    padding: 2px ${t.space1};
  }
  .sc-data-table-pager {
    display: inline-flex;
    gap: ${t.space2};
  }
`;

const MenuRoot = styled.div`
  position: relative;
  .sc-data-table-columns-menu {
    position: absolute;
    right: 0;
    top: calc(100% + ${t.space1});
    z-index: 5;
    min-width: 12rem;
    margin: 0;
    padding: ${t.space2} ${t.space3};
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    background: ${t.colorSurfaceRaised};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    box-shadow: ${t.shadowMd};
  }
  legend {
    float: left;
    width: 100%;
    padding: 0 0 ${t.space1};
    font-size: ${t.fontSizeSm};
    color: ${t.colorTextMuted};
  }
  label {
    display: flex;
    gap: ${t.space2};
    align-items: center;
    white-space: nowrap;
  }
`;

const Badge = styled.span`
  display: inline-block;
  padding: 0 ${t.space2};
  border-radius: 999px;
  font-size: ${t.fontSizeSm};
  line-height: 1.5;
  background: ${t.colorBg};
  color: ${t.colorTextMuted};
  &[data-tone='success'] {
    background: ${t.colorSuccessSoft};
    color: ${t.colorSuccess};
  }
`;
