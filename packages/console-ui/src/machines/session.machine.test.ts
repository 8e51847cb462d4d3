import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorageAdapter, StoredUser } from '../adapters.js';
import {
  DEFAULT_STORED_USER_KEY,
  isStoredUser,
  readStoredUser,
  sessionMachine,
  type SessionEmitted,
} from './session.machine.js';

const ani: StoredUser = { token: 'tok-ani', fullname: 'Ani Wijaya', last_login: '2024-05-01 08:30:00' };
const budi: StoredUser = { token: 'tok-budi', fullname: 'Budi Santoso', last_login: null };

function memoryStorage(initial: Record<string, string> = {}): StorageAdapter & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function start(storage: StorageAdapter, extra: { storageKey?: string } = {}) {
  const logger = { error: vi.fn() };
  const actor = createActor(sessionMachine, { input: { storage, logger, ...extra } });
  const emitted: SessionEmitted[] = [];
  actor.on('signedOut', (e) => emitted.push(e));
  actor.start();
  return { actor, logger, emitted };
}

afterEach(() => vi.restoreAllMocks());

describe('readStoredUser', () => {
  it('returns null when nothing is stored', () => {
    expect(readStoredUser(memoryStorage())).toBeNull();
  });

  it('returns the stored user under the default key', () => {
    const storage = memoryStorage({ [DEFAULT_STORED_USER_KEY]: JSON.stringify(ani) });
    expect(readStoredUser(storage)).toEqual(ani);
    expect(DEFAULT_STORED_USER_KEY).toBe('staff-console.user');
  });

  it('reads a custom key and keeps only the three stored fields', () => {
    const storage = memoryStorage({ mine: JSON.stringify({ ...budi, extra: 'x' }) });
    expect(readStoredUser(storage, 'mine')).toEqual(budi);
  });

  it('treats bad JSON as no user, logs it and removes it', () => {
    const storage = memoryStorage({ [DEFAULT_STORED_USER_KEY]: '{"token":' });
    const logger = { error: vi.fn() };
    expect(readStoredUser(storage, undefined, logger)).toBeNull();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]?.[0]).toMatch(/not valid JSON/);
    expect(storage.data.has(DEFAULT_STORED_USER_KEY)).toBe(false);
  });

  it.each([
    ['a string', '"hello"'],
    ['null', 'null'],
    ['an empty token', JSON.stringify({ ...ani, token: '' })],
    ['a missing fullname', JSON.stringify({ token: 't', last_login: null })],
    ['a numeric last_login', JSON.stringify({ ...ani, last_login: 5 })],
  ])('treats %s as no user, logs it and removes it', (_label, raw) => {
    const storage = memoryStorage({ [DEFAULT_STORED_USER_KEY]: raw });
    const logger = { error: vi.fn() };
    expect(readStoredUser(storage, undefined, logger)).toBeNull();
    expect(logger.error.mock.calls[0]?.[0]).toMatch(/wrong shape/);
    expect(storage.data.size).toBe(0);
  });

  it('logs to console.error by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readStoredUser(memoryStorage({ [DEFAULT_STORED_USER_KEY]: 'not json' }))).toBeNull();
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('treats an unreadable storage as no user and logs it', () => {
    const logger = { error: vi.fn() };
    const storage: StorageAdapter = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(readStoredUser(storage, undefined, logger)).toBeNull();
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('isStoredUser accepts a null last_login and rejects non-objects', () => {
    expect(isStoredUser(budi)).toBe(true);
    expect(isStoredUser(undefined)).toBe(false);
    expect(isStoredUser([ani])).toBe(false);
  });
});

describe('sessionMachine', () => {
  it('starts signedOut with no stored user', () => {
    const { actor } = start(memoryStorage());
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('starts signedIn when a valid user is stored', () => {
    const { actor } = start(memoryStorage({ [DEFAULT_STORED_USER_KEY]: JSON.stringify(ani) }));
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.user).toEqual(ani);
  });

  it('starts signedOut on corrupted data, removes it and logs it', () => {
    const storage = memoryStorage({ [DEFAULT_STORED_USER_KEY]: '{broken' });
    const { actor, logger } = start(storage);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(storage.data.size).toBe(0);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('LOGIN stores the user as JSON under the key and signs in', () => {
    const storage = memoryStorage();
    const { actor } = start(storage);
    actor.send({ type: 'SESSION.LOGIN', user: ani });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context).toMatchObject({ user: ani, reason: undefined });
    expect(JSON.parse(storage.data.get(DEFAULT_STORED_USER_KEY) ?? 'null')).toEqual(ani);
  });

  it('honours a custom storage key', () => {
    const storage = memoryStorage();
    const { actor } = start(storage, { storageKey: 'other.key' });
    actor.send({ type: 'SESSION.LOGIN', user: ani });
    expect([...storage.data.keys()]).toEqual(['other.key']);
  });

  it('ignores a LOGIN whose user has the wrong shape', () => {
    const storage = memoryStorage();
    const { actor } = start(storage);
    actor.send({ type: 'SESSION.LOGIN', user: { fullname: 'No Token' } as unknown as StoredUser });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(storage.data.size).toBe(0);
  });

  it('a second LOGIN while signed in replaces the stored user', () => {
    const storage = memoryStorage();
    const { actor } = start(storage);
    actor.send({ type: 'SESSION.LOGIN', user: ani });
    actor.send({ type: 'SESSION.LOGIN', user: budi });
    expect(actor.getSnapshot().context.user).toEqual(budi);
    expect(JSON.parse(storage.data.get(DEFAULT_STORED_USER_KEY) ?? 'null')).toEqual(budi);
  });

  it('keeps the session in memory and logs when storage refuses the write', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const { actor, logger } = start(storage);
    actor.send({ type: 'SESSION.LOGIN', user: ani });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('SIGN_OUT clears storage, records the reason and emits signedOut', () => {
    const storage = memoryStorage({ [DEFAULT_STORED_USER_KEY]: JSON.stringify(ani) });
    const { actor, emitted } = start(storage);
    actor.send({ type: 'SESSION.SIGN_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toMatchObject({ user: null, reason: 'signedOut' });
    expect(storage.data.size).toBe(0);
    expect(emitted).toEqual([{ type: 'signedOut', reason: 'signedOut' }]);
  });

  it('SIGN_OUT while signed out does nothing', () => {
    const { actor, emitted } = start(memoryStorage());
    actor.send({ type: 'SESSION.SIGN_OUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.reason).toBeUndefined();
    expect(emitted).toEqual([]);
  });

  it('UNAUTHORIZED (a 401) clears storage and emits signedOut with reason unauthorized', () => {
    const storage = memoryStorage({ [DEFAULT_STORED_USER_KEY]: JSON.stringify(ani) });
    const { actor, emitted } = start(storage);
    actor.send({ type: 'SESSION.UNAUTHORIZED' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toMatchObject({ user: null, reason: 'unauthorized' });
    expect(storage.data.size).toBe(0);
    expect(emitted).toEqual([{ type: 'signedOut', reason: 'unauthorized' }]);
  });

  it('UNAUTHORIZED while already signed out still emits, so the app goes to /', () => {
    const { actor, emitted } = start(memoryStorage());
    actor.send({ type: 'SESSION.UNAUTHORIZED' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(emitted).toEqual([{ type: 'signedOut', reason: 'unauthorized' }]);
  });

  it('a LOGIN after sign-out signs in again and clears the reason', () => {
    const { actor } = start(memoryStorage());
    actor.send({ type: 'SESSION.LOGIN', user: ani });
    actor.send({ type: 'SESSION.SIGN_OUT' });
    actor.send({ type: 'SESSION.LOGIN', user: budi });
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context).toMatchObject({ user: budi, reason: undefined });
  });

  it('persisting and reading back round-trips through a new actor', () => {
    const storage = memoryStorage();
    start(storage).actor.send({ type: 'SESSION.LOGIN', user: budi });
    const { actor } = start(storage);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.user).toEqual(budi);
  });
});
