// Both engines: the socket adapter goes through PostgreSQL on the server engine (support/harness.ts).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@staff/console-contract';
import { findUserByUsername, upsertPermissionSet } from '../src/services/users.js';
import {
  Client,
  ENGINES,
  type TestDatabase,
  freshAddress,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';

describe.each(ENGINES)('socket.io on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    app = await testServer(testDb.database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });

  const open = (
    options: {
      token?: string;
      headers?: Record<string, string>;
      transports?: ('websocket' | 'polling')[];
    } = {},
  ) => {
    const socket = connect(baseUrl, {
      path: '/socket.io',
      transports: options.transports ?? ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(options.token ? { auth: { token: options.token } } : {}),
      ...(options.headers ? { extraHeaders: options.headers } : {}),
    });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      if (socket.connected) return resolve();
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(error));
    });
  const refused = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      if (socket.connected) return reject(new Error('connected without a valid token'));
      socket.once('connect', () => reject(new Error('connected without a valid token')));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve, reject) => {
      // A hang guard, not a time limit: a loaded 2-core machine can take seconds to deliver.
      const timer = setTimeout(() => reject(new Error(`no ${event} within 120 s`)), 120_000);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  const tokenFor = async (username: string) => new Client(app, freshAddress()).token(username);

  it('refuses a handshake without a token, with a bad one, and with a revoked one', async () => {
    expect(await refused(open())).toBe('unauthorized');
    expect(await refused(open({ token: 'x'.repeat(43) }))).toBe('unauthorized');
    const c = new Client(app, freshAddress());
    const token = await c.token(await userWithKeys(testDb.database, []));
    await c.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(await refused(open({ token }))).toBe('unauthorized');
  });

  it('accepts the token in the handshake auth or as a bearer header, over websocket or polling', async () => {
    const token = await tokenFor(await userWithKeys(testDb.database, []));
    await connected(open({ token }));
    await connected(open({ headers: { authorization: `Bearer ${token}` }, transports: ['polling'] }));
  });

  it('pushes permissions:changed to the user whose sets change, and to no one else', async () => {
    const username = await userWithKeys(testDb.database, []);
    const bystander = open({ token: await tokenFor(await userWithKeys(testDb.database, [])) });
    const socket = open({ token: await tokenFor(username) });
    await Promise.all([connected(socket), connected(bystander)]);
    let bystanderGot = false;
    bystander.on(SOCKET_EVENTS.permissionsChanged, () => {
      bystanderGot = true;
    });

    const user = await findUserByUsername(testDb.database.db, username);
    const admin = new Client(app, freshAddress());
    const adminToken = await admin.token('admin');
    const pushed = next(socket, SOCKET_EVENTS.permissionsChanged);
    const response = await admin.request({
      method: 'PUT',
      url: `/api/admin/users/${user!.id}/permission-sets`,
      token: adminToken,
      payload: { permission_sets: ['Reports'] },
    });
    expect(response.statusCode).toBe(200);
    await pushed;

    // Editing a set tells its holders too.
    const again = next(socket, SOCKET_EVENTS.permissionsChanged);
    await upsertPermissionSet(
      testDb.database.db,
      {
        name: 'Reports',
        entries: [
          { key: 'ad_daily_tracker', read: true, write: false },
          { key: 'finance_kol_report', read: true, write: false },
        ],
      },
      { id: null },
      app.realtime,
    );
    await again;
    expect(bystanderGot).toBe(false);
  });

  it('pushes session:revoked to the signed-out tab only, then disconnects it', async () => {
    const username = await userWithKeys(testDb.database, []);
    const c = new Client(app, freshAddress());
    const token = await c.token(username);
    const otherTab = open({ token: await c.token(username) });
    const socket = open({ token });
    await Promise.all([connected(socket), connected(otherTab)]);
    let otherGot = false;
    otherTab.on(SOCKET_EVENTS.sessionRevoked, () => {
      otherGot = true;
    });
    const revoked = next<{ reason: string }>(socket, SOCKET_EVENTS.sessionRevoked);
    const disconnected = next(socket, 'disconnect');
    await c.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(await revoked).toEqual({ reason: 'logout' });
    await disconnected;
    expect(otherTab.connected).toBe(true);
    expect(otherGot).toBe(false);
  });

  it('pushes session:revoked to every tab of a user who is disabled', async () => {
    const username = await userWithKeys(testDb.database, []);
    const user = await findUserByUsername(testDb.database.db, username);
    const tabs = [open({ token: await tokenFor(username) }), open({ token: await tokenFor(username) })];
    await Promise.all(tabs.map(connected));
    const revoked = tabs.map((tab) => next<{ reason: string }>(tab, SOCKET_EVENTS.sessionRevoked));
    const admin = new Client(app, freshAddress());
    const response = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${user!.id}`,
      token: await admin.token('admin'),
      payload: { active: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().active).toBe(false);
    expect(await Promise.all(revoked)).toEqual([
      { reason: 'account disabled' },
      { reason: 'account disabled' },
    ]);
  });

  it('notifyUser reaches one user, broadcast reaches everyone', async () => {
    const first = await userWithKeys(testDb.database, []);
    const a = open({ token: await tokenFor(first) });
    const b = open({ token: await tokenFor(await userWithKeys(testDb.database, [])) });
    await Promise.all([connected(a), connected(b)]);
    const user = await findUserByUsername(testDb.database.db, first);
    const direct = next<{ n: number }>(a, 'notice');
    app.realtime.notifyUser(user!.id, 'notice', { n: 1 });
    expect(await direct).toEqual({ n: 1 });
    const all = [next(a, 'announcement'), next(b, 'announcement')];
    app.realtime.broadcast('announcement', { text: 'hello' });
    expect(await Promise.all(all)).toEqual([{ text: 'hello' }, { text: 'hello' }]);
  });

  it('refuses cross-origin browsers when CORS is closed', async () => {
    const token = await tokenFor(await userWithKeys(testDb.database, []));
    const socket = open({ token, headers: { origin: 'https://evil.example' }, transports: ['polling'] });
    await expect(refused(socket)).resolves.toBeTruthy();
  });

  it('a server that stops tells its sockets to go and does not wait for their browsers to leave', async () => {
    const stopping = await testServer(testDb.database);
    await stopping.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(`http://127.0.0.1:${(stopping.server.address() as AddressInfo).port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: await tokenFor(await userWithKeys(testDb.database, [])) },
    });
    sockets.push(socket);
    await connected(socket);
    const told = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    // With the sockets closed after the HTTP server's close, this waited for the client to disconnect itself.
    await stopping.close();
    expect(await told).toBe('io server disconnect');
  });
});
