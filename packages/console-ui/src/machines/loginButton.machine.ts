import { assign, fromPromise, setup } from 'xstate';
import type { CallError, LoginCredentials, LoginFn, StoredUser } from '../adapters.js';

/** The button's label in each state (spec section 2). */
export const LOGIN_BUTTON_LABELS = {
  idle: 'Login',
  loading: 'Memuat...',
  success: 'Login Sukses, Mohon tunggu',
} as const;

/** How long "Login Sukses, Mohon tunggu" stays with its spinner before moving on (spec section 9: 2 s). */
export const LOGIN_SUCCESS_HOLD_MS = 2000;

/** Shown for any login failure that is not a 403/404 with a server message (spec section 8). */
export const LOGIN_GENERIC_ERROR = 'Error : Komunikasi dengan server bermasalah';

// Whatever the login call rejected with (a CallError, an axios-like error, a plain Error) as a CallError.
// Only a numeric `status` counts as an answer from the server.
function asCallError(error: unknown): CallError {
  if (typeof error !== 'object' || error === null) return {};
  const e = error as Record<string, unknown>;
  return {
    status: typeof e.status === 'number' ? e.status : undefined,
    message: typeof e.message === 'string' ? e.message : undefined,
  };
}

/**
 * The error line for a failed login: 403/404 → "Error : " + the server's message; anything else (other
 * statuses, no answer at all) → the generic communication error.
 *
 * @example
 * loginErrorMessage({ status: 403, message: 'Password salah' }); // "Error : Password salah"
 * loginErrorMessage({ status: 500 }); // "Error : Komunikasi dengan server bermasalah"
 */
export function loginErrorMessage(err: CallError): string {
  const message = err.message?.trim();
  // A 403/404 without a message has nothing to show after "Error : ", so it falls back to the generic text.
  if ((err.status === 403 || err.status === 404) && message) return `Error : ${message}`;
  return LOGIN_GENERIC_ERROR;
}

/**
 * The `login` actor for a LoginFn, e.g. `loginButtonMachine.provide({ actors: { login: createLoginActor(fn) } })`.
 */
export function createLoginActor(login: LoginFn) {
  return fromPromise<StoredUser, LoginCredentials>(({ input }) => login(input));
}

export interface LoginButtonContext {
  error: string | null;
  user: StoredUser | null;
  /** Held only while the call is in flight (the `login` actor's input), then dropped. */
  credentials: LoginCredentials | null;
}

export type LoginButtonEvent = { type: 'SUBMIT'; username: string; password: string };

/**
 * idle ("Login") → loading ("Memuat...") → success ("Login Sukses, Mohon tunggu", held `LOGIN_SUCCESS_HOLD`)
 * → done (output: the stored user); a failure goes back to idle with `error` set. SUBMIT is only accepted in
 * idle, so a second submit while loading is ignored and `snapshot.can({ type: 'SUBMIT', … })` drives the
 * button's disabled state. The `login` actor must be provided (see {@link createLoginActor}).
 *
 * @example
 * const machine = loginButtonMachine.provide({ actors: { login: createLoginActor(api.login) } });
 * const actor = createActor(machine).start();
 * actor.send({ type: 'SUBMIT', username: 'ani', password: 'rahasia' });
 */
export const loginButtonMachine = setup({
  types: {
    context: {} as LoginButtonContext,
    events: {} as LoginButtonEvent,
    output: {} as StoredUser,
    tags: {} as 'busy',
  },
  actors: {
    login: fromPromise<StoredUser, LoginCredentials>(async () => {
      throw new Error('loginButtonMachine: no login actor provided (use createLoginActor)');
    }),
  },
  actions: {
    startAttempt: assign((_, params: LoginCredentials) => ({
      error: null,
      credentials: { username: params.username, password: params.password },
    })),
    assignUser: assign((_, params: { user: StoredUser }) => ({ user: params.user })),
    assignError: assign((_, params: { error: unknown }) => ({
      error: loginErrorMessage(asCallError(params.error)),
    })),
    forgetCredentials: assign({ credentials: null }),
  },
  delays: {
    LOGIN_SUCCESS_HOLD: LOGIN_SUCCESS_HOLD_MS,
  },
}).createMachine({
  id: 'loginButton',
  context: { error: null, user: null, credentials: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        // No client-side validation: empty values are sent as they are.
        SUBMIT: {
          target: 'loading',
          actions: {
            type: 'startAttempt',
            params: ({ event }) => ({ username: event.username, password: event.password }),
          },
        },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'login',
        input: ({ context }) => context.credentials ?? { username: '', password: '' },
        onDone: {
          target: 'success',
          actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      exit: 'forgetCredentials',
    },
    success: {
      tags: ['busy'],
      after: { LOGIN_SUCCESS_HOLD: 'done' },
    },
    done: { type: 'final', tags: ['busy'] },
  },
  output: ({ context }) => context.user as StoredUser,
});
