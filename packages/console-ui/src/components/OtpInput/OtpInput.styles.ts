import { t } from '../../theme/tokens.js';
import { focusRingCss, visuallyHiddenCss } from '../../primitives/css.js';

/** The code input's stylesheet, static: the login form's code step shows it before the console loads (ADR 048). */
export const OTP_INPUT_CSS = `
.cui-otp-input {
  display: inline-flex;
  flex-direction: column;
  gap: ${t.space2};
  font-family: ${t.fontFamily};
  color: ${t.colorText};
}
.cui-otp-input__label {
  font-size: ${t.fontSizeSm};
  font-weight: 600;
}
.cui-otp-input__label[data-hidden] {
  ${visuallyHiddenCss}
}
.cui-otp-input__boxes {
  display: flex;
  gap: ${t.space2};
}
.cui-otp-input__box {
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
}
.cui-otp-input__box:focus-visible,
.cui-otp-input__box:focus {
  ${focusRingCss}
  border-color: ${t.colorFocus};
}
.cui-otp-input__box[data-filled] {
  border-color: ${t.colorTextMuted};
}
.cui-otp-input__box[data-invalid] {
  border-color: ${t.colorDanger};
  background: ${t.colorDangerSoft};
}
.cui-otp-input__box:disabled {
  cursor: not-allowed;
  color: ${t.colorTextMuted};
  background: ${t.colorBg};
}
.cui-otp-input__description {
  font-size: ${t.fontSizeSm};
  color: ${t.colorTextMuted};
}
.cui-otp-input__description[data-invalid] {
  color: ${t.colorDanger};
}
`;
