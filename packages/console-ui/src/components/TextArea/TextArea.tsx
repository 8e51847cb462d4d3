import { useId, useState, type ChangeEvent, type TextareaHTMLAttributes } from 'react';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useCharCounter } from './useCharCounter.js';
import { focusRingCss, controlBoxCss, resizeGripCss } from '../../primitives/css.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';

export interface TextAreaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'defaultValue' | 'maxLength' | 'children'
> {
  /** Visible label, tied to the field. */
  label: string;
  value?: string;
  defaultValue?: string;
  /** Called with the new text on every edit. `onChange` is still called too. */
  onValueChange?: (value: string) => void;
  /** The browser refuses input beyond it; the counter shows "n / max". */
  maxLength?: number;
  /** Share of `maxLength` from which the counter warns; default 0.9. */
  nearLimitRatio?: number;
  /** Help text under the field. */
  description?: string;
  /** Error text: marks the field invalid and is read with it. */
  error?: string | null;
  /** Hide the counter (the limit still applies). */
  hideCounter?: boolean;
}

/**
 * A static sheet, not styled-components: a form with a notes field ships no styled-components for it. One class
 * per rule, as specific as the styled rules were. Right-to-left: the footer ends at the line's end (`flex-end`, not a
 * left margin; the help text's `flex: 1` takes the room before it when there is one), the counter's "n / max" is
 * an isolated left-to-right run, so it does not read "max / n", and the resize grip's dots mirror into the bottom-left
 * corner, where chromium puts the grip.
 */
const TEXT_AREA_CSS = `.cui-text-area {
  display: flex;
  flex-direction: column;
  gap: ${t.space1};
  font-family: ${t.fontFamily};
  color: ${t.colorText};
  min-width: 16rem;
}
.cui-text-area__label {
  font-size: ${t.fontSizeSm};
  font-weight: 600;
}
.cui-text-area__input {
  box-sizing: border-box;
  width: 100%;
  min-height: 5.5rem;
  padding: ${t.space2} ${t.space3};
  ${controlBoxCss}
  font-size: ${t.fontSizeMd};
  resize: vertical;
}
${resizeGripCss.replace('&', '.cui-text-area__input')}
${resizeGripCss.replace('&', '.cui-text-area__input:dir(rtl)').replaceAll(' right ', ' left ')}
.cui-text-area__input:focus-visible {
  ${focusRingCss}
}
.cui-text-area__input[aria-invalid='true'] {
  border-color: ${t.colorDanger};
}
.cui-text-area__input:disabled {
  cursor: not-allowed;
  color: ${t.colorTextMuted};
  background: ${t.colorBg};
}
.cui-text-area__footer {
  display: flex;
  justify-content: flex-end;
  align-items: baseline;
  gap: ${t.space3};
  font-size: ${t.fontSizeSm};
}
.cui-text-area__help {
  flex: 1;
  color: ${t.colorTextMuted};
}
.cui-text-area__help[data-error] {
  color: ${t.colorDanger};
}
.cui-text-area__counter {
  color: ${t.colorTextMuted};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  direction: ltr;
  unicode-bidi: isolate;
}
.cui-text-area__counter[data-limit='near'] {
  color: ${t.colorWarning};
  font-weight: 600;
}
.cui-text-area__counter[data-limit='at'],
.cui-text-area__counter[data-limit='over'] {
  color: ${t.colorDanger};
  font-weight: 600;
}`;

/**
 * A labelled multi-line text field with a maximum length and a live "n / max" counter (announced politely),
 * near-limit and at-limit styling (`data-limit="near" | "at"`), error text and a disabled state.
 * Controlled (`value` + `onValueChange`/`onChange`) or uncontrolled (`defaultValue`).
 *
 * @example
 * ```tsx
 * <TextArea label="Notes" maxLength={500} value={notes} onValueChange={setNotes} error={notesError} />
 * ```
 */
export function TextArea({
  label,
  value,
  defaultValue,
  onValueChange,
  onChange,
  maxLength,
  nearLimitRatio,
  description,
  error,
  hideCounter = false,
  disabled,
  id,
  className,
  ...rest
}: TextAreaProps) {
  useThemeCheck('TextArea');
  useStaticStyles('text-area', TEXT_AREA_CSS);
  const generatedId = useId();
  const fieldId = id ?? `${generatedId}-field`;
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const text = value ?? uncontrolled;
  const counter = useCharCounter({ value: text, maxLength, nearLimitRatio });
  const showCounter = !hideCounter && counter.maxLength !== undefined;
  const descriptionId = description ? `${fieldId}-description` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const counterId = showCounter ? `${fieldId}-counter` : undefined;
  const describedBy = [rest['aria-describedby'], errorId, descriptionId, counterId].filter(Boolean).join(' ');

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (value === undefined) setUncontrolled(event.target.value);
    onChange?.(event);
    onValueChange?.(event.target.value);
  };

  return (
    <div
      className={['cui-text-area', className].filter(Boolean).join(' ')}
      data-disabled={disabled ? '' : undefined}
      data-invalid={error ? '' : undefined}
      data-limit={counter.status}
    >
      <label htmlFor={fieldId} className="cui-text-area__label">
        {label}
      </label>
      <textarea
        {...rest}
        id={fieldId}
        value={text}
        onChange={handleChange}
        maxLength={maxLength}
        disabled={disabled}
        aria-invalid={error ? true : rest['aria-invalid']}
        aria-describedby={describedBy || undefined}
        className="cui-text-area__input"
      />
      {description || error || showCounter ? (
        <div className="cui-text-area__footer">
          {error ? (
            <span id={errorId} data-error="" className="cui-text-area__help">
              {error}
            </span>
          ) : null}
          {description ? (
            <span id={descriptionId} className="cui-text-area__help">
              {description}
            </span>
          ) : null}
          {showCounter ? (
            <span
              id={counterId}
              aria-live="polite"
              data-limit={counter.status}
              className="cui-text-area__counter"
            >
              {counter.text}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
