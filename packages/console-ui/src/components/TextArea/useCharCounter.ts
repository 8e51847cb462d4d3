import { useMemo } from 'react';

/** Where a text stands against its maximum length. `none` when there is no maximum. */
export type CharLimitStatus = 'none' | 'ok' | 'near' | 'at' | 'over';

/** From this share of the maximum on, the counter warns; default 90 %. */
export const DEFAULT_NEAR_LIMIT_RATIO = 0.9;

export interface UseCharCounterOptions {
  value: string;
  maxLength?: number;
  nearLimitRatio?: number;
}

export interface CharCounter {
  count: number;
  maxLength: number | undefined;
  /** Characters left; undefined without a maximum. Negative when over (a controlled value can be). */
  remaining: number | undefined;
  status: CharLimitStatus;
  /** "n / max", or "n" without a maximum. */
  text: string;
}

/**
 * Counts characters the way the browser's `maxlength` does (UTF-16 code units), so the counter and the limit
 * never disagree.
 *
 * @example
 * ```tsx
 * charCount({ value: 'Halo', maxLength: 5 }) // { count: 4, remaining: 1, status: 'near', text: '4 / 5', … }
 * ```
 */
export function charCount({
  value,
  maxLength,
  nearLimitRatio = DEFAULT_NEAR_LIMIT_RATIO,
}: UseCharCounterOptions): CharCounter {
  const count = value.length;
  if (maxLength === undefined || !Number.isFinite(maxLength) || maxLength < 0) {
    return { count, maxLength: undefined, remaining: undefined, status: 'none', text: String(count) };
  }
  const status: CharLimitStatus =
    count > maxLength
      ? 'over'
      : count === maxLength
        ? 'at'
        : count >= Math.ceil(maxLength * nearLimitRatio)
          ? 'near'
          : 'ok';
  return { count, maxLength, remaining: maxLength - count, status, text: `${count} / ${maxLength}` };
}

/**
 * Headless character counter for any text field.
 *
 * @example
 * ```tsx
 * const counter = useCharCounter({ value, maxLength: 280 });
 * <span aria-live="polite" data-limit={counter.status}>{counter.text}</span>
 * ```
 */
export function useCharCounter({ value, maxLength, nearLimitRatio }: UseCharCounterOptions): CharCounter {
  return useMemo(() => charCount({ value, maxLength, nearLimitRatio }), [value, maxLength, nearLimitRatio]);
}
