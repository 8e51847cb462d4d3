import { useCallback, useMemo } from 'react';
import { useControllableState } from '../../primitives/useControllableState.js';
import type { ResourceRow } from '../../resource.js';
import {
  cellValue,
  columnsFromFields,
  defaultGetRowId,
  nextSort,
  sortRows,
  type DataTableColumn,
  type DataTableProps,
  type SortState,
} from './model.js';

/** What `useDataTable` reads: the state half of `DataTableProps` (each piece controlled or not). */
export type UseDataTableOptions<Row extends object = ResourceRow> = Pick<
  DataTableProps<Row>,
  | 'rows'
  | 'fields'
  | 'columns'
  | 'getRowId'
  | 'sort'
  | 'defaultSort'
  | 'onSortChange'
  | 'sortMode'
  | 'pageMode'
  | 'total'
  | 'keyset'
  | 'page'
  | 'defaultPage'
  | 'onPageChange'
  | 'pageSize'
  | 'defaultPageSize'
  | 'onPageSizeChange'
  | 'hiddenColumns'
  | 'defaultHiddenColumns'
  | 'onHiddenColumnsChange'
  | 'selected'
  | 'defaultSelected'
  | 'onSelectedChange'
  | 'readOnly'
> & {
  /** Offer row selection (DataTable: when selection props or bulk actions are given). */
  selectable?: boolean;
};

export interface DataTableState<Row extends object = ResourceRow> {
  /** The rows to show, in display order: sorted here in client sort mode, this page's slice in client page mode. */
  rows: Row[];
  /** Every row given (all pages), after sorting. */
  allRows: Row[];
  pageMode: 'client' | 'server';
  /** Client page mode: whether the rows need a pager (more than a page, or the host chose a page size). */
  paged: boolean;
  ids: string[];
  /** Every column, and the visible ones. */
  allColumns: DataTableColumn<Row>[];
  columns: DataTableColumn<Row>[];
  sort: SortState | null;
  sortMode: 'client' | 'server';
  /** Activates a column's header: a new column sorts ascending, the current one flips. */
  toggleSort: (columnId: string) => void;
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  /** Changes the page size and goes back to page 1. */
  setPageSize: (pageSize: number) => void;
  hidden: string[];
  toggleColumn: (columnId: string) => void;
  selectable: boolean;
  selected: string[];
  isSelected: (rowId: string) => boolean;
  toggleRow: (rowId: string) => void;
  /** Selects every row on this page, or clears them when all are selected. */
  toggleAll: () => void;
  clearSelection: () => void;
  allSelected: boolean;
  someSelected: boolean;
}

/**
 * The DataTable's behaviour without its markup: sorting and paging (each client or server), column visibility and
 * selection, each controlled or uncontrolled like the component's props. Render your own table with it, and
 * `Pagination` / `ColumnsMenu`-like controls of your own.
 *
 * @example
 * ```tsx
 * const table = useDataTable({ rows, fields: creators.fields, defaultPageSize: 25 });
 * <table><thead><tr>{table.columns.map((c) => <th key={c.id} onClick={() => table.toggleSort(c.id)}>{c.header}</th>)}</tr></thead>
 *   <tbody>{table.rows.map((row, i) => <tr key={table.ids[i]}>…</tr>)}</tbody></table>
 * ```
 */
export function useDataTable<Row extends object = ResourceRow>(
  options: UseDataTableOptions<Row>,
): DataTableState<Row> {
  const {
    rows: givenRows,
    fields,
    columns: explicitColumns,
    getRowId = defaultGetRowId as (row: Row) => string,
    readOnly = false,
  } = options;
  const [sort, setSort] = useControllableState(
    options.sort,
    options.defaultSort ?? null,
    options.onSortChange as ((s: SortState | null) => void) | undefined,
  );
  const [page, setPage] = useControllableState(options.page, options.defaultPage ?? 1, options.onPageChange);
  const [pageSize, setPageSizeOnly] = useControllableState(
    options.pageSize,
    options.defaultPageSize ?? 50,
    options.onPageSizeChange,
  );
  const [hidden, setHidden] = useControllableState(
    options.hiddenColumns,
    options.defaultHiddenColumns ?? [],
    options.onHiddenColumnsChange,
  );
  const [selected, setSelected] = useControllableState(
    options.selected,
    options.defaultSelected ?? [],
    options.onSelectedChange,
  );

  const allColumns = useMemo(
    () => explicitColumns ?? (fields ? columnsFromFields<Row>(fields) : []),
    [explicitColumns, fields],
  );
  const columns = allColumns.filter((column) => !hidden.includes(column.id));
  const sortMode = options.sortMode ?? (options.onSortChange ? 'server' : 'client');
  const sortedRows = useMemo(() => {
    if (sortMode === 'server' || !sort) return givenRows;
    const column = allColumns.find((entry) => entry.id === sort.field);
    const value = column?.sortValue ?? ((row: Row) => cellValue(row, column?.field?.name ?? sort.field));
    return sortRows(givenRows, sort, value);
  }, [sortMode, sort, givenRows, allColumns]);
  // Paged like it is sorted: by the host when it reports pages or counts them, here otherwise.
  const pageMode =
    options.pageMode ??
    (options.onPageChange || options.total !== undefined || options.keyset ? 'server' : 'client');
  const paged =
    pageMode === 'client' &&
    (sortedRows.length > pageSize || options.pageSize !== undefined || options.defaultPageSize !== undefined);
  // A page past the end (rows removed, a bigger page size) shows the last page.
  const pageCount = Math.max(1, Math.ceil(sortedRows.length / pageSize));
  const shownPage = pageMode === 'client' ? Math.min(Math.max(page, 1), pageCount) : page;
  const rows = useMemo(
    () =>
      pageMode === 'client' ? sortedRows.slice((shownPage - 1) * pageSize, shownPage * pageSize) : sortedRows,
    [pageMode, sortedRows, shownPage, pageSize],
  );
  const selectable =
    !readOnly &&
    (options.selectable ?? (options.onSelectedChange !== undefined || options.selected !== undefined));

  const ids = rows.map(getRowId);
  const selectedOnPage = ids.filter((rowId) => selected.includes(rowId));
  const allSelected = ids.length > 0 && selectedOnPage.length === ids.length;
  const someSelected = selectedOnPage.length > 0 && !allSelected;

  const setPageSize = useCallback(
    (size: number) => {
      setPageSizeOnly(size);
      setPage(1);
    },
    [setPageSizeOnly, setPage],
  );

  return {
    rows,
    allRows: sortedRows,
    pageMode,
    paged,
    ids,
    allColumns,
    columns,
    sort,
    sortMode,
    toggleSort: (columnId) => {
      setSort(nextSort(sort, columnId));
      // A new order starts again at its first page (the host does this itself in server mode).
      if (pageMode === 'client' && sortMode === 'client') setPage(1);
    },
    page: shownPage,
    setPage,
    pageSize,
    setPageSize,
    hidden,
    toggleColumn: (columnId) =>
      setHidden(hidden.includes(columnId) ? hidden.filter((c) => c !== columnId) : [...hidden, columnId]),
    selectable,
    selected,
    isSelected: (rowId) => selected.includes(rowId),
    toggleRow: (rowId) =>
      setSelected(
        selected.includes(rowId) ? selected.filter((entry) => entry !== rowId) : [...selected, rowId],
      ),
    toggleAll: () =>
      setSelected(
        allSelected
          ? selected.filter((entry) => !ids.includes(entry))
          : [...selected, ...ids.filter((rowId) => !selected.includes(rowId))],
      ),
    clearSelection: () => setSelected([]),
    allSelected,
    someSelected,
  };
}
