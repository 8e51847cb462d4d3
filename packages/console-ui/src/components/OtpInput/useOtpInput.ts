import {
  useCallback,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';

/** One-time-code length. */
export const DEFAULT_OTP_LENGTH = 6;

/** Digits only, the usual one-time code. */
export const OTP_DIGITS = /^[0-9]$/;

export interface UseOtpInputOptions {
  /** Number of boxes; default 6. */
  length?: number;
  /**
   * Controlled value: the last complete code (what `onValueChange` reported). Changing it from outside replaces
   * the boxes, e.g. `''` clears them. Partial typing stays inside the hook until every box is filled.
   */
  value?: string;
  /** Initial boxes when uncontrolled (may be partial). */
  defaultValue?: string;
  /** Called only when every box is filled and the code differs from the last one reported or given. */
  onValueChange?: (value: string) => void;
  disabled?: boolean;
  /** Which single characters a box accepts; default digits. */
  accept?: RegExp;
  /** Accessible name of box `index` (0-based); default "Digit 1 of 6". */
  getBoxLabel?: (index: number, length: number) => string;
}

export interface OtpBoxProps {
  ref: (element: HTMLInputElement | null) => void;
  value: string;
  type: 'text';
  inputMode: 'numeric' | 'text';
  autoComplete: string;
  'aria-label': string;
  disabled: boolean;
  'data-filled': '' | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
  onFocus: (event: FocusEvent<HTMLInputElement>) => void;
}

export interface UseOtpInputResult {
  /** One entry per box, `''` when empty. */
  chars: string[];
  /** The boxes joined (partial while typing). */
  value: string;
  /** Every box is filled. */
  complete: boolean;
  /** Props to spread on box `index`. */
  getBoxProps: (index: number) => OtpBoxProps;
  focusBox: (index: number) => void;
  /** Empties every box (reports nothing: an empty code is not a complete one). */
  clear: () => void;
}

function toChars(value: string | undefined, length: number, accept: RegExp): string[] {
  const accepted = Array.from(value ?? '').filter((char) => accept.test(char));
  return Array.from({ length }, (_, index) => accepted[index] ?? '');
}

const defaultBoxLabel = (index: number, length: number) => `Digit ${index + 1} of ${length}`;

/**
 * Headless one-time-code input: one character per box, typing moves forward, Backspace clears and moves back,
 * arrows/Home/End move, paste fills from the focused box. Render the boxes however you like.
 *
 * @example
 * ```tsx
 * const otp = useOtpInput({ onValueChange: verify });
 * return <div role="group" aria-label="Code">{otp.chars.map((_, i) => <input key={i} {...otp.getBoxProps(i)} />)}</div>;
 * ```
 */
export function useOtpInput({
  length = DEFAULT_OTP_LENGTH,
  value,
  defaultValue,
  onValueChange,
  disabled = false,
  accept = OTP_DIGITS,
  getBoxLabel = defaultBoxLabel,
}: UseOtpInputOptions = {}): UseOtpInputResult {
  const [state, setState] = useState(() => {
    const initial = value ?? defaultValue ?? '';
    return { chars: toChars(initial, length, accept), committed: initial, controlled: value };
  });
  // A new controlled value from outside replaces the boxes (adjusting state while rendering, as React advises).
  if (value !== undefined && value !== state.controlled) {
    setState({ chars: toChars(value, length, accept), committed: value, controlled: value });
  }
  const chars = Array.from({ length }, (_, index) => state.chars[index] ?? '');
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  const focusBox = useCallback(
    (index: number) => {
      boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();
    },
    [length],
  );

  const update = (next: string[]) => {
    const joined = next.join('');
    const complete = next.every((char) => char !== '');
    const report = complete && joined !== state.committed;
    setState({ chars: next, committed: report ? joined : state.committed, controlled: state.controlled });
    if (report) onValueChange?.(joined);
  };

  /** Writes accepted characters from box `start` on; returns the box to focus next. */
  const fillFrom = (start: number, text: string): number => {
    const incoming = Array.from(text).filter((char) => accept.test(char));
    if (incoming.length === 0) return start;
    const next = [...chars];
    let index = start;
    for (const char of incoming) {
      if (index >= length) break;
      next[index] = char;
      index += 1;
    }
    update(next);
    return Math.min(index, length - 1);
  };

  const setAt = (index: number, char: string) => {
    const next = [...chars];
    next[index] = char;
    update(next);
  };

  const getBoxProps = (index: number): OtpBoxProps => ({
    ref: (element) => {
      boxes.current[index] = element;
    },
    value: chars[index] ?? '',
    type: 'text',
    inputMode: accept === OTP_DIGITS ? 'numeric' : 'text',
    // Lets phones offer the code from an SMS; the whole code lands in the first box and is spread out.
    autoComplete: index === 0 ? 'one-time-code' : 'off',
    'aria-label': getBoxLabel(index, length),
    disabled,
    'data-filled': chars[index] ? '' : undefined,
    onFocus: (event) => event.target.select(),
    onChange: (event) => {
      const raw = event.target.value;
      const old = chars[index] ?? '';
      if (raw === '') {
        setAt(index, '');
        return;
      }
      // The box held a character and the caret was beside it: the new one is the other character.
      const typed =
        raw.length === 2 && old !== '' && raw.includes(old) ? (raw[0] === old ? raw.slice(1) : raw[0]!) : raw;
      focusBox(fillFrom(index, typed));
    },
    onKeyDown: (event) => {
      switch (event.key) {
        case 'Backspace': {
          event.preventDefault();
          if (chars[index]) {
            setAt(index, '');
            focusBox(index - 1);
          } else if (index > 0) {
            setAt(index - 1, '');
            focusBox(index - 1);
          }
          return;
        }
        case 'Delete':
          event.preventDefault();
          setAt(index, '');
          return;
        case 'ArrowLeft':
          event.preventDefault();
          focusBox(index - 1);
          return;
        case 'ArrowRight':
          event.preventDefault();
          focusBox(index + 1);
          return;
        case 'Home':
          event.preventDefault();
          focusBox(0);
          return;
        case 'End':
          event.preventDefault();
          focusBox(length - 1);
          return;
        default:
          // Typing the character a box already holds changes nothing, so no change event: just move on.
          if (event.key.length === 1 && event.key === chars[index] && !event.ctrlKey && !event.metaKey) {
            event.preventDefault();
            focusBox(index + 1);
          }
      }
    },
    onPaste: (event) => {
      event.preventDefault();
      const text = event.clipboardData.getData('text/plain') || event.clipboardData.getData('text');
      focusBox(fillFrom(index, text.trim()));
    },
  });

  return {
    chars,
    value: chars.join(''),
    complete: chars.every((char) => char !== ''),
    getBoxProps,
    focusBox,
    clear: () => update(Array.from({ length }, () => '')),
  };
}
