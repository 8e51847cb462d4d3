// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ENTITIES,
  PAGE_DENIED_MESSAGE,
  PERMISSION_KEYS,
  ROUTES,
  isSearchable,
} from '@staff/console-contract';
import { AUTH_MESSAGES } from '../src/auth/messages.js';
import { documentedUrls, memberUrl } from '../src/http.js';
import { DEMO_CONFIGS, DEMO_PASSWORD } from '../src/seed.js';
import { createUser, findUserByUsername, setUserActiveByName } from '../src/services/users.js';
import {
  Client,
  ONE_ENGINE,
  TEST_PASSWORD,
  freshAddress,
  setupTestApp,
  testClock,
  testServer,
  uniqueName,
  userWithKeys,
} from './support/harness.js';

describe.each(ONE_ENGINE)('console-server API on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine, { server: () => ({ clock: clock.now, tokenTtlHours: 1 }) });
  const clock = testClock();
  const client = () => new Client(app, freshAddress());

  afterEach(() => clock.reset());

  describe('POST /api/auth/login', () => {
    it('answers the stored user info, and last_login is the previous successful sign-in', async () => {
      const username = await userWithKeys(testDb.database, []);
      const c = client();
      const first = await c.login(username);
      expect(first.statusCode).toBe(200);
      const firstBody = first.json();
      expect(firstBody).toEqual({
        data: {
          token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          fullname: `Full ${username}`,
          last_login: null,
        },
      });

      clock.advance(60_000);
      const second = (await c.login(username)).json();
      const user = await findUserByUsername(testDb.database.db, username);
      expect(second.data.last_login).not.toBeNull();
      expect(new Date(second.data.last_login).getTime()).toBeLessThan(user!.last_login_at!.getTime());
      expect(second.data.token).not.toBe(firstBody.data.token);
    });

    it('matches the username regardless of case', async () => {
      const username = await userWithKeys(testDb.database, []);
      expect((await client().login(username.toUpperCase())).statusCode).toBe(200);
    });

    it('gives one message for an unknown user and for a wrong password', async () => {
      const username = await userWithKeys(testDb.database, []);
      const unknown = await client().login('nobody-at-all', 'whatever');
      const wrong = await client().login(username, 'wrong-password');
      const empty = await client().login('', '');
      for (const response of [unknown, wrong, empty]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
      }
    });

    it('refuses a disabled account with its own message, only once the password is right', async () => {
      const username = await userWithKeys(testDb.database, []);
      await setUserActiveByName(testDb.database.db, username, false);
      const right = await client().login(username);
      expect(right.statusCode).toBe(403);
      expect(right.json().message).toBe(AUTH_MESSAGES.disabled);
      const wrong = await client().login(username, 'nope');
      expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    });

    it('locks an account after 5 failures for 15 minutes, then lets it in again', async () => {
      const username = await userWithKeys(testDb.database, []);
      const answers: string[] = [];
      for (let attempt = 1; attempt <= 5; attempt += 1)
        answers.push((await client().login(username, 'bad')).json().message);
      expect(answers.slice(0, 4)).toEqual(Array(4).fill(AUTH_MESSAGES.invalidCredentials));
      expect(answers[4]).toBe(AUTH_MESSAGES.locked(15));

      // Locked: even the right password is refused, with the lock message.
      const locked = await client().login(username);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().message).toBe(AUTH_MESSAGES.locked(15));
      clock.advance(10 * 60_000);
      expect((await client().login(username)).json().message).toBe(AUTH_MESSAGES.locked(5));

      clock.advance(5 * 60_000 + 1000);
      expect((await client().login(username)).statusCode).toBe(200);
    });

    it('locks unknown usernames the same way, so the lock reveals nothing', async () => {
      const name = uniqueName('ghost');
      const answers: string[] = [];
      for (let attempt = 1; attempt <= 6; attempt += 1)
        answers.push((await client().login(name, 'bad')).json().message);
      expect(answers[4]).toBe(AUTH_MESSAGES.locked(15));
      expect(answers[5]).toBe(AUTH_MESSAGES.locked(15));
    });

    it('a success resets the failure count', async () => {
      const username = await userWithKeys(testDb.database, []);
      for (let attempt = 1; attempt <= 4; attempt += 1) await client().login(username, 'bad');
      expect((await client().login(username)).statusCode).toBe(200);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await client().login(username, 'bad')).json().message).toBe(AUTH_MESSAGES.invalidCredentials);
      }
    });

    it('blocks an address after 20 failures across usernames, with its own message', async () => {
      const c = client();
      let last = '';
      for (let attempt = 1; attempt <= 20; attempt += 1)
        last = (await c.login(uniqueName('spray'), 'bad')).json().message;
      expect(last).toBe(AUTH_MESSAGES.addressBlocked(15));
      const username = await userWithKeys(testDb.database, []);
      const blocked = await c.login(username);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().message).toBe(AUTH_MESSAGES.addressBlocked(15));
      // Another address is unaffected.
      expect((await client().login(username)).statusCode).toBe(200);
      clock.advance(16 * 60_000);
      expect((await c.login(username)).statusCode).toBe(200);
    });

    it('records sign-ins for usage statistics', async () => {
      const username = await userWithKeys(testDb.database, []);
      await client().login(username);
      await client().login(username, 'bad');
      const events = await testDb.database.db
        .selectFrom('login_events')
        .select(['success', 'reason'])
        .where('username', '=', username)
        .orderBy('id')
        .execute();
      expect(events).toEqual([
        { success: true, reason: 'ok' },
        { success: false, reason: 'invalid' },
      ]);
    });

    it('caps login requests per address when the rate limit is on', async () => {
      const limited = await testServer(testDb.database, { loginRateLimit: 3 });
      try {
        const c = new Client(limited, freshAddress());
        const statuses: number[] = [];
        for (let index = 0; index < 4; index += 1) statuses.push((await c.login('nobody', 'x')).statusCode);
        expect(statuses).toEqual([403, 403, 403, 429]);
        const last = await c.login('nobody', 'x');
        expect(last.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      } finally {
        await limited.close();
      }
    });
  });

  describe('tokens', () => {
    it('401 without a token, with a malformed one, and with a well-formed unknown one', async () => {
      const c = client();
      const unknown = 'A'.repeat(43);
      for (const headers of [
        {},
        { authorization: 'Bearer' },
        { authorization: 'Basic abc' },
        { authorization: 'Bearer not-a-token' },
        { authorization: `Bearer ${unknown}` },
      ]) {
        const response = await c.request({ method: 'GET', url: '/api/a/verify/___ca', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: AUTH_MESSAGES.unauthorized, code: 'UNAUTHORIZED' });
      }
    });

    it("server-timing tells the session check's share of a call (ADR 066)", async () => {
      const c = client();
      const anonymous = await c.request({ method: 'GET', url: '/api/health' });
      expect(anonymous.headers['server-timing']).toMatch(/^app;dur=\d+\.\d\d$/);
      const token = await c.token('admin');
      const signedIn = await c.request({
        method: 'GET',
        url: '/api/a/verify/___ca',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(signedIn.statusCode).toBe(200);
      const timing = /^app;dur=([\d.]+), auth;dur=([\d.]+)$/.exec(String(signedIn.headers['server-timing']));
      expect(timing, String(signedIn.headers['server-timing'])).not.toBeNull();
      expect(Number(timing![2])).toBeGreaterThan(0);
    });

    it('every route that needs a caller: 401 without a token, whatever the content type (before parsing)', async () => {
      const guarded = app.apiRoutes.filter((route) => route.auth);
      expect(guarded.length).toBeGreaterThan(50);
      const c = client();
      const refused: string[] = [];
      for (const route of guarded) {
        const methods = ([] as string[]).concat(route.method as string | string[]);
        // A member of a family (`/api/resources/creators`) or the path with every parameter filled in.
        const url = (route.members?.[0] ? memberUrl(route.url, route.members[0]) : route.url).replace(
          /:([A-Za-z_]+)/g,
          '1',
        );
        for (const method of methods) {
          const bodies: { headers?: Record<string, string>; payload?: string }[] =
            method === 'GET' || method === 'HEAD' || method === 'DELETE'
              ? [{}]
              : [
                  { headers: { 'content-type': 'application/x-unknown' }, payload: 'x' },
                  { headers: { 'content-type': 'application/json' }, payload: '{not json' },
                  { headers: { 'content-type': 'text/csv' }, payload: 'a,b\n1,2' },
                ];
          for (const body of bodies) {
            const response = await c.request({ method: method as 'GET', url, ...body });
            if (response.statusCode !== 401 || response.json().code !== 'UNAUTHORIZED')
              refused.push(`${method} ${url} ${JSON.stringify(body.headers ?? {})}: ${response.statusCode}`);
          }
        }
      }
      expect(refused).toEqual([]);
      // The case found: an import without a token answered 415 (its parsers ran before the guard).
      const imported = await c.request({
        method: 'POST',
        url: '/api/ad-insights/import',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(imported.statusCode).toBe(401);
    });

    it('a corrupted token (one character changed) is refused', async () => {
      const c = client();
      const token = await c.token(await userWithKeys(testDb.database, []));
      const corrupted = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
      expect((await c.get('/api/a/verify/___ca', token)).statusCode).toBe(200);
      expect((await c.get('/api/a/verify/___ca', corrupted)).statusCode).toBe(401);
      expect((await c.get('/api/a/verify/___ca', `${token}x`)).statusCode).toBe(401);
    });

    it('expires after the token lifetime', async () => {
      const c = client();
      const token = await c.token(await userWithKeys(testDb.database, []));
      // Used every 29.5 minutes, so the 30-minute idle timeout (ADR 013) never applies: only the lifetime does.
      clock.advance(29.5 * 60_000);
      expect((await c.get('/api/a/verify/___ca', token)).statusCode).toBe(200);
      clock.advance(29.5 * 60_000);
      expect((await c.get('/api/a/verify/___ca', token)).statusCode).toBe(200);
      clock.advance(2 * 60_000);
      const expired = await c.get('/api/a/verify/___ca', token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('UNAUTHORIZED');
    });

    it('logout revokes the token on the server; other sessions of the user live on', async () => {
      const c = client();
      const username = await userWithKeys(testDb.database, []);
      const token = await c.token(username);
      const other = await c.token(username);
      const out = await c.request({ method: 'POST', url: '/api/auth/logout', token });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ ok: true });
      expect((await c.get('/api/a/verify/___ca', token)).statusCode).toBe(401);
      expect((await c.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(401);
      expect((await c.get('/api/a/verify/___ca', other)).statusCode).toBe(200);
      const row = await testDb.database.db
        .selectFrom('sessions')
        .select(['revoked_at', 'revoked_reason', 'token_hash'])
        .where('revoked_reason', '=', 'logout')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      expect(row?.revoked_at).toBeInstanceOf(Date);
      // Only the hash is stored.
      expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it("a disabled user's tokens stop working at once, on every route", async () => {
      const c = client();
      const username = await userWithKeys(testDb.database, [{ key: 'statistics' }]);
      const token = await c.token(username);
      expect((await c.get('/api/statistics/usage', token)).statusCode).toBe(200);
      await setUserActiveByName(testDb.database.db, username, false);
      for (const url of [
        '/api/a/verify/___ca',
        '/api/a/verify/___pc?key=statistics&mode=read',
        '/api/configs/?config_name=x',
        '/api/statistics/usage',
      ]) {
        expect((await c.get(url, token)).statusCode).toBe(401);
      }
      await setUserActiveByName(testDb.database.db, username, true);
      // Disabling revoked the sessions for good: enabling again does not revive them.
      expect((await c.get('/api/a/verify/___ca', token)).statusCode).toBe(401);
    });
  });

  describe('GET /api/a/verify/___ca', () => {
    it("answers the union of the user's permission sets", async () => {
      const username = uniqueName('union');
      const { upsertPermissionSet } = await import('../src/services/users.js');
      await upsertPermissionSet(testDb.database.db, {
        name: `${username}-a`,
        entries: [
          { key: 'statistics', read: true, write: false },
          { key: 'databank_tribes', read: false, write: false },
        ],
      });
      await upsertPermissionSet(testDb.database.db, {
        name: `${username}-b`,
        entries: [
          { key: 'statistics', read: false, write: true },
          { key: 'ad_daily_tracker', read: true, write: false },
        ],
      });
      await createUser(testDb.database.db, {
        username,
        fullName: 'Union',
        password: TEST_PASSWORD,
        sets: [`${username}-a`, `${username}-b`],
      });
      const c = client();
      const response = await c.get('/api/a/verify/___ca', await c.token(username));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        permissions: [
          { permission_key: 'ad_daily_tracker', allow_read: 1, allow_write: 0 },
          { permission_key: 'databank_tribes', allow_read: 0, allow_write: 0 },
          { permission_key: 'statistics', allow_read: 1, allow_write: 1 },
        ],
      });
      // The page check reads the flags with the session (one query): the same union, key by key.
      const token = await c.token(username);
      const check = async (key: string, mode: 'read' | 'write') =>
        (await c.get(`/api/a/verify/___pc?key=${key}&mode=${mode}`, token)).statusCode;
      expect(await check('statistics', 'read')).toBe(200);
      expect(await check('statistics', 'write')).toBe(200);
      expect(await check('ad_daily_tracker', 'read')).toBe(200);
      expect(await check('ad_daily_tracker', 'write')).toBe(403);
      expect(await check('databank_tribes', 'read')).toBe(403);
      expect(await check('finance_kol_report', 'read')).toBe(403);
    });

    it('answers an empty list for a user without sets', async () => {
      const c = client();
      const token = await c.token('demo-none', DEMO_PASSWORD);
      expect((await c.get('/api/a/verify/___ca', token)).json()).toEqual({ permissions: [] });
    });

    it('gives the seeded "All access" administrator all 17 keys', async () => {
      const c = client();
      const token = await c.token('admin');
      const { permissions } = (await c.get('/api/a/verify/___ca', token)).json() as {
        permissions: { permission_key: string }[];
      };
      expect(permissions.map((entry) => entry.permission_key).sort()).toEqual([...PERMISSION_KEYS].sort());
    });
  });

  describe('GET /api/a/verify/___pc', () => {
    it('200 when allowed, 403 with the spec message when not, each check recorded', async () => {
      const c = client();
      const username = await userWithKeys(testDb.database, [{ key: 'ad_daily_tracker' }]);
      const token = await c.token(username);
      const allowed = await c.get(
        '/api/a/verify/___pc?key=ad_daily_tracker&mode=read&path=/app/reports/adset',
        token,
      );
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ allowed: true, permission_key: 'ad_daily_tracker', mode: 'read' });
      const denied = await c.get('/api/a/verify/___pc?key=finance_kol_report&mode=read', token);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe(PAGE_DENIED_MESSAGE);
      const writeDenied = await c.get('/api/a/verify/___pc?key=ad_daily_tracker&mode=write', token);
      expect(writeDenied.statusCode).toBe(403);
      // mode defaults to read
      expect((await c.get('/api/a/verify/___pc?key=ad_daily_tracker', token)).statusCode).toBe(200);

      const user = await findUserByUsername(testDb.database.db, username);
      const rows = await testDb.database.db
        .selectFrom('page_checks')
        .select(['permission_key', 'mode', 'path', 'allowed'])
        .where('user_id', '=', user!.id)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { permission_key: 'ad_daily_tracker', mode: 'read', path: '/app/reports/adset', allowed: true },
        { permission_key: 'finance_kol_report', mode: 'read', path: null, allowed: false },
        { permission_key: 'ad_daily_tracker', mode: 'write', path: null, allowed: false },
        { permission_key: 'ad_daily_tracker', mode: 'read', path: null, allowed: true },
      ]);
    });

    it('write mode passes with a write flag', async () => {
      const c = client();
      const token = await c.token(
        await userWithKeys(testDb.database, [{ key: 'databank_products', read: true, write: true }]),
      );
      expect((await c.get('/api/a/verify/___pc?key=databank_products&mode=write', token)).statusCode).toBe(
        200,
      );
    });
  });

  describe('permission matrix', () => {
    // A signed-in user per set of keys, made once: many pages and routes share a key, and a user with a session
    // cost about a second on a loaded 2-core machine (session 22). No test here moves the clock.
    const tokens = new Map<string, Promise<string>>();
    const tokenWith = (keys: { key: string; read?: boolean; write?: boolean }[]) => {
      const id = JSON.stringify(keys.map((entry) => [entry.key, entry.read ?? true, entry.write ?? false]));
      let token = tokens.get(id);
      if (!token) {
        token = userWithKeys(testDb.database, keys).then((username) => client().token(username));
        tokens.set(id, token);
      }
      return token;
    };

    // Every page of the route table: without its key 403, with it 200.
    it.each(ROUTES.map((route) => [route.path, route.key] as const))(
      'page %s (key %s)',
      async (pagePath, key) => {
        const c = client();
        const others = PERMISSION_KEYS.filter((candidate) => candidate !== key).map((candidate) => ({
          key: candidate,
        }));
        const without = await tokenWith(others);
        const withKey = await tokenWith([{ key }]);
        const url = `/api/a/verify/___pc?key=${key}&mode=read&path=${encodeURIComponent(pagePath)}`;
        expect((await c.get(url, without)).statusCode).toBe(403);
        expect((await c.get(url, withKey)).statusCode).toBe(200);
      },
    );

    // Every API route that needs a key.
    it('every keyed API route: 403 without its key and mode, through with it', async () => {
      // Administration routes have their own 403 matrix in admin.test.ts.
      const keyed = app.apiRoutes.filter((route) => route.permission && !route.url.startsWith('/api/admin/'));
      expect(keyed.length).toBeGreaterThanOrEqual(1);
      const target = await findUserByUsername(testDb.database.db, 'demo-none');
      // `through`: the answer once past the permission check (200 unless the request is meant to miss a row).
      // 'past': any answer that is neither a refusal nor a server error (the request names no existing row).
      const requests: Record<
        string,
        { url: string; payload?: unknown; headers?: Record<string, string>; through?: number | 'past' }
      > = {
        'GET /api/statistics/usage': { url: '/api/statistics/usage' },
        'GET /api/reports/:id': { url: '/api/reports/adset?from=2026-11-01&to=2026-11-07' },
        'GET /api/reports/:id/views': { url: '/api/reports/adset/views' },
        'POST /api/reports/:id/views': {
          url: '/api/reports/adset/views',
          payload: { name: 'Matrix', params: { range: 'last7' } },
          through: 'past',
        },
        'DELETE /api/reports/:id/views/:view_id': { url: '/api/reports/adset/views/999999', through: 404 },
        'GET /api/venn': {
          url: '/api/venn?by=tribe&ids=999998,999999&from=2026-11-01&to=2026-11-07',
          through: 400,
        },
        'GET /api/venn/options': { url: '/api/venn/options?by=product' },
        'GET /api/problems': { url: '/api/problems' },
        'GET /api/problems/options': { url: '/api/problems/options' },
        'GET /api/problems/:id': { url: '/api/problems/999999', through: 404 },
        // Past the check: no category named, so a 400 and nothing written.
        'POST /api/problems': { url: '/api/problems', payload: { description: 'x' }, through: 400 },
        'PATCH /api/problems/:id': { url: '/api/problems/999999', payload: { version: 1 }, through: 404 },
        'POST /api/problems/:id/transitions/:action': {
          url: '/api/problems/999999/transitions/start',
          payload: { version: 1 },
          through: 404,
        },
        'POST /api/problems/:id/comments': {
          url: '/api/problems/999999/comments',
          payload: { body: 'x' },
          through: 404,
        },
        'POST /api/problems/:id/attachments': {
          url: '/api/problems/999999/attachments',
          payload: { url: 'https://example.com' },
          through: 404,
        },
        'GET /api/venn/customers': {
          url: '/api/venn/customers?by=tribe&ids=999998,999999&from=2026-11-01&to=2026-11-07&mask=1',
          through: 400,
        },
        // No such account: past the check it is a 404, never a call to Mayar.
        'POST /api/mayar-accounts/:id/reconcile': {
          url: '/api/mayar-accounts/999999/reconcile',
          through: 404,
        },
        'GET /api/webhook-forwarders/:id/deliveries': {
          url: '/api/webhook-forwarders/999999/deliveries',
          through: 'past',
        },
        'POST /api/webhook-forwarders/:id/deliveries/:delivery_id/replay': {
          url: '/api/webhook-forwarders/999999/deliveries/999999/replay',
          through: 'past',
        },
        'POST /api/webhook-forwarders/:id/deliveries/replay-failed': {
          url: '/api/webhook-forwarders/999999/deliveries/replay-failed',
          through: 'past',
        },
        'POST /api/ad-insights/import': {
          url: '/api/ad-insights/import?dry_run=1',
          payload: 'Reporting starts,Ad ID,Amount spent (IDR)\n',
          headers: { 'content-type': 'text/csv' },
          through: 'past',
        },
        // Meta insights pull (src/intake/meta/pullRoutes.ts): invalid bodies or no such row, past the check.
        'GET /api/ad-insights/pull/accounts': { url: '/api/ad-insights/pull/accounts' },
        'POST /api/ad-insights/pull/accounts': {
          url: '/api/ad-insights/pull/accounts',
          payload: { name: '' },
          through: 'past',
        },
        'PATCH /api/ad-insights/pull/accounts/:id': {
          url: '/api/ad-insights/pull/accounts/999999',
          payload: { name: 'Nobody' },
          through: 'past',
        },
        'POST /api/ad-insights/pull/accounts/:id/runs': {
          url: '/api/ad-insights/pull/accounts/999999/runs',
          payload: {},
          through: 'past',
        },
        'GET /api/ad-insights/pull/runs': { url: '/api/ad-insights/pull/runs' },
        'GET /api/ad-insights/pull/runs/:id': { url: '/api/ad-insights/pull/runs/999999', through: 'past' },
        // Logistics (src/logistics/): no such package, past the check a 400 or 404.
        'POST /api/logistics/receipts': {
          url: '/api/logistics/receipts',
          payload: { rows: [{ id: 999999, courier: 'jne', receipt: 'JNE00000001' }] },
          through: 'past',
        },
        'POST /api/logistics/confirm': {
          url: '/api/logistics/confirm',
          payload: { ids: [999999], receiver_name: 'Rina', received_date: '2026-01-01' },
          through: 'past',
        },
        'GET /api/logistics/labels.pdf': { url: '/api/logistics/labels.pdf?ids=999999', through: 404 },
        'POST /api/logistics/notify': {
          url: '/api/logistics/notify',
          payload: { ids: [999999] },
          through: 400,
        },
        'GET /api/logistics/notifications': { url: '/api/logistics/notifications' },
        'POST /api/logistics/notifications/:id/retry': {
          url: '/api/logistics/notifications/999999/retry',
          through: 404,
        },
        'GET /api/logistics/packages/:id/tracking': {
          url: '/api/logistics/packages/999999/tracking',
          through: 404,
        },
        'POST /api/logistics/packages/:id/tracking': {
          url: '/api/logistics/packages/999999/tracking',
          through: 404,
        },
        'GET /api/meetings/schedule': { url: '/api/meetings/schedule?from=2026-11-23' },
        // No such room / booking: past the check a 400 naming the room, a 404.
        'POST /api/meetings/bookings': {
          url: '/api/meetings/bookings',
          payload: {
            room_id: 999999,
            title: 'Sync',
            organizer: 'Budi',
            attendees_count: 2,
            start_at: '2099-01-05T03:00:00Z',
            end_at: '2099-01-05T04:00:00Z',
          },
          through: 400,
        },
        'POST /api/meetings/bookings/:id/cancel': {
          url: '/api/meetings/bookings/999999/cancel',
          through: 404,
        },
        'POST /api/meetings/bookings/:id/confirm': {
          url: '/api/meetings/bookings/999999/confirm',
          through: 404,
        },
        'GET /api/insights': { url: '/api/insights?q=promo' },
        'GET /api/insights/scopes': { url: '/api/insights/scopes?scope=tribe' },
        'GET /api/insights/:id': { url: '/api/insights/999999', through: 404 },
        // Past the check: no such campaign (400), no such insight (404); nothing is sent to a model.
        'POST /api/insights': {
          url: '/api/insights',
          payload: { scope: 'campaign', scope_id: 'none', from: '2026-11-01', to: '2026-11-07' },
          through: 400,
        },
        'POST /api/insights/:id/rerun': { url: '/api/insights/999999/rerun', through: 404 },
        // Hook Generations (src/hooks/): no product 999999999 (400), no generation 999999 (404).
        'POST /api/hook-generations/generate': {
          url: '/api/hook-generations/generate',
          payload: { product_id: 999999999, target_audience: 'x', pain_point: 'y', formula: 'question' },
          through: 400,
        },
        'POST /api/hook-generations/:id/pick': {
          url: '/api/hook-generations/999999/pick',
          payload: { version: 1, hooks: ['x'] },
          through: 404,
        },
        // Master Ad Creative's pictures (src/creatives/): no creative 999999, so past the check a 404.
        'GET /api/creative-previews': { url: '/api/creative-previews?ids=999999', through: 'past' },
        'GET /api/creative-previews/:id': { url: '/api/creative-previews/999999', through: 'past' },
        'POST /api/creative-previews/:id/refresh': {
          url: '/api/creative-previews/999999/refresh',
          through: 'past',
        },
        // Change Email decisions (src/changeEmails/): no request 999999.
        'GET /api/change-emails/:id/decision': { url: '/api/change-emails/999999/decision', through: 'past' },
        'POST /api/change-emails/:id/approve': { url: '/api/change-emails/999999/approve', through: 'past' },
        'POST /api/change-emails/:id/reject': {
          url: '/api/change-emails/999999/reject',
          payload: { reason: 'Wrong address' },
          through: 'past',
        },
        'POST /api/change-emails/decisions': {
          url: '/api/change-emails/decisions',
          payload: { ids: [999999], decision: 'reject', reason: 'Wrong address' },
          through: 'past',
        },
        // The operator's page and the audit log (src/operations/): no outbox item 999999.
        'GET /api/operations': { url: '/api/operations' },
        'GET /api/operations/outboxes/:outbox/failed': {
          url: '/api/operations/outboxes/whatsapp/failed',
          through: 'past',
        },
        'POST /api/operations/outboxes/:outbox/:id/replay': {
          url: '/api/operations/outboxes/whatsapp/999999/replay',
          through: 'past',
        },
        'GET /api/audit': { url: '/api/audit' },
        'GET /api/audit/facets': { url: '/api/audit/facets' },
        'GET /api/audit/export': { url: '/api/audit/export', through: 'past' },
        // Sheet Report (src/sheetReports/): no schedule or run 999999, so past the check a 404 (or 400 for no name).
        'GET /api/sheet-reports': { url: '/api/sheet-reports' },
        'GET /api/sheet-reports/views': { url: '/api/sheet-reports/views' },
        'POST /api/sheet-reports': { url: '/api/sheet-reports', payload: { name: '' }, through: 400 },
        'PUT /api/sheet-reports/:id': {
          url: '/api/sheet-reports/999999',
          payload: {
            name: 'x',
            report: 'adset',
            days: 7,
            format: 'csv',
            schedule: { frequency: 'daily', time: '06:00' },
          },
          through: 404,
        },
        'DELETE /api/sheet-reports/:id': { url: '/api/sheet-reports/999999', through: 404 },
        'POST /api/sheet-reports/:id/run': { url: '/api/sheet-reports/999999/run', through: 404 },
        'GET /api/sheet-reports/:id/runs': { url: '/api/sheet-reports/999999/runs', through: 404 },
        'GET /api/sheet-reports/runs/:id/file': { url: '/api/sheet-reports/runs/999999/file', through: 404 },
        // WhatsApp Chat List (src/whatsapp/): no conversation 999999, so past the check a 404.
        'GET /api/chats/conversations': { url: '/api/chats/conversations?filter=mine' },
        'GET /api/chats/conversations/:id': { url: '/api/chats/conversations/999999', through: 404 },
        'GET /api/chats/assignees': { url: '/api/chats/assignees' },
        'POST /api/chats/conversations/:id/messages': {
          url: '/api/chats/conversations/999999/messages',
          payload: { text: 'Halo' },
          through: 404,
        },
        'POST /api/chats/conversations/:id/assign': {
          url: '/api/chats/conversations/999999/assign',
          payload: { user_id: null },
          through: 404,
        },
        'POST /api/chats/conversations/:id/resolve': {
          url: '/api/chats/conversations/999999/resolve',
          payload: { resolved: true },
          through: 404,
        },
        'POST /api/chats/conversations/:id/read': {
          url: '/api/chats/conversations/999999/read',
          through: 404,
        },
        // Messages to unregistered numbers (WA Registries' administrators): a list, and a take-in of nothing.
        'GET /api/chats/unregistered': { url: '/api/chats/unregistered' },
        'POST /api/chats/unregistered/adopt': { url: '/api/chats/unregistered/adopt' },
        // Bot Auto Response (src/crm/): no number or rule 999999, so past the check a 404.
        'GET /api/bots/numbers': { url: '/api/bots/numbers' },
        'GET /api/bots/:registry_id/rules': { url: '/api/bots/999999/rules', through: 404 },
        'POST /api/bots/:registry_id/rules': {
          url: '/api/bots/999999/rules',
          payload: { name: 'x', match_type: 'any', reply_text: 'x' },
          through: 404,
        },
        'PUT /api/bots/rules/:id': {
          url: '/api/bots/rules/999999',
          payload: { name: 'x', match_type: 'any', reply_text: 'x' },
          through: 404,
        },
        'DELETE /api/bots/rules/:id': { url: '/api/bots/rules/999999', through: 404 },
        'PUT /api/bots/:registry_id/settings': {
          url: '/api/bots/999999/settings',
          payload: {
            enabled: true,
            business_days: [1],
            opens_at: '08:00',
            closes_at: '17:00',
            lowercase: true,
            collapse_spaces: true,
            strip_punctuation: true,
            strip_accents: true,
          },
          through: 404,
        },
        'POST /api/bots/:registry_id/test': {
          url: '/api/bots/999999/test',
          payload: { text: 'x' },
          through: 404,
        },
        'GET /api/bots/:registry_id/answers': { url: '/api/bots/999999/answers', through: 404 },
        'GET /api/api-keys': { url: '/api/api-keys' },
        'POST /api/api-keys': { url: '/api/api-keys', payload: { name: 'Matrix' }, through: 201 },
        'DELETE /api/api-keys/:id': { url: '/api/api-keys/999999', through: 404 },
        // Bot Login (src/crm/login.ts): no number 999999, so past the check a 404; nothing is sent to Meta.
        'GET /api/bots/:registry_id/login': { url: '/api/bots/999999/login', through: 404 },
        'POST /api/bots/:registry_id/login/request-code': {
          url: '/api/bots/999999/login/request-code',
          payload: { code_method: 'SMS' },
          through: 404,
        },
        'POST /api/bots/:registry_id/login/verify-code': {
          url: '/api/bots/999999/login/verify-code',
          payload: { code: '123456' },
          through: 404,
        },
        'POST /api/bots/:registry_id/login/register': {
          url: '/api/bots/999999/login/register',
          payload: { pin: '123456' },
          through: 404,
        },
        'POST /api/bots/:registry_id/login/disconnect': {
          url: '/api/bots/999999/login/disconnect',
          through: 404,
        },
        'GET /api/admin/users': { url: '/api/admin/users' },
        'PATCH /api/admin/users/:id': {
          url: `/api/admin/users/${target!.id}`,
          payload: { full_name: 'Demo No Access' },
        },
        'PUT /api/admin/users/:id/permission-sets': {
          url: `/api/admin/users/${target!.id}/permission-sets`,
          payload: { permission_sets: [] },
        },
      };
      for (const route of keyed) {
        const id = `${String(route.method)} ${route.url}`;
        const request = requests[id];
        expect(request, `a request for ${id}`).toBeDefined();
        const { key, mode } = route.permission!;
        const c = client();
        const readOnly = await tokenWith(
          PERMISSION_KEYS.filter((k) => k !== key)
            .map((k) => ({ key: k, read: true, write: true }))
            .concat(mode === 'write' ? [{ key, read: true, write: false }] : []),
        );
        const allowed = await tokenWith([{ key, read: true, write: mode === 'write' }]);
        const send = (token: string) =>
          c.request({
            method: route.method as 'GET',
            url: request!.url,
            token,
            ...(request!.payload ? { payload: request!.payload } : {}),
            ...(request!.headers ? { headers: request!.headers } : {}),
          });
        const denied = await send(readOnly);
        expect(denied.statusCode, id).toBe(403);
        expect(denied.json().code).toBe('FORBIDDEN');
        const through = (await send(allowed)).statusCode;
        if (request!.through === 'past') {
          expect([401, 403], id).not.toContain(through);
          expect(through, id).toBeLessThan(500);
        } else expect(through, id).toBe(request!.through ?? 200);
      }
    });

    // GET /api/search has no key of its own: each entity is searched only for readers of the entity's key.
    it('GET /api/search: each entity searched only with its key', async () => {
      const keys = [...new Set(ENTITIES.filter(isSearchable).map((def) => def.permissionKey))];
      expect(keys.length).toBeGreaterThan(5);
      const c = client();
      const searched = async (token: string) => {
        const response = await c.get('/api/search?q=matrix', token);
        expect(response.statusCode).toBe(200);
        return (response.json() as { entities: string[] }).entities;
      };
      for (const key of keys) {
        const ofKey = ENTITIES.filter((def) => def.permissionKey === key && isSearchable(def)).map(
          (def) => def.name,
        );
        const others = PERMISSION_KEYS.filter((k) => k !== key).map((k) => ({ key: k, write: true }));
        const without = await searched(await tokenWith(others));
        for (const entity of ofKey) expect(without, key).not.toContain(entity);
        const withKey = await searched(await tokenWith([{ key }]));
        // An entity with no list page the key opens is not searched (a hit would link nowhere).
        expect(withKey.length, key).toBeGreaterThan(0);
        for (const entity of withKey) expect(ofKey, key).toContain(entity);
      }
    });
  });

  describe('GET /api/configs/', () => {
    it('answers the stored value, numeric strings as they are stored', async () => {
      const c = client();
      const token = await c.token('admin');
      const days = DEMO_CONFIGS.find((config) => config.name === 'logistics_filter_days')!;
      const response = await c.get('/api/configs/?config_name=logistics_filter_days&default_value=7', token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        config_name: 'logistics_filter_days',
        default_value: '7',
        config_value: days.value,
      });
      expect(Number(response.json().config_value)).toBe(30);
    });

    it('answers the default for an unknown name, and null without a default', async () => {
      const c = client();
      const token = await c.token('admin');
      expect(
        (await c.get('/api/configs/?config_name=no_such_config&default_value=42', token)).json(),
      ).toEqual({ config_name: 'no_such_config', default_value: '42', config_value: '42' });
      expect((await c.get('/api/configs?config_name=no_such_config', token)).json()).toEqual({
        config_name: 'no_such_config',
        default_value: null,
        config_value: null,
      });
    });

    it('an override in the table wins over the default', async () => {
      await testDb.database.db
        .insertInto('configs')
        .values({ name: 'override_me', value: 'stored' })
        .execute();
      const c = client();
      const token = await c.token('admin');
      expect(
        (await c.get('/api/configs/?config_name=override_me&default_value=fallback', token)).json()
          .config_value,
      ).toBe('stored');
    });
  });

  describe('GET /api/statistics/usage', () => {
    it('answers sign-ins per day, active users and most visited pages', async () => {
      const c = client();
      const token = await c.token('demo-statistics', DEMO_PASSWORD);
      await c.get('/api/a/verify/___pc?key=statistics&path=/app/usage-statistic', token);
      const response = await c.get('/api/statistics/usage?days=14', token);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.days).toBe(14);
      expect(body.sign_ins_per_day).toHaveLength(14);
      // Asia/Jakarta days (UTC+7, no daylight saving).
      const jakartaToday = new Date(clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
      expect(body.sign_ins_per_day.at(-1).date).toBe(jakartaToday);
      expect(body.sign_ins_per_day.at(-1).sign_ins).toBeGreaterThanOrEqual(1);
      expect(
        body.sign_ins_per_day.reduce((sum: number, day: { sign_ins: number }) => sum + day.sign_ins, 0),
      ).toBeGreaterThan(14);
      expect(body.active_users).toBeGreaterThanOrEqual(10);
      expect(body.total_users).toBeGreaterThanOrEqual(13);
      expect(body.most_visited_pages.length).toBeGreaterThan(0);
      expect(body.most_visited_pages[0]).toEqual({
        path: expect.any(String),
        permission_key: expect.any(String),
        visits: expect.any(Number),
      });
    });

    it('counts active users among the active accounts only, so never more than the total', async () => {
      const c = client();
      const gone = await userWithKeys(testDb.database, []);
      await c.token(gone);
      const token = await c.token('demo-statistics', DEMO_PASSWORD);
      const before = (await c.get('/api/statistics/usage?days=1', token)).json();
      await setUserActiveByName(testDb.database.db, gone, false);
      const after = (await c.get('/api/statistics/usage?days=1', token)).json();
      // The disabled account leaves both figures ("15 of 13" counted it in one and not the other).
      expect(after.total_users).toBe(before.total_users - 1);
      expect(after.active_users).toBe(before.active_users - 1);
      expect(after.active_users).toBeLessThanOrEqual(after.total_users);
    });
  });

  describe('GET /api/statistics/me', () => {
    it("answers the caller's own sign-ins and pages with a session only, and nobody else's", async () => {
      const c = client();
      const username = await userWithKeys(testDb.database, [{ key: 'databank_tribes' }]);
      await c.login(username, 'wrong-password');
      const token = await c.token(username);
      await c.get('/api/a/verify/___pc?key=databank_tribes&path=/app/admins/tribes', token);
      await c.get('/api/a/verify/___pc?key=databank_tribes&path=/app/admins/tribes', token);
      await c.get('/api/a/verify/___pc?key=statistics&path=/app/usage-statistic', token);
      // Someone else's visits stay out of the caller's figures.
      const other = await c.token(await userWithKeys(testDb.database, [{ key: 'databank_products' }]));
      await c.get('/api/a/verify/___pc?key=databank_products&path=/app/admins/products', other);

      expect((await c.get('/api/statistics/usage', token)).statusCode).toBe(403);
      const response = await c.get('/api/statistics/me?days=7', token);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.days).toBe(7);
      expect(body.sign_ins_per_day).toHaveLength(7);
      expect(body.sign_ins_per_day.at(-1)).toMatchObject({ sign_ins: 1, failed: 1 });
      expect(body.recent_sign_ins.map((entry: { success: boolean }) => entry.success)).toEqual([true, false]);
      expect(body.most_visited_pages).toEqual([
        { path: '/app/admins/tribes', permission_key: 'databank_tribes', visits: 2 },
      ]);
      expect((await c.get('/api/statistics/me')).statusCode).toBe(401);
      expect((await c.get('/api/statistics/me?days=0', token)).statusCode).toBe(400);
    });
  });

  describe('administration', () => {
    it('lists users, changes sets, refuses disabling oneself, writes the audit log', async () => {
      const c = client();
      const token = await c.token('admin');
      const list = await c.get('/api/admin/users', token);
      expect(list.statusCode).toBe(200);
      const admin = list.json().users.find((user: { username: string }) => user.username === 'admin');
      expect(admin).toMatchObject({ active: true, permission_sets: ['All access'] });
      expect(admin).not.toHaveProperty('password_hash');

      const username = await userWithKeys(testDb.database, []);
      const target = await findUserByUsername(testDb.database.db, username);
      const put = await c.request({
        method: 'PUT',
        url: `/api/admin/users/${target!.id}/permission-sets`,
        token,
        payload: { permission_sets: ['Reports', 'Logs'] },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().permission_sets).toEqual(['Logs', 'Reports']);
      const missing = await c.request({
        method: 'PUT',
        url: `/api/admin/users/${target!.id}/permission-sets`,
        token,
        payload: { permission_sets: ['No such set'] },
      });
      expect(missing.statusCode).toBe(400); // an unknown set name is bad input (admin.test.ts)
      const unknownUser = await c.request({
        method: 'PATCH',
        url: '/api/admin/users/999999',
        token,
        payload: { active: false },
      });
      expect(unknownUser.statusCode).toBe(404);
      const self = await c.request({
        method: 'PATCH',
        url: `/api/admin/users/${admin.id}`,
        token,
        payload: { active: false },
      });
      expect(self.statusCode).toBe(409);

      const audit = await testDb.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'user')
        .where('entity_id', '=', String(target!.id))
        .where('action', '=', 'set-permission-sets')
        .executeTakeFirst();
      expect(audit?.actor_id).toBe(admin.id);
      expect(audit?.before).toEqual({ permission_sets: [`set-of-${username}`] });
      expect(audit?.after).toEqual({ permission_sets: ['Logs', 'Reports'] });
    });
  });

  describe('bad input never gives a 500', () => {
    let token: string;
    beforeAll(async () => {
      token = await new Client(app, freshAddress()).token('admin');
    });

    const cases: [
      string,
      {
        method: 'GET' | 'POST' | 'PATCH' | 'PUT';
        url: string;
        payload?: unknown;
        headers?: Record<string, string>;
        auth?: boolean;
      },
      number,
      string?,
    ][] = [
      ['login: no body', { method: 'POST', url: '/api/auth/login' }, 400, 'body'],
      [
        'login: missing password',
        { method: 'POST', url: '/api/auth/login', payload: { username: 'a' } },
        400,
        'body.password',
      ],
      [
        'login: wrong types',
        { method: 'POST', url: '/api/auth/login', payload: { username: 1, password: [] } },
        400,
        'body.username',
      ],
      ['login: an array body', { method: 'POST', url: '/api/auth/login', payload: [1, 2] }, 400, 'body'],
      [
        'login: too long username',
        { method: 'POST', url: '/api/auth/login', payload: { username: 'x'.repeat(201), password: 'y' } },
        400,
        'body.username',
      ],
      [
        'login: malformed JSON',
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: '{"username": ',
          headers: { 'content-type': 'application/json' },
        },
        400,
        'body',
      ],
      [
        'login: text/plain',
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: 'username=a',
          headers: { 'content-type': 'text/plain' },
        },
        415,
      ],
      [
        'login: form encoded',
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: 'username=a&password=b',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        415,
      ],
      [
        'login: huge body',
        { method: 'POST', url: '/api/auth/login', payload: { username: 'a', password: 'x'.repeat(200_000) } },
        413,
      ],
      ['___pc: no key', { method: 'GET', url: '/api/a/verify/___pc', auth: true }, 400, 'query.key'],
      // A key the server does not know is one the caller does not hold (the spec's client knows 200 and 403).
      ['___pc: unknown key', { method: 'GET', url: '/api/a/verify/___pc?key=nope', auth: true }, 403],
      [
        '___pc: bad mode',
        { method: 'GET', url: '/api/a/verify/___pc?key=statistics&mode=delete', auth: true },
        400,
        'query.mode',
      ],
      [
        '___pc: repeated key',
        { method: 'GET', url: '/api/a/verify/___pc?key=statistics&key=statistics', auth: true },
        400,
        'query.key',
      ],
      [
        '___pc: too long path',
        { method: 'GET', url: `/api/a/verify/___pc?key=statistics&path=${'p'.repeat(600)}`, auth: true },
        400,
        'query.path',
      ],
      ['configs: no name', { method: 'GET', url: '/api/configs/', auth: true }, 400, 'query.config_name'],
      [
        'configs: empty name',
        { method: 'GET', url: '/api/configs/?config_name=', auth: true },
        400,
        'query.config_name',
      ],
      [
        'statistics: days not a number',
        { method: 'GET', url: '/api/statistics/usage?days=abc', auth: true },
        400,
        'query.days',
      ],
      [
        'statistics: days out of range',
        { method: 'GET', url: '/api/statistics/usage?days=9999', auth: true },
        400,
        'query.days',
      ],
      [
        'admin patch: bad id',
        { method: 'PATCH', url: '/api/admin/users/abc', payload: { active: true }, auth: true },
        400,
        'params.id',
      ],
      [
        'admin patch: empty body',
        { method: 'PATCH', url: '/api/admin/users/1', payload: {}, auth: true },
        400,
        'body',
      ],
      [
        'admin patch: wrong type',
        { method: 'PATCH', url: '/api/admin/users/1', payload: { active: 'yes' }, auth: true },
        400,
        'body.active',
      ],
      [
        'admin sets: not a list',
        {
          method: 'PUT',
          url: '/api/admin/users/1/permission-sets',
          payload: { permission_sets: 'Reports' },
          auth: true,
        },
        400,
        'body.permission_sets',
      ],
    ];

    it.each(cases)('%s', async (_name, request, status, field) => {
      const response = await new Client(app, freshAddress()).request({
        method: request.method,
        url: request.url,
        ...(request.payload !== undefined ? { payload: request.payload as string } : {}),
        ...(request.headers ? { headers: request.headers } : {}),
        ...(request.auth ? { token } : {}),
      });
      expect(response.statusCode).toBe(status);
      const body = response.json();
      expect(typeof body.message).toBe('string');
      if (field) expect(Object.keys(body.fields)).toContain(field);
    });

    it('unknown fields are ignored, not an error', async () => {
      const c = client();
      const username = await userWithKeys(testDb.database, []);
      const response = await c.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: TEST_PASSWORD, remember: true },
      });
      expect(response.statusCode).toBe(200);
    });

    it('unknown /api routes answer 404 JSON', async () => {
      for (const [method, url] of [
        ['GET', '/api/nope'],
        ['POST', '/api/a/verify/___ca'],
        ['DELETE', '/api/auth/login'],
        ['GET', '/api'],
      ] as const) {
        const response = await client().request({ method, url });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.json().code).toBe('NOT_FOUND');
      }
    });
  });

  describe('system', () => {
    it('health reports the engine and a reachable database', async () => {
      const response = await client().get('/api/health');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok', database: { engine, reachable: true } });
    });

    it('health answers 503 when the database does not answer', async () => {
      const down = await testServer({
        ...testDb.database,
        ping: () => Promise.reject(new Error('connection refused')),
      });
      try {
        const response = await new Client(down, freshAddress()).get('/api/health');
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          status: 'unavailable',
          database: { engine, reachable: false },
        });
      } finally {
        await down.close();
      }
    });

    it('the OpenAPI document lists every route with its method', async () => {
      const doc = (await client().get('/api/openapi.json')).json() as {
        openapi: string;
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      };
      expect(doc.openapi).toBe('3.1.0');
      expect(app.apiRoutes.length).toBeGreaterThanOrEqual(11);
      for (const route of app.apiRoutes) {
        // A route family (the resource routes) is documented once per member (`/api/resources/creators`).
        for (const openApiPath of documentedUrls(route))
          expect(
            doc.paths[openApiPath]?.[String(route.method).toLowerCase()],
            `${String(route.method)} ${openApiPath}`,
          ).toBeDefined();
      }
      for (const required of [
        '/api/auth/login',
        '/api/auth/logout',
        '/api/a/verify/___ca',
        '/api/a/verify/___pc',
        '/api/configs/',
        '/api/health',
        '/api/openapi.json',
        '/api/statistics/usage',
      ]) {
        expect(Object.keys(doc.paths)).toContain(required);
      }
      const pc = doc.paths['/api/a/verify/___pc']!.get as unknown as {
        parameters: { name: string; required: boolean }[];
      };
      expect(pc.parameters.map((parameter) => [parameter.name, parameter.required])).toEqual([
        ['key', true],
        ['mode', false],
        ['path', false],
      ]);
    });

    it('security headers: a strict CSP, no sniffing, no framing; CORS closed by default', async () => {
      const response = await client().request({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('logs carry no passwords or tokens', async () => {
      const lines: string[] = [];
      const stream = { write: (line: string) => void lines.push(line) };
      const logged = await testServer(testDb.database, { logger: { level: 'trace', stream } });
      try {
        const c = new Client(logged, freshAddress());
        const username = await userWithKeys(testDb.database, []);
        const token = await c.token(username);
        await c.login(username, 'Wrong-Secret-123');
        await c.get('/api/a/verify/___ca', token);
        await c.request({ method: 'POST', url: '/api/auth/logout', token });
        const all = lines.join('');
        expect(lines.length).toBeGreaterThan(4);
        expect(all).toContain('signed in');
        expect(all).not.toContain(TEST_PASSWORD);
        expect(all).not.toContain('Wrong-Secret-123');
        expect(all).not.toContain(token);
      } finally {
        await logged.close();
      }
    });

    it('CORS opens only to the configured origins', async () => {
      const open = await testServer(testDb.database, { corsOrigins: ['https://console.example'] });
      try {
        const c = new Client(open, freshAddress());
        const allowed = await c.request({
          method: 'OPTIONS',
          url: '/api/auth/login',
          headers: { origin: 'https://console.example', 'access-control-request-method': 'POST' },
        });
        expect(allowed.headers['access-control-allow-origin']).toBe('https://console.example');
        const other = await c.request({
          method: 'GET',
          url: '/api/health',
          headers: { origin: 'https://evil.example' },
        });
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await open.close();
      }
    });

    it('serves the built app with an SPA fallback for /, /login and /app/*, and never for /api', async () => {
      const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-app-'));
      fs.writeFileSync(
        path.join(appDir, 'index.html'),
        '<!doctype html><title>Staff Console</title><div id="root"></div>',
      );
      fs.mkdirSync(path.join(appDir, 'assets'));
      fs.writeFileSync(path.join(appDir, 'assets', 'app.js'), 'console.log(1)');
      const withApp = await testServer(testDb.database, { appDir });
      try {
        const c = new Client(withApp, freshAddress());
        for (const url of ['/', '/login', '/app/usage-statistic', '/app/reports/kol-report/']) {
          const response = await c.get(url);
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-type']).toMatch(/text\/html/);
          expect(response.body).toContain('Staff Console');
          expect(response.headers['content-security-policy']).toContain("script-src 'self'");
        }
        const asset = await c.get('/assets/app.js');
        expect(asset.statusCode).toBe(200);
        expect(asset.headers['content-type']).toMatch(/javascript/);
        expect((await c.get('/api/nope')).json().code).toBe('NOT_FOUND');
        expect((await c.get('/elsewhere')).statusCode).toBe(404);
      } finally {
        await withApp.close();
        fs.rmSync(appDir, { recursive: true, force: true });
      }
    });
  });
});
