/** The parsed form of a list request: filters (AND), OR groups, sort, page and format. Types only. */

export type FilterScalarValue = string | number | boolean;

export type ListFilter =
  | { field: string; op: 'eq'; value: FilterScalarValue }
  | { field: string; op: 'in'; values: FilterScalarValue[] }
  | { field: string; op: 'range'; min: FilterScalarValue | null; max: FilterScalarValue | null }
  | { field: string; op: 'contains'; value: string }
  | { field: string; op: 'empty'; empty: boolean }
  /** Within the last `days` days: the server computes the cut-off when it reads the list (see docs/data-model.md). */
  | { field: string; op: 'within'; days: number };

/**
 * Alternatives (OR): a row passes when all filters of at least one alternative hold. Groups nest no deeper
 * (an alternative is an AND of plain filters), so a group is two levels: any-of, then all-of.
 */
export interface ListFilterGroup {
  any: ListFilter[][];
}

export interface ListSort {
  field: string;
  direction: 'asc' | 'desc';
}

/** Position after the last row of a page, for keyset pagination (sort value, then id). */
export interface ListCursor {
  value: FilterScalarValue | null;
  id: number;
}

export interface ListQuery {
  q: string | null;
  /** All must hold (AND). */
  filters: ListFilter[];
  /** OR groups (`or=` parameters); each must hold, together with `filters`. */
  groups: ListFilterGroup[];
  sort: ListSort;
  limit: number;
  offset: number;
  cursor: ListCursor | null;
  /** Columns of the current view (CSV export writes exactly these); null = the entity's list columns. */
  columns: string[] | null;
  deleted: 'exclude' | 'include' | 'only';
  format: 'json' | 'csv';
}

export type RawQuery = Record<string, string | string[] | undefined>;
