// Pure conversion between stored values and what the form's inputs edit ("drafts"), plus client-side checks.
import { maskSecret, toNumber, type DateRangeValue, type ResourceField } from '../../resource.js';
import { fromWallTime, toWallTime } from '../../timeZone.js';
import { RESOURCE_FORM_MESSAGES, type ResourceFormMessages } from './messages.js';

export type FormValues = Record<string, unknown>;
/** Messages per field, as the server sends them (`{ field: ['message', …] }`). */
export type FieldErrors = Record<string, string[]>;

/** A secret never comes back in full: the form only knows whether one is set and may replace it. */
export interface SecretDraft {
  masked: string | null;
  replacing: boolean;
  value: string;
}

export type Draft = string | boolean | string[] | DateRangeValue | SecretDraft | null;
export type Drafts = Record<string, Draft>;

/**
 * ISO timestamp → `YYYY-MM-DDTHH:mm` on Asia/Jakarta's clock (the console's, not the browser's), for
 * `<input type="datetime-local">`; `fromDraft` reads it back on the same clock.
 */
export function isoToLocalInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return toWallTime(date);
}

/** The draft an input starts from. */
export function toDraft(field: ResourceField, value: unknown): Draft {
  const v = value === undefined ? field.defaultValue : value;
  switch (field.type) {
    case 'boolean':
      return v === true || v === 'true' || v === 1;
    case 'tags':
      return Array.isArray(v) ? v.map(String) : [];
    case 'daterange': {
      const range = (v ?? {}) as DateRangeValue;
      return { from: range.from ?? '', to: range.to ?? '' };
    }
    case 'secret':
      return { masked: maskSecret(v), replacing: false, value: '' };
    case 'json':
      return v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v, null, 2);
    case 'money':
    case 'integer':
    case 'number':
    case 'percent': {
      if (v === null || v === undefined || v === '') return '';
      const n = toNumber(v);
      // Number drafts keep "." as the decimal mark; money drafts are bare digits.
      return n === null ? String(v) : String(n);
    }
    case 'datetime':
      return isoToLocalInput(v);
    case 'date':
      return typeof v === 'string' ? v.slice(0, 10) : '';
    case 'month':
      return typeof v === 'string' ? v.slice(0, 7) : '';
    case 'relation':
      if (v && typeof v === 'object' && 'id' in v) return String((v as { id: unknown }).id);
      return v === null || v === undefined || v === '' ? null : String(v);
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}

export function toDrafts(fields: ResourceField[], values: FormValues = {}): Drafts {
  const drafts: Drafts = {};
  for (const field of fields) drafts[field.name] = toDraft(field, values[field.name]);
  return drafts;
}

function isBlank(draft: Draft): boolean {
  if (draft === null || draft === '') return true;
  if (Array.isArray(draft)) return draft.length === 0;
  if (typeof draft === 'object' && 'replacing' in draft) return draft.masked === null && draft.value === '';
  if (typeof draft === 'object' && ('from' in draft || 'to' in draft)) return !draft.from && !draft.to;
  return false;
}

/** Accepts "12,5" as well as "12.5" (id-ID writes a decimal comma). */
function parseDecimal(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(normalised)) return null;
  return Number(normalised);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Parsed = { ok: true; value: unknown; include: boolean } | { ok: false; error: string };

/**
 * A draft back to the value the server expects, with the field's own checks. `include: false` means "leave
 * the stored value as it is" (an untouched secret).
 */
export function fromDraft(
  field: ResourceField,
  draft: Draft,
  m: ResourceFormMessages = RESOURCE_FORM_MESSAGES,
): Parsed {
  if (field.type === 'secret') {
    const secret = draft as SecretDraft;
    const typed = secret.value;
    if (typed === '') {
      if (field.required && secret.masked === null) return { ok: false, error: m.required };
      return { ok: true, value: undefined, include: false };
    }
    if (field.minLength !== undefined && typed.length < field.minLength)
      return { ok: false, error: m.atLeastCharacters(String(field.minLength)) };
    return { ok: true, value: typed, include: true };
  }
  if (field.type === 'boolean') return { ok: true, value: draft === true, include: true };
  if (isBlank(draft)) {
    if (field.required) return { ok: false, error: m.required };
    return { ok: true, value: field.type === 'tags' ? [] : null, include: true };
  }
  const text = typeof draft === 'string' ? draft : '';
  const checkRange = (n: number): Parsed => {
    if (field.min !== undefined && n < field.min) return { ok: false, error: m.atLeast(String(field.min)) };
    if (field.max !== undefined && n > field.max) return { ok: false, error: m.atMost(String(field.max)) };
    return { ok: true, value: n, include: true };
  };
  switch (field.type) {
    case 'integer':
    case 'money': {
      if (!/^[+-]?\d+$/.test(text.trim())) return { ok: false, error: m.wholeNumber };
      return checkRange(Number(text.trim()));
    }
    case 'number':
    case 'percent': {
      const n = parseDecimal(text);
      return n === null ? { ok: false, error: m.number } : checkRange(n);
    }
    case 'tags': {
      const tags = draft as string[];
      if (field.maxLength !== undefined && tags.length > field.maxLength)
        return { ok: false, error: m.atMostTags(String(field.maxLength)) };
      if (field.itemMaxLength !== undefined && tags.some((tag) => tag.length > field.itemMaxLength!))
        return { ok: false, error: m.tagAtMostCharacters(String(field.itemMaxLength)) };
      return { ok: true, value: tags, include: true };
    }
    case 'daterange': {
      const range = draft as DateRangeValue;
      if (range.from && range.to && range.from > range.to) return { ok: false, error: m.endBeforeStart };
      return { ok: true, value: { from: range.from || null, to: range.to || null }, include: true };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(text), include: true };
      } catch {
        return { ok: false, error: m.json };
      }
    case 'datetime': {
      // The input's wall time is Jakarta's (isoToLocalInput); a text with its own zone keeps it.
      const date = fromWallTime(text) ?? new Date(text);
      return Number.isNaN(date.getTime())
        ? { ok: false, error: m.dateTime }
        : { ok: true, value: date.toISOString(), include: true };
    }
    case 'relation':
      return { ok: true, value: draft, include: true };
    default: {
      const value = text.trim();
      if (field.minLength !== undefined && value.length < field.minLength)
        return { ok: false, error: m.atLeastCharacters(String(field.minLength)) };
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return { ok: false, error: m.atMostCharacters(String(field.maxLength)) };
      if (field.type === 'email' && !EMAIL.test(value)) return { ok: false, error: m.email };
      if (field.type === 'url' && !/^https?:\/\/\S+$/.test(value)) return { ok: false, error: m.url };
      if (field.pattern && !new RegExp(field.pattern).test(value))
        return { ok: false, error: field.patternMessage ?? m.invalidFormat };
      return { ok: true, value, include: true };
    }
  }
}

/** The fields a form edits: read-only (server-set) fields are shown only when editing or viewing. */
export function editableFields(fields: ResourceField[]): ResourceField[] {
  return fields.filter((field) => !field.readOnly);
}

export interface BuildResult {
  values: FormValues;
  errors: FieldErrors;
}

/** Values to send and client-side errors, from drafts. */
export function buildValues(
  fields: ResourceField[],
  drafts: Drafts,
  messages: ResourceFormMessages = RESOURCE_FORM_MESSAGES,
): BuildResult {
  const values: FormValues = {};
  const errors: FieldErrors = {};
  for (const field of editableFields(fields)) {
    const parsed = fromDraft(field, drafts[field.name] ?? null, messages);
    if (!parsed.ok) errors[field.name] = [parsed.error];
    else if (parsed.include) values[field.name] = parsed.value;
  }
  return { values, errors };
}

/** Names of fields whose drafts differ from the initial drafts. */
export function changedFields(fields: ResourceField[], initial: Drafts, drafts: Drafts): string[] {
  return fields
    .filter(
      (field) => JSON.stringify(initial[field.name] ?? null) !== JSON.stringify(drafts[field.name] ?? null),
    )
    .map((field) => field.name);
}
