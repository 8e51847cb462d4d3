import { assign, emit, fromPromise, setup } from 'xstate';
import type { CallError, PermissionEntry } from '../adapters.js';
import { toCallError } from './pageGuard.machine.js';

/** Default named delays of the permission refresh, in milliseconds. */
export const PERMISSION_REFRESH_DELAYS = {
  /** The spinner shows at least this long (1 s), even when the load is faster. */
  REFRESH_SPINNER: 1000,
} as const;

export interface PermissionRefreshInput {
  /** Permissions already known (e.g. loaded at sign-in). */
  permissions?: PermissionEntry[];
}

export interface PermissionRefreshContext {
  permissions: PermissionEntry[];
  /** The last refresh's failure; cleared when a refresh starts or permissions arrive. */
  error: CallError | null;
  /** Permissions loaded by the running refresh, held until the spinner floor has passed. */
  loaded: PermissionEntry[] | null;
  loadFailed: boolean;
  floorElapsed: boolean;
}

export type PermissionRefreshEvent =
  | { type: 'PERMISSIONS.REFRESH' }
  /** A live push (e.g. from the realtime socket) replaces the permissions at once. */
  | { type: 'PERMISSIONS.SET'; permissions: PermissionEntry[] };

export type PermissionRefreshEmitted =
  | { type: 'permissionsChanged'; permissions: PermissionEntry[] }
  | { type: 'refreshFailed'; error: CallError };

/** `___ca` answers a list, "empty if missing": anything else counts as empty. */
function asEntries(value: unknown): PermissionEntry[] {
  return Array.isArray(value) ? (value as PermissionEntry[]) : [];
}

/**
 * The sidebar's refresh icon: `idle` → `refreshing` (spinner for at least
 * `REFRESH_SPINNER`, in parallel with the load) → `idle`, or `failed` keeping the old permissions and
 * reporting the error (context `error` and an emitted `refreshFailed`).
 *
 * @example
 * ```tsx
 * const refresh = createActor(permissionRefreshMachine.provide({
 *   actors: { loadPermissions: fromPromise(() => api.loadPermissions()) },
 * }), { input: { permissions } }).start();
 * refresh.on('refreshFailed', ({ error }) => notify({ type: 'error', message: error.message ?? '' }));
 * refresh.send({ type: 'PERMISSIONS.REFRESH' });
 * ```
 */
export const permissionRefreshMachine = setup({
  types: {
    context: {} as PermissionRefreshContext,
    events: {} as PermissionRefreshEvent,
    input: {} as PermissionRefreshInput,
    emitted: {} as PermissionRefreshEmitted,
  },
  actors: {
    loadPermissions: fromPromise<PermissionEntry[]>(async () => {
      throw { message: 'permissionRefreshMachine: provide a loadPermissions actor' } satisfies CallError;
    }),
  },
  delays: PERMISSION_REFRESH_DELAYS,
  actions: {
    startRefresh: assign({ error: null, loaded: null, loadFailed: false, floorElapsed: false }),
    holdLoaded: assign(({ event }) => ({ loaded: asEntries((event as { output?: unknown }).output) })),
    holdError: assign(({ event }) => ({
      loadFailed: true,
      error: toCallError((event as { error?: unknown }).error),
    })),
    markFloorElapsed: assign({ floorElapsed: true }),
    applyLoaded: assign(({ context }) => ({
      permissions: context.loaded ?? context.permissions,
      loaded: null,
    })),
    setPermissions: assign(({ event }) => ({
      permissions: event.type === 'PERMISSIONS.SET' ? asEntries(event.permissions) : [],
      error: null,
    })),
    emitChanged: emit(({ context }) => ({
      type: 'permissionsChanged' as const,
      permissions: context.permissions,
    })),
    emitFailed: emit(({ context }) => ({ type: 'refreshFailed' as const, error: context.error ?? {} })),
  },
  guards: {
    loadedAndShown: ({ context }) => context.floorElapsed && context.loaded !== null,
    failedAndShown: ({ context }) => context.floorElapsed && context.loadFailed,
  },
}).createMachine({
  id: 'permissionRefresh',
  context: ({ input }) => ({
    permissions: asEntries(input?.permissions),
    error: null,
    loaded: null,
    loadFailed: false,
    floorElapsed: false,
  }),
  initial: 'idle',
  on: {
    'PERMISSIONS.SET': { actions: ['setPermissions', 'emitChanged'] },
  },
  states: {
    idle: {
      on: { 'PERMISSIONS.REFRESH': 'refreshing' },
    },
    refreshing: {
      tags: ['busy'],
      entry: 'startRefresh',
      invoke: {
        src: 'loadPermissions',
        onDone: { actions: 'holdLoaded' },
        onError: { actions: 'holdError' },
      },
      after: { REFRESH_SPINNER: { actions: 'markFloorElapsed' } },
      always: [
        { guard: 'loadedAndShown', target: 'idle', actions: ['applyLoaded', 'emitChanged'] },
        { guard: 'failedAndShown', target: 'failed', actions: 'emitFailed' },
      ],
    },
    failed: {
      on: {
        'PERMISSIONS.REFRESH': 'refreshing',
        'PERMISSIONS.SET': { target: 'idle', actions: ['setPermissions', 'emitChanged'] },
      },
    },
  },
});
