/** The parsed form of a list request: filters (AND), OR groups, sort, page and format. Types only. */

import type { FilterCondition, FilterOrGroup, FilterScalar } from '@staff/console-ui';

/** A filter value, typed by its field: console-ui's `FilterScalar` (ADR 067: one vocabulary, console-ui's). */
export type FilterScalarValue = FilterScalar;

/**
 * One filter: console-ui's `FilterCondition`, so FilterBar's chips, the presets' matcher, the address bar, saved
 * views and the SQL all read the same data. `within` is "within the last `days` days": the server computes the
 * cut-off when it reads the list (see docs/data-model.md).
 */
export type ListFilter = FilterCondition;

/**
 * Alternatives (OR): a row passes when all filters of at least one alternative hold. Groups nest no deeper
 * (an alternative is an AND of plain filters), so a group is two levels: any-of, then all-of.
 */
export type ListFilterGroup = FilterOrGroup;

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
