/**
 * Validation built from an EntityDef: create / update bodies, list query strings, error formatting and secret
 * masking. The server validates with these; forms may run the same schemas before sending.
 */
import { z } from 'zod';
import { isSearchable } from './search.js';
import type { EntityDef, EntityRule, FieldDef, FieldType, FilterOperator } from './types.js';

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces

/** Columns every row has besides its fields. `id` is a positive integer (bigint identity). */
export const SYSTEM_FIELDS: readonly FieldDef[] = [
  { name: 'id', label: 'Id', type: 'integer', readOnly: true, sortable: true, filterable: true },
  { name: 'version', label: 'Version', type: 'integer', readOnly: true },
  {
    name: 'created_at',
    label: 'Created at',
    type: 'datetime',
    readOnly: true,
    sortable: true,
    filterable: true,
  },
  {
    name: 'updated_at',
    label: 'Updated at',
    type: 'datetime',
    readOnly: true,
    sortable: true,
    filterable: true,
  },
  { name: 'deleted_at', label: 'Deleted at', type: 'datetime', readOnly: true },
];

/** Default maximum length per text-like type (characters; items for tags). */
export const DEFAULT_MAX_LENGTH: Partial<Record<FieldType, number>> = {
  text: 200,
  longtext: 5000,
  email: 254,
  url: 2048,
  phone: 20,
  secret: 1000,
  tags: 50,
  json: 20000,
};
const DEFAULT_TAG_ITEM_MAX = 60;
const INT4_MAX = 2_147_483_647;
const MONEY_MAX = 1_000_000_000_000_000;
/** Normalised Indonesian number: 62, then 8–13 more digits, no leading 0. */
export const PHONE_PATTERN = /^62[1-9][0-9]{7,12}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const ISO_DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export const SECRET_MASK = '••••••';

/**
 * Shows that a secret is set without revealing it: the last 4 characters of secrets of 8 or more characters.
 * @example maskSecret('sk_live_9f8e7d6cab12') // '••••••ab12'
 */
export function maskSecret(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return value.length >= 8 ? `${SECRET_MASK}${value.slice(-4)}` : SECRET_MASK;
}

/** A copy of a row with every secret field masked: what the API sends back. */
export function maskRow<T extends Record<string, unknown>>(def: EntityDef, row: T): T {
  const copy: Record<string, unknown> = { ...row };
  for (const field of def.fields) {
    if (field.type === 'secret' && field.name in copy) {
      const value = copy[field.name];
      copy[field.name] = typeof value === 'string' ? maskSecret(value) : null;
    }
  }
  return copy as T;
}

/**
 * Normalises an Indonesian phone number: drops spaces, dashes, dots, brackets and a leading +; 08… → 628…;
 * 8… → 628…. Anything else is returned cleaned but otherwise unchanged (validation then rejects it).
 * @example normalizePhone('0812-3456-7890') // '6281234567890'
 */
export function normalizePhone(value: string): string {
  let digits = value.trim().replace(/[\s\-.()]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (digits.startsWith('0')) digits = `62${digits.slice(1)}`;
  else if (digits.startsWith('8')) digits = `62${digits}`;
  return digits;
}

function applyNormalize(field: FieldDef, text: string): string {
  switch (field.normalize) {
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
    case 'handle':
      return text.replace(/^@+/, '').toLowerCase();
    default:
      return text;
  }
}

function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function formatNumber(field: FieldDef, value: number): string {
  return field.type === 'money' ? `Rp ${value.toLocaleString('id-ID')}` : String(value);
}

/** Lower and upper bound of a numeric field (its own or the type's default). */
export function numericBounds(field: FieldDef): { min: number; max: number } {
  switch (field.type) {
    case 'money':
      return { min: field.min ?? 0, max: field.max ?? MONEY_MAX };
    case 'percent':
      return { min: field.min ?? 0, max: field.max ?? 100 };
    case 'integer':
      return { min: field.min ?? -INT4_MAX, max: field.max ?? INT4_MAX };
    default:
      return { min: field.min ?? -1e12, max: field.max ?? 1e12 };
  }
}

export function maxLengthOf(field: FieldDef): number {
  return field.maxLength ?? DEFAULT_MAX_LENGTH[field.type] ?? 200;
}

const requiredMessage = (field: FieldDef) => `${field.label} is required`;
const oneOfMessage = (field: FieldDef) =>
  `Must be one of: ${(field.options ?? []).map((o) => o.value).join(', ')}`;

/** Message for a value of the wrong JavaScript type. */
function typeMessage(field: FieldDef): string {
  switch (field.type) {
    case 'integer':
    case 'number':
    case 'percent':
      return 'Must be a number';
    case 'money':
      return 'Must be a whole number of rupiah';
    case 'relation':
      return 'Must be a row id (a positive whole number)';
    case 'boolean':
      return 'Must be true or false';
    case 'tags':
      return 'Must be a list of texts';
    case 'daterange':
      return 'Must be a range with from and to dates (YYYY-MM-DD)';
    case 'enum':
      return oneOfMessage(field);
    default:
      return 'Must be text';
  }
}

/** The error callback of a type check: "X is required" for a missing value, else the type message. */
function typeError(field: FieldDef) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? requiredMessage(field) : typeMessage(field);
}

/** Schema of a present, non-empty value of the field. */
function valueSchema(field: FieldDef): z.ZodType {
  const error = typeError(field);
  const max = maxLengthOf(field);
  const tooLong = `Must be at most ${max} characters`;
  switch (field.type) {
    case 'text':
    case 'longtext':
    case 'secret': {
      let schema = z.string({ error }).max(max, tooLong);
      if (field.minLength)
        schema = schema.min(field.minLength, `Must be at least ${field.minLength} characters`);
      if (field.pattern)
        schema = schema.regex(new RegExp(field.pattern), field.patternMessage ?? 'Has the wrong format');
      return schema;
    }
    case 'email':
      return z
        .string({ error })
        .max(max, tooLong)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'Must be a valid email address');
    case 'url':
      return z
        .string({ error })
        .max(max, tooLong)
        .refine((value) => {
          try {
            const url = new URL(value);
            return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
          } catch {
            return false;
          }
        }, 'Must be a valid URL starting with http:// or https://');
    case 'phone':
      return z.string({ error }).regex(PHONE_PATTERN, 'Must be an Indonesian phone number (08… or 628…)');
    case 'integer':
    case 'number':
    case 'money':
    case 'percent': {
      const { min, max: upper } = numericBounds(field);
      let schema = z.number({ error });
      if (field.type === 'integer') schema = schema.int('Must be a whole number');
      if (field.type === 'money') schema = schema.int('Must be a whole number of rupiah');
      return schema
        .min(min, `Must be at least ${formatNumber(field, min)}`)
        .max(upper, `Must be at most ${formatNumber(field, upper)}`);
    }
    case 'enum': {
      const values = (field.options ?? []).map((o) => o.value);
      return z.enum(values as [string, ...string[]], { error });
    }
    case 'relation':
      return z
        .number({ error })
        .int(typeMessage(field))
        .positive(typeMessage(field))
        .max(Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return z.boolean({ error });
    case 'date':
      return z.string({ error }).refine(isCalendarDate, 'Must be a date (YYYY-MM-DD)');
    case 'month':
      return z.string({ error }).regex(MONTH_RE, 'Must be a month (YYYY-MM)');
    case 'datetime':
      return z
        .string({ error })
        .refine(
          (value) => ISO_DATETIME_RE.test(value) && !Number.isNaN(Date.parse(value)),
          'Must be a date and time with time zone (e.g. 2025-03-01T09:30:00+07:00)',
        )
        .transform((value) => new Date(value).toISOString());
    case 'daterange': {
      const date = z
        .string({ error: 'Must be a date (YYYY-MM-DD)' })
        .refine(isCalendarDate, 'Must be a date (YYYY-MM-DD)');
      return z
        .strictObject({ from: date, to: date }, { error })
        .refine((range) => range.from <= range.to, { message: 'End must not be before start', path: ['to'] });
    }
    case 'tags': {
      const itemMax = field.itemMaxLength ?? DEFAULT_TAG_ITEM_MAX;
      return z
        .array(
          z
            .string({ error: 'Each item must be text' })
            .trim()
            .min(1, 'Items must not be empty')
            .max(itemMax, `Each item must be at most ${itemMax} characters`),
          { error },
        )
        .max(max, `Must have at most ${max} items`)
        .transform((items) => [...new Set(items)]);
    }
    case 'json':
      return z
        .json({ error })
        .refine((value) => JSON.stringify(value).length <= max, `Must be at most ${max} characters as JSON`);
  }
}

/** Trims text, lower-cases emails, normalises phones, and turns blank text into "no value". */
function normalise(field: FieldDef, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (field.type === 'secret') return value === '' ? undefined : value;
  const trimmed = value.trim();
  if (trimmed === '' && field.type !== 'json') return undefined;
  if (field.normalize) return applyNormalize(field, trimmed);
  switch (field.type) {
    case 'email':
      return trimmed.toLowerCase();
    case 'phone':
      return normalizePhone(trimmed);
    case 'text':
    case 'longtext':
    case 'url':
    case 'date':
    case 'month':
    case 'datetime':
      return trimmed;
    default:
      return value;
  }
}

/** One field of a create body: required, defaulted or nullable. */
function createFieldSchema(field: FieldDef): z.ZodType {
  const base = valueSchema(field);
  if (field.required) {
    return z.preprocess((raw) => {
      const value = normalise(field, raw);
      return value === undefined && field.defaultValue !== undefined ? field.defaultValue : value;
    }, base);
  }
  return z.preprocess((raw) => {
    const value = normalise(field, raw);
    if (value === undefined) return field.defaultValue ?? null;
    return value;
  }, base.nullable());
}

/**
 * One field of an update body: absent = unchanged. Secrets: absent or "" keeps the stored value, null clears an
 * optional one.
 */
function updateFieldSchema(field: FieldDef): z.ZodType {
  const base = valueSchema(field);
  return z
    .preprocess(
      (raw) => {
        if (raw === undefined) return undefined;
        const value = normalise(field, raw);
        if (field.type === 'secret' && value === undefined) return undefined;
        return value === undefined ? null : value;
      },
      (field.required ? base : base.nullable()).optional(),
    )
    .optional();
}

function readOnlySchema(field: FieldDef): z.ZodType {
  return z.undefined({ error: `${field.label} is set by the server` }).optional();
}

function present(value: unknown): boolean {
  return !(
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Checks the entity's cross-field rules on a (merged) row. On update the server runs this on the stored row
 * with the changes applied.
 * @example checkRules(monthlyTargets, { scope: 'tribe', tribe_id: null }) // [{ path: 'tribe_id', message: … }]
 */
export function checkRules(
  def: EntityDef,
  row: Record<string, unknown>,
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  for (const rule of def.rules ?? []) {
    if (rule.kind === 'formatBy') {
      const value = row[rule.field];
      const choice = row[rule.by];
      const problem = present(value) && present(choice) ? rule.problem(String(choice), String(value)) : null;
      if (problem) problems.push({ path: rule.field, message: problem });
    } else if (ruleBroken(rule, row)) problems.push({ path: rule.field, message: rule.message });
  }
  return problems;
}

function ruleBroken(rule: Exclude<EntityRule, { kind: 'formatBy' }>, row: Record<string, unknown>): boolean {
  switch (rule.kind) {
    case 'requiredWhen':
      return rule.when.in.includes(String(row[rule.when.field])) && !present(row[rule.field]);
    case 'onlyWhen':
      return !rule.when.in.includes(String(row[rule.when.field])) && present(row[rule.field]);
    case 'atMostOne':
      return rule.fields.filter((name) => present(row[name])).length > 1;
    case 'notBefore': {
      const a = row[rule.field];
      const b = row[rule.other];
      if (!present(a) || !present(b)) return false;
      return typeof a === 'number' && typeof b === 'number' ? a < b : String(a) < String(b);
    }
    case 'differentFrom': {
      const a = row[rule.field];
      const b = row[rule.other];
      if (!present(a) || !present(b)) return false;
      return String(a).toLowerCase() === String(b).toLowerCase();
    }
  }
}

/** Fields a rule reads (used to decide whether an update body carries enough to check it). */
function ruleFields(rule: EntityRule): string[] {
  switch (rule.kind) {
    case 'requiredWhen':
    case 'onlyWhen':
      return [rule.field, rule.when.field];
    case 'atMostOne':
      return rule.fields;
    case 'notBefore':
    case 'differentFrom':
      return [rule.field, rule.other];
    case 'formatBy':
      return [rule.field, rule.by];
  }
}

/** z.strictObject's option that names a field the schema does not know "Unknown field". */
export const unknownKeyError = (issue: { code?: string }) =>
  issue.code === 'unrecognized_keys' ? 'Unknown field' : undefined;

export type EntityBody = Record<string, unknown>;

const createCache = new WeakMap<EntityDef, z.ZodType<EntityBody>>();
const updateCache = new WeakMap<EntityDef, z.ZodType<EntityBody & { version: number }>>();

/**
 * The body of a create: every writable field, unknown fields rejected. The output has every writable field
 * (missing optional ones as their default or null), text trimmed, emails lower-cased, phones as 628…,
 * datetimes as UTC ISO strings.
 * @example createSchema(creators).safeParse({ name: 'Nadia', handle: 'nadia.glow', platform: 'tiktok' })
 */
export function createSchema(def: EntityDef): z.ZodType<EntityBody> {
  const cached = createCache.get(def);
  if (cached) return cached;
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields)
    shape[field.name] = !field.readOnly
      ? createFieldSchema(field)
      : field.defaultValue === undefined
        ? readOnlySchema(field)
        : // Set by the server, starting at its default (ad_campaigns.origin: staff; only an import writes meta).
          readOnlySchema(field).transform(() => field.defaultValue);
  for (const field of SYSTEM_FIELDS) shape[field.name] = readOnlySchema(field);
  const schema = z
    .strictObject(shape, { error: unknownKeyError })
    .transform((body) => stripUndefined(body))
    .superRefine((body, ctx) => {
      for (const problem of checkRules(def, body))
        ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
    }) as unknown as z.ZodType<EntityBody>;
  createCache.set(def, schema);
  return schema;
}

/**
 * The body of an update: any writable fields plus the `version` the client read (optimistic concurrency).
 * Absent fields stay unchanged; absent or empty secrets keep their stored value. Rules are checked here when
 * the body carries every field a rule reads; the server checks the merged row with `checkRules`.
 */
export function updateSchema(def: EntityDef): z.ZodType<EntityBody & { version: number }> {
  const cached = updateCache.get(def);
  if (cached) return cached;
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields)
    shape[field.name] = field.readOnly ? readOnlySchema(field) : updateFieldSchema(field);
  for (const field of SYSTEM_FIELDS) shape[field.name] = readOnlySchema(field);
  shape.version = z
    .number({ error: (issue) => (issue.input === undefined ? 'Version is required' : 'Must be a number') })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1');
  const schema = z
    .strictObject(shape, { error: unknownKeyError })
    .transform((body) => stripUndefined(body))
    .superRefine((body, ctx) => {
      const applicable = (def.rules ?? []).filter((rule) => ruleFields(rule).every((name) => name in body));
      for (const problem of checkRules({ ...def, rules: applicable }, body)) {
        ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
      }
    }) as unknown as z.ZodType<EntityBody & { version: number }>;
  updateCache.set(def, schema);
  return schema;
}

function stripUndefined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

export interface FormattedValidationError {
  message: string;
  /** Field path ("name", "outputs.2", "f.status.in") → its messages. Form-level problems are under "_". */
  fields: Record<string, string[]>;
}

/**
 * Turns a ZodError into the API's 400 body: a summary message and messages per field (unknown fields each get
 * "Unknown field").
 * @example formatValidationError(err) // { message: '1 field is invalid: name (Name is required)', fields: { name: ['Name is required'] } }
 */
export function formatValidationError(error: z.ZodError): FormattedValidationError {
  const fields: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    const list = (fields[path] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
      for (const key of issue.keys) add(`${prefix}${key}`, 'Unknown field');
      continue;
    }
    add(issue.path.length ? issue.path.map(String).join('.') : '_', issue.message);
  }
  const entries = Object.entries(fields);
  const shown = entries.slice(0, 3).map(([path, messages]) => `${path} (${messages[0]})`);
  const more = entries.length > 3 ? ` and ${entries.length - 3} more` : '';
  const count = entries.length === 1 ? '1 field is invalid' : `${entries.length} fields are invalid`;
  return { message: `${count}: ${shown.join(', ')}${more}`, fields };
}

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
      if (!/^\d+$/.test(value.trim()) || days < 1 || days > WITHIN_DAYS_MAX) {
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
  [z.string().max(Q_MAX, `Must be at most ${Q_MAX} characters`), z.number(), z.boolean()],
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
  .min(1, 'Give at least one alternative');

/** The JSON value of one condition → the text form `f.<field>.<op>` takes, or an error message. */
const orValueSchemas: Record<FilterOperator, z.ZodType<string[]>> = {
  eq: orScalar.transform((value) => [String(value)]),
  in: z
    .array(orScalar, { error: 'Must be a list of values' })
    .min(1, 'Give at least one value')
    .max(100, 'Give at most 100 values')
    .transform((items) => [items.map((item) => escapeListItem(String(item))).join(',')]),
  range: z
    .tuple([orScalar.nullable(), orScalar.nullable()], { error: 'Use [min, max] (null for an open end)' })
    .transform(([min, max]) => [
      `${min === null ? '' : escapeListItem(String(min))},${max === null ? '' : escapeListItem(String(max))}`,
    ]),
  contains: z.string({ error: 'Must be text' }).transform((value) => [value]),
  empty: z
    .boolean({ error: 'Use true (is empty) or false (is not empty)' })
    .transform((value) => [value ? '1' : '0']),
  within: z.number({ error: 'Must be a number of days' }).transform((value) => [String(value)]),
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

const listCache = new WeakMap<EntityDef, z.ZodType<ListQuery, RawQuery>>();

/**
 * Schema of a list request's query string (as Fastify or URLSearchParams give it: repeated keys as arrays).
 * Errors are keyed by the parameter, e.g. `{ sort: ['Cannot sort on Notes'] }`.
 * @example listQuerySchema(creators).parse({ 'f.platform.in': 'tiktok,instagram', sort: 'followers:desc' })
 */
export function listQuerySchema(def: EntityDef): z.ZodType<ListQuery, RawQuery> {
  const cached = listCache.get(def);
  if (cached) return cached;
  const schema = z
    .record(z.string(), z.union([z.string(), z.array(z.string())]).optional(), {
      error: 'Must be a query string',
    })
    .transform((query, ctx) => {
      const errors: [string, string][] = [];
      const result = parseListQuery(def, query, errors);
      for (const [path, message] of errors) ctx.addIssue({ code: 'custom', path: [path], message });
      return errors.length ? z.NEVER : result;
    }) as unknown as z.ZodType<ListQuery, RawQuery>;
  listCache.set(def, schema);
  return schema;
}

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
