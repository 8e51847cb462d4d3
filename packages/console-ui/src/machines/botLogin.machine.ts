import { assign, fromPromise, setup } from 'xstate';

/** A WhatsApp number's connection as a bot, as the server reports it. */
export type BotLoginStatusValue = 'pending' | 'connected' | 'failed' | 'disconnected';
/** Where a pending registration stands. */
export type BotLoginStepValue = 'idle' | 'code_requested' | 'code_verified';
export type BotCodeMethodValue = 'SMS' | 'VOICE';

/** The server's view of one number's bot login (the fields the flow needs). */
export interface BotLoginSnapshot {
  status: BotLoginStatusValue;
  step: BotLoginStepValue;
  code_method: BotCodeMethodValue | null;
  /** The provider's last refusal, in words. */
  last_error: string | null;
  connected_at?: string | null;
  version: number;
}

/**
 * The calls the flow makes; each resolves with the number's new state or rejects with
 * `{ status, message, fields }` (a 400's `fields` names `code` or `pin` when that input was wrong).
 */
export interface BotLoginAdapter {
  requestCode: (method: BotCodeMethodValue) => Promise<BotLoginSnapshot>;
  verifyCode: (code: string) => Promise<BotLoginSnapshot>;
  register: (pin: string) => Promise<BotLoginSnapshot>;
  disconnect: () => Promise<BotLoginSnapshot>;
}

/** A refused call: its words and, for a wrong code or PIN, which input. */
export interface BotLoginError {
  status?: number;
  message: string;
  field?: 'code' | 'pin';
}

export type BotLoginEvent =
  | { type: 'REQUEST_CODE'; method: BotCodeMethodValue }
  | { type: 'CODE'; code: string }
  | { type: 'PIN'; pin: string }
  | { type: 'DISCONNECT' }
  /** The state changed elsewhere (another tab, another user, a refusal that ended the attempt). */
  | { type: 'SYNC'; login: BotLoginSnapshot };

export interface BotLoginContext {
  login: BotLoginSnapshot;
  error: BotLoginError | null;
  /** Refused calls so far: a view can start a fresh input after each (e.g. empty OTP boxes). */
  refusals: number;
}

/** Turns whatever a call rejected with into words and the wrong input, if the server named one. */
export function toBotLoginError(error: unknown): BotLoginError {
  const e = (error && typeof error === 'object' ? error : {}) as {
    status?: unknown;
    message?: unknown;
    fields?: Record<string, unknown>;
  };
  const fields = e.fields ?? {};
  const keyOf = (name: 'code' | 'pin') =>
    Object.keys(fields).find((key) => new RegExp(`(^|\\.)${name}$`).test(key));
  const field = keyOf('code') ? 'code' : keyOf('pin') ? 'pin' : undefined;
  // The field's own words beat a generic "Invalid input".
  const fieldWords = field ? (fields[keyOf(field)!] as unknown[] | undefined)?.[0] : undefined;
  return {
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    message:
      typeof fieldWords === 'string'
        ? fieldWords
        : typeof e.message === 'string' && e.message !== ''
          ? e.message
          : typeof error === 'string'
            ? error
            : 'Komunikasi dengan server bermasalah',
    ...(field ? { field } : {}),
  };
}

const notProvided = <Input>(name: string) =>
  fromPromise<BotLoginSnapshot, Input>(async () => {
    throw new Error(`${name} is not provided`);
  });

// Every call settles on the server's answer, or keeps the state with the refusal in words.
const callDone = { target: 'settled', actions: 'settle' } as const;
const callFailed = { target: 'settled', actions: 'fail' } as const;

/**
 * Connecting a WhatsApp number as a bot: `disconnected` → (REQUEST_CODE, SMS or voice) `requestingCode` →
 * `enteringCode` → (CODE, the 6 digits) `verifyingCode` → `enteringPin` → (PIN, the two-step PIN)
 * `registering` → `connected` → (DISCONNECT) `disconnecting` → `disconnected`. A refused attempt lands in
 * `failed`, from which REQUEST_CODE starts again. Every call goes through the injected actors (tag `busy`) and
 * settles on the server's answer; a wrong code or PIN stays on its step with `error.field` set. SYNC takes a
 * newer server state (another tab) whenever no call is running.
 *
 * @example
 * ```tsx
 * const flow = createActor(botLoginMachineFor(adapter), { input: { login } }).start();
 * flow.send({ type: 'REQUEST_CODE', method: 'SMS' });
 * ```
 */
export const botLoginMachine = setup({
  types: {
    context: {} as BotLoginContext,
    events: {} as BotLoginEvent,
    input: {} as { login: BotLoginSnapshot },
    tags: {} as 'busy',
  },
  actors: {
    requestCode: notProvided<{ method: BotCodeMethodValue }>('requestCode'),
    verifyCode: notProvided<{ code: string }>('verifyCode'),
    register: notProvided<{ pin: string }>('register'),
    disconnect: notProvided<void>('disconnect'),
  },
  guards: {
    isConnected: ({ context }) => context.login.status === 'connected',
    isFailed: ({ context }) => context.login.status === 'failed',
    awaitsCode: ({ context }) =>
      context.login.status === 'pending' && context.login.step === 'code_requested',
    awaitsPin: ({ context }) => context.login.status === 'pending' && context.login.step === 'code_verified',
    newer: ({ context, event }) => event.type === 'SYNC' && event.login.version > context.login.version,
  },
  actions: {
    sync: assign(({ event }) => (event.type === 'SYNC' ? { login: event.login, error: null } : {})),
    clearError: assign({ error: () => null }),
    settle: assign(({ event }) => ({
      login: (event as unknown as { output: BotLoginSnapshot }).output,
      error: null,
    })),
    fail: assign(({ context, event }) => ({
      error: toBotLoginError((event as unknown as { error: unknown }).error),
      refusals: context.refusals + 1,
    })),
  },
}).createMachine({
  id: 'botLogin',
  context: ({ input }) => ({ login: input.login, error: null, refusals: 0 }),
  initial: 'settled',
  states: {
    // Enters the state the server reports.
    settled: {
      always: [
        { guard: 'isConnected', target: 'connected' },
        { guard: 'isFailed', target: 'failed' },
        { guard: 'awaitsCode', target: 'enteringCode' },
        { guard: 'awaitsPin', target: 'enteringPin' },
        { target: 'disconnected' },
      ],
    },
    disconnected: {
      on: {
        REQUEST_CODE: { target: 'requestingCode', actions: 'clearError' },
        SYNC: { guard: 'newer', target: 'settled', actions: 'sync' },
      },
    },
    failed: {
      on: {
        REQUEST_CODE: { target: 'requestingCode', actions: 'clearError' },
        SYNC: { guard: 'newer', target: 'settled', actions: 'sync' },
      },
    },
    requestingCode: {
      tags: ['busy'],
      invoke: {
        src: 'requestCode',
        input: ({ event }) => ({ method: event.type === 'REQUEST_CODE' ? event.method : 'SMS' }),
        onDone: callDone,
        onError: callFailed,
      },
    },
    enteringCode: {
      on: {
        CODE: { target: 'verifyingCode', actions: 'clearError' },
        // Send the code again (or by the other method).
        REQUEST_CODE: { target: 'requestingCode', actions: 'clearError' },
        DISCONNECT: { target: 'disconnecting', actions: 'clearError' },
        SYNC: { guard: 'newer', target: 'settled', actions: 'sync' },
      },
    },
    verifyingCode: {
      tags: ['busy'],
      invoke: {
        src: 'verifyCode',
        input: ({ event }) => ({ code: event.type === 'CODE' ? event.code : '' }),
        onDone: callDone,
        onError: callFailed,
      },
    },
    enteringPin: {
      on: {
        PIN: { target: 'registering', actions: 'clearError' },
        DISCONNECT: { target: 'disconnecting', actions: 'clearError' },
        SYNC: { guard: 'newer', target: 'settled', actions: 'sync' },
      },
    },
    registering: {
      tags: ['busy'],
      invoke: {
        src: 'register',
        input: ({ event }) => ({ pin: event.type === 'PIN' ? event.pin : '' }),
        onDone: callDone,
        onError: callFailed,
      },
    },
    connected: {
      on: {
        DISCONNECT: { target: 'disconnecting', actions: 'clearError' },
        SYNC: { guard: 'newer', target: 'settled', actions: 'sync' },
      },
    },
    disconnecting: {
      tags: ['busy'],
      invoke: { src: 'disconnect', onDone: callDone, onError: callFailed },
    },
  },
});

/** The flow wired to an adapter's calls. */
export function botLoginMachineFor(adapter: BotLoginAdapter) {
  return botLoginMachine.provide({
    actors: {
      requestCode: fromPromise(({ input }) => adapter.requestCode(input.method)),
      verifyCode: fromPromise(({ input }) => adapter.verifyCode(input.code)),
      register: fromPromise(({ input }) => adapter.register(input.pin)),
      disconnect: fromPromise(() => adapter.disconnect()),
    },
  });
}

/** The flow's visible states, in order (stories, tests). */
export const BOT_LOGIN_STATES = [
  'disconnected',
  'requestingCode',
  'enteringCode',
  'verifyingCode',
  'enteringPin',
  'registering',
  'connected',
  'disconnecting',
  'failed',
] as const;
export type BotLoginStateValue = (typeof BOT_LOGIN_STATES)[number];
