/**
 * Field descriptions shared by DataTable, FilterBar, ResourceForm and RecordHistory: the types (`resourceField.ts`,
 * which console-contract's `FieldDef` is) and how a field's value is formatted and compared.
 */

import { formatIdr } from './components/NumberText/formatNumber.js';
import type { ResourceField, ResourceFieldType } from './resourceField.js';
import { CONSOLE_TIME_ZONE, fromWallTime } from './timeZone.js';

export type { ResourceField, ResourceFieldOption, ResourceFieldType } from './resourceField.js';

/** A row as it comes from the server. */
export type ResourceRow = Record<string, unknown>;

/** `{ from, to }` of a `daterange` field, both `YYYY-MM-DD` (either may be missing). */
export interface DateRangeValue {
  from?: string | null;
  to?: string | null;
}

export interface FormatOptions {
  /** IANA time zone for `datetime` values; Asia/Jakarta (the console's) when left out, never the browser's. */
  timeZone?: string;
  /** The words inside values (a boolean's Yes / No, an unset secret); English when left out. */
  words?: FieldValueWords;
}

/** The words inside formatted values (key `values` in `ConsoleMessagesProvider`). */
export interface FieldValueWords {
  yes: string;
  no: string;
  /** A secret that has no value ("Not set"). */
  notSet: string;
}

export const FIELD_VALUE_WORDS: FieldValueWords = { yes: 'Yes', no: 'No', notSet: 'Not set' };

export const NUMERIC_FIELD_TYPES: readonly ResourceFieldType[] = ['integer', 'number', 'money', 'percent'];
export const DATE_FIELD_TYPES: readonly ResourceFieldType[] = ['date', 'month', 'datetime'];
export const TEXT_FIELD_TYPES: readonly ResourceFieldType[] = ['text', 'longtext', 'email', 'url', 'phone'];

const LOCALE = 'id-ID';
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

/** A finite number from a number or numeric string (money arrives as a string from bigint columns). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * Whole rupiah as "Rp 1.234.567" (id-ID, no-break space after Rp): the library's one IDR format, `formatIdr`.
 *
 * @example
 * ```tsx
 * formatMoney(1234567) // "Rp\u00a01.234.567"
 * ```
 */
export function formatMoney(value: unknown): string {
  return formatIdr(value);
}

/** Thousands-separated id-ID integer text without the currency, e.g. "1.234.567". */
export function formatGrouped(value: number): string {
  return integerFormat.format(value);
}

function localDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, match[3] ? Number(match[3]) : 1);
}

/** `YYYY-MM-DD` as "5 Mei 2024". */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '-';
  const date = localDate(value.slice(0, 10));
  return date ? new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' }).format(date) : value;
}

/** `YYYY-MM` as "Mei 2024". */
export function formatMonth(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '-';
  const date = localDate(value.slice(0, 7));
  return date ? new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric' }).format(date) : value;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO timestamp as "5 Mei 2024, 14.30", in Asia/Jakarta unless `timeZone` says otherwise (a zone-less
 * "2024-05-05 14:30" is a wall time there).
 *
 * @example
 * ```tsx
 * formatDateTime('2025-01-10T03:30:00.000Z') // "10 Jan 2025, 10.30" whatever the browser's zone
 * ```
 */
export function formatDateTime(value: unknown, options: FormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '-';
  const timeZone = options.timeZone ?? CONSOLE_TIME_ZONE;
  const date =
    value instanceof Date ? value : (fromWallTime(String(value), timeZone) ?? new Date(String(value)));
  if (Number.isNaN(date.getTime())) return String(value);
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(date);
}

/**
 * A secret as the server may send it: already masked text, `{ last4 }`, or (defensively) the full value, of
 * which only the last four characters are ever shown.
 */
export function maskSecret(value: unknown): string | null {
  if (value === null || value === undefined || value === '' || value === false) return null;
  if (typeof value === 'object' && value !== null && 'last4' in value)
    return `••••${String((value as { last4: unknown }).last4)}`;
  const text = String(value);
  if (text.includes('•')) return text;
  return `••••${text.slice(-4)}`;
}

/** The label of an enum value, or the value itself when unknown. */
export function optionLabel(field: Pick<ResourceField, 'options'>, value: unknown): string {
  const text = String(value);
  return field.options?.find((option) => option.value === text)?.label ?? text;
}

function isEmpty(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * A value as display text, by field type (id-ID formats). Used by table cells, history and the view mode form.
 *
 * @example
 * ```tsx
 * formatFieldValue({ name: 'budget', label: 'Budget', type: 'money' }, 1500000) // "Rp 1.500.000"
 * ```
 */
export function formatFieldValue(field: ResourceField, value: unknown, options: FormatOptions = {}): string {
  const words = options.words ?? FIELD_VALUE_WORDS;
  if (field.type === 'secret') return maskSecret(value) ?? words.notSet;
  if (field.type === 'boolean')
    return value === null || value === undefined
      ? '-'
      : value === true || value === 'true' || value === 1
        ? words.yes
        : words.no;
  if (isEmpty(value)) return '-';
  switch (field.type) {
    case 'money':
      return formatMoney(value);
    case 'integer': {
      const n = toNumber(value);
      return n === null ? String(value) : integerFormat.format(n);
    }
    case 'number': {
      const n = toNumber(value);
      return n === null ? String(value) : decimalFormat.format(n);
    }
    case 'percent': {
      const n = toNumber(value);
      return n === null ? String(value) : `${decimalFormat.format(n)}%`;
    }
    case 'enum':
      return optionLabel(field, value);
    case 'date':
      return formatDate(value);
    case 'month':
      return formatMonth(value);
    case 'datetime':
      return formatDateTime(value, options);
    case 'daterange': {
      const range = value as DateRangeValue;
      return `${range.from ? formatDate(range.from) : '…'} – ${range.to ? formatDate(range.to) : '…'}`;
    }
    case 'tags':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'relation': {
      if (typeof value === 'object' && value !== null && field.relation) {
        const label = (value as Record<string, unknown>)[field.relation.labelField];
        if (label !== undefined && label !== null) return String(label);
        const id = (value as Record<string, unknown>).id;
        return id === undefined ? '-' : String(id);
      }
      return String(value);
    }
    default:
      return String(value);
  }
}

/** Whether a field's values line up at the end of a cell (numbers). */
export function isNumericField(field: Pick<ResourceField, 'type'>): boolean {
  return NUMERIC_FIELD_TYPES.includes(field.type);
}
