import { assign, fromPromise, setup } from 'xstate';
import type { CallError } from '../adapters.js';
import { toCallError } from './pageGuard.machine.js';

/** The statuses of a customer problem, in board order. */
export const PROBLEM_STATUS_ORDER = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type ProblemStatusValue = (typeof PROBLEM_STATUS_ORDER)[number];

/** The moves of the flow as events (the server's actions start, resolve, close, reopen). */
export type ProblemStatusEvent =
  | { type: 'START' }
  | { type: 'RESOLVE' }
  | { type: 'CLOSE' }
  | { type: 'REOPEN' }
  /** The status changed elsewhere (another user, a reload): take it without calling the server. */
  | { type: 'SYNC'; status: ProblemStatusValue; version: number };

export type ProblemStatusMove = Exclude<ProblemStatusEvent['type'], 'SYNC'>;

/** What each move does: its server action and where it may start from. */
export const PROBLEM_STATUS_MOVES: Record<
  ProblemStatusMove,
  {
    action: 'start' | 'resolve' | 'close' | 'reopen';
    from: readonly ProblemStatusValue[];
    to: ProblemStatusValue;
  }
> = {
  START: { action: 'start', from: ['open'], to: 'in_progress' },
  RESOLVE: { action: 'resolve', from: ['open', 'in_progress'], to: 'resolved' },
  CLOSE: { action: 'close', from: ['resolved'], to: 'closed' },
  REOPEN: { action: 'reopen', from: ['resolved', 'closed'], to: 'open' },
};

/** The move from one status to another, or null when the flow has none (e.g. open → closed). */
export function problemStatusMoveBetween(
  from: ProblemStatusValue,
  to: ProblemStatusValue,
): ProblemStatusMove | null {
  for (const [move, rule] of Object.entries(PROBLEM_STATUS_MOVES) as [
    ProblemStatusMove,
    (typeof PROBLEM_STATUS_MOVES)[ProblemStatusMove],
  ][]) {
    if (rule.to === to && rule.from.includes(from)) return move;
  }
  return null;
}

export interface ProblemStatusInput {
  status: ProblemStatusValue;
  version: number;
}

export interface ProblemStatusContext {
  status: ProblemStatusValue;
  version: number;
  /** The move being saved. */
  pending: ProblemStatusMove | null;
  error: CallError | null;
}

export interface MoveProblemInput {
  action: 'start' | 'resolve' | 'close' | 'reopen';
  version: number;
}

/**
 * One problem's status flow: open → in progress → resolved → closed, resolve straight from open, reopen from
 * resolved or closed. A move saves through the injected `moveProblem` actor (state `saving`, tag `busy`) and
 * lands in the new status with the server's version; a refusal goes back with the error in context.
 *
 * @example
 * ```tsx
 * const flow = createActor(problemStatusMachine.provide({
 *   actors: { moveProblem: fromPromise(({ input }) => api.post(`/api/problems/7/transitions/${input.action}`, input)) },
 * }), { input: { status: 'open', version: 1 } }).start();
 * flow.send({ type: 'START' });
 * ```
 */
export const problemStatusMachine = setup({
  types: {
    context: {} as ProblemStatusContext,
    events: {} as ProblemStatusEvent,
    input: {} as ProblemStatusInput,
    tags: {} as 'busy',
  },
  actors: {
    moveProblem: fromPromise<{ version: number }, MoveProblemInput>(async () => {
      throw new Error('moveProblem is not provided');
    }),
  },
  actions: {
    begin: assign({
      pending: ({ event }) => (event.type === 'SYNC' ? null : event.type),
      error: () => null,
    }),
    sync: assign(({ event }) =>
      event.type === 'SYNC' ? { status: event.status, version: event.version, error: null } : {},
    ),
  },
  guards: {
    syncedToOpen: ({ event }) => event.type === 'SYNC' && event.status === 'open',
    syncedToInProgress: ({ event }) => event.type === 'SYNC' && event.status === 'in_progress',
    syncedToResolved: ({ event }) => event.type === 'SYNC' && event.status === 'resolved',
    syncedToClosed: ({ event }) => event.type === 'SYNC' && event.status === 'closed',
    landsOpen: ({ context }) => context.status === 'open',
    landsInProgress: ({ context }) => context.status === 'in_progress',
    landsResolved: ({ context }) => context.status === 'resolved',
  },
}).createMachine({
  id: 'problemStatus',
  context: ({ input }) => ({ status: input.status, version: input.version, pending: null, error: null }),
  initial: 'settled',
  on: {
    SYNC: [
      { guard: 'syncedToOpen', target: '.open', actions: 'sync' },
      { guard: 'syncedToInProgress', target: '.in_progress', actions: 'sync' },
      { guard: 'syncedToResolved', target: '.resolved', actions: 'sync' },
      { guard: 'syncedToClosed', target: '.closed', actions: 'sync' },
    ],
  },
  states: {
    // Enters the input's status.
    settled: {
      always: [
        { guard: 'landsOpen', target: 'open' },
        { guard: 'landsInProgress', target: 'in_progress' },
        { guard: 'landsResolved', target: 'resolved' },
        { target: 'closed' },
      ],
    },
    open: {
      on: { START: { target: 'saving', actions: 'begin' }, RESOLVE: { target: 'saving', actions: 'begin' } },
    },
    in_progress: { on: { RESOLVE: { target: 'saving', actions: 'begin' } } },
    resolved: {
      on: { CLOSE: { target: 'saving', actions: 'begin' }, REOPEN: { target: 'saving', actions: 'begin' } },
    },
    closed: { on: { REOPEN: { target: 'saving', actions: 'begin' } } },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'moveProblem',
        input: ({ context }) => ({
          action: PROBLEM_STATUS_MOVES[context.pending!].action,
          version: context.version,
        }),
        onDone: {
          target: 'settled',
          actions: assign(({ context, event }) => ({
            status: PROBLEM_STATUS_MOVES[context.pending!].to,
            version: event.output.version,
            pending: null,
          })),
        },
        onError: {
          target: 'settled',
          actions: assign({ pending: () => null, error: ({ event }) => toCallError(event.error) }),
        },
      },
    },
  },
});
