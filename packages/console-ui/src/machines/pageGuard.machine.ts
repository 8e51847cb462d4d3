import { assign, emit, fromPromise, setup } from 'xstate';
import type { CallError } from '../adapters.js';

/** The alert a denied page shows. */
export const PAGE_DENIED_MESSAGE = "You don't have permission to access this page";

/** Default named delays of the page guard, in milliseconds. */
export const PAGE_GUARD_DELAYS = {
  /** The result is never shown before this floor (about 0.75 s); it runs in parallel with the check. */
  PAGE_GUARD_DELAY: 750,
} as const;

export type PageGuardOutcome = 'allowed' | 'denied' | 'error';

export interface PageGuardInput {
  permissionKey: string;
}

export interface PageGuardContext {
  permissionKey: string;
  /** The check's answer once it arrived (the floor may still be running). */
  result: PageGuardOutcome | null;
  floorElapsed: boolean;
  error: CallError | null;
  /** The outcome before the current check; lets a view keep an allowed page mounted while re-checking. */
  previous: PageGuardOutcome | null;
}

export type PageGuardEvent =
  | { type: 'RETRY' }
  /** Re-runs the check, e.g. after the user's permissions changed; optionally for another key. */
  | { type: 'RECHECK'; permissionKey?: string };

export type PageGuardEmitted = { type: 'denied'; permissionKey: string };

/** Turns whatever the check rejected with into a CallError. */
export function toCallError(error: unknown): CallError {
  if (error && typeof error === 'object') {
    const { status, message } = error as { status?: unknown; message?: unknown };
    return {
      ...(typeof status === 'number' ? { status } : {}),
      ...(typeof message === 'string' ? { message } : {}),
    };
  }
  return typeof error === 'string' ? { message: error } : {};
}

/**
 * The page guard: `checking` → `allowed` | `denied` | `error`. The server check starts at
 * once and the `PAGE_GUARD_DELAY` floor runs beside it, so the result shows at max(check, 0.75 s). A 403
 * rejection counts as denied; other failures (network, 5xx) land in `error`, which `RETRY` leaves.
 *
 * @example
 * ```tsx
 * const guard = createActor(pageGuardMachine.provide({
 *   actors: { checkPermission: fromPromise(({ input, signal }) => api.check(input.permissionKey, signal)) },
 * }), { input: { permissionKey: 'statistics' } }).start();
 * ```
 */
export const pageGuardMachine = setup({
  types: {
    context: {} as PageGuardContext,
    events: {} as PageGuardEvent,
    input: {} as PageGuardInput,
    emitted: {} as PageGuardEmitted,
  },
  actors: {
    checkPermission: fromPromise<boolean, { permissionKey: string }>(async () => {
      throw { message: 'pageGuardMachine: provide a checkPermission actor' } satisfies CallError;
    }),
  },
  delays: PAGE_GUARD_DELAYS,
  actions: {
    startCheck: assign(({ context }) => ({
      result: null,
      floorElapsed: false,
      error: null,
      previous: context.result ?? context.previous,
    })),
    recordAllowed: assign({ result: 'allowed' as const }),
    recordDenied: assign({ result: 'denied' as const }),
    recordError: assign(({ event }) => ({
      result: 'error' as const,
      error: toCallError((event as { error?: unknown }).error),
    })),
    markFloorElapsed: assign({ floorElapsed: true }),
    setPermissionKey: assign(({ context, event }) => ({
      permissionKey: (event.type === 'RECHECK' && event.permissionKey) || context.permissionKey,
    })),
    emitDenied: emit(({ context }) => ({ type: 'denied' as const, permissionKey: context.permissionKey })),
  },
  guards: {
    // The invoke's done/error events are not part of PageGuardEvent, hence the narrowing casts.
    isGranted: ({ event }) => (event as { output?: unknown }).output === true,
    isForbidden: ({ event }) => toCallError((event as { error?: unknown }).error).status === 403,
    showAllowed: ({ context }) => context.floorElapsed && context.result === 'allowed',
    showDenied: ({ context }) => context.floorElapsed && context.result === 'denied',
    showError: ({ context }) => context.floorElapsed && context.result === 'error',
  },
}).createMachine({
  id: 'pageGuard',
  context: ({ input }) => ({
    permissionKey: input.permissionKey,
    result: null,
    floorElapsed: false,
    error: null,
    previous: null,
  }),
  initial: 'checking',
  on: {
    RECHECK: { target: '.checking', reenter: true, actions: 'setPermissionKey' },
  },
  states: {
    checking: {
      tags: ['busy'],
      entry: 'startCheck',
      invoke: {
        src: 'checkPermission',
        input: ({ context }) => ({ permissionKey: context.permissionKey }),
        onDone: [{ guard: 'isGranted', actions: 'recordAllowed' }, { actions: 'recordDenied' }],
        onError: [{ guard: 'isForbidden', actions: 'recordDenied' }, { actions: 'recordError' }],
      },
      after: { PAGE_GUARD_DELAY: { actions: 'markFloorElapsed' } },
      always: [
        { guard: 'showAllowed', target: 'allowed' },
        { guard: 'showDenied', target: 'denied' },
        { guard: 'showError', target: 'error' },
      ],
    },
    allowed: {},
    denied: { entry: 'emitDenied' },
    error: {
      on: { RETRY: 'checking' },
    },
  },
});
