import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CallError } from '../adapters.js';
import { PAGE_DENIED_MESSAGE, pageGuardMachine, toCallError } from './pageGuard.machine.js';

type Answer = { ok: boolean } | { error: CallError };

/** A check that answers after `ms` with the next scripted answer, recording the keys it was asked. */
function scriptedCheck(answers: Answer[], ms: number) {
  const asked: string[] = [];
  const aborted: string[] = [];
  const logic = fromPromise<boolean, { permissionKey: string }>(({ input, signal }) => {
    asked.push(input.permissionKey);
    const answer = answers[Math.min(asked.length - 1, answers.length - 1)]!;
    return new Promise<boolean>((resolve, reject) => {
      const timer = setTimeout(() => ('ok' in answer ? resolve(answer.ok) : reject(answer.error)), ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        aborted.push(input.permissionKey);
      });
    });
  });
  return { logic, asked, aborted };
}

function start(answers: Answer[], checkMs: number, delays?: { PAGE_GUARD_DELAY: number }) {
  const check = scriptedCheck(answers, checkMs);
  const actor = createActor(
    pageGuardMachine.provide({ actors: { checkPermission: check.logic }, ...(delays ? { delays } : {}) }),
    { input: { permissionKey: 'statistics' } },
  );
  const denied = vi.fn();
  actor.on('denied', denied);
  actor.start();
  return { actor, check, denied };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pageGuardMachine', () => {
  it('starts checking and asks the server at once', () => {
    const { actor, check } = start([{ ok: true }], 100);
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(check.asked).toEqual(['statistics']);
  });

  it('shows allowed at the 750 ms floor when the check is faster', async () => {
    const { actor } = start([{ ok: true }], 100);
    await vi.advanceTimersByTimeAsync(100);
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context.result).toBe('allowed');
    await vi.advanceTimersByTimeAsync(649);
    expect(actor.getSnapshot().value).toBe('checking');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('treats the delay as a floor, not an addition: a 1.2 s check shows at 1.2 s', async () => {
    const { actor } = start([{ ok: true }], 1200);
    await vi.advanceTimersByTimeAsync(750);
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context.floorElapsed).toBe(true);
    await vi.advanceTimersByTimeAsync(449);
    expect(actor.getSnapshot().value).toBe('checking');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('goes to denied when the server says no, and emits denied once', async () => {
    const { actor, denied } = start([{ ok: false }], 10);
    await vi.advanceTimersByTimeAsync(750);
    expect(actor.getSnapshot().value).toBe('denied');
    expect(denied).toHaveBeenCalledTimes(1);
    expect(denied).toHaveBeenCalledWith({ type: 'denied', permissionKey: 'statistics' });
    expect(PAGE_DENIED_MESSAGE).toBe("You don't have permission to access this page");
  });

  it('counts a 403 rejection as denied, not as an error', async () => {
    const { actor } = start([{ error: { status: 403, message: 'Forbidden' } }], 10);
    await vi.advanceTimersByTimeAsync(750);
    expect(actor.getSnapshot().value).toBe('denied');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it.each([
    ['a network failure', { message: 'Network Error' }],
    ['a 500 answer', { status: 500, message: 'Internal Server Error' }],
    ['a 503 answer', { status: 503 }],
  ])('goes to error on %s, keeping the error', async (_name, error) => {
    const { actor } = start([{ error }], 10);
    await vi.advanceTimersByTimeAsync(749);
    expect(actor.getSnapshot().value).toBe('checking');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toEqual(error);
  });

  it('RETRY from error checks again with a new floor', async () => {
    const { actor, check } = start([{ error: { status: 502 } }, { ok: true }], 10);
    await vi.advanceTimersByTimeAsync(750);
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.previous).toBe('error');
    expect(check.asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(749);
    expect(actor.getSnapshot().value).toBe('checking');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('ignores RETRY outside error', async () => {
    const { actor, check } = start([{ ok: true }], 10);
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    await vi.advanceTimersByTimeAsync(750);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('allowed');
    expect(check.asked).toHaveLength(1);
  });

  it('RECHECK from allowed re-runs the check and remembers the page was allowed', async () => {
    const { actor, check, denied } = start([{ ok: true }, { ok: false }], 10);
    await vi.advanceTimersByTimeAsync(750);
    actor.send({ type: 'RECHECK' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context.previous).toBe('allowed');
    await vi.advanceTimersByTimeAsync(750);
    expect(actor.getSnapshot().value).toBe('denied');
    expect(check.asked).toEqual(['statistics', 'statistics']);
    expect(denied).toHaveBeenCalledTimes(1);
  });

  it('RECHECK from denied can find the page allowed after a permission change', async () => {
    const { actor } = start([{ ok: false }, { ok: true }], 10);
    await vi.advanceTimersByTimeAsync(750);
    expect(actor.getSnapshot().value).toBe('denied');
    actor.send({ type: 'RECHECK' });
    await vi.advanceTimersByTimeAsync(750);
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('RECHECK from error re-runs the check', async () => {
    const { actor, check } = start([{ error: {} }, { ok: true }], 10);
    await vi.advanceTimersByTimeAsync(750);
    actor.send({ type: 'RECHECK' });
    expect(check.asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(750);
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('RECHECK with another key checks that key', async () => {
    const { actor, check } = start([{ ok: true }], 10);
    await vi.advanceTimersByTimeAsync(750);
    actor.send({ type: 'RECHECK', permissionKey: 'admin_manage_user' });
    expect(actor.getSnapshot().context.permissionKey).toBe('admin_manage_user');
    expect(check.asked).toEqual(['statistics', 'admin_manage_user']);
  });

  it('RECHECK while checking aborts the running check and restarts the floor', async () => {
    const { actor, check } = start([{ ok: true }], 500);
    await vi.advanceTimersByTimeAsync(400);
    actor.send({ type: 'RECHECK', permissionKey: 'finance_kol_report' });
    expect(check.aborted).toEqual(['statistics']);
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().value).toBe('checking');
    await vi.advanceTimersByTimeAsync(250);
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('lets an embedder override the floor with provide({ delays })', async () => {
    const { actor } = start([{ ok: true }], 10, { PAGE_GUARD_DELAY: 0 });
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().value).toBe('allowed');
  });

  it('fails clearly when no checkPermission actor was provided', async () => {
    const actor = createActor(pageGuardMachine, { input: { permissionKey: 'statistics' } }).start();
    await vi.advanceTimersByTimeAsync(750);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error?.message).toMatch(/provide a checkPermission actor/);
  });

  it('toCallError keeps status and message and tolerates anything else', () => {
    expect(toCallError({ status: 500, message: 'x', extra: 1 })).toEqual({ status: 500, message: 'x' });
    expect(toCallError(new Error('boom'))).toEqual({ message: 'boom' });
    expect(toCallError('text')).toEqual({ message: 'text' });
    expect(toCallError(undefined)).toEqual({});
  });
});
