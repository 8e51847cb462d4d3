import { assign, emit, setup } from 'xstate';
import type { StorageAdapter, StoredUser } from '../adapters.js';

/** The one local-storage key the stored user lives under. */
export const DEFAULT_STORED_USER_KEY = 'staff-console.user';

export type SessionLogger = Pick<Console, 'error'>;

export interface SessionInput {
  storage: StorageAdapter;
  /** Defaults to {@link DEFAULT_STORED_USER_KEY}. */
  storageKey?: string;
  /** Where corrupted stored data and storage failures are reported; defaults to `console`. */
  logger?: SessionLogger;
}

/** Why the session ended: a Sign Out click or a 401 from any call. */
export type SignedOutReason = 'signedOut' | 'unauthorized';

export interface SessionContext {
  user: StoredUser | null;
  reason?: SignedOutReason;
  storage: StorageAdapter;
  storageKey: string;
  logger: SessionLogger;
}

export type SessionEvent =
  | { type: 'SESSION.LOGIN'; user: StoredUser }
  | { type: 'SESSION.SIGN_OUT' }
  | { type: 'SESSION.UNAUTHORIZED' };

/** Emitted whenever the session ends, so the app can navigate to `/`. */
export type SessionEmitted = { type: 'signedOut'; reason: SignedOutReason };

/** True when `value` has the stored-user shape: a non-empty token, a full name, a last login (string or null). */
export function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    v.token.length > 0 &&
    typeof v.fullname === 'string' &&
    (v.last_login === null || typeof v.last_login === 'string')
  );
}

/**
 * Reads the stored user. Missing data is `null`; corrupted data (bad JSON, wrong shape) or an unreadable
 * storage is also `null`, and is logged and removed so the next read starts clean.
 *
 * @example
 * ```tsx
 * const user = readStoredUser(window.localStorage); // StoredUser | null
 * ```
 */
export function readStoredUser(
  storage: StorageAdapter,
  key: string = DEFAULT_STORED_USER_KEY,
  logger: SessionLogger = console,
): StoredUser | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch (error) {
    logger.error(`[session] could not read "${key}" from storage`, error);
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    logger.error(`[session] stored user under "${key}" is not valid JSON; treating as signed out`, error);
    removeQuietly(storage, key, logger);
    return null;
  }
  if (!isStoredUser(parsed)) {
    logger.error(`[session] stored user under "${key}" has the wrong shape; treating as signed out`, parsed);
    removeQuietly(storage, key, logger);
    return null;
  }
  return { token: parsed.token, fullname: parsed.fullname, last_login: parsed.last_login };
}

function removeQuietly(storage: StorageAdapter, key: string, logger: SessionLogger) {
  try {
    storage.removeItem(key);
  } catch (error) {
    logger.error(`[session] could not remove "${key}" from storage`, error);
  }
}

/**
 * The signed-in user, mirrored in storage. `signedOut` ⇄ `signedIn`; the initial state comes from storage.
 * A 401 from any call (`SESSION.UNAUTHORIZED`) clears the session from either state and emits `signedOut`.
 *
 * @example
 * ```tsx
 * const session = createActor(sessionMachine, { input: { storage: window.localStorage } }).start();
 * session.on('signedOut', () => navigate('/'));
 * session.send({ type: 'SESSION.LOGIN', user });
 * ```
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actions: {
    assignUser: assign((_, params: { user: StoredUser }) => ({ user: params.user, reason: undefined })),
    persistUser: ({ context }, params: { user: StoredUser }) => {
      try {
        context.storage.setItem(context.storageKey, JSON.stringify(params.user));
      } catch (error) {
        // The session still works for this page; it just will not survive a reload.
        context.logger.error(`[session] could not write "${context.storageKey}" to storage`, error);
      }
    },
    assignSignedOut: assign((_, params: { reason: SignedOutReason }) => ({
      user: null,
      reason: params.reason,
    })),
    removeStoredUser: ({ context }) => removeQuietly(context.storage, context.storageKey, context.logger),
    emitSignedOut: emit((_, params: { reason: SignedOutReason }) => ({
      type: 'signedOut' as const,
      reason: params.reason,
    })),
  },
  guards: {
    hasStoredUser: ({ context }) => context.user !== null,
    isValidUser: (_, params: { user: unknown }) => isStoredUser(params.user),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const storageKey = input.storageKey ?? DEFAULT_STORED_USER_KEY;
    const logger = input.logger ?? console;
    return {
      user: readStoredUser(input.storage, storageKey, logger),
      storage: input.storage,
      storageKey,
      logger,
    };
  },
  // Resolved before the first snapshot is observable: the actor starts in signedIn or signedOut.
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasStoredUser', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        'SESSION.LOGIN': {
          guard: { type: 'isValidUser', params: ({ event }) => ({ user: event.user }) },
          target: 'signedIn',
          actions: [
            { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'persistUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
      },
    },
    signedIn: {
      on: {
        // A fresh login (e.g. another account) replaces the stored user.
        'SESSION.LOGIN': {
          guard: { type: 'isValidUser', params: ({ event }) => ({ user: event.user }) },
          target: 'signedIn',
          reenter: true,
          actions: [
            { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'persistUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        'SESSION.SIGN_OUT': {
          target: 'signedOut',
          actions: [
            { type: 'assignSignedOut', params: { reason: 'signedOut' } },
            'removeStoredUser',
            { type: 'emitSignedOut', params: { reason: 'signedOut' } },
          ],
        },
      },
    },
  },
  on: {
    // Any 401 ends the session, even one arriving after sign-out (a stale request): the app still goes to `/`.
    'SESSION.UNAUTHORIZED': {
      target: '.signedOut',
      actions: [
        { type: 'assignSignedOut', params: { reason: 'unauthorized' } },
        'removeStoredUser',
        { type: 'emitSignedOut', params: { reason: 'unauthorized' } },
      ],
    },
  },
});
