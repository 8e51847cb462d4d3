import { assign, fromPromise, setup } from 'xstate';

/** Where the start screen sends the user. */
export const START_SCREEN_TARGETS = {
  valid: '/app/customer-chats',
  invalid: '/login',
} as const;

/** The start screen's redirect delay (0.5 s). */
export const START_REDIRECT_MS = 500;

export type CheckSessionFn = () => boolean | Promise<boolean>;

export interface StartScreenInput {
  /** True when a valid session exists (e.g. `() => readStoredUser(localStorage) !== null`). */
  checkSession: CheckSessionFn;
  /** Override the redirect paths, e.g. for an embedder with its own routes. */
  targets?: Partial<{ valid: string; invalid: string }>;
}

export interface StartScreenContext {
  checkSession: CheckSessionFn;
  targets: { valid: string; invalid: string };
  /** `null` until the check settles; a failed check counts as no session. */
  sessionValid: boolean | null;
}

export interface StartScreenOutput {
  target: string;
}

/**
 * "Please Wait...": checks the session and, no sooner than `START_REDIRECT` (0.5 s), finishes with the path to
 * go to. The check and the delay start together, so the delay is a floor, not an addition.
 *
 * @example
 * ```tsx
 * const actor = createActor(startScreenMachine, { input: { checkSession: () => hasUser() } });
 * actor.subscribe({ complete: () => navigate(actor.getSnapshot().output!.target) });
 * actor.start();
 * ```
 */
export const startScreenMachine = setup({
  types: {
    context: {} as StartScreenContext,
    input: {} as StartScreenInput,
    output: {} as StartScreenOutput,
  },
  actors: {
    checkSession: fromPromise<boolean, { checkSession: CheckSessionFn }>(async ({ input }) =>
      Boolean(await input.checkSession()),
    ),
  },
  actions: {
    recordSession: assign((_, params: { valid: boolean }) => ({ sessionValid: params.valid })),
  },
  delays: {
    START_REDIRECT: START_REDIRECT_MS,
  },
}).createMachine({
  id: 'startScreen',
  context: ({ input }) => ({
    checkSession: input.checkSession,
    targets: { ...START_SCREEN_TARGETS, ...input.targets },
    sessionValid: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      type: 'parallel',
      states: {
        session: {
          initial: 'pending',
          states: {
            pending: {
              invoke: {
                src: 'checkSession',
                input: ({ context }) => ({ checkSession: context.checkSession }),
                onDone: {
                  target: 'settled',
                  actions: { type: 'recordSession', params: ({ event }) => ({ valid: event.output }) },
                },
                onError: { target: 'settled', actions: { type: 'recordSession', params: { valid: false } } },
              },
            },
            settled: { type: 'final' },
          },
        },
        delay: {
          initial: 'waiting',
          states: {
            waiting: { after: { START_REDIRECT: 'elapsed' } },
            elapsed: { type: 'final' },
          },
        },
      },
      onDone: 'redirecting',
    },
    redirecting: { type: 'final' },
  },
  output: ({ context }) => ({
    target: context.sessionValid ? context.targets.valid : context.targets.invalid,
  }),
});
