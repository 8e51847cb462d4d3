import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { t } from '../theme/tokens.js';
import { focusRingWideCss } from './css.js';
import { useStaticStyles } from './staticStyles.js';

export type ButtonKind = 'default' | 'primary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual weight: `default` (outlined), `primary` (filled), `danger` (destructive), `ghost` (text only). */
  kind?: ButtonKind;
}

/** An outlined button's box at the text's own size, without states (a component's plain `.cui-button`). */
export const buttonBoxCss = `
  font: inherit;
  padding: ${t.space1} ${t.space3};
  border-radius: ${t.radiusSm};
  border: 1px solid ${t.colorBorder};
  background: ${t.colorSurface};
  color: ${t.colorText};
  cursor: pointer;
`;

/** The console's button styles, as CSS for a `.cui-button` selector inside a component's root. */
export const buttonCss = `
  ${buttonBoxCss}
  font-size: ${t.fontSizeSm};
  &:hover:not(:disabled) {
    border-color: ${t.colorTextMuted};
  }
  &:disabled {
    cursor: not-allowed;
    color: ${t.colorTextMuted};
  }
  &[data-kind='primary'] {
    background: ${t.colorPrimary};
    border-color: ${t.colorPrimary};
    color: ${t.colorPrimaryText};
  }
  &[data-kind='danger'] {
    border-color: ${t.colorDanger};
    color: ${t.colorDanger};
  }
  &[data-kind='ghost'] {
    border-color: transparent;
    background: transparent;
  }
  &:focus-visible {
    ${focusRingWideCss}
  }
`;

/**
 * Button's own static sheet (not styled-components: an app that shows only buttons ships none). It styles
 * `.cui-console-button`, a class only this component carries: other components give their own buttons the
 * `.cui-button` hook and style it inside their root (`buttonCss`), so a sheet on `.cui-button` would restyle them
 * wherever a Button has rendered. Each rule is as specific as the styled class was.
 */
const BUTTON_CSS = `.cui-console-button {
  ${buttonBoxCss}
  font-size: ${t.fontSizeSm};
}
.cui-console-button:hover:not(:disabled) {
  border-color: ${t.colorTextMuted};
}
.cui-console-button:disabled {
  cursor: not-allowed;
  color: ${t.colorTextMuted};
}
.cui-console-button[data-kind='primary'] {
  background: ${t.colorPrimary};
  border-color: ${t.colorPrimary};
  color: ${t.colorPrimaryText};
}
.cui-console-button[data-kind='danger'] {
  border-color: ${t.colorDanger};
  color: ${t.colorDanger};
}
.cui-console-button[data-kind='ghost'] {
  border-color: transparent;
  background: transparent;
}
.cui-console-button:focus-visible {
  ${focusRingWideCss}
}`;

/**
 * A console button (`type="button"` unless given). Hosts restyle it through `.cui-button[data-kind]`.
 *
 * @example
 * ```tsx
 * <Button kind="primary" onClick={save}>Save</Button>
 * ```
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { kind = 'default', type = 'button', className, ...rest },
  ref,
) {
  useStaticStyles('button', BUTTON_CSS);
  return (
    <button
      ref={ref}
      type={type}
      data-kind={kind === 'default' ? undefined : kind}
      className={['cui-button cui-console-button', className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
});
