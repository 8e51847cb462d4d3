import { createActor } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  START_REDIRECT_MS,
  START_SCREEN_TARGETS,
  startScreenMachine,
  type StartScreenInput,
} from './startScreen.machine.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(input: StartScreenInput, machine = startScreenMachine) {
  const actor = createActor(machine, { input });
  const completed = vi.fn();
  actor.subscribe({ complete: completed });
  actor.start();
  return { actor, completed };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startScreenMachine', () => {
  it('starts checking, with the check and the delay both running', () => {
    const checkSession = vi.fn(() => true);
    const { actor } = start({ checkSession });
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ checking: { session: 'pending', delay: 'waiting' } });
    expect(checkSession).toHaveBeenCalledTimes(1);
  });

  it('a valid session goes to /app/customer-chats, no sooner than 500 ms', async () => {
    const { actor, completed } = start({ checkSession: () => true });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.sessionValid).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ checking: { session: 'settled', delay: 'waiting' } });
    await vi.advanceTimersByTimeAsync(START_REDIRECT_MS - 1);
    expect(completed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ target: '/app/customer-chats' });
    expect(completed).toHaveBeenCalledTimes(1);
  });

  it('no session goes to /login after 500 ms', async () => {
    const { actor } = start({ checkSession: () => false });
    await vi.advanceTimersByTimeAsync(499);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().output).toEqual({ target: START_SCREEN_TARGETS.invalid });
  });

  it('accepts an async check', async () => {
    const { actor } = start({ checkSession: async () => true });
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().output).toEqual({ target: '/app/customer-chats' });
  });

  it('the delay is a floor: a slow check finishes when the check does, not 500 ms later', async () => {
    const check = deferred<boolean>();
    const { actor } = start({ checkSession: () => check.promise });
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().value).toEqual({ checking: { session: 'pending', delay: 'elapsed' } });
    await vi.advanceTimersByTimeAsync(700);
    expect(actor.getSnapshot().status).toBe('active');
    check.resolve(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ target: '/app/customer-chats' });
  });

  it('a rejected check counts as no session', async () => {
    const { actor } = start({ checkSession: () => Promise.reject(new Error('storage unavailable')) });
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().context.sessionValid).toBe(false);
    expect(actor.getSnapshot().output).toEqual({ target: '/login' });
  });

  it('a check that throws synchronously counts as no session', async () => {
    const { actor } = start({
      checkSession: () => {
        throw new Error('boom');
      },
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().output).toEqual({ target: '/login' });
  });

  it('targets can be overridden one at a time', async () => {
    const valid = start({ checkSession: () => true, targets: { valid: '/home' } }).actor;
    const invalid = start({ checkSession: () => false, targets: { valid: '/home' } }).actor;
    await vi.advanceTimersByTimeAsync(500);
    expect(valid.getSnapshot().output).toEqual({ target: '/home' });
    expect(invalid.getSnapshot().output).toEqual({ target: '/login' });
  });

  it('the START_REDIRECT delay can be overridden with provide', async () => {
    const machine = startScreenMachine.provide({ delays: { START_REDIRECT: 50 } });
    const { actor } = start({ checkSession: () => true }, machine);
    await vi.advanceTimersByTimeAsync(49);
    expect(actor.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().output).toEqual({ target: '/app/customer-chats' });
  });

  it('stopping before the delay elapses cancels the redirect', async () => {
    const { actor } = start({ checkSession: () => true });
    actor.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().output).toBeUndefined();
  });
});
