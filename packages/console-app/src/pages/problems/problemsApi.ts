import type { AxiosInstance } from 'axios';
import { createActor, fromPromise } from 'xstate';
import type {
  Problem,
  ProblemCreate,
  ProblemDetail,
  ProblemListResponse,
  ProblemOptions,
} from '@staff/console-contract';
import {
  problemStatusMachine,
  problemStatusMoveBetween,
  type MoveProblemInput,
  type ProblemStatusValue,
} from '@staff/console-ui';

export interface ProblemFilters {
  mine: boolean;
  breached: boolean;
  q: string;
}

/** The Cust Problem Tracking calls (console-server src/problems/routes.ts). */
export function problemsApi(api: AxiosInstance) {
  return {
    list: async (filters: ProblemFilters) =>
      (
        await api.get<ProblemListResponse>('/api/problems', {
          params: {
            ...(filters.mine ? { assignee: 'me' } : {}),
            ...(filters.breached ? { breached: '1' } : {}),
            ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
          },
        })
      ).data,
    options: async () => (await api.get<ProblemOptions>('/api/problems/options')).data,
    detail: async (id: number) => (await api.get<ProblemDetail>(`/api/problems/${id}`)).data,
    create: async (body: ProblemCreate) => (await api.post<Problem>('/api/problems', body)).data,
    update: async (id: number, body: Record<string, unknown> & { version: number }) =>
      (await api.patch<Problem>(`/api/problems/${id}`, body)).data,
    comment: async (id: number, body: string) =>
      (await api.post<Problem>(`/api/problems/${id}/comments`, { body })).data,
    attach: async (id: number, url: string, label: string) =>
      (await api.post<Problem>(`/api/problems/${id}/attachments`, { url, label: label || null })).data,
    /**
     * Moves a problem to a status through the problemStatus machine (console-ui): the machine decides whether
     * the flow allows it and saves it with the server's transition. Resolves with the new version.
     */
    move: async (problem: Pick<Problem, 'id' | 'status' | 'version'>, to: ProblemStatusValue) => {
      const move = problemStatusMoveBetween(problem.status, to);
      if (!move) throw new Error(`No move from ${problem.status} to ${to}`);
      const machine = problemStatusMachine.provide({
        actors: {
          moveProblem: fromPromise<{ version: number }, MoveProblemInput>(async ({ input }) => {
            const { data } = await api.post<Problem>(
              `/api/problems/${problem.id}/transitions/${input.action}`,
              { version: input.version },
            );
            return { version: data.version };
          }),
        },
      });
      const actor = createActor(machine, { input: { status: problem.status, version: problem.version } });
      actor.start();
      actor.send({ type: move });
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
      if (context.error) throw context.error;
      return context.version;
    },
  };
}
export type ProblemsApi = ReturnType<typeof problemsApi>;
