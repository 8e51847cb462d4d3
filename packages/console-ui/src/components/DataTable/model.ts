import type { ReactNode } from 'react';
import {
  formatGrouped,
  isNumericField,
  type FormatOptions,
  type ResourceField,
  type ResourceRow,
} from '../../resource.js';

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
  /** The full text of a cell, shown as its tooltip (`title`) when it is cut off; text cells get it by default. */
  title?: (row: Row) => string | undefined;
  sortable?: boolean;
  /** The value a client-side sort compares (default: the row's value under the column id). */
  sortValue?: (row: Row) => unknown;
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

/** Every visible string of the DataTable (English defaults; override with `messages` or the provider). */
export interface DataTableMessages {
  empty: string;
  retry: string;
  yes: string;
  no: string;
  actions: string;
  columns: string;
  visibleColumns: string;
  bulkActions: string;
  clearSelection: string;
  rowsPerPage: string;
  previousPage: string;
  nextPage: string;
  selectAll: string;
  selectRow: (name: string) => string;
  selected: (count: string) => string;
  loading: (label: string) => string;
  /** Offset pagination, e.g. "1–50 of 1.234" (numbers already formatted). */
  pageSummary: (range: { first: string; last: string; total: string; estimated: boolean }) => string;
  /** Keyset pagination, e.g. "50 shown of about 1.000.000" (`total` undefined when unknown). */
  keysetSummary: (range: { shown: string; total?: string; estimated: boolean }) => string;
}

export const DATA_TABLE_MESSAGES: DataTableMessages = {
  empty: 'No records found',
  retry: 'Retry',
  yes: 'Yes',
  no: 'No',
  actions: 'Actions',
  columns: 'Columns',
  visibleColumns: 'Visible columns',
  bulkActions: 'Bulk actions',
  clearSelection: 'Clear selection',
  rowsPerPage: 'Rows per page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  selectAll: 'Select all rows on this page',
  selectRow: (name) => `Select row ${name}`,
  selected: (count) => `${count} selected`,
  loading: (label) => `Loading ${label}…`,
  pageSummary: ({ first, last, total, estimated }) =>
    `${first === '0' ? '0' : `${first}–${last}`} of ${estimated ? 'about ' : ''}${total}`,
  keysetSummary: ({ shown, total, estimated }) =>
    total === undefined ? `${shown} shown` : `${shown} shown of ${estimated ? 'about ' : ''}${total}`,
};

/**
 * Props of `DataTable`. `Row` is any object type, a `type` alias or an `interface`.
 *
 * Sorting: with `onSortChange` the host sorts (usually the server, `sortMode: 'server'`); without it the table
 * sorts the rows it was given (`sortMode: 'client'`), so a header never announces a sort that did not happen.
 * Paging likewise: with `onPageChange`, `total` or `keyset` the host pages; without them the table slices the
 * rows it was given into pages of `pageSize` (`pageMode: 'client'`).
 */
export interface DataTableProps<Row extends object = ResourceRow> {
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
  /**
   * Who orders the rows: `'server'` (default when `onSortChange` is given) only reports the sort; `'client'`
   * (default otherwise) sorts `rows` here by the column's `sortValue` or value.
   */
  sortMode?: 'client' | 'server';

  /**
   * Who pages the rows: `'server'` (default when `onPageChange`, `total` or `keyset` is given) shows the rows it
   * was given and reports page changes; `'client'` (default otherwise) slices `rows` into pages of `pageSize` here,
   * after sorting, and shows the pager when the rows fill more than a page or a page size was given.
   */
  pageMode?: 'client' | 'server';
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
  /**
   * Below this width (px) of the table, rows show as cards (title, key columns, actions) and the page scrolls
   * them, not a nested box; 0 keeps the table at any width. Default 600.
   */
  cardsBelow?: number;
  /** Slot on the left of the toolbar (e.g. a FilterBar or an "Add" button). */
  toolbar?: ReactNode;
  formatOptions?: FormatOptions;
  /** Replacements for the visible strings (over the `ConsoleMessagesProvider`'s `dataTable` entry). */
  messages?: Partial<DataTableMessages>;
  className?: string;
}

export const DEFAULT_PAGE_SIZES = [25, 50, 100, 200];

/** Columns for the fields shown in lists (`list: true`); every field when none is marked. */
export function columnsFromFields<Row extends object = ResourceRow>(
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
  format: DataTableMessages['pageSummary'] = DATA_TABLE_MESSAGES.pageSummary,
): string {
  if (total === 0 || count === 0)
    return format({ first: '0', last: '0', total: formatGrouped(total), estimated });
  const first = (page - 1) * pageSize + 1;
  return format({
    first: formatGrouped(first),
    last: formatGrouped(first + count - 1),
    total: formatGrouped(total),
    estimated,
  });
}

/** Orders rows by a column for a client-side sort: numbers numerically, text by id-ID collation, blanks last. */
export function sortRows<Row extends object>(
  rows: Row[],
  sort: SortState,
  value: (row: Row) => unknown,
): Row[] {
  const collator = new Intl.Collator('id-ID', { numeric: true, sensitivity: 'base' });
  const factor = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const blankA = a.key === null || a.key === undefined || a.key === '';
      const blankB = b.key === null || b.key === undefined || b.key === '';
      if (blankA || blankB) return blankA === blankB ? a.index - b.index : blankA ? 1 : -1;
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : collator.compare(String(a.key), String(b.key));
      return order * factor || a.index - b.index;
    })
    .map((entry) => entry.row);
}

export const cellValue = (row: object, name: string): unknown => (row as Record<string, unknown>)[name];
export const defaultGetRowId = (row: object) => String(cellValue(row, 'id'));
