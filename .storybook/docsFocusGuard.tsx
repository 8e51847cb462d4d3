import { useEffect, useRef, type ReactNode } from 'react';

/** On the guard's element: `armed` until the person first presses a key or the pointer inside it. */
export const DOCS_FOCUS_GUARD = 'data-cui-docs-focus-guard';

let installed = false;

/**
 * Makes `element.focus()` do nothing for elements inside an armed guard. Installed once; elements outside every
 * guard (the Docs page itself, stories on their own canvas) focus as always.
 */
function installFocusGuard() {
  if (installed || typeof HTMLElement === 'undefined') return;
  installed = true;
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function guardedFocus(this: HTMLElement, options?: FocusOptions) {
    if (this.closest(`[${DOCS_FOCUS_GUARD}="armed"]`)) return;
    focus.call(this, options);
  };
}

/**
 * A story shown on a Docs page, beside the file's other stories: it may not take the focus when it appears (an
 * open dialog, an `autoFocus` field, a code step would scroll the page to itself and steal the reader's place).
 * Programmatic focus inside is ignored until the reader first presses a key or the pointer inside the story;
 * from then on the story behaves as on its own canvas. Focus the reader moves there (Tab, a click) is never held.
 */
export function DocsFocusGuard({ children }: { children?: ReactNode }) {
  // Before the children commit: React's autoFocus and their mount effects run inside the same commit.
  installFocusGuard();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const disarm = () => element.setAttribute(DOCS_FOCUS_GUARD, 'off');
    element.addEventListener('pointerdown', disarm, { capture: true });
    element.addEventListener('keydown', disarm, { capture: true });
    return () => {
      element.removeEventListener('pointerdown', disarm, { capture: true });
      element.removeEventListener('keydown', disarm, { capture: true });
    };
  }, []);
  return (
    <div ref={ref} {...{ [DOCS_FOCUS_GUARD]: 'armed' }} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
