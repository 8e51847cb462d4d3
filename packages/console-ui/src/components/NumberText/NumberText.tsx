import { useStaticStyles } from '../../primitives/staticStyles.js';
import { formatIdr, formatNumber, toNumericString, type FormatNumberOptions } from './formatNumber.js';

export interface NumberTextProps extends FormatNumberOptions {
  /** A number, bigint or numeric string; anything else shows "-". */
  value: unknown;
  /** Show as rupiah ("Rp 1.234"). */
  currency?: 'IDR';
  /**
   * `data` (default) renders `<data value="1234.5">`, which keeps the machine-readable number in the page;
   * `span` renders `<span data-value="1234.5">` where `<data>` is not wanted.
   */
  as?: 'data' | 'span';
  className?: string;
}

/**
 * A static sheet, not styled-components: an app that shows numbers and nothing else of the console ships no
 * styled-components for them (11 kB gzip; `npm run bench`). One class, as specific as a styled class was.
 */
const NUMBER_TEXT_CSS = `.cui-number-text {
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
}`;

/**
 * A formatted number that keeps its raw value: `<data value="1234.5">1.234,50</data>`. Invalid values show
 * "-" in a `<span data-invalid>`.
 *
 * @example
 * ```tsx
 * <NumberText value={row.amount} decimals={2} />
 * <NumberText value={row.spend} currency="IDR" />
 * ```
 */
export function NumberText({ value, currency, as = 'data', className, ...options }: NumberTextProps) {
  const raw = toNumericString(value);
  const text = currency === 'IDR' ? formatIdr(value, options) : formatNumber(value, options);
  useStaticStyles('number-text', NUMBER_TEXT_CSS);
  const classes = ['cui-number-text', className].filter(Boolean).join(' ');
  if (raw === null) {
    return (
      <span className={classes} data-invalid="">
        {text}
      </span>
    );
  }
  if (as === 'span') {
    return (
      <span className={classes} data-value={raw}>
        {text}
      </span>
    );
  }
  return (
    <data className={classes} value={raw}>
      {text}
    </data>
  );
}
