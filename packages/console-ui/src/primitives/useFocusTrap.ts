import type { KeyboardEvent, RefObject } from 'react';

/** What Tab can reach. */
export const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements Tab reaches inside a container, in order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR));
}

/**
 * A focus trap for a modal layer: returns a keydown handler that keeps Tab and Shift+Tab cycling inside
 * `containerRef` (a container with nothing focusable keeps focus on itself).
 *
 * @example
 * ```tsx
 * const onTrapKeyDown = useFocusTrap(dialogRef);
 * <div ref={dialogRef} role="dialog" aria-modal="true" tabIndex={-1} onKeyDown={onTrapKeyDown}>…</div>
 * ```
 */
export function useFocusTrap(containerRef: RefObject<HTMLElement | null>) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const container = containerRef.current;
    if (event.key !== 'Tab' || !container) return;
    const focusable = focusableIn(container);
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === container)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
