import { useId } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useOtpInput, type UseOtpInputOptions } from './useOtpInput.js';
import { focusRingCss } from '../../primitives/css.js';

export interface OtpInputProps extends UseOtpInputOptions {
  /** Name of the group of boxes; default "One-time code". */
  label?: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** The code was rejected: boxes get aria-invalid and the danger colour. */
  invalid?: boolean;
  /** Help or error text under the boxes, linked to every box. */
  description?: string;
  /** Submits the joined code with a form under this name. */
  name?: string;
  /** Focus the first box on mount. */
  autoFocus?: boolean;
  className?: string;
}

const Root = styled.div`
  display: inline-flex;
  flex-direction: column;
  gap: ${t.space2};
  font-family: ${t.fontFamily};
  color: ${t.colorText};
`;

const Label = styled.span<{ $hidden: boolean }>`
  font-size: ${t.fontSizeSm};
  font-weight: 600;
  ${({ $hidden }) =>
    $hidden
      ? 'position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;'
      : ''}
`;

const Boxes = styled.div`
  display: flex;
  gap: ${t.space2};
`;

const Box = styled.input`
  width: 2.5rem;
  height: 3rem;
  box-sizing: border-box;
  text-align: center;
  font-size: ${t.fontSizeLg};
  font-family: inherit;
  color: ${t.colorText};
  background: ${t.colorSurface};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
  caret-color: ${t.colorPrimary};

  &:focus-visible,
  &:focus {
    ${focusRingCss}
    border-color: ${t.colorFocus};
  }
  &[data-filled] {
    border-color: ${t.colorTextMuted};
  }
  &[data-invalid] {
    border-color: ${t.colorDanger};
    background: ${t.colorDangerSoft};
  }
  &:disabled {
    cursor: not-allowed;
    color: ${t.colorTextMuted};
    background: ${t.colorBg};
  }
`;

const Description = styled.span<{ $invalid: boolean }>`
  font-size: ${t.fontSizeSm};
  color: ${({ $invalid }) => ($invalid ? t.colorDanger : t.colorTextMuted)};
`;

/**
 * A one-time-code input: `length` boxes (default 6), one character each. Controlled (`value` +
 * `onValueChange`) or uncontrolled (`defaultValue`); `onValueChange` fires only when every box is filled and
 * the code changed. State is exposed as `data-disabled` / `data-invalid` / `data-complete` on the root.
 *
 * @example
 * <OtpInput label="Verification code" onValueChange={(code) => verify(code)} invalid={rejected} />
 */
export function OtpInput({
  label = 'One-time code',
  hideLabel = false,
  invalid = false,
  description,
  name,
  autoFocus = false,
  className,
  ...options
}: OtpInputProps) {
  useThemeCheck('OtpInput');
  const otp = useOtpInput(options);
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const disabled = options.disabled ?? false;

  return (
    <Root
      role="group"
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      className={['cui-otp-input', className].filter(Boolean).join(' ')}
      data-disabled={disabled ? '' : undefined}
      data-invalid={invalid ? '' : undefined}
      data-complete={otp.complete ? '' : undefined}
    >
      <Label id={labelId} $hidden={hideLabel}>
        {label}
      </Label>
      <Boxes>
        {otp.chars.map((_, index) => (
          <Box
            key={index}
            {...otp.getBoxProps(index)}
            className="cui-otp-input__box"
            aria-invalid={invalid || undefined}
            aria-describedby={descriptionId}
            data-invalid={invalid ? '' : undefined}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- opt-in, for a screen whose only task is the code
            autoFocus={autoFocus && index === 0}
          />
        ))}
      </Boxes>
      {description ? (
        <Description id={descriptionId} $invalid={invalid}>
          {description}
        </Description>
      ) : null}
      {name ? <input type="hidden" name={name} value={otp.value} /> : null}
    </Root>
  );
}
