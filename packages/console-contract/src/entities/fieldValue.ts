/**
 * What every field's value shares, for the body schemas (validation.ts) and the list queries (listQuery.ts): the
 * system columns, default limits, the normalising of text and phones, secret masking, and the messages of a value
 * of the wrong type.
 */
import type { EntityDef, FieldDef, FieldType } from './types.js';

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
export const DEFAULT_TAG_ITEM_MAX = 60;
const INT4_MAX = 2_147_483_647;
const MONEY_MAX = 1_000_000_000_000_000;
/** Normalised Indonesian number: 62, then 8–13 more digits, no leading 0. */
export const PHONE_PATTERN = /^62[1-9][0-9]{7,12}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
export const ISO_DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

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

export function applyNormalize(field: FieldDef, text: string): string {
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

export function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function formatNumber(field: FieldDef, value: number): string {
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
export const oneOfMessage = (field: FieldDef) =>
  `Must be one of: ${(field.options ?? []).map((o) => o.value).join(', ')}`;

/** Message for a value of the wrong JavaScript type. */
export function typeMessage(field: FieldDef): string {
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
export function typeError(field: FieldDef) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? requiredMessage(field) : typeMessage(field);
}
