import { type InputHTMLAttributes } from 'react';
import type { SecretDraft } from './formValues.js';
import { useResourceFormMessages, type ResourceFormMessages } from './messages.js';

export interface SecretInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> {
  value: SecretDraft;
  onValueChange: (next: SecretDraft) => void;
  /** Accessible name of the field, used in the Replace button's name. */
  label: string;
  /** Replaces `secretSet`, `replace`, `replaceField`, `keepCurrent`; see `RESOURCE_FORM_MESSAGES`. */
  messages?: Partial<ResourceFormMessages>;
}

/**
 * A write-only secret: a stored one shows only as "••••ab12 (set)" with Replace; a new value is typed into a
 * password field, and leaving it empty keeps the stored one.
 */
export function SecretInput({
  value,
  onValueChange,
  label,
  id,
  disabled,
  messages,
  ...rest
}: SecretInputProps) {
  const m = useResourceFormMessages(messages);
  if (value.masked !== null && !value.replacing) {
    return (
      <span className="cui-secret-input" data-state="set">
        <span className="cui-secret-input-mask">{m.secretSet(value.masked)}</span>
        <button
          id={id}
          type="button"
          className="cui-button"
          disabled={disabled}
          aria-label={m.replaceField(label)}
          aria-describedby={rest['aria-describedby']}
          onClick={() => onValueChange({ ...value, replacing: true })}
        >
          {m.replace}
        </button>
      </span>
    );
  }
  return (
    <span className="cui-secret-input" data-state={value.masked === null ? 'empty' : 'replacing'}>
      <input
        {...rest}
        id={id}
        type="password"
        autoComplete="new-password"
        disabled={disabled}
        value={value.value}
        onChange={(event) => onValueChange({ ...value, value: event.target.value })}
      />
      {value.masked !== null ? (
        <button
          type="button"
          className="cui-button"
          disabled={disabled}
          onClick={() => onValueChange({ ...value, replacing: false, value: '' })}
        >
          {m.keepCurrent}
        </button>
      ) : null}
    </span>
  );
}
