import type { ReactNode } from 'react';

export interface SkeletonStatusProps {
  /** The element that holds the status: a line of text or a block in the layout. */
  as?: 'p' | 'div';
  className: string;
  /** The component's class prefix: the placeholder is `<prefix>__skeleton`, the words `<prefix>__sr`. */
  prefix: string;
  /** What a screen reader announces while the placeholder shows. */
  label: ReactNode;
}

/**
 * A loading placeholder: a shape for the eye (styled by the component) and the words for a screen reader, in
 * one live `status` region.
 */
export function SkeletonStatus({ as: Tag = 'p', className, prefix, label }: SkeletonStatusProps) {
  return (
    <Tag className={className} role="status">
      <span className={`${prefix}__skeleton`} aria-hidden="true" />
      <span className={`${prefix}__sr`}>{label}</span>
    </Tag>
  );
}
