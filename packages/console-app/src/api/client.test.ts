import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.js';
import { fakeAdapter } from './testAdapter.js';

describe('createApiClient', () => {
  it('sends the stored token as a bearer header on every request, read at request time', async () => {
    let token: string | null = 'first';
    const { adapter, requests } = fakeAdapter(() => ({ status: 200, data: {} }));
    const client = createApiClient({ getToken: () => token, onUnauthorized: vi.fn(), adapter });
    await client.get('/api/a/verify/___ca');
    token = 'second';
    await client.post('/api/auth/logout');
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer first', 'Bearer second']);
  });

  it('sends no Authorization header without a stored token', async () => {
    const { adapter, requests } = fakeAdapter(() => ({ status: 200, data: {} }));
    const client = createApiClient({ getToken: () => null, onUnauthorized: vi.fn(), adapter });
    await client.get('/api/configs/');
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('ends the session on any 401 and still rejects to the caller', async () => {
    const onUnauthorized = vi.fn();
    const { adapter } = fakeAdapter(() => ({ status: 401, data: { message: 'Token revoked' } }));
    const client = createApiClient({ getToken: () => 'old', onUnauthorized, adapter });
    await expect(client.get('/api/statistics/usage')).rejects.toMatchObject({ response: { status: 401 } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps a token the caller names and does not end a newer session for an older token', async () => {
    const onUnauthorized = vi.fn();
    const { adapter, requests } = fakeAdapter(() => ({ status: 401 }));
    const client = createApiClient({ getToken: () => 'new', onUnauthorized, adapter });
    await expect(
      client.post('/api/auth/logout', undefined, { headers: { Authorization: 'Bearer old' } }),
    ).rejects.toBeTruthy();
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer old');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves other failures and token-less 401s to the caller', async () => {
    const onUnauthorized = vi.fn();
    const statuses = [403, 500, 401];
    const { adapter } = fakeAdapter(() => ({ status: statuses.shift()! }));
    let token: string | null = 'abc';
    const client = createApiClient({ getToken: () => token, onUnauthorized, adapter });
    await expect(client.get('/a')).rejects.toBeTruthy();
    await expect(client.get('/b')).rejects.toBeTruthy();
    token = null;
    await expect(client.post('/api/auth/login', {})).rejects.toBeTruthy();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
