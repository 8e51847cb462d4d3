import { useId, useState, type ChangeEvent, type TextareaHTMLAttributes } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useCharCounter } from './useCharCounter.js';
import { focusRingCss, controlBoxCss, resizeGripCss } from '../../primitives/css.js';

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

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${t.space1};
  font-family: ${t.fontFamily};
  color: ${t.colorText};
  min-width: 16rem;
`;

const Label = styled.label`
  font-size: ${t.fontSizeSm};
  font-weight: 600;
`;

const Input = styled.textarea`
  box-sizing: border-box;
  width: 100%;
  min-height: 5.5rem;
  padding: ${t.space2} ${t.space3};
  ${controlBoxCss}
  font-size: ${t.fontSizeMd};
  resize: vertical;

  ${resizeGripCss}

  &:focus-visible {
    ${focusRingCss}
  }
  &[aria-invalid='true'] {
    border-color: ${t.colorDanger};
  }
  &:disabled {
    cursor: not-allowed;
    color: ${t.colorTextMuted};
    background: ${t.colorBg};
  }
`;

const Footer = styled.div`
  display: flex;
  align-items: baseline;
  gap: ${t.space3};
  font-size: ${t.fontSizeSm};
`;

const Help = styled.span`
  flex: 1;
  color: ${t.colorTextMuted};
  &[data-error] {
    color: ${t.colorDanger};
  }
`;

const Counter = styled.span`
  margin-left: auto;
  color: ${t.colorTextMuted};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  &[data-limit='near'] {
    color: ${t.colorWarning};
    font-weight: 600;
  }
  &[data-limit='at'],
  &[data-limit='over'] {
    color: ${t.colorDanger};
    font-weight: 600;
  }
`;

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
    <Field
      className={['cui-text-area', className].filter(Boolean).join(' ')}
      data-disabled={disabled ? '' : undefined}
      data-invalid={error ? '' : undefined}
      data-limit={counter.status}
    >
      <Label htmlFor={fieldId}>{label}</Label>
      <Input
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
        <Footer>
          {error ? (
            <Help id={errorId} data-error="">
              {error}
            </Help>
          ) : null}
          {description ? <Help id={descriptionId}>{description}</Help> : null}
          {showCounter ? (
            <Counter
              id={counterId}
              aria-live="polite"
              data-limit={counter.status}
              className="cui-text-area__counter"
            >
              {counter.text}
            </Counter>
          ) : null}
        </Footer>
      ) : null}
    </Field>
  );
}
