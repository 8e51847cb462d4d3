import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CallError, CheckPermissionFn } from '../../adapters.js';
import {
  PAGE_GUARD_DELAYS,
  pageGuardMachine,
  type PageGuardOutcome,
} from '../../machines/pageGuard.machine.js';

export type PermissionStatus = 'checking' | PageGuardOutcome;

export interface UsePermissionOptions {
  /** Override the named delays, e.g. `{ PAGE_GUARD_DELAY: 0 }` in tests. */
  delays?: Partial<Record<keyof typeof PAGE_GUARD_DELAYS, number>>;
  /**
   * When the person asked for the page (a `performance.now()` time, e.g. the link press): the first check's floor
   * counts from then rather than from when its timer starts, which comes after the render and commit that mount
   * the guard. Later checks (retry, re-check) have the whole floor.
   */
  floorFrom?: number;
  /** Change this value to re-run the check (e.g. after the user's permissions changed). */
  recheckToken?: unknown;
  /** Called each time the check ends in denied. */
  onDenied?: () => void;
}

export interface PermissionState {
  status: PermissionStatus;
  /** True while a re-check runs after the page had been allowed (the page may stay on screen meanwhile). */
  isRechecking: boolean;
  error: CallError | null;
  /** Checks again after an error. */
  retry: () => void;
  /** Checks again from any settled state. */
  recheck: () => void;
}

/**
 * Headless page guard: runs `pageGuardMachine` for `permissionKey`, asking `check` (the server) and never
 * settling before the `PAGE_GUARD_DELAY` floor. Use it to build a guard with your own look.
 *
 * @example
 * ```tsx
 * const { status, retry } = usePermission('statistics', api.checkPermission);
 * if (status === 'allowed') return <Statistics />;
 * ```
 */
export function usePermission(
  permissionKey: string,
  check: CheckPermissionFn,
  options: UsePermissionOptions = {},
): PermissionState {
  const { delays, recheckToken, onDenied, floorFrom } = options;
  const onDeniedRef = useRef(onDenied);
  useLayoutEffect(() => {
    onDeniedRef.current = onDenied;
  });

  // xstate resolves the floor when the state is entered (for the first check: in this render) but starts its timer
  // when the actor starts, in a passive effect that runs after the page's own (a covered page's can take 100 ms and
  // more). So a first floor counted from `floorFrom` is a deadline that the clock keeps, not a delay from the start.
  const [clock] = useState(() => new FloorClock());

  // useActorRef keeps one actor (same machine config) and swaps in the latest implementations each render,
  // so a new `check` function is used by the next check without restarting the guard.
  const machine = pageGuardMachine.provide({
    actors: {
      // A stopped check's late answer is dropped: React StrictMode's effect replay stops this actor (aborting the
      // request, which rejects with "canceled") and restarts the same child from its kept snapshot, which would
      // otherwise take that rejection as the new check's error.
      checkPermission: fromPromise<boolean, { permissionKey: string }>(
        ({ input, signal }) =>
          new Promise<boolean>((resolve, reject) => {
            check(input.permissionKey, signal).then(
              (allowed) => {
                if (!signal.aborted) resolve(allowed);
              },
              (error: unknown) => {
                if (!signal.aborted) reject(error as Error);
              },
            );
          }),
      ),
    },
    delays: {
      ...PAGE_GUARD_DELAYS,
      ...delays,
      PAGE_GUARD_DELAY: ({ context }) => {
        const floor = delays?.PAGE_GUARD_DELAY ?? PAGE_GUARD_DELAYS.PAGE_GUARD_DELAY;
        clock.endAt(context.previous === null && floorFrom !== undefined ? floorFrom + floor : undefined);
        return floor;
      },
    },
  });
  const actorRef = useActorRef(machine, { input: { permissionKey }, clock });
  const status = useSelector(actorRef, (s) => s.value as PermissionStatus);
  const previous = useSelector(actorRef, (s) => s.context.previous);
  const error = useSelector(actorRef, (s) => s.context.error);

  useEffect(() => {
    const subscription = actorRef.on('denied', () => onDeniedRef.current?.());
    return () => subscription.unsubscribe();
  }, [actorRef]);

  // A new key (same guard, another route) or a new token re-runs the check; the first render does not.
  const lastRequest = useRef({ permissionKey, recheckToken });
  useEffect(() => {
    const last = lastRequest.current;
    if (last.permissionKey === permissionKey && Object.is(last.recheckToken, recheckToken)) return;
    lastRequest.current = { permissionKey, recheckToken };
    actorRef.send({ type: 'RECHECK', permissionKey });
  }, [actorRef, permissionKey, recheckToken]);

  const [actions] = useState(() => ({
    retry: () => actorRef.send({ type: 'RETRY' }),
    recheck: () => actorRef.send({ type: 'RECHECK' }),
  }));

  return {
    status,
    isRechecking: status === 'checking' && previous === 'allowed',
    error,
    ...actions,
  };
}

/** The actor's clock: a timer set while a deadline is known ends at that moment rather than after its delay. */
class FloorClock {
  private deadline: number | undefined;
  endAt(deadline: number | undefined) {
    this.deadline = deadline;
  }
  setTimeout(fn: () => void, ms: number) {
    return setTimeout(fn, this.deadline === undefined ? ms : Math.max(0, this.deadline - performance.now()));
  }
  clearTimeout(id: ReturnType<typeof setTimeout>) {
    clearTimeout(id);
  }
}
