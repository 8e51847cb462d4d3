import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { startScreenMachine, type CheckSessionFn } from '../../machines/startScreen.machine.js';

export interface UseStartScreenOptions {
  /** True when a valid session exists. Read once, when the screen mounts. */
  checkSession: CheckSessionFn;
  /** Called once with `/app/customer-chats` (valid session) or `/login`, no sooner than 0.5 s. */
  onNavigate: (path: string) => void;
  /** Override the machine's delay, e.g. `{ START_REDIRECT: 0 }`. */
  delays?: Partial<{ START_REDIRECT: number }>;
  /** Override the redirect paths. */
  targets?: Partial<{ valid: string; invalid: string }>;
}

export interface UseStartScreenResult {
  /** `checking` until both the check and the delay are over, then `redirecting`. */
  status: 'checking' | 'redirecting';
  /** The path handed to `onNavigate`, once known. */
  target: string | null;
}

/**
 * Headless start screen: runs the startScreen machine and calls `onNavigate` with its target.
 *
 * @example
 * ```tsx
 * const { status } = useStartScreen({ checkSession: () => readStoredUser(localStorage) !== null, onNavigate: navigate });
 * ```
 */
export function useStartScreen({
  checkSession,
  onNavigate,
  delays,
  targets,
}: UseStartScreenOptions): UseStartScreenResult {
  const machine = useMemo(
    () => (delays ? startScreenMachine.provide({ delays: { ...delays } }) : startScreenMachine),
    [delays],
  );
  const actorRef = useActorRef(machine, { input: { checkSession, targets } });
  const status = useSelector(actorRef, (s) => (s.status === 'done' ? 'redirecting' : 'checking'));
  const target = useSelector(actorRef, (s) => s.output?.target ?? null);

  const onNavigateRef = useRef(onNavigate);
  useLayoutEffect(() => {
    onNavigateRef.current = onNavigate;
  });
  const navigatedRef = useRef(false);
  useEffect(() => {
    if (target === null || navigatedRef.current) return;
    navigatedRef.current = true;
    onNavigateRef.current(target);
  }, [target]);

  return { status, target };
}
