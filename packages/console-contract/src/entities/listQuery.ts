/** A list request's query string → ListQuery (filters, OR groups, sort, page), checked against the entity. */
import { addIssue, z } from '../zod.js';
import {
  ISO_DATETIME_RE,
  MONTH_RE,
  SYSTEM_FIELDS,
  applyNormalize,
  isCalendarDate,
  maxLengthOf,
  normalizePhone,
  oneOfMessage,
  typeMessage,
} from './fieldValue.js';
import type {
  FilterScalarValue,
  ListCursor,
  ListFilter,
  ListFilterGroup,
  ListQuery,
  ListSort,
  RawQuery,
} from './listFilter.js';
import { isSearchable } from './search.js';
import type { EntityDef, FieldDef, FieldType, FilterOperator } from './types.js';

// ---------------------------------------------------------------------------------------------------------------
// List queries

/** Operators each field type can be filtered with (FilterBar offers these). */
export const FILTER_OPERATORS: Record<FieldType, FilterOperator[]> = {
  text: ['eq', 'in', 'contains', 'empty'],
  longtext: ['contains', 'empty'],
  email: ['eq', 'in', 'contains', 'empty'],
  url: ['contains', 'empty'],
  phone: ['eq', 'in', 'contains', 'empty'],
  integer: ['eq', 'in', 'range', 'empty'],
  number: ['eq', 'range', 'empty'],
  money: ['eq', 'in', 'range', 'empty'],
  percent: ['eq', 'range', 'empty'],
  enum: ['eq', 'in', 'empty'],
  relation: ['eq', 'in', 'empty'],
  boolean: ['eq', 'empty'],
  date: ['eq', 'in', 'range', 'within', 'empty'],
  month: ['eq', 'in', 'range', 'empty'],
  datetime: ['range', 'within', 'empty'],
  daterange: ['range', 'empty'],
  tags: ['eq', 'in', 'empty'],
  json: ['empty'],
  secret: ['empty'],
};

export function filterOperatorsFor(field: FieldDef): FilterOperator[] {
  return FILTER_OPERATORS[field.type];
}

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 500;
const Q_MAX = 200;
const OPERATORS: FilterOperator[] = ['eq', 'in', 'range', 'contains', 'empty', 'within'];
/** Limits of OR groups: conditions over all `or=` parameters, groups, characters of one parameter. */
export const OR_CONDITIONS_MAX = 20;
export const OR_GROUPS_MAX = 5;
const OR_TEXT_MAX = 4000;
/** Longest "within the last N days" window (about ten years). */
export const WITHIN_DAYS_MAX = 3660;

/** Whether `days` is a window `within` takes: a whole number of days from 1 to WITHIN_DAYS_MAX. */
export function isWithinDays(days: number): boolean {
  return Number.isInteger(days) && days >= 1 && days <= WITHIN_DAYS_MAX;
}
const FILTER_KEY = /^f\.([a-z0-9_]+)\.([a-z]+)$/;
/** Offset to the Jakarta time zone (WIB) used when a datetime range is given as whole dates. */
const WIB = '+07:00';

/** Splits on commas not preceded by a backslash; `\,` is a literal comma and `\\` a backslash. */
export function splitList(value: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i += 1) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) {
      current += value[i + 1];
      i += 1;
    } else if (ch === ',') {
      items.push(current);
      current = '';
    } else current += ch;
  }
  items.push(current);
  return items;
}

export function escapeListItem(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,');
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
}

/**
 * The opaque keyset cursor for "the page after this row", bound to the sort it was made for.
 * @example encodeCursor({ field: 'name', direction: 'asc' }, 'Nadia', 42)
 */
export function encodeCursor(sort: ListSort, value: FilterScalarValue | null, id: number): string {
  return toBase64Url(JSON.stringify({ s: sort.field, d: sort.direction, v: value, id }));
}

function decodeCursor(text: string, sort: ListSort): ListCursor | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(text));
  } catch {
    return 'Invalid cursor';
  }
  if (!parsed || typeof parsed !== 'object') return 'Invalid cursor';
  const { s, d, v, id } = parsed as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) return 'Invalid cursor';
  if (!(v === null || ['string', 'number', 'boolean'].includes(typeof v))) return 'Invalid cursor';
  if (s !== sort.field || d !== sort.direction)
    return 'Cursor belongs to another sort; start again from the first page';
  return { value: v as FilterScalarValue | null, id };
}

/** Parses one filter value of a field from text; returns the value or an error message. */
function parseFilterValue(
  field: FieldDef,
  text: string,
  bound?: 'min' | 'max',
): { value: FilterScalarValue } | { error: string } {
  const raw = text.trim();
  if (raw === '') return { error: 'Give a value' };
  switch (field.type) {
    case 'integer':
    case 'number':
    case 'money':
    case 'percent':
    case 'relation': {
      const n = Number(raw);
      if (!/^-?\d+(\.\d+)?$/.test(raw) || !Number.isFinite(n))
        return { error: typeMessage(field) === 'Must be text' ? 'Must be a number' : typeMessage(field) };
      const whole = field.type === 'integer' || field.type === 'money' || field.type === 'relation';
      if (whole && !Number.isInteger(n))
        return {
          error: field.type === 'money' ? 'Must be a whole number of rupiah' : 'Must be a whole number',
        };
      return { value: n };
    }
    case 'boolean':
      if (['true', '1'].includes(raw)) return { value: true };
      if (['false', '0'].includes(raw)) return { value: false };
      return { error: 'Must be true or false' };
    case 'enum':
      return (field.options ?? []).some((o) => o.value === raw)
        ? { value: raw }
        : { error: oneOfMessage(field) };
    case 'date':
    case 'daterange':
      return isCalendarDate(raw) ? { value: raw } : { error: 'Must be a date (YYYY-MM-DD)' };
    case 'month':
      return MONTH_RE.test(raw) ? { value: raw } : { error: 'Must be a month (YYYY-MM)' };
    case 'datetime':
      if (isCalendarDate(raw))
        return {
          value: new Date(`${raw}T${bound === 'max' ? '23:59:59.999' : '00:00:00'}${WIB}`).toISOString(),
        };
      if (ISO_DATETIME_RE.test(raw) && !Number.isNaN(Date.parse(raw)))
        return { value: new Date(raw).toISOString() };
      return { error: 'Must be a date (YYYY-MM-DD) or a date and time with time zone' };
    case 'email':
      return { value: raw.toLowerCase() };
    case 'phone':
      return { value: /^(\+|0|8)/.test(raw) ? normalizePhone(raw) : raw.replace(/[\s\-.()]/g, '') };
    default: {
      const text = applyNormalize(field, raw);
      return text.length > maxLengthOf(field)
        ? { error: `Must be at most ${maxLengthOf(field)} characters` }
        : { value: text };
    }
  }
}

function fieldByName(def: EntityDef, name: string): FieldDef | undefined {
  return (
    def.fields.find((field) => field.name === name) ?? SYSTEM_FIELDS.find((field) => field.name === name)
  );
}

function single(values: string[], key: string, errors: [string, string][]): string | undefined {
  if (values.length > 1) {
    errors.push([key, 'Give this parameter once']);
    return undefined;
  }
  return values[0];
}

/** Builds the filters, sort and page of a list request from the query string (see docs/data-model.md). */
function parseListQuery(def: EntityDef, query: RawQuery, errors: [string, string][]): ListQuery {
  const result: ListQuery = {
    q: null,
    filters: [],
    groups: [],
    sort: { ...def.defaultSort },
    limit: LIST_LIMIT_DEFAULT,
    offset: 0,
    cursor: null,
    columns: null,
    deleted: 'exclude',
    format: 'json',
  };
  let cursorText: string | undefined;
  let offsetGiven = false;
  let orConditions = 0;

  const keys = Object.keys(query).sort();
  // Sort first: the cursor is checked against it.
  const ordered = [...keys.filter((k) => k === 'sort'), ...keys.filter((k) => k !== 'sort')];
  for (const key of ordered) {
    const rawValue = query[key];
    if (rawValue === undefined || key.startsWith('_')) continue;
    const values = Array.isArray(rawValue) ? rawValue : [rawValue];
    const filterMatch = FILTER_KEY.exec(key);
    if (filterMatch) {
      const [, name, op] = filterMatch as unknown as [string, string, string];
      parseFilter(def, key, name, op, values, result.filters, errors);
      continue;
    }
    if (key === 'or') {
      if (values.length > OR_GROUPS_MAX) {
        errors.push([key, `Give at most ${OR_GROUPS_MAX} groups of alternatives`]);
        continue;
      }
      values.forEach((text, index) => {
        const parsed = parseOrGroup(def, text, values.length > 1 ? `or.${index}` : 'or', errors);
        if (!parsed) return;
        orConditions += parsed.any.reduce((sum, alternative) => sum + alternative.length, 0);
        result.groups.push(parsed);
      });
      if (orConditions > OR_CONDITIONS_MAX)
        errors.push([
          key,
          `Give at most ${OR_CONDITIONS_MAX} conditions in alternatives (or); this has ${orConditions}`,
        ]);
      continue;
    }
    const value = single(values, key, errors);
    if (value === undefined) continue;
    switch (key) {
      case 'q': {
        const text = value.trim();
        if (text.length > Q_MAX) errors.push([key, `Must be at most ${Q_MAX} characters`]);
        else if (text && !isSearchable(def)) errors.push([key, `${def.labelPlural} cannot be searched`]);
        else result.q = text || null;
        break;
      }
      case 'sort': {
        const [name = '', direction = 'asc', extra] = value.split(':');
        const field = fieldByName(def, name);
        if (extra !== undefined || (direction !== 'asc' && direction !== 'desc')) {
          errors.push([key, 'Use field:asc or field:desc']);
        } else if (!field) errors.push([key, `Unknown field ${name}`]);
        else if (!field.sortable) errors.push([key, `Cannot sort on ${field.label}`]);
        else result.sort = { field: name, direction };
        break;
      }
      case 'limit': {
        const n = Number(value);
        if (!/^\d+$/.test(value) || n < 1 || n > LIST_LIMIT_MAX)
          errors.push([key, `Must be a whole number from 1 to ${LIST_LIMIT_MAX}`]);
        else result.limit = n;
        break;
      }
      case 'offset': {
        const n = Number(value);
        if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
          errors.push([key, 'Must be a whole number of 0 or more']);
        else {
          result.offset = n;
          offsetGiven = true;
        }
        break;
      }
      case 'cursor':
        cursorText = value;
        break;
      case 'columns': {
        const names = splitList(value)
          .map((name) => name.trim())
          .filter(Boolean);
        const unknown = names.filter((name) => !fieldByName(def, name));
        if (unknown.length) errors.push([key, `Unknown column: ${unknown.join(', ')}`]);
        else if (names.length === 0) errors.push([key, 'Give at least one column']);
        else result.columns = [...new Set(names)];
        break;
      }
      case 'deleted':
        if (!def.softDelete)
          errors.push([key, `${def.labelPlural} are deleted for good; there are no deleted rows to show`]);
        else if (value !== 'exclude' && value !== 'include' && value !== 'only')
          errors.push([key, 'Must be one of: exclude, include, only']);
        else result.deleted = value;
        break;
      case 'format':
        if (value !== 'json' && value !== 'csv') errors.push([key, 'Must be one of: json, csv']);
        else result.format = value;
        break;
      default:
        errors.push([key, 'Unknown parameter']);
    }
  }
  if (cursorText !== undefined) {
    if (offsetGiven) errors.push(['cursor', 'Use either offset or cursor, not both']);
    else {
      const cursor = decodeCursor(cursorText, result.sort);
      if (typeof cursor === 'string') errors.push(['cursor', cursor]);
      else result.cursor = cursor;
    }
  }
  return result;
}

function parseFilter(
  def: EntityDef,
  key: string,
  name: string,
  op: string,
  values: string[],
  target: ListFilter[],
  errors: [string, string][],
): void {
  if (!(OPERATORS as string[]).includes(op))
    return void errors.push([key, `Unknown operator ${op}; use ${OPERATORS.join(', ')}`]);
  const field = fieldByName(def, name);
  if (!field) return void errors.push([key, `Unknown field ${name}`]);
  if (!field.filterable) return void errors.push([key, `Cannot filter on ${field.label}`]);
  const allowed = filterOperatorsFor(field);
  if (!(allowed as string[]).includes(op)) {
    return void errors.push([key, `Cannot use "${op}" on ${field.label}; use one of: ${allowed.join(', ')}`]);
  }
  const parseAll = (items: string[], bound?: 'min' | 'max') => {
    const parsed: FilterScalarValue[] = [];
    for (const item of items) {
      const one = parseFilterValue(field, item, bound);
      if ('error' in one) {
        errors.push([key, one.error]);
        return undefined;
      }
      parsed.push(one.value);
    }
    return parsed;
  };
  switch (op as FilterOperator) {
    case 'eq': {
      const value = single(values, key, errors);
      if (value === undefined) return;
      const parsed = parseAll([value]);
      if (parsed) target.push({ field: name, op: 'eq', value: parsed[0] as FilterScalarValue });
      return;
    }
    case 'in': {
      const items = values.flatMap(splitList).filter((item) => item.trim() !== '');
      if (items.length === 0) return void errors.push([key, 'Give at least one value']);
      if (items.length > 100) return void errors.push([key, 'Give at most 100 values']);
      const parsed = parseAll(items);
      if (parsed) target.push({ field: name, op: 'in', values: [...new Set(parsed)] });
      return;
    }
    case 'range': {
      const value = single(values, key, errors);
      if (value === undefined) return;
      const parts = splitList(value);
      if (parts.length !== 2) return void errors.push([key, 'Use min,max (either may be left empty)']);
      const [minText = '', maxText = ''] = parts;
      if (minText.trim() === '' && maxText.trim() === '')
        return void errors.push([key, 'Give a minimum, a maximum or both']);
      const min = minText.trim() === '' ? [null] : parseAll([minText], 'min');
      const max = maxText.trim() === '' ? [null] : parseAll([maxText], 'max');
      if (!min || !max) return;
      const [lo = null] = min;
      const [hi = null] = max;
      if (
        lo !== null &&
        hi !== null &&
        (typeof lo === 'number' && typeof hi === 'number' ? lo > hi : String(lo) > String(hi))
      ) {
        return void errors.push([key, 'Minimum must not be above maximum']);
      }
      target.push({ field: name, op: 'range', min: lo, max: hi });
      return;
    }
    case 'contains': {
      const value = single(values, key, errors);
      if (value === undefined) return;
      const text = value.trim();
      if (!text) return void errors.push([key, 'Give a value']);
      if (text.length > Q_MAX) return void errors.push([key, `Must be at most ${Q_MAX} characters`]);
      const normalised = field.type === 'phone' && /^(\+|0)/.test(text) ? normalizePhone(text) : text;
      target.push({ field: name, op: 'contains', value: normalised });
      return;
    }
    case 'empty': {
      const value = single(values, key, errors);
      if (value === undefined) return;
      if (value === '1' || value === 'true') target.push({ field: name, op: 'empty', empty: true });
      else if (value === '0' || value === 'false') target.push({ field: name, op: 'empty', empty: false });
      else errors.push([key, 'Use 1 (is empty) or 0 (is not empty)']);
      return;
    }
    case 'within': {
      const value = single(values, key, errors);
      if (value === undefined) return;
      const days = Number(value.trim());
      if (!/^\d+$/.test(value.trim()) || !isWithinDays(days)) {
        return void errors.push([key, `Give a whole number of days from 1 to ${WITHIN_DAYS_MAX}`]);
      }
      target.push({ field: name, op: 'within', days });
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// OR groups: `or=[{"status.in":["new","qualified"]},{"last_scraped_at.within":30},{"last_scraped_at.empty":true}]`

const orScalar = z.union(
  [z.string().check(z.maxLength(Q_MAX, `Must be at most ${Q_MAX} characters`)), z.number(), z.boolean()],
  {
    error: 'Must be text, a number or true/false',
  },
);
const orConditionKey = /^([a-z0-9_]+)\.([a-z]+)$/;
/** One alternative: an object of `"<field>.<op>": value` conditions that must all hold. */
const orAlternativeSchema = z.record(z.string(), z.unknown(), {
  error: 'Each alternative must be an object of "field.op": value',
});
const orGroupSchema = z
  .array(orAlternativeSchema, {
    error: 'Must be a JSON list of alternatives, e.g. [{"status.in":["new"]},{"updated_at.within":30}]',
  })
  .check(z.minLength(1, 'Give at least one alternative'));

/** The JSON value of one condition → the text form `f.<field>.<op>` takes, or an error message. */
const orValueSchemas: Record<FilterOperator, z.ZodMiniType<string[]>> = {
  eq: z.pipe(
    orScalar,
    z.transform((value) => [String(value)]),
  ),
  in: z.pipe(
    z
      .array(orScalar, { error: 'Must be a list of values' })
      .check(z.minLength(1, 'Give at least one value'), z.maxLength(100, 'Give at most 100 values')),
    z.transform((items) => [items.map((item) => escapeListItem(String(item))).join(',')]),
  ),
  range: z.pipe(
    z.tuple([z.nullable(orScalar), z.nullable(orScalar)], { error: 'Use [min, max] (null for an open end)' }),
    z.transform(([min, max]) => [
      `${min === null ? '' : escapeListItem(String(min))},${max === null ? '' : escapeListItem(String(max))}`,
    ]),
  ),
  contains: z.pipe(
    z.string({ error: 'Must be text' }),
    z.transform((value) => [value]),
  ),
  empty: z.pipe(
    z.boolean({ error: 'Use true (is empty) or false (is not empty)' }),
    z.transform((value) => [value ? '1' : '0']),
  ),
  within: z.pipe(
    z.number({ error: 'Must be a number of days' }),
    z.transform((value) => [String(value)]),
  ),
};

/** One `or` parameter (JSON) → an OR group, checked against the entity like `f.` filters; errors under `or.<alt>.<field>.<op>`. */
function parseOrGroup(
  def: EntityDef,
  text: string,
  key: string,
  errors: [string, string][],
): ListFilterGroup | undefined {
  if (text.length > OR_TEXT_MAX) return void errors.push([key, `Must be at most ${OR_TEXT_MAX} characters`]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return void errors.push([
      key,
      'Must be JSON: a list of alternatives, e.g. [{"status.in":["new"]},{"updated_at.within":30}]',
    ]);
  }
  const shape = orGroupSchema.safeParse(json);
  if (!shape.success) {
    for (const issue of shape.error.issues)
      errors.push([[key, ...issue.path.map(String)].join('.'), issue.message]);
    return undefined;
  }
  const before = errors.length;
  const any: ListFilter[][] = shape.data.map((alternative, index) => {
    const filters: ListFilter[] = [];
    const entries = Object.entries(alternative);
    if (entries.length === 0) errors.push([`${key}.${index}`, 'Give at least one condition']);
    for (const [condition, raw] of entries) {
      const path = `${key}.${index}.${condition}`;
      const match = orConditionKey.exec(condition);
      if (!match) {
        errors.push([path, 'Use "<field>.<operator>" keys, e.g. "status.in"']);
        continue;
      }
      const [, name, op] = match as unknown as [string, string, string];
      const value = (OPERATORS as string[]).includes(op)
        ? orValueSchemas[op as FilterOperator].safeParse(raw)
        : null;
      if (value && !value.success) {
        errors.push([path, value.error.issues[0]?.message ?? 'Invalid value']);
        continue;
      }
      parseFilter(def, path, name, op, value ? value.data : [], filters, errors);
    }
    return filters;
  });
  return errors.length > before ? undefined : { any };
}

const listCache = new WeakMap<EntityDef, z.ZodMiniType<ListQuery, RawQuery>>();

/**
 * Schema of a list request's query string (as Fastify or URLSearchParams give it: repeated keys as arrays).
 * Errors are keyed by the parameter, e.g. `{ sort: ['Cannot sort on Notes'] }`.
 * @example listQuerySchema(creators).parse({ 'f.platform.in': 'tiktok,instagram', sort: 'followers:desc' })
 */
export function listQuerySchema(def: EntityDef): z.ZodMiniType<ListQuery, RawQuery> {
  const cached = listCache.get(def);
  if (cached) return cached;
  const schema = z.pipe(
    z.record(z.string(), z.optional(z.union([z.string(), z.array(z.string())])), {
      error: 'Must be a query string',
    }),
    z.transform((query, ctx) => {
      const errors: [string, string][] = [];
      const result = parseListQuery(def, query, errors);
      for (const [path, message] of errors) addIssue(ctx, { code: 'custom', path: [path], message });
      return errors.length ? z.NEVER : result;
    }),
  ) as unknown as z.ZodMiniType<ListQuery, RawQuery>;
  listCache.set(def, schema);
  return schema;
}
