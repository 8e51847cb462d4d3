import { styled } from 'styled-components';
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

const Value = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

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
  const classes = ['cui-number-text', className].filter(Boolean).join(' ');
  if (raw === null) {
    return (
      <Value className={classes} data-invalid="">
        {text}
      </Value>
    );
  }
  if (as === 'span') {
    return (
      <Value className={classes} data-value={raw}>
        {text}
      </Value>
    );
  }
  return (
    <Value as="data" className={classes} value={raw}>
      {text}
    </Value>
  );
}
