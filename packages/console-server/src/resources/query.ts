/**
 * Reading entity tables: the select list, database values → API values, and a ListQuery (contract) → SQL
 * (filters, search, sort, keyset). Tables are named by the contract, so queries are built with Kysely's `sql`
 * and `sql.ref`/`sql.id` (identifiers quoted, values bound) rather than a typed schema.
 */
import { performance } from 'node:perf_hooks';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  ENTITY_BY_NAME,
  SYSTEM_FIELDS,
  monthsNamed,
  localizeEntity,
  searchFields,
  type EntityDef,
  type FieldDef,
  type ListCursor,
  type ListFilter,
  type ListFilterGroup,
  type ListQuery,
  type ListSort,
} from '@staff/console-contract';
import { columnType, searchableFields } from './ddl.js';
import { containsPattern } from './trigram.js';
import { sealSecret, secretDisplay } from '../secrets/index.js';
import type { GenerationProbe } from '../auth/authCache.js';

export type Row = Record<string, unknown>;
// Entity tables are not in the typed Database interface.
export type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const table = (def: EntityDef) => sql.table(def.name);
export const col = (name: string) => sql.ref(name);

export function fieldOf(def: EntityDef, name: string): FieldDef | undefined {
  return (
    def.fields.find((field) => field.name === name) ?? SYSTEM_FIELDS.find((field) => field.name === name)
  );
}

/** SQL type used to cast a bound value for comparison with a column. */
function castType(def: EntityDef, field: FieldDef): string {
  if (field.name === 'id') return 'bigint';
  if (field.type === 'number' || field.type === 'percent') return 'numeric';
  return columnType(field);
}

const cast = (def: EntityDef, field: FieldDef, value: unknown) =>
  sql`cast(${value} as ${sql.raw(castType(def, field))})`;

/** One select-list item: dates as text (pg would turn them into local-midnight Dates), ranges as {from,to}. */
function selectItem(field: FieldDef): RawBuilder<unknown> {
  const ref = col(field.name);
  switch (field.type) {
    case 'date':
      return sql`to_char(${ref}, 'YYYY-MM-DD') as ${sql.id(field.name)}`;
    case 'daterange':
      return sql`case when ${ref} is null then null else json_build_object('from', to_char(lower(${ref}), 'YYYY-MM-DD'), 'to', to_char(upper(${ref}) - 1, 'YYYY-MM-DD')) end as ${sql.id(field.name)}`;
    default:
      return sql`${ref}`;
  }
}

/** Every column the API returns (system columns first), plus created_by/updated_by for audit use. */
export function selectList(def: EntityDef): RawBuilder<unknown> {
  const items = [
    sql`id`,
    sql`version`,
    sql`created_at`,
    sql`updated_at`,
    ...(def.softDelete ? [sql`deleted_at`] : []),
    ...def.fields.map(selectItem),
  ];
  return sql.join(items);
}

const toIso = (value: unknown) =>
  value instanceof Date
    ? value.toISOString()
    : value === null || value === undefined
      ? null
      : new Date(String(value)).toISOString();

const NUMERIC_FIELD_TYPES: ReadonlySet<FieldDef['type']> = new Set([
  'integer',
  'money',
  'relation',
  'number',
  'percent',
]);

/** Fields the API answers as numbers (the database may hand back bigint and numeric as strings). */
const isNumericField = (field: FieldDef) => NUMERIC_FIELD_TYPES.has(field.type);

/** A database value as the API shows it (before masking). */
export function fromDb(field: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (isNumericField(field)) return Number(value);
  switch (field.type) {
    case 'datetime':
      return toIso(value);
    case 'json':
    case 'daterange':
      return typeof value === 'string' ? JSON.parse(value) : value;
    case 'secret':
      // Rows never carry a secret, sealed or not: only its mask (open it where used: src/secrets/).
      return secretDisplay(String(value));
    default:
      return value;
  }
}

/** A database row → the API row (system columns, then fields), secrets as their mask. */
export function rowFromDb(def: EntityDef, raw: Row): Row {
  const row: Row = {
    id: Number(raw.id),
    version: Number(raw.version),
    created_at: toIso(raw.created_at),
    updated_at: toIso(raw.updated_at),
  };
  if (def.softDelete) row.deleted_at = toIso(raw.deleted_at);
  for (const field of def.fields) row[field.name] = fromDb(field, raw[field.name]);
  return row;
}

/** A validated body value → the bound parameter. */
export function toDb(field: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'json':
      return JSON.stringify(value);
    case 'daterange': {
      const range = value as { from: string; to: string };
      return `[${range.from},${range.to}]`;
    }
    case 'secret':
      // Sealed at rest (ADR 013): every write path (API, upsert, demo) goes through here.
      return sealSecret(String(value));
    default:
      return value;
  }
}

const isText = (field: FieldDef) =>
  ['text', 'longtext', 'email', 'url', 'phone', 'enum', 'month', 'secret'].includes(field.type);

function emptyCondition(field: FieldDef): RawBuilder<unknown> {
  const ref = col(field.name);
  if (field.type === 'tags') return sql`(${ref} is null or cardinality(${ref}) = 0)`;
  if (isText(field)) return sql`(${ref} is null or ${ref} = '')`;
  return sql`${ref} is null`;
}

/** Case-insensitive equality for free text; exact for everything else. */
const foldsCase = (field: FieldDef) => field.type === 'text' || field.type === 'email';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Jakarta (WIB, UTC+7, no daylight saving): the calendar day date fields are read in. */
const WIB_MS = 7 * 60 * 60 * 1000;

/**
 * Where "within the last N days" starts, at request time `now`. Datetimes: N × 24 h before now (later ones
 * match too, as console-ui's `matchesPreset`). Dates: from the calendar day N days before today in Jakarta.
 */
export function withinCutoff(field: FieldDef, days: number, now: Date): string {
  if (field.type === 'date')
    return new Date(now.getTime() + WIB_MS - days * DAY_MS).toISOString().slice(0, 10);
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

function filterCondition(def: EntityDef, filter: ListFilter, now: Date): RawBuilder<unknown> {
  const field = fieldOf(def, filter.field)!;
  const ref = col(field.name);
  switch (filter.op) {
    case 'eq':
      if (field.type === 'tags') return sql`${ref} @> array[${String(filter.value)}]::text[]`;
      if (foldsCase(field)) return sql`lower(${ref}) = lower(${String(filter.value)})`;
      return sql`${ref} = ${cast(def, field, filter.value)}`;
    case 'in': {
      if (field.type === 'tags') return sql`${ref} && ${filter.values.map(String)}::text[]`;
      if (foldsCase(field))
        return sql`lower(${ref}) = any(${filter.values.map((value) => String(value).toLowerCase())}::text[])`;
      return sql`${ref} = any(cast(${filter.values} as ${sql.raw(`${castType(def, field)}[]`)}))`;
    }
    case 'range': {
      if (field.type === 'daterange') {
        const lo = filter.min === null ? sql`null` : sql`${filter.min}::date`;
        const hi = filter.max === null ? sql`null` : sql`${filter.max}::date`;
        return sql`${ref} && daterange(${lo}, ${hi}, '[]')`;
      }
      const parts: RawBuilder<unknown>[] = [];
      if (filter.min !== null) parts.push(sql`${ref} >= ${cast(def, field, filter.min)}`);
      if (filter.max !== null) parts.push(sql`${ref} <= ${cast(def, field, filter.max)}`);
      return sql`(${sql.join(parts, sql` and `)})`;
    }
    case 'contains':
      // LIKE rather than strpos: a trigram index on lower(col) answers it (resources/trigram.ts).
      return sql`lower(${ref}) like lower(${containsPattern(filter.value)})`;
    case 'empty':
      return filter.empty ? emptyCondition(field) : sql`not ${emptyCondition(field)}`;
    case 'within':
      return sql`${ref} >= ${cast(def, field, withinCutoff(field, filter.days, now))}`;
  }
}

const allOf = (parts: RawBuilder<unknown>[]) =>
  parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` and `)})`;

/** An OR group: `(a and b) or (c) or …`, each value bound. */
function groupCondition(def: EntityDef, group: ListFilterGroup, now: Date): RawBuilder<unknown> {
  const alternatives = group.any.map((filters) =>
    allOf(filters.map((filter) => filterCondition(def, filter, now))),
  );
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/** Search words (each must occur somewhere the table shows). */
export function searchWords(q: string | null): string[] {
  if (!q) return [];
  return [...new Set(q.split(/\s+/).filter(Boolean))].slice(0, 10);
}

const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const isTextLike = (field: FieldDef | undefined) =>
  !field || ['text', 'longtext', 'email', 'url', 'phone', 'enum', 'month'].includes(field.type);

/**
 * Where one search word may occur: the generated lower-cased `search_text` (the searchable text fields), the
 * label of a related row, the label of a choice, a month (as stored, 2026-12, or by name, "Desember"). Every
 * text match is `<expression> like '%word%'` over a lower-cased column (`search_text`, `period`, the related
 * table's label column, migration 670), which trigram (gin_trgm_ops) indexes serve.
 */
function searchCondition(def: EntityDef, word: string): RawBuilder<unknown> | null {
  // A whole email address finds its owner by the (lower-cased, indexed) email fields alone: an index probe instead
  // of a trigram scan over millions of purchases.
  const emailFields = searchFields(def).filter((field) => field.type === 'email');
  if (emailFields.length > 0 && WHOLE_EMAIL.test(word)) {
    const email = word.toLowerCase();
    return sql`(${sql.join(
      emailFields.map((field) => sql`${col(field.name)} = ${email}`),
      sql` or `,
    )})`;
  }
  const pattern = containsPattern(word.toLowerCase());
  const parts: RawBuilder<unknown>[] = [];
  if (searchableFields(def).length > 0) parts.push(sql`search_text like ${pattern}`);
  for (const field of searchFields(def)) {
    const ref = col(field.name);
    if (field.type === 'relation' && field.relation) {
      const related = ENTITY_BY_NAME[field.relation.entity];
      const labelField = related ? fieldOf(related, field.relation.labelField) : undefined;
      const label = col(field.relation.labelField);
      const labelText = isTextLike(labelField) ? label : sql`cast(${label} as text)`;
      parts.push(
        sql`${ref} in (select id from ${sql.table(field.relation.entity)} where lower(${labelText}) like ${pattern})`,
      );
    } else if (field.type === 'enum') {
      const w = word.toLowerCase();
      // A choice is found by its value or its label in either language ("Baru" as well as "New").
      const indonesian = new Map(
        localizeEntity(def, 'id')
          .fields.find((candidate) => candidate.name === field.name)
          ?.options?.map((option) => [option.value, option.label.toLowerCase()]),
      );
      const values = (field.options ?? [])
        .filter(
          (option) =>
            option.label.toLowerCase().includes(w) ||
            option.value.toLowerCase().includes(w) ||
            !!indonesian.get(option.value)?.includes(w),
        )
        .map((option) => option.value);
      if (values.length > 0) parts.push(sql`${ref} = any(${values}::text[])`);
    } else if (field.type === 'month') {
      parts.push(sql`${ref} like ${pattern}`);
      const months = monthsNamed(word).map((month) => String(month).padStart(2, '0'));
      if (months.length > 0) parts.push(sql`substr(${ref}, 6, 2) = any(${months}::text[])`);
    }
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : null;
}

const searchable = (def: EntityDef) => searchFields(def).length > 0;

type Conditions = Pick<ListQuery, 'filters' | 'q' | 'deleted'> & Partial<Pick<ListQuery, 'groups'>>;

/**
 * WHERE of a list (filters, OR groups, search, deleted) — the same for the page, the total and the export.
 * `now` is the request time that "within the last N days" counts back from.
 */
export function whereOf(def: EntityDef, query: Conditions, now: Date = new Date()): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (def.softDelete) {
    if (query.deleted === 'exclude') parts.push(sql`deleted_at is null`);
    else if (query.deleted === 'only') parts.push(sql`deleted_at is not null`);
  }
  for (const filter of query.filters) parts.push(filterCondition(def, filter, now));
  for (const group of query.groups ?? []) parts.push(groupCondition(def, group, now));
  if (searchable(def)) {
    for (const word of searchWords(query.q)) {
      // A word that can occur nowhere matches no row (rather than being ignored).
      parts.push(searchCondition(def, word) ?? sql`false`);
    }
  }
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * Whether a descending sort on this field puts empty values last (`nulls last`). Columns that cannot be empty
 * (required fields, system columns) keep PostgreSQL's default, so one (col, id) index serves both directions.
 */
export function nullsLastDesc(def: EntityDef, field: string): boolean {
  if (field === 'id' || field === 'created_at' || field === 'updated_at') return false;
  const own = def.fields.find((candidate) => candidate.name === field);
  return own !== undefined && !own.required;
}

/** Empty values last in both directions (asc: PostgreSQL's default; desc: `nulls last` where a column may be empty). */
export function orderOf(def: EntityDef, sort: ListSort): RawBuilder<unknown> {
  const dir = sql.raw(sort.direction);
  if (sort.field === 'id') return sql`order by id ${dir}`;
  const nulls = sort.direction === 'desc' && nullsLastDesc(def, sort.field) ? sql` nulls last` : sql``;
  return sql`order by ${col(sort.field)} ${dir}${nulls}, id ${dir}`;
}

/** Does a cursor value have the type of the sort field? (A mismatched one would make the cast fail.) */
export function cursorValueFits(def: EntityDef, sort: ListSort, cursor: ListCursor): boolean {
  const field = fieldOf(def, sort.field);
  if (!field) return false;
  const value = cursor.value;
  if (sort.field === 'id' || value === null) return true;
  if (isNumericField(field))
    return (
      typeof value === 'number' &&
      Number.isFinite(value) &&
      Math.abs(value) <= (numericLimit(field) ?? Number.MAX_SAFE_INTEGER)
    );
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return (
        typeof value === 'string' &&
        /^(?!0000)\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(value))
      );
    case 'datetime':
      return typeof value === 'string' && /^(?!0000)\d{4}-/.test(value) && !Number.isNaN(Date.parse(value));
    default:
      return typeof value === 'string';
  }
}

const INT4 = 2_147_483_647;

/** Largest magnitude a bound value may have for the column's type (a larger one would make the cast fail). */
function numericLimit(field: FieldDef): number | null {
  if (field.name === 'id' || field.type === 'money' || field.type === 'relation')
    return Number.MAX_SAFE_INTEGER;
  if (field.type === 'integer') return INT4;
  if (field.type === 'number' || field.type === 'percent') return 9_999_999_999;
  return null;
}

/** Filter values the column can hold; else the message for that parameter (checked before any SQL runs). */
export function filterValueProblems(
  def: EntityDef,
  filters: readonly ListFilter[],
  groups: readonly ListFilterGroup[] = [],
): [string, string][] {
  const problems: [string, string][] = [];
  const all: [string, ListFilter][] = filters.map((filter) => [`f.${filter.field}.${filter.op}`, filter]);
  groups.forEach((group, g) =>
    group.any.forEach((alternative, a) => {
      for (const filter of alternative)
        all.push([`${groups.length > 1 ? `or.${g}` : 'or'}.${a}.${filter.field}.${filter.op}`, filter]);
    }),
  );
  for (const [key, filter] of all) {
    const field = fieldOf(def, filter.field);
    if (!field) continue;
    const values =
      filter.op === 'eq'
        ? [filter.value]
        : filter.op === 'in'
          ? filter.values
          : filter.op === 'range'
            ? [filter.min, filter.max]
            : [];
    const limit = numericLimit(field);
    if (limit !== null && values.some((value) => typeof value === 'number' && Math.abs(value) > limit)) {
      problems.push([key, `Must be between -${limit} and ${limit}`]);
    }
    // Years PostgreSQL cannot store (0000, or past 9999 where toISOString writes +010000-…).
    if (
      ['date', 'datetime', 'month'].includes(field.type) &&
      values.some((value) => typeof value === 'string' && !/^(?!0000)\d{4}-/.test(value))
    ) {
      problems.push([key, 'Use a year from 0001 to 9999']);
    }
  }
  return problems;
}

/** Rows after the cursor in the list's order. */
export function keysetCondition(def: EntityDef, sort: ListSort, cursor: ListCursor): RawBuilder<unknown> {
  const after = sort.direction === 'asc' ? sql.raw('>') : sql.raw('<');
  if (sort.field === 'id') return sql`id ${after} ${cursor.id}`;
  const field = fieldOf(def, sort.field)!;
  const ref = col(sort.field);
  if (sort.direction === 'asc') {
    // Nulls come last: after a null only nulls with a larger id; after a value, larger values then all nulls.
    return cursor.value === null
      ? sql`(${ref} is null and id > ${cursor.id})`
      : sql`((${ref}, id) > (${cast(def, field, cursor.value)}, ${cursor.id}::bigint) or ${ref} is null)`;
  }
  if (nullsLastDesc(def, sort.field)) {
    // Nulls last in descending order too: after a value, smaller values then all nulls.
    return cursor.value === null
      ? sql`(${ref} is null and id < ${cursor.id})`
      : sql`((${ref}, id) < (${cast(def, field, cursor.value)}, ${cursor.id}::bigint) or ${ref} is null)`;
  }
  // Columns that cannot be empty: plain descending order (a null cursor cannot occur, kept for safety).
  return cursor.value === null
    ? sql`((${ref} is null and id < ${cursor.id}) or ${ref} is not null)`
    : sql`(${ref}, id) < (${cast(def, field, cursor.value)}, ${cursor.id}::bigint)`;
}

/** Adds a keyset condition to a WHERE built by whereOf. */
export function andWhere(
  where: RawBuilder<unknown>,
  extra: RawBuilder<unknown> | null,
  hasWhere: boolean,
): RawBuilder<unknown> {
  if (!extra) return where;
  return hasWhere ? sql`${where} and ${extra}` : sql`where ${extra}`;
}

export function hasConditions(def: EntityDef, query: Conditions): boolean {
  return (
    (def.softDelete && query.deleted !== 'include') ||
    query.filters.length > 0 ||
    (query.groups?.length ?? 0) > 0 ||
    (searchable(def) && searchWords(query.q).length > 0)
  );
}

/** Tables at least this large (by the planner's row estimate) answer unfiltered lists with an estimated total. */
export const ESTIMATE_TOTAL_FROM = 100_000;

/** Whether a list narrows rows beyond the soft-delete default: filters, OR groups or search words. */
export function isFiltered(def: EntityDef, query: Conditions): boolean {
  return (
    query.filters.length > 0 ||
    (query.groups?.length ?? 0) > 0 ||
    (searchable(def) && searchWords(query.q).length > 0)
  );
}

/**
 * The row count of an unfiltered list from the statistics (`pg_class.reltuples`, and for soft-deleted entities
 * the share of rows with `deleted_at` null from `pg_stats`), or null when the table has no statistics yet
 * (reltuples -1: never analysed; PGlite has no autovacuum) or is smaller than `from`: then count exactly.
 */
export async function estimatedTotal(
  db: AnyDb,
  def: EntityDef,
  deleted: ListQuery['deleted'],
  from = ESTIMATE_TOTAL_FROM,
  /** Also reads the sign-in generation in this statement (a deferred request's confirmation, ADR 066). */
  generation?: GenerationProbe | null,
): Promise<number | null> {
  const sentAt = performance.now();
  const result = await sql<{
    reltuples: number | string;
    null_frac: number | string | null;
    generation?: string | null;
  }>`
    select c.reltuples, s.null_frac${generation ? sql`, ${generation.generationColumn} as generation` : sql``}
    from pg_class c
    left join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname and s.attname = 'deleted_at'
    where c.oid = to_regclass(${def.name})`.execute(db);
  const row = result.rows[0];
  if (generation && row) generation.seen(sentAt, row.generation ?? null);
  const all = Number(row?.reltuples ?? -1);
  if (!Number.isFinite(all) || all < 0 || all < from) return null;
  if (!def.softDelete || deleted === 'include') return Math.round(all);
  const live = row?.null_frac === null || row?.null_frac === undefined ? 1 : Number(row.null_frac);
  return Math.round(all * (deleted === 'only' ? 1 - live : live));
}

/** The value a row contributes to a keyset cursor for this sort. */
export function sortValue(row: Row, sort: ListSort): string | number | boolean | null {
  const value = row[sort.field];
  return value === undefined ? null : (value as string | number | boolean | null);
}
