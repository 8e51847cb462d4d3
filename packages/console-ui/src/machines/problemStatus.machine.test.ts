import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  problemStatusMachine,
  problemStatusMoveBetween,
  type MoveProblemInput,
  type ProblemStatusValue,
} from './problemStatus.machine.js';

function start(status: ProblemStatusValue, fail = false) {
  const calls: MoveProblemInput[] = [];
  const machine = problemStatusMachine.provide({
    actors: {
      moveProblem: fromPromise<{ version: number }, MoveProblemInput>(async ({ input }) => {
        calls.push(input);
        if (fail) throw { status: 409, message: 'Changed by someone else' };
        return { version: input.version + 1 };
      }),
    },
  });
  const actor = createActor(machine, { input: { status, version: 3 } }).start();
  return { actor, calls };
}

describe('problemStatus machine', () => {
  it('starts in the given status', () => {
    for (const status of ['open', 'in_progress', 'resolved', 'closed'] as const)
      expect(start(status).actor.getSnapshot().value).toBe(status);
  });

  it('walks open → in progress → resolved → closed → open through the server', async () => {
    const { actor, calls } = start('open');
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('in_progress'));
    actor.send({ type: 'RESOLVE' });
    await waitFor(actor, (s) => s.matches('resolved'));
    actor.send({ type: 'CLOSE' });
    await waitFor(actor, (s) => s.matches('closed'));
    actor.send({ type: 'REOPEN' });
    await waitFor(actor, (s) => s.matches('open'));
    expect(calls).toEqual([
      { action: 'start', version: 3 },
      { action: 'resolve', version: 4 },
      { action: 'close', version: 5 },
      { action: 'reopen', version: 6 },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ status: 'open', version: 7, pending: null });
  });

  it('allows only the flow’s moves', () => {
    const open = start('open').actor.getSnapshot();
    expect(open.can({ type: 'START' })).toBe(true);
    expect(open.can({ type: 'RESOLVE' })).toBe(true);
    expect(open.can({ type: 'CLOSE' })).toBe(false);
    expect(open.can({ type: 'REOPEN' })).toBe(false);
    const closed = start('closed').actor.getSnapshot();
    expect(closed.can({ type: 'REOPEN' })).toBe(true);
    expect(closed.can({ type: 'START' })).toBe(false);
    expect(problemStatusMoveBetween('in_progress', 'resolved')).toBe('RESOLVE');
    expect(problemStatusMoveBetween('open', 'closed')).toBeNull();
  });

  it('stays put with the error when the server refuses', async () => {
    const { actor } = start('resolved', true);
    actor.send({ type: 'CLOSE' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('resolved');
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 409 });
  });

  it('takes a status changed elsewhere', () => {
    const { actor } = start('open');
    actor.send({ type: 'SYNC', status: 'closed', version: 9 });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.version).toBe(9);
  });
});
