import { createActor, fromPromise } from 'xstate';
import {
  PROBLEM_TRANSITIONS,
  problemActionBetween,
  problemsEndpoints,
  type EndpointInput,
  type Problem,
  type ProblemAction,
  type ProblemStatus,
} from '@staff/console-contract';
import { problemStatusMachine, type MoveProblemInput } from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { createCall } from '../../api/call.js';
import type { ApiClient } from '../../api/client.js';

export interface ProblemFilters {
  mine: boolean;
  breached: boolean;
  q: string;
}

/** The toolbar's filters as the list endpoint's query. */
export const problemListQuery = (filters: ProblemFilters) => ({
  ...(filters.mine ? { assignee: 'me' as const } : {}),
  ...(filters.breached ? { breached: '1' as const } : {}),
  ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
});

/**
 * The Cust Problem Tracking calls (the contract's `problemsEndpoints`); failures are ApiErrors. The page loads the
 * list, the options and a problem with useEndpoint; the forms (new problem, comment, attachment) send through
 * useEndpointForm.
 */
export function problemsApi(api: ApiClient) {
  const call = createCall(api);
  return {
    update: (id: number, body: EndpointInput<typeof problemsEndpoints.update>['body']) =>
      call(problemsEndpoints.update, { params: { id }, body }),
    /**
     * Moves a problem to a status through the problemStatus machine (console-ui) over the contract's flow
     * (`PROBLEM_TRANSITIONS`, the one the server checks): the machine decides whether the flow allows it and
     * saves it with the server's transition. Resolves with the new version.
     */
    move: async (problem: Pick<Problem, 'id' | 'status' | 'version'>, to: ProblemStatus) => {
      const action = problemActionBetween(problem.status, to);
      if (!action) throw new ApiError({ message: `No move from ${problem.status} to ${to}` });
      // The machine keeps a plain CallError; the caller gets the call's ApiError (its code and fields too).
      let refused: ApiError | null = null;
      const machine = problemStatusMachine.provide({
        actors: {
          moveProblem: fromPromise<{ version: number }, MoveProblemInput>(async ({ input }) => {
            try {
              const moved = await call(problemsEndpoints.transition, {
                params: { id: problem.id, action: input.action as ProblemAction },
                body: { version: input.version },
              });
              return { version: moved.version };
            } catch (error) {
              refused = ApiError.from(error);
              throw refused;
            }
          }),
        },
      });
      const actor = createActor(machine, {
        input: { status: problem.status, version: problem.version, moves: PROBLEM_TRANSITIONS },
      });
      actor.start();
      actor.send({ type: 'MOVE', action });
      const settled = new Promise<void>((resolve) => {
        const sub = actor.subscribe((snapshot) => {
          if (!snapshot.hasTag('busy')) {
            sub.unsubscribe();
            resolve();
          }
        });
      });
      if (actor.getSnapshot().hasTag('busy')) await settled;
      const { context } = actor.getSnapshot();
      actor.stop();
      if (context.error) throw refused ?? ApiError.from(context.error);
      return context.version;
    },
  };
}
export type ProblemsApi = ReturnType<typeof problemsApi>;
