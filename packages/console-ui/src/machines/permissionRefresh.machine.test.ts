import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CallError, PermissionEntry } from '../adapters.js';
import { permissionRefreshMachine } from './permissionRefresh.machine.js';

const OLD: PermissionEntry[] = [{ permission_key: 'statistics', allow_read: 1 }];
const NEW: PermissionEntry[] = [
  { permission_key: 'statistics', allow_read: 1 },
  { permission_key: 'admin_manage_user', allow_read: 1 },
];

type Answer = { ok: unknown } | { error: CallError };

function start(answers: Answer[], loadMs: number, delays?: { REFRESH_SPINNER: number }) {
  let calls = 0;
  const loadPermissions = fromPromise<PermissionEntry[]>(() => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    return new Promise((resolve, reject) =>
      setTimeout(
        () => ('ok' in answer ? resolve(answer.ok as PermissionEntry[]) : reject(answer.error)),
        loadMs,
      ),
    );
  });
  const actor = createActor(
    permissionRefreshMachine.provide({ actors: { loadPermissions }, ...(delays ? { delays } : {}) }),
    { input: { permissions: OLD } },
  );
  const changed = vi.fn();
  const failed = vi.fn();
  actor.on('permissionsChanged', changed);
  actor.on('refreshFailed', failed);
  actor.start();
  return { actor, changed, failed, calls: () => calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('permissionRefreshMachine', () => {
  it('starts idle with the permissions it was given and loads nothing', () => {
    const { actor, calls } = start([{ ok: NEW }], 10);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.permissions).toEqual(OLD);
    expect(calls()).toBe(0);
  });

  it('starts with no permissions when none are given', () => {
    const actor = createActor(permissionRefreshMachine, { input: {} }).start();
    expect(actor.getSnapshot().context.permissions).toEqual([]);
  });

  it('spins for the full 1 s floor even when the load is fast, then applies the new permissions', async () => {
    const { actor, changed, calls } = start([{ ok: NEW }], 100);
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().context.permissions).toEqual(OLD);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.permissions).toEqual(NEW);
    expect(changed).toHaveBeenCalledWith({ type: 'permissionsChanged', permissions: NEW });
  });

  it('treats the floor as a floor: a 1.5 s load ends at 1.5 s', async () => {
    const { actor } = start([{ ok: NEW }], 1500);
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    await vi.advanceTimersByTimeAsync(1499);
    expect(actor.getSnapshot().value).toBe('refreshing');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('ignores a second refresh while one is running', async () => {
    const { actor, calls } = start([{ ok: NEW }], 100);
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    expect(actor.getSnapshot().can({ type: 'PERMISSIONS.REFRESH' })).toBe(false);
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    expect(calls()).toBe(1);
  });

  it('keeps the old permissions on failure and reports the error after the floor', async () => {
    const error = { status: 500, message: 'Internal Server Error' };
    const { actor, failed, changed } = start([{ error }], 50);
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    await vi.advanceTimersByTimeAsync(999);
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.permissions).toEqual(OLD);
    expect(actor.getSnapshot().context.error).toEqual(error);
    expect(failed).toHaveBeenCalledWith({ type: 'refreshFailed', error });
    expect(changed).not.toHaveBeenCalled();
  });

  it('refreshes again from failed and clears the error when it starts', async () => {
    const { actor } = start([{ error: { message: 'Network Error' } }, { ok: NEW }], 50);
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.permissions).toEqual(NEW);
  });

  it('counts a missing list as empty ("empty if missing")', async () => {
    const { actor } = start([{ ok: undefined }], 10);
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.permissions).toEqual([]);
  });

  it('PERMISSIONS.SET replaces the permissions at once when idle', () => {
    const { actor, changed } = start([{ ok: NEW }], 10);
    actor.send({ type: 'PERMISSIONS.SET', permissions: NEW });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.permissions).toEqual(NEW);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('PERMISSIONS.SET leaves failed for idle and clears the error', async () => {
    const { actor } = start([{ error: { status: 502 } }], 10);
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'PERMISSIONS.SET', permissions: NEW });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.permissions).toEqual(NEW);
  });

  it('PERMISSIONS.SET during a refresh applies at once without stopping the spinner', async () => {
    const { actor } = start([{ ok: NEW }], 300);
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    actor.send({ type: 'PERMISSIONS.SET', permissions: [] });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().context.permissions).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.permissions).toEqual(NEW);
  });

  it('lets an embedder override the spinner floor', async () => {
    const { actor } = start([{ ok: NEW }], 10, { REFRESH_SPINNER: 0 });
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('fails clearly when no loadPermissions actor was provided', async () => {
    const actor = createActor(permissionRefreshMachine, { input: { permissions: OLD } }).start();
    actor.send({ type: 'PERMISSIONS.REFRESH' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.message).toMatch(/provide a loadPermissions actor/);
    expect(actor.getSnapshot().context.permissions).toEqual(OLD);
  });
});
