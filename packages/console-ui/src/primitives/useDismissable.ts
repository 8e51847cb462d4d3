import { useEffect, type RefObject } from 'react';

export interface UseDismissableOptions {
  /** Whether the layer is open (listeners are attached only then). */
  open: boolean;
  /** The layer together with its trigger: a pointer-down outside it dismisses. */
  containerRef: RefObject<HTMLElement | null>;
  /** Called on a pointer-down outside, or Escape while focus is inside. */
  onDismiss: (reason: 'outside' | 'escape') => void;
  /** Where focus goes after Escape (usually the trigger). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A dismissable layer (popover, menu, drawer): a pointer-down outside `containerRef` or Escape with focus
 * inside closes it; Escape returns focus to `returnFocusRef` and stops there, so an outer layer stays open.
 *
 * @example
 * ```tsx
 * useDismissable({ open, containerRef: rootRef, returnFocusRef: buttonRef, onDismiss: () => setOpen(false) });
 * ```
 */
export function useDismissable({ open, containerRef, onDismiss, returnFocusRef }: UseDismissableOptions) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      const container = containerRef.current;
      if (container && !container.contains(event.target as Node)) onDismiss('outside');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !containerRef.current?.contains(document.activeElement)) return;
      event.stopPropagation();
      onDismiss('escape');
      returnFocusRef?.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, containerRef, onDismiss, returnFocusRef]);
}
