/**
 * Number display for the console: 0 decimals by default, 2 when asked, "-" for anything that
 * is not a finite number. Indonesian grouping (id-ID: "1.234.567", "1.234,50").
 */

/** The locale numbers are shown in. */
export const NUMBER_LOCALE = 'id-ID';

/** What is shown instead of an invalid number. */
export const INVALID_NUMBER_TEXT = '-';

export interface FormatNumberOptions {
  /** Fraction digits, always shown: 0 (default) or 2. */
  decimals?: 0 | 2;
  /** Override the locale. */
  locale?: string;
}

// Plain decimal notation as PostgreSQL sends numerics ("1234.50"); no grouping separators, no hex, no "Infinity".
const NUMERIC_STRING = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The value as a canonical numeric string if it is a finite number, a bigint, or a numeric string; otherwise
 * null. Strings are kept as text so long decimals (money) are not rounded through a float.
 *
 * @example
 * ```tsx
 * toNumericString(' 1234.50 ') // '1234.50'
 * toNumericString('12abc')     // null
 * ```
 */
export function toNumericString(value: unknown): `${number}` | null {
  if (typeof value === 'number') return Number.isFinite(value) ? (String(value) as `${number}`) : null;
  if (typeof value === 'bigint') return value.toString() as `${number}`;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!NUMERIC_STRING.test(trimmed)) return null;
    // Exponents so large they overflow are not numbers a person can read.
    return Number.isFinite(Number(trimmed)) ? (trimmed as `${number}`) : null;
  }
  return null;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      // "-0" helps nobody: -0.4 rounds to "0", not "-0".
      signDisplay: 'negative',
    });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * Formats a number for display. Accepts numbers, bigints and numeric strings (the server sends numerics as
 * strings); anything else (NaN, Infinity, null, undefined, "", "abc", "1,5") gives "-". Rounds half away from
 * zero on the exact decimal value of a string.
 *
 * @example
 * ```tsx
 * formatNumber(1234567)                    // '1.234.567'
 * formatNumber('1234.5', { decimals: 2 })  // '1.234,50'
 * formatNumber(null)                       // '-'
 * ```
 */
export function formatNumber(
  value: unknown,
  { decimals = 0, locale = NUMBER_LOCALE }: FormatNumberOptions = {},
): string {
  const numeric = toNumericString(value);
  if (numeric === null) return INVALID_NUMBER_TEXT;
  return formatter(locale, decimals).format(numeric);
}

/**
 * Formats an amount of rupiah: "Rp 1.234.567" (a no-break space keeps "Rp" with the number), "-Rp 1.234" when
 * negative, "-" when invalid.
 *
 * @example
 * ```tsx
 * formatIdr('1500000')                  // 'Rp 1.500.000'
 * formatIdr(-2500.5, { decimals: 2 })   // '-Rp 2.500,50'
 * ```
 */
export function formatIdr(value: unknown, options: FormatNumberOptions = {}): string {
  const formatted = formatNumber(value, options);
  if (formatted === INVALID_NUMBER_TEXT) return INVALID_NUMBER_TEXT;
  return formatted.startsWith('-') ? `-Rp\u00a0${formatted.slice(1)}` : `Rp\u00a0${formatted}`;
}
