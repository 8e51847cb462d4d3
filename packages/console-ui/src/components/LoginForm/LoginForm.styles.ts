import { t } from '../../theme/tokens.js';
import { focusRingCss, focusRingWideCss, panelCss } from '../../primitives/css.js';

/**
 * The login form's stylesheet, static: /login paints it before the console's code (and styled-components) is
 * downloaded (ADR 048). Every rule is one `cui-login-form…` class, as specific as a styled-components class.
 */
export const LOGIN_FORM_CSS = `
.cui-login-form {
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${t.space4};
  width: 100%;
  min-height: 100%;
  padding: ${t.space4};
  color: ${t.colorText};
  font-family: ${t.fontFamily};
  /* Narrow layouts follow the space the form is given, not the window: it may be embedded in a panel. */
  container-type: inline-size;
}
.cui-login-form[data-fullscreen] {
  min-height: 100vh;
  min-height: 100dvh;
}
.cui-login-form__card {
  box-sizing: border-box;
  width: 100%;
  max-width: 400px;
  padding: ${t.space6};
  ${panelCss}
  box-shadow: ${t.shadowMd};
}
@container (max-width: 420px) {
  .cui-login-form__card {
    padding: ${t.space4};
  }
}
.cui-login-form__title {
  margin: 0 0 ${t.space2};
  font-size: ${t.fontSizeXl};
  line-height: 1.25;
}
.cui-login-form__intro {
  margin: 0 0 ${t.space6};
  color: ${t.colorTextMuted};
  line-height: 1.5;
}
.cui-login-form__field {
  display: flex;
  flex-direction: column;
  gap: ${t.space1};
  margin-bottom: ${t.space4};
}
.cui-login-form__label {
  font-weight: 600;
  font-size: ${t.fontSizeSm};
}
.cui-login-form__input {
  box-sizing: border-box;
  width: 100%;
  min-height: 44px;
  padding: ${t.space2} ${t.space3};
  /* 16px keeps mobile browsers from zooming into the field. */
  font: inherit;
  font-size: 1rem;
  color: ${t.colorText};
  background: ${t.colorSurface};
  border: 1px solid ${t.colorTextMuted};
  border-radius: ${t.radiusSm};
}
.cui-login-form__input:focus-visible {
  ${focusRingCss}
}
.cui-login-form__input:read-only {
  background: ${t.colorBg};
}
.cui-login-form__error {
  margin: 0 0 ${t.space4};
  padding: ${t.space2} ${t.space3};
  color: ${t.colorDanger};
  background: ${t.colorDangerSoft};
  border-radius: ${t.radiusSm};
  font-size: ${t.fontSizeSm};
  overflow-wrap: anywhere;
}
.cui-login-form__button {
  box-sizing: border-box;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${t.space2};
  width: 100%;
  min-height: 44px;
  padding: ${t.space2} ${t.space4};
  font: inherit;
  font-weight: 600;
  color: ${t.colorPrimaryText};
  background: ${t.colorPrimary};
  border: 0;
  border-radius: ${t.radiusSm};
  cursor: pointer;
}
.cui-login-form__button:focus-visible {
  ${focusRingWideCss}
}
.cui-login-form__button:disabled {
  cursor: progress;
  opacity: 0.85;
}
.cui-login-form__button[data-state='success'],
.cui-login-form__button[data-state='done'] {
  background: ${t.colorSuccess};
  opacity: 1;
}
.cui-login-form__spinner {
  box-sizing: border-box;
  flex: none;
  width: 1em;
  height: 1em;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: cui-login-form-spin 0.8s linear infinite;
}
@media (prefers-reduced-motion: reduce) {
  .cui-login-form__spinner {
    animation-duration: 2.4s;
  }
}
@keyframes cui-login-form-spin {
  to {
    transform: rotate(360deg);
  }
}
.cui-login-form__code-links {
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${t.space2};
  margin-top: ${t.space3};
}
.cui-login-form__link {
  font: inherit;
  font-size: ${t.fontSizeSm};
  padding: 0;
  color: ${t.colorPrimary};
  background: none;
  border: 0;
  text-decoration: underline;
  cursor: pointer;
}
.cui-login-form__link:disabled {
  color: ${t.colorTextMuted};
  cursor: default;
}
.cui-login-form__link:focus-visible {
  ${focusRingWideCss}
}
.cui-login-form__footer {
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${t.space1} ${t.space2};
  margin: 0;
  color: ${t.colorTextMuted};
  font-size: ${t.fontSizeSm};
  text-align: center;
}
`;
