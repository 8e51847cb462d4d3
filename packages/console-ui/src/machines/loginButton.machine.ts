import { assign, fromPromise, setup } from 'xstate';
import { LOGIN_SUCCESS_HOLD_MS, asCallError, loginErrorMessage } from './loginButton.texts.js';
import {
  isLoginChallenge,
  type LoginChallenge,
  type LoginCredentials,
  type LoginFn,
  type StoredUser,
  type VerifyCodeFn,
} from '../adapters.js';

export {
  LOGIN_BUTTON_LABELS,
  LOGIN_GENERIC_ERROR,
  LOGIN_SUCCESS_HOLD_MS,
  loginErrorMessage,
} from './loginButton.texts.js';

/**
 * The `login` actor for a LoginFn, e.g. `loginButtonMachine.provide({ actors: { login: createLoginActor(fn) } })`.
 */
export function createLoginActor(login: LoginFn) {
  return fromPromise<StoredUser | LoginChallenge, LoginCredentials>(({ input }) => login(input));
}

/** The `verifyCode` actor for a VerifyCodeFn (the code step of two-step sign-in). */
export function createVerifyCodeActor(verify: VerifyCodeFn) {
  return fromPromise<StoredUser, { challenge: string; code: string }>(({ input }) => verify(input));
}

export interface LoginButtonContext {
  error: string | null;
  user: StoredUser | null;
  /** Held only while the call is in flight (the `login` actor's input), then dropped. */
  credentials: LoginCredentials | null;
  /** The two-step sign-in challenge while the code step is shown. */
  challenge: string | null;
  /** Held only while the code is being verified. */
  code: string | null;
}

export type LoginButtonEvent =
  | { type: 'SUBMIT'; username: string; password: string }
  /** The code step: a one-time code or a recovery code. */
  | { type: 'CODE.SUBMIT'; code: string }
  /** The code step: back to username and password. */
  | { type: 'CODE.BACK' };

/**
 * idle ("Login") → loading ("Memuat...") → success ("Login Sukses, Mohon tunggu", held `LOGIN_SUCCESS_HOLD`)
 * → done (output: the stored user); a failure goes back to idle with `error` set. SUBMIT is only accepted in
 * idle, so a second submit while loading is ignored and `snapshot.can({ type: 'SUBMIT', … })` drives the
 * button's disabled state. The `login` actor must be provided (see {@link createLoginActor}).
 *
 * Two-step sign-in: when the login resolves with a `LoginChallenge` the machine waits in `code` (`code.idle`)
 * for `CODE.SUBMIT { code }`, verifies it with the `verifyCode` actor ({@link createVerifyCodeActor}) in
 * `code.verifying`, and goes on to `success` like a password login; a refused code goes back to `code.idle`
 * with `error` set, and `CODE.BACK` returns to `idle`.
 *
 * @example
 * ```tsx
 * const machine = loginButtonMachine.provide({ actors: { login: createLoginActor(api.login) } });
 * const actor = createActor(machine).start();
 * actor.send({ type: 'SUBMIT', username: 'ani', password: 'rahasia' });
 * ```
 */
export const loginButtonMachine = setup({
  types: {
    context: {} as LoginButtonContext,
    events: {} as LoginButtonEvent,
    output: {} as StoredUser,
    tags: {} as 'busy',
  },
  actors: {
    login: fromPromise<StoredUser | LoginChallenge, LoginCredentials>(async () => {
      throw new Error('loginButtonMachine: no login actor provided (use createLoginActor)');
    }),
    verifyCode: fromPromise<StoredUser, { challenge: string; code: string }>(async () => {
      throw new Error('loginButtonMachine: no verifyCode actor provided (use createVerifyCodeActor)');
    }),
  },
  guards: {
    isChallenge: (_, params: { output: StoredUser | LoginChallenge }) => isLoginChallenge(params.output),
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
    assignChallenge: assign((_, params: { challenge: string }) => ({
      challenge: params.challenge,
      error: null,
    })),
    startCode: assign((_, params: { code: string }) => ({ code: params.code, error: null })),
    forgetCode: assign({ code: null }),
    leaveCodeStep: assign({ challenge: null, code: null, error: null }),
  },
  delays: {
    LOGIN_SUCCESS_HOLD: LOGIN_SUCCESS_HOLD_MS,
  },
}).createMachine({
  id: 'loginButton',
  context: { error: null, user: null, credentials: null, challenge: null, code: null },
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
        onDone: [
          {
            // Two-step sign-in: the password was right, a code is needed.
            guard: { type: 'isChallenge', params: ({ event }) => ({ output: event.output }) },
            target: 'code',
            actions: {
              type: 'assignChallenge',
              params: ({ event }) => ({ challenge: (event.output as LoginChallenge).challenge }),
            },
          },
          {
            target: 'success',
            actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output as StoredUser }) },
          },
        ],
        onError: {
          target: 'idle',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      exit: 'forgetCredentials',
    },
    code: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'CODE.SUBMIT': {
              target: 'verifying',
              actions: { type: 'startCode', params: ({ event }) => ({ code: event.code }) },
            },
            'CODE.BACK': { target: '#loginButton.idle', actions: 'leaveCodeStep' },
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            src: 'verifyCode',
            input: ({ context }) => ({ challenge: context.challenge ?? '', code: context.code ?? '' }),
            onDone: {
              target: '#loginButton.success',
              actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          exit: 'forgetCode',
        },
      },
    },
    success: {
      tags: ['busy'],
      after: { LOGIN_SUCCESS_HOLD: 'done' },
    },
    done: { type: 'final', tags: ['busy'] },
  },
  output: ({ context }) => context.user as StoredUser,
});
