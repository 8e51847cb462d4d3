import { describe, expect, it } from 'vitest';
import {
  PROBLEM_STATUSES,
  PROBLEM_TRANSITIONS,
  problemActionBetween,
  type Problem,
} from '@staff/console-contract';
import { fakeClient } from '../../api/testAdapter.js';
import { problemFixture } from './problem.fixtures.js';
import { problemsApi } from './problemsApi.js';

/** Only what the move reads of a problem, plus what the transition's answer must parse as. */
const saved = (status: Problem['status'], version: number): Problem => ({
  ...problemFixture,
  status,
  version,
});

/**
 * The problem flow has one owner, the contract's `PROBLEM_TRANSITIONS` (the server checks it); the board moves a
 * card through console-ui's problemStatus machine fed with that flow. Every status pair: the app calls the
 * server's transition exactly when the contract has a move, and never otherwise.
 */
describe('problem status flow: the contract’s transitions drive the board’s machine', () => {
  it('reads its moves from the contract', () => {
    expect(Object.keys(PROBLEM_TRANSITIONS).sort()).toEqual(['close', 'reopen', 'resolve', 'start']);
    expect(problemActionBetween('open', 'closed')).toBeNull();
    expect(problemActionBetween('in_progress', 'resolved')).toBe('resolve');
  });

  it.each(PROBLEM_STATUSES.flatMap((from) => PROBLEM_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s',
    async (from, to) => {
      const action = problemActionBetween(from, to);
      const { client, requests } = fakeClient(() => ({ status: 200, data: saved(to, 5) }));
      const moving = problemsApi(client).move({ id: 7, status: from, version: 4 }, to);
      if (action === null) {
        await expect(moving).rejects.toThrow(`No move from ${from} to ${to}`);
        expect(requests).toEqual([]);
        return;
      }
      await expect(moving).resolves.toBe(5);
      expect(requests.map((request) => [request.method, request.url, request.data])).toEqual([
        ['post', `/api/problems/7/transitions/${action}`, JSON.stringify({ version: 4 })],
      ]);
    },
  );
});
