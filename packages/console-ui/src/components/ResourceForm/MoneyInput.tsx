import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { formatGrouped } from '../../resource.js';
import { useResourceFormMessages, type ResourceFormMessages } from './messages.js';

export interface MoneyInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> {
  /** Whole rupiah as bare digits ("1500000"), or "" when empty. */
  value: string;
  onValueChange: (digits: string) => void;
  /** Whether negative amounts are valid: offers a keyboard with a minus sign on phones. */
  allowNegative?: boolean;
  /** Replaces the currency prefix (`currency`); see `RESOURCE_FORM_MESSAGES`. */
  messages?: Partial<ResourceFormMessages>;
}

/** "1500000" → "1.500.000" (id-ID thousands separators). */
export function groupDigits(digits: string): string {
  if (digits === '' || digits === '-') return digits;
  const negative = digits.startsWith('-');
  const body = digits.replace(/^-/, '').replace(/^0+(?=\d)/, '');
  if (body === '') return negative ? '-' : '';
  const grouped = body.length > 15 ? body.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : formatGrouped(Number(body));
  return negative ? `-${grouped}` : grouped;
}

/**
 * An IDR amount typed with thousands separators shown as you type; the value is the bare integer digits.
 * The caret stays after the same digit when separators are inserted or removed.
 */
export function MoneyInput({
  value,
  onValueChange,
  allowNegative = false,
  messages,
  ...rest
}: MoneyInputProps) {
  const m = useResourceFormMessages(messages);
  const ref = useRef<HTMLInputElement>(null);
  const caretDigits = useRef<number | null>(null);
  const display = groupDigits(value);

  useLayoutEffect(() => {
    const input = ref.current;
    if (!input || caretDigits.current === null || document.activeElement !== input) return;
    let seen = 0;
    let position = 0;
    while (position < display.length && seen < caretDigits.current) {
      if (/[\d-]/.test(display[position]!)) seen += 1;
      position += 1;
    }
    input.setSelectionRange(position, position);
    caretDigits.current = null;
  }, [display]);

  return (
    <span className="cui-money-input">
      <span aria-hidden="true" className="cui-money-input-prefix">
        {m.currency}
      </span>
      <input
        {...rest}
        ref={ref}
        type="text"
        inputMode={allowNegative ? 'text' : 'numeric'}
        autoComplete="off"
        value={display}
        onChange={(event) => {
          const raw = event.target.value;
          const caret = event.target.selectionStart ?? raw.length;
          caretDigits.current = raw.slice(0, caret).replace(/[^\d-]/g, '').length;
          // A typed minus is always kept, even where amounts cannot be negative: the form's check then says
          // "Must be at least 0" instead of silently saving the positive amount.
          const negative = raw.trim().startsWith('-');
          const digits = raw.replace(/\D/g, '');
          onValueChange(negative ? `-${digits}` : digits);
        }}
      />
    </span>
  );
}
