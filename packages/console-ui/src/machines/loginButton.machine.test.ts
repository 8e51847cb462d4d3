import { createActor, fromPromise } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginChallenge, LoginCredentials, StoredUser } from '../adapters.js';
import {
  LOGIN_BUTTON_LABELS,
  LOGIN_GENERIC_ERROR,
  LOGIN_SUCCESS_HOLD_MS,
  createLoginActor,
  createVerifyCodeActor,
  loginButtonMachine,
  loginErrorMessage,
} from './loginButton.machine.js';

const ani: StoredUser = { token: 'tok-ani', fullname: 'Ani Wijaya', last_login: '2024-05-01 08:30:00' };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(login: (c: LoginCredentials) => Promise<StoredUser>, delays?: { LOGIN_SUCCESS_HOLD: number }) {
  const spy = vi.fn(login);
  const machine = loginButtonMachine.provide({
    actors: { login: createLoginActor(spy) },
    ...(delays ? { delays } : {}),
  });
  const actor = createActor(machine).start();
  return { actor, login: spy };
}

const submit = (username = 'ani', password = 'rahasia') => ({ type: 'SUBMIT' as const, username, password });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('loginErrorMessage', () => {
  it.each([403, 404])('%i shows "Error : " and the server message', (status) => {
    expect(loginErrorMessage({ status, message: 'Username atau password salah' })).toBe(
      'Error : Username atau password salah',
    );
  });

  it.each([
    [{ status: 500, message: 'Internal Server Error' }],
    [{ status: 401, message: 'Unauthorized' }],
    [{ status: 400, message: 'Bad Request' }],
    [{ message: 'Network Error' }],
    [{}],
  ])('anything else is the generic communication error: %j', (err) => {
    expect(loginErrorMessage(err)).toBe('Error : Komunikasi dengan server bermasalah');
  });

  it('a 403 with no message falls back to the generic error', () => {
    expect(loginErrorMessage({ status: 403 })).toBe(LOGIN_GENERIC_ERROR);
    expect(loginErrorMessage({ status: 404, message: '  ' })).toBe(LOGIN_GENERIC_ERROR);
  });

  it('labels match the spec', () => {
    expect(LOGIN_BUTTON_LABELS).toEqual({
      idle: 'Login',
      loading: 'Memuat...',
      success: 'Login Sukses, Mohon tunggu',
    });
  });
});

describe('loginButtonMachine', () => {
  it('starts idle with no error and accepts SUBMIT', () => {
    const { actor } = start(async () => ani);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('idle');
    expect(snap.context).toMatchObject({ error: null, user: null });
    expect(snap.can(submit())).toBe(true);
    expect(snap.hasTag('busy')).toBe(false);
  });

  it('SUBMIT goes to loading and calls login with the credentials as typed', () => {
    const { actor, login } = start(() => new Promise(() => {}));
    actor.send(submit('  ani ', 'p@ss '));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(login).toHaveBeenCalledWith({ username: '  ani ', password: 'p@ss ' });
  });

  it('empty values are sent as they are (no client-side validation)', () => {
    const { actor, login } = start(() => new Promise(() => {}));
    actor.send(submit('', ''));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(login).toHaveBeenCalledWith({ username: '', password: '' });
  });

  it('a second SUBMIT while loading is ignored', () => {
    const { actor, login } = start(() => new Promise(() => {}));
    actor.send(submit());
    expect(actor.getSnapshot().can(submit())).toBe(false);
    actor.send(submit('other', 'other'));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('success holds for 2 s, then finishes with the user as output', async () => {
    const { actor } = start(async () => ani);
    actor.send(submit());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.user).toEqual(ani);
    expect(actor.getSnapshot().can(submit())).toBe(false);
    await vi.advanceTimersByTimeAsync(LOGIN_SUCCESS_HOLD_MS - 1);
    expect(actor.getSnapshot().value).toBe('success');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(ani);
  });

  it('forgets the credentials once the call settles', async () => {
    const { actor } = start(async () => ani);
    actor.send(submit());
    expect(actor.getSnapshot().context.credentials).toEqual({ username: 'ani', password: 'rahasia' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.credentials).toBeNull();
  });

  it('the hold can be overridden with provide({ delays })', async () => {
    const { actor } = start(async () => ani, { LOGIN_SUCCESS_HOLD: 10 });
    actor.send(submit());
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([403, 404])('a %i rejection returns to idle with the server message', async (status) => {
    const { actor } = start(() => Promise.reject({ status, message: 'User tidak ditemukan' }));
    actor.send(submit());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('Error : User tidak ditemukan');
    expect(actor.getSnapshot().context.credentials).toBeNull();
  });

  it.each([
    ['a 500', { status: 500, message: 'Internal Server Error' }],
    ['a network error (Error, no status)', new Error('Network Error')],
    ['a non-object', 'timeout'],
  ])('%s returns to idle with the generic error', async (_label, rejection) => {
    const { actor } = start(() => Promise.reject(rejection));
    actor.send(submit());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('Error : Komunikasi dengan server bermasalah');
  });

  it('retrying after an error clears the error while loading', async () => {
    const results = [
      Promise.reject({ status: 403, message: 'Password salah' }),
      new Promise<StoredUser>(() => {}),
    ];
    const { actor } = start(() => results.shift()!);
    actor.send(submit());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe('Error : Password salah');
    actor.send(submit());
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('an error result does not start the success hold', async () => {
    const call = deferred<StoredUser>();
    const { actor } = start(() => call.promise);
    actor.send(submit());
    call.reject({ status: 404, message: 'Not found' });
    await vi.advanceTimersByTimeAsync(LOGIN_SUCCESS_HOLD_MS * 2);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('without a provided login actor the attempt fails with the generic error', async () => {
    const actor = createActor(loginButtonMachine).start();
    actor.send(submit());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(LOGIN_GENERIC_ERROR);
  });

  it('accepts any login actor provided directly', async () => {
    const machine = loginButtonMachine.provide({
      actors: {
        login: fromPromise<StoredUser | LoginChallenge, LoginCredentials>(async ({ input }) => ({
          ...ani,
          fullname: input.username,
        })),
      },
    });
    const actor = createActor(machine).start();
    actor.send(submit('Citra'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.user?.fullname).toBe('Citra');
  });
});

describe('loginButtonMachine: two-step sign-in', () => {
  function startTwoStep(verify: (input: { challenge: string; code: string }) => Promise<StoredUser>) {
    const verifySpy = vi.fn(verify);
    const machine = loginButtonMachine.provide({
      actors: {
        login: createLoginActor(async () => ({ challenge: 'ch-1' }) satisfies LoginChallenge),
        verifyCode: createVerifyCodeActor(verifySpy),
      },
      delays: { LOGIN_SUCCESS_HOLD: 100 },
    });
    return { actor: createActor(machine).start(), verify: verifySpy };
  }

  it('waits in the code step after a challenge, refuses a wrong code, then succeeds like a password login', async () => {
    const { actor, verify } = startTwoStep(async ({ code }) =>
      code === '123456' ? ani : Promise.reject({ status: 403, message: 'Invalid code.' }),
    );
    actor.send(submit());
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ code: 'idle' });
    expect(actor.getSnapshot().context.challenge).toBe('ch-1');
    // The password form's submit does nothing here.
    expect(actor.getSnapshot().can(submit())).toBe(false);

    actor.send({ type: 'CODE.SUBMIT', code: '654321' });
    expect(actor.getSnapshot().value).toEqual({ code: 'verifying' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ code: 'idle' });
    expect(actor.getSnapshot().context.error).toBe('Error : Invalid code.');

    actor.send({ type: 'CODE.SUBMIT', code: '123456' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(ani);
    expect(verify.mock.calls.map(([input]) => input)).toEqual([
      { challenge: 'ch-1', code: '654321' },
      { challenge: 'ch-1', code: '123456' },
    ]);
    expect(actor.getSnapshot().context.code).toBeNull();
  });

  it('goes back to the password step with CODE.BACK, forgetting the challenge', async () => {
    const { actor } = startTwoStep(async () => ani);
    actor.send(submit());
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'CODE.BACK' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ challenge: null, error: null });
  });
});
