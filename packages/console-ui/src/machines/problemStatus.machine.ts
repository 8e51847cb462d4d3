import { assign, fromPromise, setup } from 'xstate';
import type { CallError } from '../adapters.js';
import { toCallError } from './pageGuard.machine.js';

/** One move of a status flow: the statuses it may start from and the one it lands in. */
export interface ProblemStatusMoveRule {
  from: readonly string[];
  to: string;
}

/**
 * A status flow as data, by the server's action name (e.g. the contract's `PROBLEM_TRANSITIONS`): the machine
 * owns no flow of its own, the caller passes it in the input.
 */
export type ProblemStatusMoves = Readonly<Record<string, ProblemStatusMoveRule>>;

export type ProblemStatusEvent =
  /** Move by one of the flow's actions; refused (no transition) when the flow has no such move from here. */
  | { type: 'MOVE'; action: string }
  /** The status changed elsewhere (another user, a reload): take it without calling the server. */
  | { type: 'SYNC'; status: string; version: number };

export interface ProblemStatusInput {
  status: string;
  version: number;
  /** The flow (the contract's `PROBLEM_TRANSITIONS` in the console). */
  moves: ProblemStatusMoves;
}

export interface ProblemStatusContext {
  status: string;
  version: number;
  moves: ProblemStatusMoves;
  /** The action being saved. */
  pending: string | null;
  error: CallError | null;
}

export interface MoveProblemInput {
  action: string;
  version: number;
}

/**
 * One problem's status flow over the moves the caller passes (`input.moves`, e.g. the contract's
 * `PROBLEM_TRANSITIONS`). `MOVE` with an action the flow allows from the current status saves through the
 * injected `moveProblem` actor (state `saving`, tag `busy`) and lands in the move's status with the server's
 * version; a refusal goes back to `idle` with the error in context. `snapshot.can({ type: 'MOVE', action })`
 * says whether a move is open.
 *
 * @example
 * ```tsx
 * const flow = createActor(problemStatusMachine.provide({
 *   actors: { moveProblem: fromPromise(({ input }) => saveTransition(7, input.action, input.version)) },
 * }), { input: { status: 'open', version: 1, moves: PROBLEM_TRANSITIONS } }).start();
 * flow.send({ type: 'MOVE', action: 'start' });
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
      pending: ({ event }) => (event.type === 'MOVE' ? event.action : null),
      error: () => null,
    }),
    sync: assign(({ event }) =>
      event.type === 'SYNC' ? { status: event.status, version: event.version, error: null } : {},
    ),
  },
  guards: {
    moveAllowed: ({ context, event }) =>
      event.type === 'MOVE' &&
      Object.hasOwn(context.moves, event.action) &&
      context.moves[event.action]!.from.includes(context.status),
  },
}).createMachine({
  id: 'problemStatus',
  context: ({ input }) => ({
    status: input.status,
    version: input.version,
    moves: input.moves,
    pending: null,
    error: null,
  }),
  initial: 'idle',
  on: { SYNC: { target: '.idle', actions: 'sync' } },
  states: {
    idle: {
      on: { MOVE: { guard: 'moveAllowed', target: 'saving', actions: 'begin' } },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'moveProblem',
        input: ({ context }) => ({ action: context.pending!, version: context.version }),
        onDone: {
          target: 'idle',
          actions: assign(({ context, event }) => ({
            status: context.moves[context.pending!]!.to,
            version: event.output.version,
            pending: null,
          })),
        },
        onError: {
          target: 'idle',
          actions: assign({ pending: () => null, error: ({ event }) => toCallError(event.error) }),
        },
      },
    },
  },
});
