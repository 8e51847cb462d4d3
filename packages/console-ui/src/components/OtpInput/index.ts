export { OtpInput, type OtpInputProps } from './OtpInput.js';
export {
  DEFAULT_OTP_LENGTH,
  OTP_DIGITS,
  useOtpInput,
  type OtpBoxProps,
  type UseOtpInputOptions,
  type UseOtpInputResult,
} from './useOtpInput.js';
