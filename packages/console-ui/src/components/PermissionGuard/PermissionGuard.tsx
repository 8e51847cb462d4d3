import { Activity, useEffect, type ReactNode } from 'react';
import type { CallError, CheckPermissionFn } from '../../adapters.js';
import { PAGE_DENIED_MESSAGE } from '../../machines/pageGuard.machine.js';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { usePermission, type UsePermissionOptions } from './usePermission.js';
import { VisuallyHidden } from '../../primitives/VisuallyHidden.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';
import { SPIN_KEYFRAMES, spinKeyframesCss } from '../../primitives/spin.js';

export interface PermissionGuardErrorProps {
  error: CallError;
  retry: () => void;
  /** Text of the button; default "Retry". */
  retryLabel?: string;
}

export interface PermissionGuardProps {
  /** The key whose read permission the server is asked about. */
  permissionKey: string;
  /** The server check (`GET /api/a/verify/___pc`): true = allowed, false or a 403 rejection = denied. */
  check: CheckPermissionFn;
  /** Page title, set as `document.title` while the guard is mounted. */
  title?: string;
  /** Shown while checking. Default: a spinner with role=status. */
  loading?: ReactNode;
  /** Shown when denied. Default: an alert with "You don't have permission to access this page". */
  denied?: ReactNode;
  /** Shown when the check failed (network, 5xx). Default: a message and a Retry button. */
  error?: ReactNode | ((props: PermissionGuardErrorProps) => ReactNode);
  /** Called each time the check ends in denied. */
  onDenied?: () => void;
  /** The page, rendered only once allowed. */
  children?: ReactNode;
  delays?: UsePermissionOptions['delays'];
  /** When the person asked for the page (`performance.now()`); the first floor counts from then (see usePermission). */
  floorFrom?: number;
  /** Change to re-run the check (live permission changes). An allowed page stays mounted while re-checking. */
  recheckToken?: unknown;
  /**
   * Prepare the page while the check runs, so an allowed page is revealed at the floor instead of rendered then.
   * It is never shown, announced or focusable before the answer, and a denied page is unmounted unseen; its data
   * calls are the server's to refuse.
   * - `false` (default): not rendered before the answer.
   * - `true` or `'hidden'`: rendered in React's `<Activity mode="hidden">` (low priority, `display: none`, no effects
   *   until revealed). Needs React 19.2 or later.
   * - `'covered'`: mounted live under the `loading` view: laid out, its effects run (data arrives, charts draw), but
   *   `visibility: hidden`, `inert` and `aria-hidden`. At the floor only the cover comes off: no render, effects or
   *   layout of the page are left for that moment.
   */
  prerender?: boolean | 'hidden' | 'covered';
}

/**
 * Renders its children only when the server allows `permissionKey`, after at least the 0.75 s display
 * floor (modelled on react-admin's `CanAccess`).
 *
 * @example
 * ```tsx
 * <PermissionGuard permissionKey="statistics" title="Usage Statistics" check={api.checkPermission}>
 *   <UsageStatistics />
 * </PermissionGuard>
 * ```
 */
export function PermissionGuard({
  permissionKey,
  check,
  title,
  loading,
  denied,
  error,
  onDenied,
  children,
  delays,
  recheckToken,
  floorFrom,
  prerender = false,
}: PermissionGuardProps) {
  useStaticStyles('permission-guard', PERMISSION_GUARD_CSS);
  useThemeCheck('PermissionGuard');
  const permission = usePermission(permissionKey, check, { delays, recheckToken, onDenied, floorFrom });
  useDocumentTitle(title);

  const allowed = permission.status === 'allowed' || permission.isRechecking;
  if (prerender === 'covered' && (allowed || permission.status === 'checking'))
    // The same two elements from covered to shown, so React keeps the page mounted and only changes attributes.
    return (
      <div className="cui-permission-guard__stage">
        {allowed ? null : (
          <div className="cui-permission-guard__cover">{loading ?? <PermissionGuardLoading />}</div>
        )}
        <div
          className="cui-permission-guard__page"
          style={allowed ? undefined : COVERED}
          inert={!allowed}
          aria-hidden={allowed ? undefined : true}
        >
          {children}
        </div>
      </div>
    );
  if (prerender && (allowed || permission.status === 'checking'))
    // The page keeps its place (second child) from hidden to visible, so React reveals it rather than mounting it.
    return (
      <>
        {allowed ? null : (loading ?? <PermissionGuardLoading />)}
        <Activity mode={allowed ? 'visible' : 'hidden'}>{children}</Activity>
      </>
    );

  if (permission.status === 'allowed' || permission.isRechecking) return <>{children}</>;
  if (permission.status === 'checking') return <>{loading ?? <PermissionGuardLoading />}</>;
  if (permission.status === 'denied') return <>{denied ?? <PermissionGuardDenied />}</>;
  const failure = permission.error ?? {};
  if (typeof error === 'function') return <>{error({ error: failure, retry: permission.retry })}</>;
  return <>{error ?? <PermissionGuardError error={failure} retry={permission.retry} />}</>;
}

/** Sets `document.title` while mounted and puts the previous title back afterwards. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined || typeof document === 'undefined') return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/**
 * A static sheet, not styled-components (ADR 048): the guard stands on every signed-in page before the page's own
 * code, and ships none of it. One class per rule, as specific as the styled rules were.
 */
const PERMISSION_GUARD_CSS = `.cui-permission-guard {
  display: flex;
  align-items: center;
  gap: ${t.space3};
  padding: ${t.space4};
  border-radius: ${t.radiusMd};
  font-size: ${t.fontSizeMd};
  color: ${t.colorText};
}
.cui-permission-guard[data-state='checking'] {
  justify-content: center;
  min-height: 120px;
  color: ${t.colorTextMuted};
}
.cui-permission-guard[data-state='denied'] {
  background: ${t.colorDangerSoft};
  border: 1px solid ${t.colorDanger};
}
.cui-permission-guard[data-state='error'] {
  flex-wrap: wrap;
  background: ${t.colorWarningSoft};
  border: 1px solid ${t.colorWarning};
}
.cui-permission-guard__stage {
  position: relative;
}
.cui-permission-guard__cover {
  position: absolute;
  inset: 0 0 auto 0;
  z-index: 1;
}
.cui-permission-guard__spinner {
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 3px solid ${t.colorBorder};
  border-top-color: ${t.colorPrimary};
  animation: ${SPIN_KEYFRAMES} 0.8s linear infinite;
}
@media (prefers-reduced-motion: reduce) {
  .cui-permission-guard__spinner {
    animation-duration: 2.4s;
  }
}
.cui-permission-guard__message {
  margin: 0;
  flex: 1 1 auto;
}
.cui-permission-guard__retry {
  font: inherit;
  padding: ${t.space2} ${t.space4};
  border-radius: ${t.radiusSm};
  border: 1px solid ${t.colorPrimary};
  background: ${t.colorPrimary};
  color: ${t.colorPrimaryText};
  cursor: pointer;
}
.cui-permission-guard__retry:focus-visible {
  outline: 3px solid ${t.colorFocus};
  outline-offset: 2px;
}
${spinKeyframesCss}`;

const COVERED = { visibility: 'hidden' } as const;

/** The default `loading` slot: a spinner announced as "Checking permission…". */
export function PermissionGuardLoading({ label = 'Checking permission…' }: { label?: string }) {
  useStaticStyles('permission-guard', PERMISSION_GUARD_CSS);
  return (
    <div className="cui-permission-guard" data-state="checking" role="status">
      <span className="cui-permission-guard__spinner" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}

/** The default `denied` slot: the spec's alert. */
export function PermissionGuardDenied({ message = PAGE_DENIED_MESSAGE }: { message?: string }) {
  useStaticStyles('permission-guard', PERMISSION_GUARD_CSS);
  return (
    <div className="cui-permission-guard" data-state="denied" role="alert">
      <p className="cui-permission-guard__message">{message}</p>
    </div>
  );
}

/** Describes a failed check for people: the server's message or status when there is one. */
export function permissionErrorText(error: CallError): string {
  const detail = error.message ?? (error.status ? `HTTP ${error.status}` : undefined);
  return detail
    ? `Could not check your access to this page (${detail}).`
    : 'Could not check your access to this page.';
}

/** The default `error` slot: what went wrong and a Retry button. */
export function PermissionGuardError({ error, retry, retryLabel = 'Retry' }: PermissionGuardErrorProps) {
  useStaticStyles('permission-guard', PERMISSION_GUARD_CSS);
  return (
    <div className="cui-permission-guard" data-state="error" role="alert">
      <p className="cui-permission-guard__message">{permissionErrorText(error)}</p>
      <button type="button" className="cui-permission-guard__retry" onClick={retry}>
        {retryLabel}
      </button>
    </div>
  );
}
