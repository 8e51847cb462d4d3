import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@staff/console-contract';
import { copyTestData, TEST_PASSWORD, type TestDataForProcess } from './support/harness.js';
import { freePort } from './support/postgres.js';
import { type ServerProcess, startServerProcess } from './support/process.js';

/** Two real server processes on one PostgreSQL: what one node does reaches the sockets of the other. */
describe('two server nodes on one PostgreSQL', () => {
  let data: TestDataForProcess;
  let nodeA: ServerProcess;
  let nodeB: ServerProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Not a first start: a copy of the run's migrated and seeded template on the shared cluster (NOTIFY is per
    // database, so the nodes hear only each other).
    data = await copyTestData('postgres');
    const env = { ...data.env, CONSOLE_ADMIN_PASSWORD: TEST_PASSWORD, CONSOLE_DEMO: '0' };
    // One after the other, as a rolling start does.
    nodeA = await startServerProcess(env, await freePort());
    nodeB = await startServerProcess(env, await freePort());
  }, 360_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await nodeA?.stop();
    await nodeB?.stop();
    await data?.close();
  });

  const call = async (node: ServerProcess, method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${node.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const tokenAt = async (node: ServerProcess, username: string) => {
    const answer = await call(node, 'POST', '/api/auth/login', undefined, {
      username,
      password: TEST_PASSWORD,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.data as { token: string }).token;
  };
  const socketAt = async (node: ServerProcess, token: string) => {
    const socket = connect(node.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const next = (socket: Socket, event: string) =>
    new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 15 s`)), 15_000);
      socket.once(event, (payload: unknown) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });

  it('a write through one node reaches a socket on the other', async () => {
    const token = await tokenAt(nodeA, 'admin');
    const socket = await socketAt(nodeB, token);
    const changed = next(socket, 'resource:changed');
    const created = await call(nodeA, 'POST', '/api/resources/companies', token, {
      name: 'PT Dua Node',
      legal_name: 'PT Dua Node Nusantara',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await changed).toEqual({ entity: 'companies', id: created.body.id, action: 'create', version: 1 });
  });

  it('a permission change and a revocation through one node reach the sockets on the other', async () => {
    const admin = await tokenAt(nodeA, 'admin');
    const username = `node-user-${process.pid}`;
    const made = await call(nodeA, 'POST', '/api/admin/users', admin, {
      username,
      full_name: 'Node User',
      password: TEST_PASSWORD,
      permission_sets: [],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const userId = (made.body.user as { id: number }).id;
    const userToken = await tokenAt(nodeB, username);
    const socket = await socketAt(nodeB, userToken);

    const permissions = next(socket, SOCKET_EVENTS.permissionsChanged);
    const sets = await call(nodeA, 'GET', '/api/admin/permission-sets', admin);
    const first = (sets.body.sets as { name: string }[])[0]?.name;
    expect(first).toBeTruthy();
    const put = await call(nodeA, 'PUT', `/api/admin/users/${userId}/permission-sets`, admin, {
      permission_sets: [first],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await permissions;

    const revoked = next(socket, SOCKET_EVENTS.sessionRevoked);
    const disconnected = next(socket, 'disconnect');
    const disable = await call(nodeA, 'PATCH', `/api/admin/users/${userId}`, admin, { active: false });
    expect(disable.status, JSON.stringify(disable.body)).toBe(200);
    expect(await revoked).toEqual({ reason: 'account disabled' });
    await disconnected;
  });
  // Each node keeps sessions and permissions in memory (src/auth/authCache.ts, ADR 066): what one node changes must
  // hold on the other at its very next call, not after a notice arrives.
  it("a sign-out, a permission change, a disabled account and a revoked key through one node hold at the other's next call", async () => {
    const admin = await tokenAt(nodeA, 'admin');
    const set = await call(nodeA, 'POST', '/api/admin/permission-sets', admin, {
      name: `node-cache-${process.pid}`,
      entries: [{ key: 'finance_manage_companies', read: true, write: false }],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const username = `node-cache-${process.pid}`;
    const made = await call(nodeA, 'POST', '/api/admin/users', admin, {
      username,
      full_name: 'Node Cache',
      password: TEST_PASSWORD,
      permission_sets: [set.body.name],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const userId = (made.body.user as { id: number }).id;
    const token = await tokenAt(nodeB, username);
    const companiesAtB = async () =>
      (await call(nodeB, 'GET', '/api/resources/companies?limit=1', token)).status;

    // Twice: the second answer comes from node B's memory.
    expect(await companiesAtB()).toBe(200);
    expect(await companiesAtB()).toBe(200);
    const withSets = async (sets: unknown[]) => {
      const put = await call(nodeA, 'PUT', `/api/admin/users/${userId}/permission-sets`, admin, {
        permission_sets: sets,
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    };
    await withSets([]);
    expect(await companiesAtB()).toBe(403);
    await withSets([set.body.name]);
    expect(await companiesAtB()).toBe(200);
    // The set itself loses the key.
    const patched = await call(nodeA, 'PATCH', `/api/admin/permission-sets/${String(set.body.id)}`, admin, {
      entries: [{ key: 'databank_products', read: true, write: false }],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await companiesAtB()).toBe(403);

    // A session signed out through node A.
    const second = await tokenAt(nodeB, 'admin');
    expect((await call(nodeB, 'GET', '/api/resources/companies?limit=1', second)).status).toBe(200);
    expect((await call(nodeA, 'POST', '/api/auth/logout', second)).status).toBe(200);
    expect((await call(nodeB, 'GET', '/api/resources/companies?limit=1', second)).status).toBe(401);

    // An account disabled through node A.
    const products = async () => (await call(nodeB, 'GET', '/api/resources/products?limit=1', token)).status;
    expect(await products()).toBe(200);
    const disable = await call(nodeA, 'PATCH', `/api/admin/users/${userId}`, admin, { active: false });
    expect(disable.status, JSON.stringify(disable.body)).toBe(200);
    expect(await products()).toBe(401);

    // An automation key revoked through node A.
    const created = await call(nodeA, 'POST', '/api/api-keys', admin, { name: 'node cache' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const withKey = async () =>
      (
        await fetch(`${nodeB.url}/api/resources/n8n_creators?limit=1`, {
          headers: { 'x-api-key': String(created.body.key) },
        })
      ).status;
    expect(await withKey()).toBe(200);
    expect(await withKey()).toBe(200);
    const revoked = await call(nodeA, 'DELETE', `/api/api-keys/${String(created.body.id)}`, admin);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(await withKey()).toBe(401);
  });
});
