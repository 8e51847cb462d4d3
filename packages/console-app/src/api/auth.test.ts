import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.js';
import { createCheckPermission, createLoadPermissions, createLogin, createLogout } from './auth.js';
import { fakeAdapter, type FakeAnswer } from './testAdapter.js';

const setup = (answer: FakeAnswer | ((url: string) => FakeAnswer)) => {
  const fake = fakeAdapter((config) => (typeof answer === 'function' ? answer(config.url ?? '') : answer));
  const onUnauthorized = vi.fn();
  const client = createApiClient({ getToken: () => 'tok', onUnauthorized, adapter: fake.adapter });
  return { ...fake, client, onUnauthorized };
};

describe('createLogin', () => {
  it('posts the credentials as typed and returns data.data', async () => {
    const user = { token: 'abc', fullname: 'Ayu Lestari', last_login: '2024-01-01T00:00:00.000Z' };
    const { client, requests } = setup({ status: 200, data: { data: user } });
    await expect(createLogin(client)({ username: '', password: '' })).resolves.toEqual(user);
    expect(requests[0]!.method).toBe('post');
    expect(requests[0]!.url).toBe('/api/auth/login');
    expect(JSON.parse(requests[0]!.data as string)).toEqual({ username: '', password: '' });
  });

  it('rejects with the status and the server message', async () => {
    const { client } = setup({ status: 403, data: { message: 'Wrong username or password' } });
    await expect(createLogin(client)({ username: 'a', password: 'b' })).rejects.toEqual({
      status: 403,
      message: 'Wrong username or password',
    });
  });

  it('rejects without a status when the server is unreachable', async () => {
    const { client } = setup({ network: true });
    const error = await createLogin(client)({ username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(error).toEqual({ message: 'Network Error' });
  });
});

describe('createLoadPermissions', () => {
  it('reads data.permissions and treats a missing list as empty', async () => {
    const entries = [{ permission_key: 'statistics', allow_read: 1, allow_write: 0 }];
    await expect(
      createLoadPermissions(setup({ status: 200, data: { permissions: entries } }).client)(),
    ).resolves.toEqual(entries);
    await expect(createLoadPermissions(setup({ status: 200, data: {} }).client)()).resolves.toEqual([]);
  });

  it('rejects with a CallError', async () => {
    await expect(
      createLoadPermissions(setup({ status: 500, data: { message: 'down' } }).client)(),
    ).rejects.toEqual({
      status: 500,
      message: 'down',
    });
  });
});

describe('createCheckPermission', () => {
  it('asks ___pc with key, mode=read and the page path; 200 allows', async () => {
    const { client, requests } = setup({ status: 200, data: {} });
    await expect(
      createCheckPermission(client, () => '/app/admins/creators')('databank_creators'),
    ).resolves.toBe(true);
    expect(requests[0]!.url).toBe('/api/a/verify/___pc');
    expect(requests[0]!.params).toEqual({
      key: 'databank_creators',
      mode: 'read',
      path: '/app/admins/creators',
    });
  });

  it('403 denies, other failures reject', async () => {
    await expect(createCheckPermission(setup({ status: 403 }).client)('statistics')).resolves.toBe(false);
    await expect(
      createCheckPermission(setup({ status: 500, data: { message: 'x' } }).client)('statistics'),
    ).rejects.toEqual({
      status: 500,
      message: 'x',
    });
  });

  it('a 401 ends the session', async () => {
    const { client, onUnauthorized } = setup({ status: 401 });
    await expect(createCheckPermission(client)('statistics')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalled();
  });
});

describe('createLogout', () => {
  it('posts to /api/auth/logout with the stored token, or the one handed in', async () => {
    const { client, requests } = setup({ status: 200, data: { ok: true } });
    await createLogout(client)();
    await createLogout(client)('revoked-one');
    expect(requests.map((r) => r.url)).toEqual(['/api/auth/logout', '/api/auth/logout']);
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer tok', 'Bearer revoked-one']);
  });

  it('rejects with a CallError when the server is down', async () => {
    await expect(createLogout(setup({ network: true }).client)('t')).rejects.toEqual({
      message: 'Network Error',
    });
  });
});
