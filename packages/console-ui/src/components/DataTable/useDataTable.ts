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
  /** The rows in display order (sorted here in client mode). */
  rows: Row[];
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
 * The DataTable's behaviour without its markup: sorting (client or server), paging, column visibility and
 * selection, each controlled or uncontrolled like the component's props. Render your own table with it, and
 * `Pagination` / `ColumnsMenu`-like controls of your own.
 *
 * @example
 * const table = useDataTable({ rows, fields: creators.fields, defaultPageSize: 25 });
 * <table><thead><tr>{table.columns.map((c) => <th key={c.id} onClick={() => table.toggleSort(c.id)}>{c.header}</th>)}</tr></thead>
 *   <tbody>{table.rows.map((row, i) => <tr key={table.ids[i]}>…</tr>)}</tbody></table>
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
  const rows = useMemo(() => {
    if (sortMode === 'server' || !sort) return givenRows;
    const column = allColumns.find((entry) => entry.id === sort.field);
    const value = column?.sortValue ?? ((row: Row) => cellValue(row, column?.field?.name ?? sort.field));
    return sortRows(givenRows, sort, value);
  }, [sortMode, sort, givenRows, allColumns]);
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
    ids,
    allColumns,
    columns,
    sort,
    sortMode,
    toggleSort: (columnId) => setSort(nextSort(sort, columnId)),
    page,
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
