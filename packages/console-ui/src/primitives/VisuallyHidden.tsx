import type { HTMLAttributes } from 'react';
import { visuallyHiddenCss } from './css.js';
import { useStaticStyles } from './staticStyles.js';

/** A static sheet, not styled-components: one class, as specific as the styled class was. */
const VISUALLY_HIDDEN_CSS = `.cui-visually-hidden {${visuallyHiddenCss}}`;

/**
 * Text for assistive technology only.
 *
 * @example
 * ```tsx
 * <button><TrashIcon aria-hidden="true" /><VisuallyHidden>Delete Budi</VisuallyHidden></button>
 * ```
 */
export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  useStaticStyles('visually-hidden', VISUALLY_HIDDEN_CSS);
  return <span className={['cui-visually-hidden', className].filter(Boolean).join(' ')} {...rest} />;
}
