import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useFocusTrap } from '../../primitives/useFocusTrap.js';
import { backdropCss, focusRingWideCss } from '../../primitives/css.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, e.g. "Delete 3 creators? This cannot be undone." */
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: role=alertdialog, danger button, initial focus on Cancel. */
  destructive?: boolean;
  /** The action is running: buttons disabled, Escape ignored. */
  busy?: boolean;
  busyLabel?: string;
  /** Why the action failed, shown inside the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}

/**
 * A static sheet, not styled-components: a page that only confirms ships no styled-components for its dialog. Each
 * rule as specific as the styled one was (the panel's headings and buttons through its classes). The actions end
 * at the line's end (`flex-end`), which is the left in right-to-left text.
 */
const CONFIRM_DIALOG_CSS = `.cui-confirm-dialog-backdrop {
  ${backdropCss}
  display: grid;
  place-items: center;
  padding: ${t.space4};
}
.cui-confirm-dialog {
  width: min(440px, 100%);
  background: ${t.colorSurfaceRaised};
  color: ${t.colorText};
  border-radius: ${t.radiusMd};
  box-shadow: ${t.shadowMd};
  padding: ${t.space6};
  font-family: ${t.fontFamily};
}
.cui-confirm-dialog:focus {
  outline: none;
}
.cui-confirm-dialog h2 {
  margin: 0 0 ${t.space3};
  font-size: ${t.fontSizeLg};
}
.cui-confirm-dialog .cui-confirm-dialog-error {
  color: ${t.colorDanger};
  background: ${t.colorDangerSoft};
  padding: ${t.space2} ${t.space3};
  border-radius: ${t.radiusSm};
}
.cui-confirm-dialog__actions {
  display: flex;
  justify-content: flex-end;
  gap: ${t.space2};
  margin-top: ${t.space6};
}
.cui-confirm-dialog__actions button {
  font: inherit;
  padding: ${t.space2} ${t.space4};
  border-radius: ${t.radiusSm};
  border: 1px solid ${t.colorBorder};
  background: ${t.colorSurface};
  color: ${t.colorText};
  cursor: pointer;
}
.cui-confirm-dialog__actions button:focus-visible {
  ${focusRingWideCss}
}
.cui-confirm-dialog__actions button:disabled {
  cursor: progress;
  opacity: 0.7;
}
.cui-confirm-dialog__actions button[data-kind='primary'] {
  background: ${t.colorPrimary};
  border-color: ${t.colorPrimary};
  color: ${t.colorPrimaryText};
}
.cui-confirm-dialog__actions button[data-kind='danger'] {
  background: ${t.colorDanger};
  border-color: ${t.colorDanger};
  color: ${t.colorSurface};
}`;

/**
 * An accessible modal confirmation: focus is trapped inside, Escape cancels, and focus returns to where it was
 * when the dialog closes.
 *
 * @example
 * ```tsx
 * <ConfirmDialog open={open} destructive title="Delete creator" description="Delete Budi Santoso?"
 *   confirmLabel="Delete" onConfirm={remove} onCancel={() => setOpen(false)} />
 * ```
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  busyLabel = 'Working…',
  error,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  useThemeCheck('ConfirmDialog');
  useStaticStyles('confirm-dialog', CONFIRM_DIALOG_CSS);
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const trapFocus = useFocusTrap(dialogRef);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (destructive ? cancelRef.current : confirmRef.current)?.focus();
    return () => {
      if (previous && previous.isConnected) previous.focus();
    };
    // Only on opening: re-focusing on every prop change would steal focus from the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    trapFocus(event);
  };

  return (
    <div className="cui-confirm-dialog-backdrop">
      <div
        ref={dialogRef}
        className="cui-confirm-dialog"
        role={destructive ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-busy={busy || undefined}
        data-variant={destructive ? 'destructive' : 'default'}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {description ? <div id={`${id}-description`}>{description}</div> : null}
        {children}
        {error ? (
          <p role="alert" className="cui-confirm-dialog-error">
            {error}
          </p>
        ) : null}
        <div className="cui-confirm-dialog__actions">
          <button ref={cancelRef} type="button" data-kind="secondary" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            ref={confirmRef}
            type="button"
            data-kind={destructive ? 'danger' : 'primary'}
            disabled={busy}
            onClick={onConfirm}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
