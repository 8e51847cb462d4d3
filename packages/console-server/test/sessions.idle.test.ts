// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REAUTH_REQUIRED_CODE, SOCKET_EVENTS } from '@staff/console-contract';
import { totpCode } from '../src/auth/totp.js';
import { PASSWORD_MESSAGES } from '../src/admin/passwordPolicy.js';
import { isCommonPassword, commonPasswordCount } from '../src/auth/commonPasswords.js';
import { DEMO_ADMIN_PASSWORD, DEMO_PASSWORD, seed } from '../src/seed.js';
import { openDatabase } from '../src/db/database.js';
import { createEmptyPostgres, testRunDir } from './support/templates.js';
import {
  Client,
  ONE_ENGINE,
  TEST_PASSWORD,
  type TestDatabase,
  freshAddress,
  openTestDatabase,
  testClock,
  testServer,
  userWithKeys,
} from './support/harness.js';

const IDLE_MINUTES = 30;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(ONE_ENGINE)('idle sessions, own sessions and password rules on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  const clock = testClock();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    app = await testServer(testDb.database, { clock: clock.now, idleMinutes: IDLE_MINUTES });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    clock.reset();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });

  const call = (
    c: Client,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) => c.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as Json }) });
  const openSocket = (token: string) => {
    const socket = connect(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    return new Promise<Socket>((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  };
  const closedWith = (socket: Socket) =>
    new Promise<{ reason: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket not closed within 10 s')), 10_000);
      let payload: { reason: string } | null = null;
      socket.once(SOCKET_EVENTS.sessionRevoked, (body: { reason: string }) => {
        payload = body;
      });
      socket.once('disconnect', () => {
        clearTimeout(timer);
        resolve(payload ?? { reason: '(no event)' });
      });
    });

  it('answers 401 REAUTH_REQUIRED after the idle time, keeps the session, and continues after the password', async () => {
    const username = await userWithKeys(testDb.database, [{ key: 'statistics' }]);
    const c = new Client(app, freshAddress());
    const token = await c.token(username);
    expect((await call(c, 'GET', '/api/a/verify/___ca', token)).statusCode).toBe(200);
    clock.advance(IDLE_MINUTES * 60_000 - 60_000);
    // Used within the idle time: fine, and the clock of idleness starts again.
    expect((await call(c, 'GET', '/api/a/verify/___ca', token)).statusCode).toBe(200);
    clock.advance(IDLE_MINUTES * 60_000 + 1_000);

    const idle = await call(c, 'GET', '/api/a/verify/___ca', token);
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({
      code: REAUTH_REQUIRED_CODE,
      message: expect.stringMatching(/password/),
    });
    // Every route, master data included, and the idleness is not ended by asking again.
    const resources = await call(c, 'GET', '/api/resources/creators', token);
    expect(resources.statusCode).toBe(401);
    expect(resources.json().code).toBe(REAUTH_REQUIRED_CODE);

    const wrong = await call(c, 'POST', '/api/auth/reauth', token, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ 'body.password': ['The password is not correct.'] });
    expect((await call(c, 'GET', '/api/a/verify/___ca', token)).json().code).toBe(REAUTH_REQUIRED_CODE);

    const right = await call(c, 'POST', '/api/auth/reauth', token, { password: TEST_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect((await call(c, 'GET', '/api/a/verify/___ca', token)).statusCode).toBe(200);
  });

  it('keeps the absolute lifetime: an expired session is a plain 401, not a re-authentication', async () => {
    const username = await userWithKeys(testDb.database, []);
    const c = new Client(app, freshAddress());
    const token = await c.token(username);
    clock.advance(13 * 3_600_000);
    const expired = await call(c, 'GET', '/api/a/verify/___ca', token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHORIZED');
    expect((await call(c, 'POST', '/api/auth/reauth', token, { password: TEST_PASSWORD })).statusCode).toBe(
      401,
    );
  });

  it('asks for the code too when two-step sign-in is on, and ends the session after too many wrong answers', async () => {
    const username = await userWithKeys(testDb.database, []);
    const c = new Client(app, freshAddress());
    const token = await c.token(username);
    const setup = (await call(c, 'POST', '/api/auth/2fa/setup', token)).json() as { secret: string };
    expect(
      (await call(c, 'POST', '/api/auth/2fa/enable', token, { code: totpCode(setup.secret, clock.now()) }))
        .statusCode,
    ).toBe(200);
    clock.advance(IDLE_MINUTES * 60_000 + 1_000);
    const noCode = await call(c, 'POST', '/api/auth/reauth', token, { password: TEST_PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().code).toBe('CODE_REQUIRED');
    const badCode = await call(c, 'POST', '/api/auth/reauth', token, {
      password: TEST_PASSWORD,
      code: '000000',
    });
    expect(badCode.json().fields).toHaveProperty(['body.code']);
    const good = await call(c, 'POST', '/api/auth/reauth', token, {
      password: TEST_PASSWORD,
      code: totpCode(setup.secret, clock.now()),
    });
    expect(good.statusCode, good.body).toBe(200);

    // Guessing at an unattended session: the lockout ends it for good.
    clock.advance(IDLE_MINUTES * 60_000 + 1_000);
    let last = 0;
    for (let attempt = 0; attempt < 5; attempt += 1)
      last = (await call(c, 'POST', '/api/auth/reauth', token, { password: `wrong-${attempt}` })).statusCode;
    expect(last).toBe(401);
    const after = await call(c, 'GET', '/api/a/verify/___ca', token);
    expect(after.json().code).toBe('UNAUTHORIZED');
  });

  it("lists the user's own sessions and signs one out; its socket closes at once", async () => {
    const username = await userWithKeys(testDb.database, []);
    const laptop = new Client(app, '10.9.0.1');
    const phone = new Client(app, '10.9.0.2');
    const mine = await laptop.token(username);
    const other = await phone.token(username);
    const someoneElse = await new Client(app, freshAddress()).token(await userWithKeys(testDb.database, []));

    const list = await laptop.request({
      method: 'GET',
      url: '/api/auth/sessions',
      token: mine,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' },
    });
    expect(list.statusCode).toBe(200);
    const sessions = (list.json() as { sessions: Json[] }).sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.ip).sort()).toEqual(['10.9.0.1', '10.9.0.2']);
    const phoneSession = sessions.find((session) => session.ip === '10.9.0.2')!;
    expect(phoneSession.current).toBe(false);

    const socket = await openSocket(other);
    const closed = closedWith(socket);
    const othersSessions = (await call(laptop, 'GET', '/api/auth/sessions', someoneElse)).json()
      .sessions as Json[];
    expect(
      (await call(laptop, 'DELETE', `/api/auth/sessions/${othersSessions[0]!.id}`, mine)).statusCode,
    ).toBe(404);
    expect((await call(laptop, 'DELETE', `/api/auth/sessions/${phoneSession.id}`, mine)).statusCode).toBe(
      200,
    );
    expect(await closed).toEqual({ reason: 'signed out by the user' });
    expect((await call(phone, 'GET', '/api/a/verify/___ca', other)).statusCode).toBe(401);
    expect((await call(laptop, 'GET', '/api/a/verify/___ca', mine)).statusCode).toBe(200);
    expect((await call(laptop, 'DELETE', '/api/auth/sessions/not-a-uuid', mine)).statusCode).toBe(400);
  });

  it('turning two-step sign-in off ends the other sessions (and closes their sockets), not this one', async () => {
    const username = await userWithKeys(testDb.database, []);
    const here = new Client(app, freshAddress());
    const token = await here.token(username);
    const setup = (await call(here, 'POST', '/api/auth/2fa/setup', token)).json() as { secret: string };
    await call(here, 'POST', '/api/auth/2fa/enable', token, { code: totpCode(setup.secret, clock.now()) });
    clock.advance(30_000);
    const elsewhere = new Client(app, freshAddress());
    const challenge = (await elsewhere.login(username)).json().data.challenge as string;
    const otherToken = (
      await elsewhere.request({
        method: 'POST',
        url: '/api/auth/login/otp',
        payload: { challenge, code: totpCode(setup.secret, clock.now()) },
      })
    ).json().data.token as string;
    const socket = await openSocket(otherToken);
    const closed = closedWith(socket);
    expect(
      (await call(here, 'POST', '/api/auth/2fa/disable', token, { password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    expect(await closed).toEqual({ reason: '2fa turned off' });
    expect((await call(elsewhere, 'GET', '/api/a/verify/___ca', otherToken)).statusCode).toBe(401);
    expect((await call(here, 'GET', '/api/a/verify/___ca', token)).statusCode).toBe(200);
  });

  it('refuses the 10,000 most common passwords and the username, saying why', async () => {
    expect(commonPasswordCount()).toBe(10_000);
    const admin = await new Client(app, freshAddress()).token('admin');
    const c = new Client(app, freshAddress());
    const create = (username: string, password: string) =>
      call(c, 'POST', '/api/admin/users', admin, {
        username,
        full_name: 'Sari Wulandari',
        password,
        permission_sets: [],
      });
    const common = await create('sari.w', 'basketball');
    expect(common.statusCode).toBe(400);
    expect(common.json().fields['body.password']).toEqual([PASSWORD_MESSAGES.common]);
    expect((await create('sari.w', 'QWERTYUIOP')).json().fields['body.password']).toEqual([
      PASSWORD_MESSAGES.common,
    ]);
    expect((await create('sari.w', 'Sari.W-rahasia-1')).json().fields['body.password']).toEqual([
      PASSWORD_MESSAGES.containsUsername,
    ]);
    expect((await create('sari.w', 'Kopi-Tubruk-Pagi-7')).statusCode).toBe(201);
    // The seeded demo passwords and the tests' password are not on the list.
    for (const password of [DEMO_PASSWORD, DEMO_ADMIN_PASSWORD, TEST_PASSWORD])
      expect(isCommonPassword(password)).toBe(false);
  });
});

describe('the first-start administrator', () => {
  it('is refused a common CONSOLE_ADMIN_PASSWORD with a clear message, and nothing is created', async () => {
    // A first start: an empty database (on the run's shared cluster), migrated here with no user in it.
    const runDir = testRunDir();
    if (!runDir) throw new Error('this test needs the server project global setup (the shared PostgreSQL)');
    const pg = await createEmptyPostgres(runDir);
    const database = await openDatabase({ databaseUrl: pg.url });
    try {
      await expect(
        seed(database.db, {
          adminUsername: 'root',
          adminPassword: 'qwertyuiop',
          demo: false,
          log: () => undefined,
        }),
      ).rejects.toThrow(/CONSOLE_ADMIN_PASSWORD is refused .*10,000 most used/);
      await expect(
        seed(database.db, {
          adminUsername: 'root',
          adminPassword: 'root-Kopi-2026',
          demo: false,
          log: () => undefined,
        }),
      ).rejects.toThrow(/must not contain the username/);
      expect(await database.db.selectFrom('users').selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
      await pg.drop();
    }
  });
});

describe('a socket whose token expires', () => {
  it('is told and closed at once, without waiting for a call', async () => {
    // A copy of the run's seeded template (admin with TEST_PASSWORD).
    const testDb = await openTestDatabase('postgres');
    const { database } = testDb;
    let app: FastifyInstance | undefined;
    let socket: Socket | undefined;
    try {
      // A 10-second session lifetime: the sign-in and the socket's handshake must fit in it (2 s did not, on a
      // loaded machine); the test then waits for the server's word, not for a time.
      app = await testServer(database, { tokenTtlHours: 10 / 3600 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const token = await new Client(app, freshAddress()).token('admin');
      socket = connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token },
      });
      const open = socket;
      const revoked = new Promise<unknown>((resolve) => open.once(SOCKET_EVENTS.sessionRevoked, resolve));
      const closed = new Promise<void>((resolve) => open.once('disconnect', () => resolve()));
      await new Promise<void>((resolve, reject) => {
        open.once('connect', () => resolve());
        open.once('connect_error', reject);
      });
      expect(await revoked).toEqual({ reason: 'session expired' });
      await closed;
      expect(open.connected).toBe(false);
    } finally {
      socket?.disconnect();
      await app?.close();
      await testDb.close();
    }
  });
});
