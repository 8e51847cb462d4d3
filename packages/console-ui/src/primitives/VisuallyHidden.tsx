import type { HTMLAttributes } from 'react';
import { styled } from 'styled-components';
import { visuallyHiddenCss } from './css.js';

const Hidden = styled.span`
  ${visuallyHiddenCss}
`;

/**
 * Text for assistive technology only.
 *
 * @example
 * ```tsx
 * <button><TrashIcon aria-hidden="true" /><VisuallyHidden>Delete Budi</VisuallyHidden></button>
 * ```
 */
export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <Hidden className={['cui-visually-hidden', className].filter(Boolean).join(' ')} {...rest} />;
}
