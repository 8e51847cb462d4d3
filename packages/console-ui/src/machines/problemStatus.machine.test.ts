import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { problemStatusMachine, type MoveProblemInput } from './problemStatus.machine.js';
import { PROBLEM_MOVES_FIXTURE } from './problemStatus.fixtures.js';

function start(status: string, fail = false, moves = PROBLEM_MOVES_FIXTURE) {
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
  const actor = createActor(machine, { input: { status, version: 3, moves } }).start();
  return { actor, calls };
}

describe('problemStatus machine', () => {
  it('starts idle in the given status', () => {
    for (const status of ['open', 'in_progress', 'resolved', 'closed']) {
      const snapshot = start(status).actor.getSnapshot();
      expect(snapshot.value).toBe('idle');
      expect(snapshot.context.status).toBe(status);
    }
  });

  it('walks open → in progress → resolved → closed → open through the server', async () => {
    const { actor, calls } = start('open');
    actor.send({ type: 'MOVE', action: 'start' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle') && s.context.status === 'in_progress');
    actor.send({ type: 'MOVE', action: 'resolve' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.status === 'resolved');
    actor.send({ type: 'MOVE', action: 'close' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.status === 'closed');
    actor.send({ type: 'MOVE', action: 'reopen' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.status === 'open');
    expect(calls).toEqual([
      { action: 'start', version: 3 },
      { action: 'resolve', version: 4 },
      { action: 'close', version: 5 },
      { action: 'reopen', version: 6 },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ status: 'open', version: 7, pending: null });
  });

  it('allows only the moves of the flow it is given', () => {
    const open = start('open').actor.getSnapshot();
    expect(open.can({ type: 'MOVE', action: 'start' })).toBe(true);
    expect(open.can({ type: 'MOVE', action: 'resolve' })).toBe(true);
    expect(open.can({ type: 'MOVE', action: 'close' })).toBe(false);
    expect(open.can({ type: 'MOVE', action: 'reopen' })).toBe(false);
    expect(open.can({ type: 'MOVE', action: 'toString' })).toBe(false);
    const closed = start('closed').actor.getSnapshot();
    expect(closed.can({ type: 'MOVE', action: 'reopen' })).toBe(true);
    expect(closed.can({ type: 'MOVE', action: 'start' })).toBe(false);
    // Another flow, another rule: the machine keeps none of its own.
    const draft = start('draft', false, { publish: { from: ['draft'], to: 'live' } }).actor.getSnapshot();
    expect(draft.can({ type: 'MOVE', action: 'publish' })).toBe(true);
    expect(draft.can({ type: 'MOVE', action: 'start' })).toBe(false);
  });

  it('does not call the server for a move the flow refuses', () => {
    const { actor, calls } = start('open');
    actor.send({ type: 'MOVE', action: 'close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('stays put with the error when the server refuses', async () => {
    const { actor } = start('resolved', true);
    actor.send({ type: 'MOVE', action: 'close' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().context.status).toBe('resolved');
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 409 });
  });

  it('takes a status changed elsewhere', () => {
    const { actor } = start('open');
    actor.send({ type: 'SYNC', status: 'closed', version: 9 });
    expect(actor.getSnapshot().context).toMatchObject({ status: 'closed', version: 9 });
    expect(actor.getSnapshot().can({ type: 'MOVE', action: 'reopen' })).toBe(true);
  });
});
