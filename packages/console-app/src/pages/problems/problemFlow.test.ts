import { describe, expect, it } from 'vitest';
import { PROBLEM_STATUSES, PROBLEM_TRANSITIONS, problemActionBetween } from '@staff/console-contract';
import { PROBLEM_STATUS_MOVES, PROBLEM_STATUS_ORDER, problemStatusMoveBetween } from '@staff/console-ui';

/** The server's transitions (contract) and the board's machine (console-ui) are one flow. */
describe('problem status flow', () => {
  it('has the same statuses and moves on both sides', () => {
    expect([...PROBLEM_STATUS_ORDER]).toEqual([...PROBLEM_STATUSES]);
    const fromMachine = Object.values(PROBLEM_STATUS_MOVES)
      .map((move) => ({ action: move.action, from: [...move.from], to: move.to }))
      .sort((a, b) => a.action.localeCompare(b.action));
    const fromContract = Object.entries(PROBLEM_TRANSITIONS)
      .map(([action, move]) => ({ action, from: [...move.from], to: move.to }))
      .sort((a, b) => a.action.localeCompare(b.action));
    expect(fromMachine).toEqual(fromContract);
    for (const from of PROBLEM_STATUSES)
      for (const to of PROBLEM_STATUSES) {
        const move = problemStatusMoveBetween(from, to);
        expect(move ? PROBLEM_STATUS_MOVES[move].action : null, `${from} → ${to}`).toBe(
          problemActionBetween(from, to),
        );
      }
  });
});
