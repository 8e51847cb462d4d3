import { useState, type InputHTMLAttributes } from 'react';
import { useResourceFormMessages, type ResourceFormMessages } from './messages.js';

export interface TagsInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> {
  value: string[];
  onValueChange: (tags: string[]) => void;
  /** Most tags allowed. */
  maxTags?: number;
  /** Replaces `tags` and `removeTag`; see `RESOURCE_FORM_MESSAGES`. */
  messages?: Partial<ResourceFormMessages>;
}

/** Short strings as removable chips; Enter or comma adds, Backspace in an empty box removes the last. */
export function TagsInput({ value, onValueChange, maxTags, disabled, messages, ...rest }: TagsInputProps) {
  const m = useResourceFormMessages(messages);
  const [text, setText] = useState('');
  const full = maxTags !== undefined && value.length >= maxTags;
  const add = () => {
    const tag = text.trim().replace(/,$/, '').trim();
    if (tag === '' || full) return false;
    if (!value.includes(tag)) onValueChange([...value, tag]);
    setText('');
    return true;
  };
  return (
    <span className="cui-tags-input">
      {value.length > 0 ? (
        <ul className="cui-tags-input-list" aria-label={m.tags}>
          {value.map((tag) => (
            <li key={tag} className="cui-tag">
              {tag}
              <button
                type="button"
                disabled={disabled}
                aria-label={m.removeTag(tag)}
                onClick={() => onValueChange(value.filter((entry) => entry !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        {...rest}
        type="text"
        disabled={disabled}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          if (next.endsWith(',')) {
            setText(next);
            const tag = next.slice(0, -1).trim();
            if (tag !== '' && !full) {
              if (!value.includes(tag)) onValueChange([...value, tag]);
              setText('');
            }
            return;
          }
          setText(next);
        }}
        onBlur={() => {
          add();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text.trim() !== '') {
            event.preventDefault();
            add();
          } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
            onValueChange(value.slice(0, -1));
          }
        }}
      />
    </span>
  );
}
