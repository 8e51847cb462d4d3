import { useId } from 'react';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useOtpInput, type UseOtpInputOptions } from './useOtpInput.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';
import { OTP_INPUT_CSS } from './OtpInput.styles.js';

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

/**
 * A one-time-code input: `length` boxes (default 6), one character each. Controlled (`value` +
 * `onValueChange`) or uncontrolled (`defaultValue`); `onValueChange` fires only when every box is filled and
 * the code changed. State is exposed as `data-disabled` / `data-invalid` / `data-complete` on the root.
 *
 * @example
 * ```tsx
 * <OtpInput label="Verification code" onValueChange={(code) => verify(code)} invalid={rejected} />
 * ```
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
  useStaticStyles('otp-input', OTP_INPUT_CSS);
  const otp = useOtpInput(options);
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const disabled = options.disabled ?? false;

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      className={['cui-otp-input', className].filter(Boolean).join(' ')}
      data-disabled={disabled ? '' : undefined}
      data-invalid={invalid ? '' : undefined}
      data-complete={otp.complete ? '' : undefined}
    >
      <span className="cui-otp-input__label" id={labelId} data-hidden={hideLabel ? '' : undefined}>
        {label}
      </span>
      <div className="cui-otp-input__boxes">
        {otp.chars.map((_, index) => (
          <input
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
      </div>
      {description ? (
        <span
          className="cui-otp-input__description"
          id={descriptionId}
          data-invalid={invalid ? '' : undefined}
        >
          {description}
        </span>
      ) : null}
      {name ? <input type="hidden" name={name} value={otp.value} /> : null}
    </div>
  );
}
