/**
 * Validation built from an EntityDef: create / update bodies, list query strings, error formatting and secret
 * masking. The server validates with these; forms may run the same schemas before sending.
 */
import { z, zodInEnglish } from '../zod.js';
import {
  DEFAULT_TAG_ITEM_MAX,
  formatNumber,
  MONTH_RE,
  ISO_DATETIME_RE,
  PHONE_PATTERN,
  SYSTEM_FIELDS,
  applyNormalize,
  isCalendarDate,
  maxLengthOf,
  normalizePhone,
  numericBounds,
  typeError,
  typeMessage,
} from './fieldValue.js';
import type { EntityDef, EntityRule, FieldDef } from './types.js';

export {
  DEFAULT_MAX_LENGTH,
  maskRow,
  maskSecret,
  maxLengthOf,
  normalizePhone,
  numericBounds,
  PHONE_PATTERN,
  SECRET_MASK,
  SYSTEM_FIELDS,
} from './fieldValue.js';
export * from './listFilter.js';
export * from './listQuery.js';
export * from './listQueryParams.js';

/** Schema of a present, non-empty value of the field. */
function valueSchema(field: FieldDef): z.ZodMiniType {
  const error = typeError(field);
  const max = maxLengthOf(field);
  const tooLong = `Must be at most ${max} characters`;
  switch (field.type) {
    case 'text':
    case 'longtext':
    case 'secret': {
      let schema = z.string({ error }).check(z.maxLength(max, tooLong));
      if (field.minLength)
        schema = schema.check(z.minLength(field.minLength, `Must be at least ${field.minLength} characters`));
      if (field.pattern)
        schema = schema.check(
          z.regex(new RegExp(field.pattern), field.patternMessage ?? 'Has the wrong format'),
        );
      return schema;
    }
    case 'email':
      return z
        .string({ error })
        .check(
          z.maxLength(max, tooLong),
          z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, 'Must be a valid email address'),
        );
    case 'url':
      return z.string({ error }).check(
        z.maxLength(max, tooLong),
        z.refine((value) => {
          try {
            const url = new URL(value);
            return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
          } catch {
            return false;
          }
        }, 'Must be a valid URL starting with http:// or https://'),
      );
    case 'phone':
      return z
        .string({ error })
        .check(z.regex(PHONE_PATTERN, 'Must be an Indonesian phone number (08… or 628…)'));
    case 'integer':
    case 'number':
    case 'money':
    case 'percent': {
      const { min, max: upper } = numericBounds(field);
      let schema = z.number({ error });
      if (field.type === 'integer') schema = schema.check(z.int('Must be a whole number'));
      if (field.type === 'money') schema = schema.check(z.int('Must be a whole number of rupiah'));
      return schema.check(
        z.gte(min, `Must be at least ${formatNumber(field, min)}`),
        z.lte(upper, `Must be at most ${formatNumber(field, upper)}`),
      );
    }
    case 'enum': {
      const values = (field.options ?? []).map((o) => o.value);
      return z.enum(values as [string, ...string[]], { error });
    }
    case 'relation':
      return z
        .number({ error })
        .check(z.int(typeMessage(field)), z.positive(typeMessage(field)), z.lte(Number.MAX_SAFE_INTEGER));
    case 'boolean':
      return z.boolean({ error });
    case 'date':
      return z.string({ error }).check(z.refine(isCalendarDate, 'Must be a date (YYYY-MM-DD)'));
    case 'month':
      return z.string({ error }).check(z.regex(MONTH_RE, 'Must be a month (YYYY-MM)'));
    case 'datetime':
      return z.pipe(
        z
          .string({ error })
          .check(
            z.refine(
              (value) => ISO_DATETIME_RE.test(value) && !Number.isNaN(Date.parse(value)),
              'Must be a date and time with time zone (e.g. 2025-03-01T09:30:00+07:00)',
            ),
          ),
        z.transform((value) => new Date(value).toISOString()),
      );
    case 'daterange': {
      const date = z
        .string({ error: 'Must be a date (YYYY-MM-DD)' })
        .check(z.refine(isCalendarDate, 'Must be a date (YYYY-MM-DD)'));
      return z.strictObject({ from: date, to: date }, { error }).check(
        z.refine((range) => range.from <= range.to, {
          message: 'End must not be before start',
          path: ['to'],
        }),
      );
    }
    case 'tags': {
      const itemMax = field.itemMaxLength ?? DEFAULT_TAG_ITEM_MAX;
      return z.pipe(
        z
          .array(
            z
              .string({ error: 'Each item must be text' })
              .check(
                z.trim(),
                z.minLength(1, 'Items must not be empty'),
                z.maxLength(itemMax, `Each item must be at most ${itemMax} characters`),
              ),
            { error },
          )
          .check(z.maxLength(max, `Must have at most ${max} items`)),
        z.transform((items) => [...new Set(items)]),
      );
    }
    case 'json':
      return jsonValue(error).check(
        z.refine((value) => JSON.stringify(value).length <= max, `Must be at most ${max} characters as JSON`),
      );
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

/** zod classic's `z.json({ error })`: any JSON value; the error is its text branch's, as there. */
function jsonValue(error: z.core.$ZodErrorMap): z.ZodMiniType {
  const value: z.ZodMiniType = z.lazy(() =>
    z.union([
      z.string({ error }),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(value),
      z.record(z.string(), value),
    ]),
  );
  return value;
}

/** One field of a create body: required, defaulted or nullable. */
function createFieldSchema(field: FieldDef): z.ZodMiniType {
  const base = valueSchema(field);
  if (field.required) {
    return z.pipe(
      z.transform<unknown, unknown>((raw) => {
        const value = normalise(field, raw);
        return value === undefined && field.defaultValue !== undefined ? field.defaultValue : value;
      }),
      base,
    );
  }
  return z.pipe(
    z.transform<unknown, unknown>((raw) => {
      const value = normalise(field, raw);
      if (value === undefined) return field.defaultValue ?? null;
      return value;
    }),
    z.nullable(base),
  );
}

/**
 * One field of an update body: absent = unchanged. Secrets: absent or "" keeps the stored value, null clears an
 * optional one.
 */
function updateFieldSchema(field: FieldDef): z.ZodMiniType {
  const base = valueSchema(field);
  return z.optional(
    z.pipe(
      z.transform<unknown, unknown>((raw) => {
        if (raw === undefined) return undefined;
        const value = normalise(field, raw);
        if (field.type === 'secret' && value === undefined) return undefined;
        return value === undefined ? null : value;
      }),
      z.optional(field.required ? base : z.nullable(base)),
    ),
  );
}

function readOnlySchema(field: FieldDef): z.ZodMiniType {
  return z.optional(z.undefined({ error: `${field.label} is set by the server` }));
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

const createCache = new WeakMap<EntityDef, z.ZodMiniType<EntityBody>>();
const updateCache = new WeakMap<EntityDef, z.ZodMiniType<EntityBody & { version: number }>>();

/**
 * The body of a create: every writable field, unknown fields rejected. The output has every writable field
 * (missing optional ones as their default or null), text trimmed, emails lower-cased, phones as 628…,
 * datetimes as UTC ISO strings.
 * @example createSchema(creators).safeParse({ name: 'Nadia', handle: 'nadia.glow', platform: 'tiktok' })
 */
export function createSchema(def: EntityDef): z.ZodMiniType<EntityBody> {
  zodInEnglish();
  const cached = createCache.get(def);
  if (cached) return cached;
  const shape: Record<string, z.ZodMiniType> = {};
  for (const field of def.fields)
    shape[field.name] = !field.readOnly
      ? createFieldSchema(field)
      : field.defaultValue === undefined
        ? readOnlySchema(field)
        : // Set by the server, starting at its default (ad_campaigns.origin: staff; only an import writes meta).
          z.pipe(
            readOnlySchema(field),
            z.transform(() => field.defaultValue),
          );
  for (const field of SYSTEM_FIELDS) shape[field.name] = readOnlySchema(field);
  const schema = z
    .pipe(
      z.strictObject(shape, { error: unknownKeyError }),
      z.transform((body) => stripUndefined(body)),
    )
    .check(
      z.superRefine((body, ctx) => {
        for (const problem of checkRules(def, body))
          ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
      }),
    ) as unknown as z.ZodMiniType<EntityBody>;
  createCache.set(def, schema);
  return schema;
}

/**
 * The body of an update: any writable fields plus the `version` the client read (optimistic concurrency).
 * Absent fields stay unchanged; absent or empty secrets keep their stored value. Rules are checked here when
 * the body carries every field a rule reads; the server checks the merged row with `checkRules`.
 */
export function updateSchema(def: EntityDef): z.ZodMiniType<EntityBody & { version: number }> {
  zodInEnglish();
  const cached = updateCache.get(def);
  if (cached) return cached;
  const shape: Record<string, z.ZodMiniType> = {};
  for (const field of def.fields)
    shape[field.name] = field.readOnly ? readOnlySchema(field) : updateFieldSchema(field);
  for (const field of SYSTEM_FIELDS) shape[field.name] = readOnlySchema(field);
  shape.version = z
    .number({ error: (issue) => (issue.input === undefined ? 'Version is required' : 'Must be a number') })
    .check(z.int('Must be a whole number'), z.gte(1, 'Must be at least 1'));
  const schema = z
    .pipe(
      z.strictObject(shape, { error: unknownKeyError }),
      z.transform((body) => stripUndefined(body)),
    )
    .check(
      z.superRefine((body, ctx) => {
        const applicable = (def.rules ?? []).filter((rule) => ruleFields(rule).every((name) => name in body));
        for (const problem of checkRules({ ...def, rules: applicable }, body)) {
          ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
        }
      }),
    ) as unknown as z.ZodMiniType<EntityBody & { version: number }>;
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
export function formatValidationError(error: z.core.$ZodError): FormattedValidationError {
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
