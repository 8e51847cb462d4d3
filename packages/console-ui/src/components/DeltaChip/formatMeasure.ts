import { formatIdr, formatNumber, INVALID_NUMBER_TEXT, toNumericString } from '../NumberText/formatNumber.js';

/**
 * How a report measure is shown: `idr` whole rupiah, `number` a count, `decimal` two decimals, `percent` a
 * percentage already multiplied by 100 (CTR 1.25 → "1,25%"), `ratio` a multiple (ROAS 3.2 → "3,20×").
 */
export type MeasureFormat = 'idr' | 'number' | 'decimal' | 'percent' | 'ratio';

/** Whether a rise of the measure is good news (revenue) or bad news (CPC, CPA); colours the delta chips. */
export type MeasureTrend = 'higher' | 'lower' | 'neutral';

/**
 * Formats one measure value with the id-ID formatters of NumberText.
 *
 * @example
 * ```tsx
 * formatMeasure('1500000', 'idr') // 'Rp 1.500.000'
 * formatMeasure(1.256, 'percent') // '1,26%'
 * formatMeasure(null, 'ratio')    // '-'
 * ```
 */
export function formatMeasure(value: unknown, format: MeasureFormat = 'number'): string {
  switch (format) {
    case 'idr':
      return formatIdr(value);
    case 'number':
      return formatNumber(value);
    case 'decimal':
      return formatNumber(value, { decimals: 2 });
    case 'percent': {
      const text = formatNumber(value, { decimals: 2 });
      return text === INVALID_NUMBER_TEXT ? text : `${text}%`;
    }
    case 'ratio': {
      const text = formatNumber(value, { decimals: 2 });
      return text === INVALID_NUMBER_TEXT ? text : `${text}×`;
    }
  }
}

/**
 * The change from `previous` to `current` in percent of `previous`, or null when there is nothing to compare
 * (no previous figure, or a previous figure of zero).
 *
 * @example
 * ```tsx
 * percentChange(120, 100) // 20
 * percentChange(5, 0)     // null
 * ```
 */
export function percentChange(current: unknown, previous: unknown): number | null {
  const now = toNumericString(current);
  const before = toNumericString(previous);
  if (now === null || before === null) return null;
  const base = Number(before);
  if (base === 0) return null;
  return ((Number(now) - base) / Math.abs(base)) * 100;
}

/**
 * A signed percentage change: "+12,50%", "-3,00%", "0,00%", "-" when unknown.
 *
 * @example
 * ```tsx
 * formatDelta(12.5) // '+12,50%'
 * ```
 */
export function formatDelta(delta: number | null | undefined): string {
  if (delta === null || delta === undefined || !Number.isFinite(delta)) return INVALID_NUMBER_TEXT;
  const text = formatNumber(delta, { decimals: 2 });
  return delta > 0 && text !== '0,00' ? `+${text}%` : `${text}%`;
}
