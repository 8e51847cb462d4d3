import { createHash } from 'node:crypto';

/** Trimmed and lower-cased; empty → null. */
export function normaliseEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email === '' ? null : email;
}

/**
 * Indonesian mobile numbers as digits with the country code: "0812-3456 789" and "+62 812…" → "62812…".
 * Anything else keeps its digits; no digits → null.
 */
export function normalisePhone(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const digits = String(value).replace(/\D/g, '');
  if (digits === '') return null;
  if (digits.startsWith('62')) return digits;
  if (digits.startsWith('0')) return `62${digits.slice(1)}`;
  if (digits.startsWith('8')) return `62${digits}`;
  return digits;
}

/**
 * Mayar sends times as epoch milliseconds in some places and ISO strings in others. Numbers below 10^11 are
 * taken as seconds. Returns null for anything unparsable.
 */
export function parseMayarTime(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return new Date(value < 1e11 ? value * 1000 : value);
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const text = value.trim();
    if (/^\d+$/.test(text)) return parseMayarTime(Number(text));
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  return null;
}

export interface Utm {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
}

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

/**
 * UTM parameters from Mayar's tracking data: a query string ("?utm_source=fb&…"), a full URL, or an object
 * whose keys are the parameters (possibly nested one level, e.g. `{ params: {…} }`).
 */
export function parseUtm(tracking: unknown): Utm {
  const out: Utm = {
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    utm_term: null,
  };
  const take = (get: (key: string) => unknown) => {
    for (const key of UTM_KEYS) {
      const value = get(key);
      if (out[key] === null && (typeof value === 'string' || typeof value === 'number') && `${value}` !== '')
        out[key] = String(value).slice(0, 500);
    }
  };
  if (typeof tracking === 'string') {
    const text = tracking.trim();
    const query = text.includes('?') ? text.slice(text.indexOf('?') + 1) : text;
    const params = new URLSearchParams(query);
    take((key) => params.get(key));
  } else if (tracking && typeof tracking === 'object' && !Array.isArray(tracking)) {
    const record = tracking as Record<string, unknown>;
    take((key) => record[key]);
    for (const nested of Object.values(record)) {
      if (typeof nested === 'string' && nested.includes('utm_')) {
        const inner = parseUtm(nested);
        take((key) => inner[key as keyof Utm]);
      } else if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
        const inner = nested as Record<string, unknown>;
        take((key) => inner[key]);
      }
    }
  }
  return out;
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
