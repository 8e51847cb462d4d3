// The API on one engine (PostgreSQL); "administration safety" races two requests, on both engines (support/harness.ts).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERMISSION_KEYS, SOCKET_EVENTS } from '@staff/console-contract';
import { PASSWORD_MESSAGES } from '../src/admin/passwordPolicy.js';
import { ADMIN_MESSAGES } from '../src/admin/service.js';
import { ALL_ACCESS_SET } from '../src/seed.js';
import { findUserByUsername } from '../src/services/users.js';
import {
  Client,
  ENGINES,
  ONE_ENGINE,
  TEST_PASSWORD,
  type TestDatabase,
  freshAddress,
  openTestDatabase,
  setupTestApp,
  testServer,
  uniqueName,
  userWithKeys,
} from './support/harness.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(ONE_ENGINE)('administration API on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine);
  let adminToken: string;
  let c: Client;

  beforeAll(async () => {
    c = new Client(app, freshAddress());
    adminToken = await c.token('admin');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const as = (token: string) => ({
    get: (url: string) => c.request({ method: 'GET', url, token }),
    post: (url: string, payload?: unknown) =>
      c.request({
        method: 'POST',
        url,
        token,
        ...(payload !== undefined ? { payload: payload as Json } : {}),
      }),
    patch: (url: string, payload: unknown) =>
      c.request({ method: 'PATCH', url, token, payload: payload as Json }),
    put: (url: string, payload: unknown) =>
      c.request({ method: 'PUT', url, token, payload: payload as Json }),
    del: (url: string) => c.request({ method: 'DELETE', url, token }),
  });
  const admin = () => as(adminToken);
  const idOf = async (username: string) => (await findUserByUsername(testDb.database.db, username))!.id;
  const auditOf = (entity: string, id: number | string, action: string) =>
    testDb.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', entity)
      .where('entity_id', '=', String(id))
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  const newUser = async (sets: string[] = []) => {
    const username = uniqueName('adm');
    const response = await admin().post('/api/admin/users', {
      username,
      full_name: `Person ${username}`,
      password: 'Long-enough-pass-1',
      permission_sets: sets,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { username, id: (response.json() as Json).user.id as number, password: 'Long-enough-pass-1' };
  };

  describe('access', () => {
    // One request per administration route; the list must cover every route the server registers.
    const requestsFor = (userId: number, setId: number): Record<string, { payload?: unknown }> => ({
      'GET /api/admin/users': {},
      'POST /api/admin/users': { payload: { username: uniqueName('x'), full_name: 'X' } },
      'GET /api/admin/users/:id': {},
      'PATCH /api/admin/users/:id': { payload: { full_name: 'Renamed' } },
      'DELETE /api/admin/users/:id': {},
      'POST /api/admin/users/:id/reset-password': { payload: {} },
      'PUT /api/admin/users/:id/permission-sets': { payload: { permission_sets: [] } },
      'GET /api/admin/users/:id/sessions': {},
      'POST /api/admin/users/:id/sessions/revoke-all': {},
      'GET /api/admin/users/:id/activity': {},
      'GET /api/admin/permission-sets': {},
      'POST /api/admin/permission-sets': { payload: { name: uniqueName('set') } },
      'PATCH /api/admin/permission-sets/:id': { payload: { description: 'x' } },
      'DELETE /api/admin/permission-sets/:id': {},
      'GET /api/admin/permission-matrix': {},
      'PUT /api/admin/permission-matrix': { payload: { sets: [{ id: setId, entries: [] }] } },
      'GET /api/admin/view-as/:userId': {},
      'POST /api/admin/users/:id/2fa/reset': {},
    });

    it('every administration route: 401 without a token, 403 without admin_manage_user (or without write for changes)', async () => {
      const target = await newUser();
      const set = (
        await admin().post('/api/admin/permission-sets', { name: uniqueName('target-set') })
      ).json() as Json;
      const routes = app.apiRoutes.filter((route) => route.url.startsWith('/api/admin/'));
      const requests = requestsFor(target.id, set.id);
      expect(routes.map((route) => `${String(route.method)} ${route.url}`).sort()).toEqual(
        Object.keys(requests).sort(),
      );

      const everythingElse = PERMISSION_KEYS.filter((key) => key !== 'admin_manage_user').map((key) => ({
        key,
        read: true,
        write: true,
      }));
      const noAdmin = await c.token(await userWithKeys(testDb.database, everythingElse));
      const readOnly = await c.token(
        await userWithKeys(testDb.database, [
          ...everythingElse,
          { key: 'admin_manage_user', read: true, write: false },
        ]),
      );
      for (const route of routes) {
        expect(route.permission?.key).toBe('admin_manage_user');
        const id = `${String(route.method)} ${route.url}`;
        const url = route.url
          .replace(':id', String(route.url.includes('permission-sets/:id') ? set.id : target.id))
          .replace(':userId', String(target.id));
        const payload = requests[id]!.payload;
        const send = (token?: string) =>
          c.request({
            method: route.method as 'GET',
            url,
            ...(token ? { token } : {}),
            ...(payload !== undefined ? { payload: payload as Json } : {}),
          });
        expect((await send()).statusCode, id).toBe(401);
        const denied = await send(noAdmin);
        expect(denied.statusCode, id).toBe(403);
        expect(denied.json().code, id).toBe('FORBIDDEN');
        const withRead = await send(readOnly);
        expect(withRead.statusCode, id).toBe(route.permission?.mode === 'write' ? 403 : 200);
      }
      // Nothing was changed by the refused requests.
      expect((await admin().get(`/api/admin/users/${target.id}`)).json().full_name).toBe(
        `Person ${target.username}`,
      );
    });
  });

  describe('users', () => {
    it('lists with search, filters, sorting, pagination and the total', async () => {
      const tag = uniqueName('zlist');
      const setName = uniqueName('list-set');
      expect(
        (
          await admin().post('/api/admin/permission-sets', {
            name: setName,
            entries: [{ key: 'statistics', read: true, write: false }],
          })
        ).statusCode,
      ).toBe(201);
      const created: number[] = [];
      for (let index = 0; index < 5; index += 1) {
        const response = await admin().post('/api/admin/users', {
          username: `${tag}-${index}`,
          full_name: `Listed ${index}`,
          permission_sets: index < 2 ? [setName] : [],
        });
        created.push((response.json() as Json).user.id);
      }
      await admin().patch(`/api/admin/users/${created[4]}`, { active: false });
      const generated = (await admin().get(`/api/admin/users?q=${tag}`)).json() as Json;
      expect(generated.total).toBe(5);
      expect(generated.users.map((user: Json) => user.username)).toEqual(
        [0, 1, 2, 3, 4].map((index) => `${tag}-${index}`),
      );
      expect(generated.users[0]).toMatchObject({
        full_name: 'Listed 0',
        active: true,
        permission_sets: [setName],
        last_login_at: null,
        live_sessions: 0,
      });
      expect(generated.users[0]).not.toHaveProperty('password_hash');

      // Search matches the full name too, ignoring case.
      expect((await admin().get(`/api/admin/users?q=${tag.toUpperCase()}-3`)).json().total).toBe(1);
      expect(
        (await admin().get(`/api/admin/users?q=${tag}&active=false`))
          .json()
          .users.map((user: Json) => user.id),
      ).toEqual([created[4]]);
      expect((await admin().get(`/api/admin/users?q=${tag}&active=true`)).json().total).toBe(4);
      expect(
        (await admin().get(`/api/admin/users?q=${tag}&permission_set=${encodeURIComponent(setName)}`)).json()
          .total,
      ).toBe(2);

      // Last login: sign one in, then filter by never / a range.
      const signed = `${tag}-2`;
      const reset = (
        await admin().post(`/api/admin/users/${created[2]}/reset-password`, {
          password: 'Another-long-pass-7',
        })
      ).json() as Json;
      expect(reset.revoked_sessions).toBe(0);
      await c.token(signed, 'Another-long-pass-7');
      expect(
        (await admin().get(`/api/admin/users?q=${tag}&never_logged_in=false`))
          .json()
          .users.map((user: Json) => user.username),
      ).toEqual([signed]);
      expect((await admin().get(`/api/admin/users?q=${tag}&never_logged_in=true`)).json().total).toBe(4);
      const today = new Date().toISOString().slice(0, 10);
      expect(
        (
          await admin().get(`/api/admin/users?q=${tag}&last_login_from=${today}&last_login_to=${today}`)
        ).json().total,
      ).toBe(1);
      expect((await admin().get(`/api/admin/users?q=${tag}&last_login_to=2000-01-01`)).json().total).toBe(0);

      const page2 = (
        await admin().get(`/api/admin/users?q=${tag}&page=2&page_size=2&sort=username&dir=desc`)
      ).json() as Json;
      expect(page2).toMatchObject({ total: 5, page: 2, page_size: 2 });
      expect(page2.users.map((user: Json) => user.username)).toEqual([`${tag}-2`, `${tag}-1`]);
      const byLogin = (
        await admin().get(`/api/admin/users?q=${tag}&sort=last_login_at&dir=desc`)
      ).json() as Json;
      expect(byLogin.users[0].username).toBe(signed);
    });

    it('creates a user with a generated password shown once, and audits it', async () => {
      const username = uniqueName('gen');
      const response = await admin().post('/api/admin/users', {
        username,
        full_name: '  Budi Santoso ',
        permission_sets: ['Reports'],
      });
      expect(response.statusCode).toBe(201);
      const body = response.json() as Json;
      expect(body.generated_password).toMatch(/^[A-Za-z0-9]{18}$/);
      expect(body.user).toMatchObject({
        username,
        full_name: 'Budi Santoso',
        active: true,
        permission_sets: ['Reports'],
      });
      expect((await c.login(username, body.generated_password)).statusCode).toBe(200);
      // Not in the user row, the list or the audit log.
      const audit = await auditOf('user', body.user.id, 'create');
      expect(JSON.stringify(audit)).not.toContain(body.generated_password);
      expect(audit?.actor_id).toBe(await idOf('admin'));
      expect(audit?.after).toMatchObject({ username, permission_sets: ['Reports'] });
      expect(JSON.stringify((await admin().get(`/api/admin/users/${body.user.id}`)).json())).not.toContain(
        body.generated_password,
      );
    });

    it('refuses bad input with field messages: password rules, username shape, duplicates, unknown sets', async () => {
      const username = uniqueName('rules');
      const short = await admin().post('/api/admin/users', { username, full_name: 'R', password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().fields['body.password']).toEqual([PASSWORD_MESSAGES.tooShort]);
      const withName = await admin().post('/api/admin/users', {
        username,
        full_name: 'R',
        password: `x${username.toUpperCase()}123`,
      });
      expect(withName.json().fields['body.password']).toEqual([PASSWORD_MESSAGES.containsUsername]);
      const badName = await admin().post('/api/admin/users', {
        username: 'a b',
        full_name: '',
        password: 'Long-enough-pass-1',
      });
      expect(badName.statusCode).toBe(400);
      expect(Object.keys(badName.json().fields).sort()).toEqual(['body.full_name', 'body.username']);
      const unknownSet = await admin().post('/api/admin/users', {
        username,
        full_name: 'R',
        permission_sets: ['No such set'],
      });
      expect(unknownSet.statusCode).toBe(400);
      expect(unknownSet.json().fields['body.permission_sets']).toEqual([
        ADMIN_MESSAGES.unknownSets(['No such set']),
      ]);
      expect((await admin().post('/api/admin/users', { username, full_name: 'R' })).statusCode).toBe(201);
      const duplicate = await admin().post('/api/admin/users', {
        username: username.toUpperCase(),
        full_name: 'R',
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().fields['body.username']).toEqual([ADMIN_MESSAGES.usernameTaken]);
    });

    it('edits name and username, refuses a stale version, and audits before/after', async () => {
      const user = await newUser();
      const loaded = (await admin().get(`/api/admin/users/${user.id}`)).json() as Json;
      const renamed = `${user.username}-new`;
      const response = await admin().patch(`/api/admin/users/${user.id}`, {
        full_name: 'New Name',
        username: renamed,
        version: loaded.version,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        full_name: 'New Name',
        username: renamed,
        version: loaded.version + 1,
      });
      const stale = await admin().patch(`/api/admin/users/${user.id}`, {
        full_name: 'Other',
        version: loaded.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(ADMIN_MESSAGES.stale);
      const audit = await auditOf('user', user.id, 'update');
      expect(audit?.before).toMatchObject({ full_name: `Person ${user.username}`, username: user.username });
      expect(audit?.after).toMatchObject({ full_name: 'New Name', username: renamed });
      expect((await admin().patch('/api/admin/users/999999', { full_name: 'x' })).statusCode).toBe(404);
    });

    it('disabling ends every session at once (session:revoked) and blocks sign-in; enabling lets them back', async () => {
      const user = await newUser();
      const tokens = [
        await c.token(user.username, user.password),
        await c.token(user.username, user.password),
      ];
      const revoked = vi.spyOn(app.realtime, 'sessionsRevoked');
      const response = await admin().patch(`/api/admin/users/${user.id}`, { active: false });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ active: false, live_sessions: 0 });
      expect(revoked).toHaveBeenCalledWith(
        user.id,
        expect.arrayContaining([expect.any(String), expect.any(String)]),
        'account disabled',
      );
      for (const token of tokens) expect((await as(token).get('/api/a/verify/___ca')).statusCode).toBe(401);
      expect((await c.login(user.username, user.password)).statusCode).toBe(403);
      expect((await auditOf('user', user.id, 'disable'))?.after).toMatchObject({ active: false });

      expect((await admin().patch(`/api/admin/users/${user.id}`, { active: true })).json().active).toBe(true);
      expect((await c.login(user.username, user.password)).statusCode).toBe(200);
      expect(await auditOf('user', user.id, 'enable')).toBeDefined();
    });

    it('resets a password (given or generated), ending the sessions that knew the old one', async () => {
      const user = await newUser();
      const token = await c.token(user.username, user.password);
      const refused = await admin().post(`/api/admin/users/${user.id}/reset-password`, {
        password: `${user.username}-pass`,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields['body.password']).toEqual([PASSWORD_MESSAGES.containsUsername]);
      const response = await admin().post(`/api/admin/users/${user.id}/reset-password`, {});
      expect(response.statusCode).toBe(200);
      const body = response.json() as Json;
      expect(body).toEqual({
        generated_password: expect.stringMatching(/^[A-Za-z0-9]{18}$/),
        revoked_sessions: 1,
      });
      expect((await as(token).get('/api/a/verify/___ca')).statusCode).toBe(401);
      expect((await c.login(user.username, user.password)).statusCode).toBe(403);
      expect((await c.login(user.username, body.generated_password)).statusCode).toBe(200);
      expect(JSON.stringify(await auditOf('user', user.id, 'reset-password'))).not.toContain(
        body.generated_password,
      );
    });

    it("assigns sets: the user's ___ca changes and they are told at once", async () => {
      const user = await newUser();
      const token = await c.token(user.username, user.password);
      const changed = vi.spyOn(app.realtime, 'permissionsChanged');
      const response = await admin().put(`/api/admin/users/${user.id}/permission-sets`, {
        permission_sets: ['Reports', 'Logs'],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().permission_sets).toEqual(['Logs', 'Reports']);
      expect(changed).toHaveBeenCalledWith([user.id]);
      const keys = ((await as(token).get('/api/a/verify/___ca')).json() as Json).permissions.map(
        (entry: Json) => entry.permission_key,
      );
      expect(keys).toEqual(expect.arrayContaining(['ad_daily_tracker', 'transaction_read_purchase_logs']));
      // The same sets again: nothing changes, no one is told.
      changed.mockClear();
      await admin().put(`/api/admin/users/${user.id}/permission-sets`, {
        permission_sets: ['Logs', 'Reports'],
      });
      expect(changed).not.toHaveBeenCalled();
    });

    it("lists a user's sessions and signs them out everywhere", async () => {
      const user = await newUser();
      const tokens = [
        await c.token(user.username, user.password),
        await c.token(user.username, user.password),
      ];
      const sessions = (await admin().get(`/api/admin/users/${user.id}/sessions`)).json() as Json;
      expect(sessions.sessions).toHaveLength(2);
      expect(sessions.sessions[0]).toMatchObject({
        ip: expect.any(String),
        current: false,
        expires_at: expect.any(String),
      });
      const mine = (await admin().get(`/api/admin/users/${await idOf('admin')}/sessions`)).json() as Json;
      expect(mine.sessions.filter((session: Json) => session.current)).toHaveLength(1);

      const revoked = vi.spyOn(app.realtime, 'sessionsRevoked');
      const response = await admin().post(`/api/admin/users/${user.id}/sessions/revoke-all`);
      expect(response.json()).toEqual({ revoked: 2 });
      expect(revoked).toHaveBeenCalledWith(user.id, expect.any(Array), 'signed out by an administrator');
      for (const token of tokens) expect((await as(token).get('/api/a/verify/___ca')).statusCode).toBe(401);
      expect((await admin().get(`/api/admin/users/${user.id}/sessions`)).json().sessions).toEqual([]);
      // Signing out is not disabling: they may sign in again.
      expect((await c.login(user.username, user.password)).statusCode).toBe(200);
    });

    it("shows a user's recent activity: what they did and what was done to them", async () => {
      const user = await newUser([ALL_ACCESS_SET]);
      const token = await c.token(user.username, user.password);
      const other = await newUser();
      await as(token).patch(`/api/admin/users/${other.id}`, { full_name: 'Changed by the new admin' });
      await admin().put(`/api/admin/users/${user.id}/permission-sets`, {
        permission_sets: [ALL_ACCESS_SET, 'Logs'],
      });
      const entries = ((await admin().get(`/api/admin/users/${user.id}/activity?limit=10`)).json() as Json)
        .entries as Json[];
      expect(entries[0]).toMatchObject({
        action: 'set-permission-sets',
        role: 'subject',
        actor: { username: 'admin' },
      });
      expect(entries[1]).toMatchObject({
        action: 'update',
        role: 'actor',
        entity: 'user',
        entity_id: String(other.id),
        after: { full_name: 'Changed by the new admin' },
      });
      expect(entries.at(-1)).toMatchObject({ action: 'create', role: 'subject' });
      expect((await admin().get('/api/admin/users/999999/activity')).statusCode).toBe(404);
    });

    it('deletes a user; their sessions end; refuses deleting oneself', async () => {
      const user = await newUser();
      const token = await c.token(user.username, user.password);
      expect((await admin().del(`/api/admin/users/${user.id}`)).statusCode).toBe(200);
      expect((await as(token).get('/api/a/verify/___ca')).statusCode).toBe(401);
      expect((await admin().get(`/api/admin/users/${user.id}`)).statusCode).toBe(404);
      expect((await auditOf('user', user.id, 'delete'))?.before).toMatchObject({ username: user.username });
      const self = await admin().del(`/api/admin/users/${await idOf('admin')}`);
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe(ADMIN_MESSAGES.deleteSelf);
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('needs the current password, applies the rules, and ends the other sessions only', async () => {
      const user = await newUser();
      const current = await c.token(user.username, user.password);
      const other = await c.token(user.username, user.password);
      const me = as(current);
      const wrong = await me.post('/api/auth/change-password', {
        old_password: 'nope',
        new_password: 'A-brand-new-pass-1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual({ 'body.old_password': [PASSWORD_MESSAGES.wrongOld] });
      const weak = await me.post('/api/auth/change-password', {
        old_password: user.password,
        new_password: 'short',
      });
      expect(weak.json().fields).toEqual({ 'body.new_password': [PASSWORD_MESSAGES.tooShort] });
      const same = await me.post('/api/auth/change-password', {
        old_password: user.password,
        new_password: user.password,
      });
      expect(same.json().fields['body.new_password']).toEqual([PASSWORD_MESSAGES.sameAsOld]);
      const ok = await me.post('/api/auth/change-password', {
        old_password: user.password,
        new_password: 'A-brand-new-pass-1',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ ok: true, revoked_sessions: 1 });
      expect((await me.get('/api/a/verify/___ca')).statusCode).toBe(200);
      expect((await as(other).get('/api/a/verify/___ca')).statusCode).toBe(401);
      expect((await c.login(user.username, 'A-brand-new-pass-1')).statusCode).toBe(200);
      expect((await auditOf('user', user.id, 'change-password'))?.actor_id).toBe(user.id);
      expect(
        (
          await c.request({
            method: 'POST',
            url: '/api/auth/change-password',
            payload: { old_password: 'a', new_password: 'b' },
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('permission sets and the matrix', () => {
    it('creates, renames and deletes sets; a set in use cannot be deleted', async () => {
      const name = uniqueName('Set');
      const created = await admin().post('/api/admin/permission-sets', {
        name,
        entries: [{ key: 'statistics', read: false, write: true }],
      });
      expect(created.statusCode).toBe(201);
      const set = created.json() as Json;
      // Write implies read.
      expect(set).toMatchObject({
        name,
        user_count: 0,
        entries: [{ key: 'statistics', read: true, write: true }],
      });
      expect(
        (await admin().post('/api/admin/permission-sets', { name: name.toUpperCase() })).statusCode,
      ).toBe(409);
      const badKey = await admin().post('/api/admin/permission-sets', {
        name: uniqueName('Set'),
        entries: [{ key: 'nope', read: true, write: false }],
      });
      expect(badKey.statusCode).toBe(400);
      expect(Object.keys(badKey.json().fields)).toContain('body.entries.0.key');

      const renamed = await admin().patch(`/api/admin/permission-sets/${set.id}`, {
        name: `${name} renamed`,
      });
      expect(renamed.json()).toMatchObject({ name: `${name} renamed`, version: set.version + 1 });
      expect((await auditOf('permission_set', set.id, 'rename'))?.after).toMatchObject({
        name: `${name} renamed`,
      });

      const user = await newUser([`${name} renamed`]);
      const inUse = await admin().del(`/api/admin/permission-sets/${set.id}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({
        code: 'SET_IN_USE',
        message: ADMIN_MESSAGES.setInUse(`${name} renamed`, 1),
      });
      await admin().put(`/api/admin/users/${user.id}/permission-sets`, { permission_sets: [] });
      expect((await admin().del(`/api/admin/permission-sets/${set.id}`)).statusCode).toBe(200);
      expect(
        (await admin().get('/api/admin/permission-sets')).json().sets.some((row: Json) => row.id === set.id),
      ).toBe(false);
      expect(await auditOf('permission_set', set.id, 'delete')).toBeDefined();
    });

    it('describes every key with the pages and menu groups it opens', async () => {
      const matrix = (await admin().get('/api/admin/permission-matrix')).json() as Json;
      expect(matrix.keys.map((row: Json) => row.key)).toEqual([...PERMISSION_KEYS]);
      const key = (name: string) => matrix.keys.find((row: Json) => row.key === name);
      expect(key('admin_manage_user').pages.map((page: Json) => page.path)).toEqual([
        '/app/administration/users/',
        '/app/administration/user-permissions/',
        // Beyond the spec's pages: the operator's page and the audit log (issue 29, ADR 060).
        '/app/administration/operations/',
        '/app/administration/audit-log/',
      ]);
      expect(key('admin_manage_user').menu_groups).toEqual([{ id: 'users', label: 'Users' }]);
      expect(key('finance_kol_report').menu_groups).toEqual([{ id: 'reports', label: 'Reports' }]);
      expect(key('databank_products').menu_groups).toEqual([]);
      expect(key('databank_products').pages.map((page: Json) => page.title)).toContain('Product Admin');
      const all = matrix.sets.find((set: Json) => set.name === ALL_ACCESS_SET);
      expect(all.entries).toHaveLength(PERMISSION_KEYS.length);
    });

    it('saves several sets in one go and tells exactly the holders of the changed ones', async () => {
      const a = (
        await admin().post('/api/admin/permission-sets', {
          name: uniqueName('A'),
          entries: [{ key: 'statistics', read: true, write: false }],
        })
      ).json() as Json;
      const b = (await admin().post('/api/admin/permission-sets', { name: uniqueName('B') })).json() as Json;
      const holderA = await newUser([a.name]);
      await newUser([b.name]);
      const changed = vi.spyOn(app.realtime, 'permissionsChanged');
      const response = await admin().put('/api/admin/permission-matrix', {
        sets: [
          { id: a.id, entries: [{ key: 'ad_daily_tracker', read: true, write: false }], version: a.version },
          { id: b.id, entries: [] },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ changed_sets: [a.name], notified_users: 1 });
      expect(changed).toHaveBeenCalledWith([holderA.id]);
      const token = await c.token(holderA.username, holderA.password);
      expect(((await as(token).get('/api/a/verify/___ca')).json() as Json).permissions).toEqual([
        { permission_key: 'ad_daily_tracker', allow_read: 1, allow_write: 0 },
      ]);
      const audit = await auditOf('permission_set', a.id, 'update');
      expect(audit?.before).toMatchObject({ entries: [{ key: 'statistics', read: true, write: false }] });
      // The version it was loaded at is now stale.
      const stale = await admin().put('/api/admin/permission-matrix', {
        sets: [{ id: a.id, entries: [], version: a.version }],
      });
      expect(stale.statusCode).toBe(409);
      expect(
        (await admin().put('/api/admin/permission-matrix', { sets: [{ id: 999999, entries: [] }] }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('view as', () => {
    it("answers exactly the user's ___ca, their menu and pages, and audits the look", async () => {
      const trackerOnly = (
        await admin().post('/api/admin/permission-sets', {
          name: uniqueName('Tracker'),
          entries: [{ key: 'ad_daily_tracker', read: true, write: false }],
        })
      ).json() as Json;
      const user = await newUser([trackerOnly.name]);
      const token = await c.token(user.username, user.password);
      const own = ((await as(token).get('/api/a/verify/___ca')).json() as Json).permissions;
      const response = await admin().get(`/api/admin/view-as/${user.id}`);
      expect(response.statusCode).toBe(200);
      const view = response.json() as Json;
      expect(view.permissions).toEqual(own);
      expect(view.user).toMatchObject({ id: user.id, username: user.username });
      expect(view.permission_sets).toEqual([trackerOnly.name]);
      expect(view.menu.map((group: Json) => group.label)).toEqual([
        'General Affairs',
        'Automation Database',
        'Operation Data',
        'Reports',
      ]);
      const reports = view.menu.find((group: Json) => group.id === 'reports');
      expect(reports.items.map((item: Json) => item.id)).not.toContain('kol-report');
      // Locked as the Sidebar marks it: shown to everyone, but the page's key is not theirs.
      expect(reports.items.every((item: Json) => item.locked === false)).toBe(true);
      const generalAffairs = view.menu.find((group: Json) => group.id === 'general-affairs');
      expect(generalAffairs.items.find((item: Json) => item.id === 'meeting-room-dashboard')).toMatchObject({
        path: '/app/general-affairs/meeting-room-dashboard',
        locked: true,
      });
      expect(view.allowed_pages).toContain('/app/reports/adset');
      expect(view.allowed_pages).not.toContain('/app/administration/users/');
      const audit = await auditOf('user', user.id, 'view-as');
      expect(audit?.actor_id).toBe(await idOf('admin'));
      expect((await admin().get('/api/admin/view-as/999999')).statusCode).toBe(404);
    });
  });

  describe('bad input never gives a 500', () => {
    it.each([
      ['list: bad active', 'GET', '/api/admin/users?active=maybe', undefined, 'query.active'],
      ['list: bad sort', 'GET', '/api/admin/users?sort=password_hash', undefined, 'query.sort'],
      ['list: bad page', 'GET', '/api/admin/users?page=0', undefined, 'query.page'],
      [
        'list: bad date',
        'GET',
        '/api/admin/users?last_login_from=yesterday',
        undefined,
        'query.last_login_from',
      ],
      ['create: no body', 'POST', '/api/admin/users', undefined, 'body'],
      ['create: wrong types', 'POST', '/api/admin/users', { username: 5, full_name: [] }, 'body.username'],
      ['patch: nothing to change', 'PATCH', '/api/admin/users/1', { version: 1 }, 'body'],
      ['sets: bad id', 'PATCH', '/api/admin/permission-sets/abc', { name: 'x' }, 'params.id'],
      ['set: blank name', 'POST', '/api/admin/permission-sets', { name: '   ' }, 'body.name'],
      ['matrix: empty', 'PUT', '/api/admin/permission-matrix', { sets: [] }, 'body.sets'],
      [
        'matrix: bad flag',
        'PUT',
        '/api/admin/permission-matrix',
        { sets: [{ id: 1, entries: [{ key: 'statistics', read: 'yes', write: false }] }] },
        'body.sets.0.entries.0.read',
      ],
      ['view-as: bad id', 'GET', '/api/admin/view-as/-1', undefined, 'params.userId'],
    ] as const)('%s', async (_name, method, url, payload, field) => {
      const response = await c.request({
        method,
        url,
        token: adminToken,
        ...(payload !== undefined ? { payload: payload as Json } : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)).toContain(field);
    });
  });
});

describe.each(ENGINES)('administration safety on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine);
  let c: Client;
  let adminId: number;
  let adminToken: string;

  beforeAll(async () => {
    c = new Client(app, freshAddress());
    adminToken = await c.token('admin');
    adminId = (await findUserByUsername(testDb.database.db, 'admin'))!.id;
    // Leave "admin" as the only administrator: the demo "All access" user gets nothing.
    const demoAll = (await findUserByUsername(testDb.database.db, 'demo-all'))!.id;
    const response = await c.request({
      method: 'PUT',
      url: `/api/admin/users/${demoAll}/permission-sets`,
      token: adminToken,
      payload: { permission_sets: [] },
    });
    expect(response.statusCode).toBe(200);
  });

  const send = (token: string, method: 'PATCH' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
    c.request({ method, url, token, ...(payload !== undefined ? { payload: payload as Json } : {}) });
  const allAccess = async () =>
    (
      (
        await c.request({ method: 'GET', url: '/api/admin/permission-sets', token: adminToken })
      ).json() as Json
    ).sets.find((set: Json) => set.name === ALL_ACCESS_SET);
  const adminKeys = async (token: string) =>
    ((await c.request({ method: 'GET', url: '/api/a/verify/___ca', token })).json() as Json).permissions.find(
      (entry: Json) => entry.permission_key === 'admin_manage_user',
    );

  it('the last administrator cannot be disabled, deleted or stripped of admin_manage_user', async () => {
    const disable = await send(adminToken, 'PATCH', `/api/admin/users/${adminId}`, { active: false });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({
      code: 'LAST_ADMIN',
      message: ADMIN_MESSAGES.lastAdmin('Disabling this user'),
    });
    const strip = await send(adminToken, 'PUT', `/api/admin/users/${adminId}/permission-sets`, {
      permission_sets: ['Reports'],
    });
    expect(strip.statusCode).toBe(409);
    expect(strip.json().code).toBe('LAST_ADMIN');

    // Through the set: taking write (or the key) away from "All access".
    const set = await allAccess();
    const withoutWrite = set.entries.map((entry: Json) =>
      entry.key === 'admin_manage_user' ? { ...entry, write: false } : entry,
    );
    const bySet = await send(adminToken, 'PATCH', `/api/admin/permission-sets/${set.id}`, {
      entries: withoutWrite,
    });
    expect(bySet.statusCode).toBe(409);
    expect(bySet.json().message).toBe(ADMIN_MESSAGES.lastAdmin('This change to the permission set'));
    const byMatrix = await send(adminToken, 'PUT', '/api/admin/permission-matrix', {
      sets: [{ id: set.id, entries: set.entries.filter((entry: Json) => entry.key !== 'admin_manage_user') }],
    });
    expect(byMatrix.statusCode).toBe(409);
    expect(byMatrix.json().code).toBe('LAST_ADMIN');

    // Nothing changed: still active, still holding the key with read and write.
    expect(await adminKeys(adminToken)).toEqual({
      permission_key: 'admin_manage_user',
      allow_read: 1,
      allow_write: 1,
    });
    expect((await allAccess()).version).toBe(set.version);
  });

  it('an administrator cannot remove their own admin access while others remain; another administrator can', async () => {
    const username = uniqueName('second');
    const created = await send(adminToken, 'POST', '/api/admin/users', {
      username,
      full_name: 'Second Admin',
      password: 'Second-admin-pass-1',
      permission_sets: [ALL_ACCESS_SET],
    });
    const secondId = (created.json() as Json).user.id as number;
    const secondToken = await c.token(username, 'Second-admin-pass-1');

    const selfStrip = await send(secondToken, 'PUT', `/api/admin/users/${secondId}/permission-sets`, {
      permission_sets: ['Logs'],
    });
    expect(selfStrip.statusCode).toBe(409);
    expect(selfStrip.json()).toMatchObject({
      code: 'SELF_LOCKOUT',
      message: ADMIN_MESSAGES.selfLockout("Changing this user's permission sets"),
    });
    const selfDisable = await send(secondToken, 'PATCH', `/api/admin/users/${secondId}`, { active: false });
    expect(selfDisable.json().code).toBe('SELF_LOCKOUT');
    // A read-only admin set does not make an administrator: moving to it is still refused.
    const readOnly = (
      await send(adminToken, 'POST', '/api/admin/permission-sets', {
        name: uniqueName('Admin read'),
        entries: [{ key: 'admin_manage_user', read: true, write: false }],
      })
    ).json() as Json;
    expect(
      (
        await send(secondToken, 'PUT', `/api/admin/users/${secondId}/permission-sets`, {
          permission_sets: [readOnly.name],
        })
      ).json().code,
    ).toBe('SELF_LOCKOUT');

    // The other administrator may do it.
    const byOther = await send(adminToken, 'PUT', `/api/admin/users/${secondId}/permission-sets`, {
      permission_sets: [readOnly.name],
    });
    expect(byOther.statusCode).toBe(200);
    expect((await send(adminToken, 'DELETE', `/api/admin/users/${secondId}`)).statusCode).toBe(200);
  });

  it('two administrators disabling each other at the same moment: one wins, one administrator remains', async () => {
    const names = [uniqueName('race'), uniqueName('race')];
    const ids: number[] = [];
    for (const username of names) {
      const response = await send(adminToken, 'POST', '/api/admin/users', {
        username,
        full_name: username,
        password: 'Racing-admins-pass-1',
        permission_sets: [ALL_ACCESS_SET],
      });
      ids.push((response.json() as Json).user.id);
    }
    // Leave only the two racers as administrators.
    const adminSets = await send(adminToken, 'PUT', `/api/admin/users/${adminId}/permission-sets`, {
      permission_sets: [],
    });
    expect(adminSets.json().code).toBe('SELF_LOCKOUT');
    const first = await c.token(names[0]!, 'Racing-admins-pass-1');
    const second = await c.token(names[1]!, 'Racing-admins-pass-1');
    expect((await send(first, 'PATCH', `/api/admin/users/${adminId}`, { active: false })).statusCode).toBe(
      200,
    );

    const [a, b] = await Promise.all([
      send(first, 'PATCH', `/api/admin/users/${ids[1]}`, { active: false }),
      send(second, 'PATCH', `/api/admin/users/${ids[0]}`, { active: false }),
    ]);
    expect([a.statusCode, b.statusCode].filter((status) => status === 200)).toHaveLength(1);
    expect([a.statusCode, b.statusCode].every((status) => [200, 401, 409].includes(status))).toBe(true);
    const active = await testDb.database.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', ids)
      .where('active', '=', true)
      .execute();
    expect(active).toHaveLength(1);
  });
});

describe('administration over the socket', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase('postgres');
    app = await testServer(testDb.database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await app?.close();
    await testDb?.close();
  });

  const open = (token: string) => {
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
  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });

  it("a matrix change reaches the holder's socket; disabling them ends it", async () => {
    const c = new Client(app, freshAddress());
    const adminToken = await c.token('admin');
    const set = (
      await c.request({
        method: 'POST',
        url: '/api/admin/permission-sets',
        token: adminToken,
        payload: { name: 'Socket set', entries: [{ key: 'statistics', read: true, write: false }] },
      })
    ).json() as Json;
    const username = uniqueName('live');
    const user = (
      await c.request({
        method: 'POST',
        url: '/api/admin/users',
        token: adminToken,
        payload: { username, full_name: 'Live', password: TEST_PASSWORD, permission_sets: ['Socket set'] },
      })
    ).json() as Json;
    const socket = await open(await c.token(username));

    const changed = next(socket, SOCKET_EVENTS.permissionsChanged);
    await c.request({
      method: 'PUT',
      url: '/api/admin/permission-matrix',
      token: adminToken,
      payload: { sets: [{ id: set.id, entries: [] }] },
    });
    await changed;

    const revoked = next<{ reason: string }>(socket, SOCKET_EVENTS.sessionRevoked);
    const closed = next(socket, 'disconnect');
    await c.request({
      method: 'PATCH',
      url: `/api/admin/users/${user.user.id}`,
      token: adminToken,
      payload: { active: false },
    });
    expect(await revoked).toEqual({ reason: 'account disabled' });
    await closed;
  });
});
