import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useDismissable } from '../../primitives/useDismissable.js';

export interface PopoverProps {
  triggerLabel: ReactNode;
  triggerAriaLabel?: string;
  triggerClassName?: string;
  dialogLabel: string;
  children: (close: () => void) => ReactNode;
}

export const PopoverCloseContext = createContext<() => void>(() => {});

/** Calls a render prop with the enclosing popover's close function. */
function WithClose({ render }: { render: (close: () => void) => ReactNode }) {
  return render(useContext(PopoverCloseContext));
}

/** A non-modal popup: Escape or a click outside closes it, focus goes back to its button. */
/** A button opening a dismissable dialog panel (filters, saved views). */
export function Popover({
  triggerLabel,
  triggerAriaLabel,
  triggerClassName = 'cui-button',
  dialogLabel,
  children,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('input, select, button, [tabindex="0"]')?.focus();
  }, [open]);
  const dismiss = useCallback(() => setOpen(false), []);
  useDismissable({ open, containerRef: rootRef, returnFocusRef: triggerRef, onDismiss: dismiss });
  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };
  return (
    <span ref={rootRef} className="cui-popover">
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-label={triggerAriaLabel}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => setOpen(!open)}
      >
        {triggerLabel}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          role="dialog"
          aria-label={dialogLabel}
          className="cui-popover-panel"
        >
          <PopoverCloseContext.Provider value={close}>
            <WithClose render={children} />
          </PopoverCloseContext.Provider>
        </div>
      ) : null}
    </span>
  );
}
