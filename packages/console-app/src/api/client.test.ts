import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.js';
import { fakeAdapter } from './testAdapter.js';
import { createReauthGate } from './reauth.js';
import { REAUTH_REQUIRED_CODE } from '@staff/console-contract';

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
    ).rejects.toMatchObject({ response: { status: 401 } });
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer old');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves other failures and token-less 401s to the caller', async () => {
    const onUnauthorized = vi.fn();
    const statuses = [403, 500, 401];
    const { adapter } = fakeAdapter(() => ({ status: statuses.shift()! }));
    let token: string | null = 'abc';
    const client = createApiClient({ getToken: () => token, onUnauthorized, adapter });
    await expect(client.get('/a')).rejects.toMatchObject({ response: { status: 403 } });
    await expect(client.get('/b')).rejects.toMatchObject({ response: { status: 500 } });
    token = null;
    await expect(client.post('/api/auth/login', {})).rejects.toMatchObject({ response: { status: 401 } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on 401 REAUTH_REQUIRED waits for the re-authentication, then sends the same call again (once)', async () => {
    const onUnauthorized = vi.fn();
    let idle = true;
    const { adapter, requests } = fakeAdapter((config) =>
      idle
        ? { status: 401, data: { code: REAUTH_REQUIRED_CODE, message: 'Enter your password' } }
        : { status: 200, data: { saved: config.data } },
    );
    const gate = createReauthGate();
    const client = createApiClient({
      getToken: () => 't',
      onUnauthorized,
      onReauthRequired: gate.request,
      adapter,
    });
    // Two calls fail while idle: one dialog (one pending gate) serves both.
    const save = client.post('/api/resources/creators', { name: 'Nadia' });
    const list = client.get('/api/resources/creators');
    await vi.waitFor(() => expect(gate.pending()).toBe(true));
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    idle = false;
    gate.settle(true);
    await expect(save).resolves.toMatchObject({
      status: 200,
      data: { saved: JSON.stringify({ name: 'Nadia' }) },
    });
    await expect(list).resolves.toMatchObject({ status: 200 });
    expect(requests).toHaveLength(4);
    expect(gate.pending()).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('ends the session when the user signs out of the dialog instead, and on a second REAUTH after a retry', async () => {
    const onUnauthorized = vi.fn();
    const { adapter, requests } = fakeAdapter(() => ({ status: 401, data: { code: REAUTH_REQUIRED_CODE } }));
    const gate = createReauthGate();
    const client = createApiClient({
      getToken: () => 't',
      onUnauthorized,
      onReauthRequired: gate.request,
      adapter,
    });
    const refused = client.get('/a');
    await vi.waitFor(() => expect(gate.pending()).toBe(true));
    gate.settle(false);
    await expect(refused).rejects.toMatchObject({ response: { status: 401 } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // Accepted, but the retry is refused again: no loop, the session ends.
    const again = client.get('/b');
    await vi.waitFor(() => expect(gate.pending()).toBe(true));
    gate.settle(true);
    await expect(again).rejects.toMatchObject({ response: { status: 401 } });
    expect(requests.map((request) => request.url)).toEqual(['/a', '/b', '/b']);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });
});
