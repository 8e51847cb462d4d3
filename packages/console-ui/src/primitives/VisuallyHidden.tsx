import type { HTMLAttributes } from 'react';
import { styled } from 'styled-components';

/** Hidden on screen, read by screen readers (a status line, a label the design shows as an icon). */
export const visuallyHiddenCss = `
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  border: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Hidden = styled.span`
  ${visuallyHiddenCss}
`;

/**
 * Text for assistive technology only.
 *
 * @example
 * <button><TrashIcon aria-hidden="true" /><VisuallyHidden>Delete Budi</VisuallyHidden></button>
 */
export function VisuallyHidden({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <Hidden className={['cui-visually-hidden', className].filter(Boolean).join(' ')} {...rest} />;
}
