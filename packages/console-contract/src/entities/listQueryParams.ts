/** ListQuery → the query string of a list request: the inverse of `listQuerySchema`, for clients. */
import type { ListCursor, ListFilter, ListFilterGroup, ListQuery } from './listFilter.js';
import { encodeCursor, escapeListItem, LIST_LIMIT_DEFAULT } from './listQuery.js';
import type { EntityDef } from './types.js';

/** The JSON value of a filter in an `or` parameter (the inverse of `orValueSchemas`). */
function orValue(filter: ListFilter): unknown {
  switch (filter.op) {
    case 'eq':
    case 'contains':
      return filter.value;
    case 'in':
      return filter.values;
    case 'range':
      return [filter.min, filter.max];
    case 'empty':
      return filter.empty;
    case 'within':
      return filter.days;
  }
}

/**
 * The `or` parameter of a group: a JSON list of alternatives, each an object of `"<field>.<op>": value`.
 * @example orGroupToJson({ any: [[{ field: 'status', op: 'in', values: ['new'] }], [{ field: 'updated_at', op: 'within', days: 30 }]] })
 * // '[{"status.in":["new"]},{"updated_at.within":30}]'
 */
export function orGroupToJson(group: ListFilterGroup): string {
  return JSON.stringify(
    group.any.map((alternative) =>
      Object.fromEntries(alternative.map((filter) => [`${filter.field}.${filter.op}`, orValue(filter)])),
    ),
  );
}

/**
 * The query string for a list request (the inverse of `listQuerySchema`); defaults are left out.
 * @example listQueryToSearchParams(creators, { filters: [{ field: 'platform', op: 'in', values: ['tiktok'] }] }).toString()
 */
export function listQueryToSearchParams(
  def: EntityDef,
  query: Partial<Omit<ListQuery, 'cursor'>> & { cursor?: string | ListCursor | null },
): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const filter of query.filters ?? []) {
    const key = `f.${filter.field}.${filter.op}`;
    switch (filter.op) {
      case 'eq':
      case 'contains':
        params.append(key, String(filter.value));
        break;
      case 'in':
        params.append(key, filter.values.map((v) => escapeListItem(String(v))).join(','));
        break;
      case 'range':
        params.append(
          key,
          `${filter.min === null ? '' : escapeListItem(String(filter.min))},${filter.max === null ? '' : escapeListItem(String(filter.max))}`,
        );
        break;
      case 'empty':
        params.append(key, filter.empty ? '1' : '0');
        break;
      case 'within':
        params.append(key, String(filter.days));
        break;
    }
  }
  for (const group of query.groups ?? []) params.append('or', orGroupToJson(group));
  if (
    query.sort &&
    (query.sort.field !== def.defaultSort.field || query.sort.direction !== def.defaultSort.direction)
  ) {
    params.set('sort', `${query.sort.field}:${query.sort.direction}`);
  }
  if (query.limit !== undefined && query.limit !== LIST_LIMIT_DEFAULT)
    params.set('limit', String(query.limit));
  if (query.cursor) {
    const cursor = query.cursor;
    params.set(
      'cursor',
      typeof cursor === 'string'
        ? cursor
        : encodeCursor(query.sort ?? def.defaultSort, cursor.value, cursor.id),
    );
  } else if (query.offset) params.set('offset', String(query.offset));
  if (query.columns) params.set('columns', query.columns.map(escapeListItem).join(','));
  if (query.deleted && query.deleted !== 'exclude') params.set('deleted', query.deleted);
  if (query.format && query.format !== 'json') params.set('format', query.format);
  return params;
}
