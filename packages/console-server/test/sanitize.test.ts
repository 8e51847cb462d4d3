// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { HttpError, databaseErrorAnswer, unsafeTextFields } from '../src/http.js';
import { Client, ONE_ENGINE, freshAddress, setupTestApp, userWithKeys } from './support/harness.js';
import { LEAK } from './support/leaks.js';

describe('input sanitising helpers', () => {
  it('names every string, key and over-deep node PostgreSQL would refuse or mangle', () => {
    expect(unsafeTextFields('body', { name: 'ok', a: { b: ['x\u0000'] } })).toEqual({
      'body.a.b.0': ['Must not contain a NUL character'],
    });
    expect(unsafeTextFields('body', { name: 'a\uD800b' })['body.name']).toHaveLength(1);
    expect(unsafeTextFields('body', { name: 'a\uDC00' })['body.name']).toHaveLength(1);
    // A paired surrogate (an emoji) and right-to-left text are fine.
    expect(unsafeTextFields('body', { name: '😀 مرحبا' })).toEqual({});
    expect(Object.keys(unsafeTextFields('body', { ['k\u0000']: 1 }))).toEqual(['body.(field name)']);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i += 1) deep = [deep];
    expect(Object.values(unsafeTextFields('body', deep)).flat()[0]).toMatch(/nested/);
  });

  it('maps database errors to safe answers by SQLSTATE, and leaves others to a plain 500', () => {
    expect(databaseErrorAnswer({ code: '22003', message: 'integer out of range' })?.status).toBe(400);
    expect(databaseErrorAnswer({ code: '22021', message: 'invalid byte sequence' })?.message).not.toMatch(
      LEAK,
    );
    expect(databaseErrorAnswer({ code: '23505' })?.status).toBe(409);
    expect(databaseErrorAnswer({ code: '40001' })?.status).toBe(503);
    expect(databaseErrorAnswer({ code: '42P01' })).toBeNull();
    expect(databaseErrorAnswer(new Error('x'))).toBeNull();
    expect(databaseErrorAnswer({ code: 'ECONNREFUSED' })).toBeNull();
    expect(new HttpError(400, 'x')).toBeInstanceOf(Error);
  });
});

describe.each(ONE_ENGINE)('one sanitising layer for every route on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine);
  let admin: string;
  const client = () => new Client(app, freshAddress());

  const counts = async () => {
    const result = await sql<{ t: string; n: string }>`
      select 'audit' as t, count(*)::text as n from audit_log
      union all select 'sets', count(*)::text from permission_sets
      union all select 'keys', count(*)::text from api_keys
      union all select 'views', count(*)::text from saved_views
      union all select 'users', count(*)::text from users
      union all select 'companies', count(*)::text from companies`.execute(testDb.database.db);
    return Object.fromEntries(result.rows.map((row) => [row.t, row.n]));
  };

  beforeAll(async () => {
    admin = await client().token('admin');
  });

  const nul = '\u0000';
  const cases: [
    string,
    { method: string; url: string; payload?: unknown; token?: 'admin' | 'none' },
    string,
  ][] = [
    [
      'login username',
      { method: 'POST', url: '/api/auth/login', payload: { username: `a${nul}`, password: 'x' } },
      'body.username',
    ],
    ['list search', { method: 'GET', url: '/api/resources/companies?q=%00' }, 'query.q'],
    ['relation options', { method: 'GET', url: '/api/resources/companies/options?q=a%00b' }, 'query.q'],
    ['configs', { method: 'GET', url: '/api/configs/?config_name=%00' }, 'query.config_name'],
    ['page check path', { method: 'GET', url: '/api/a/verify/___pc?key=statistics&path=%00' }, 'query.path'],
    [
      'permission set name (lone surrogate)',
      { method: 'POST', url: '/api/admin/permission-sets', payload: { name: 'Set \uD800' } },
      'body.name',
    ],
    [
      'API key name (lone surrogate)',
      { method: 'POST', url: '/api/api-keys', payload: { name: '\uDFFF key' } },
      'body.name',
    ],
    [
      'company name',
      { method: 'POST', url: '/api/resources/companies', payload: { name: `PT ${nul}`, legal_name: 'PT X' } },
      'body.name',
    ],
    [
      'saved view name',
      { method: 'POST', url: '/api/views', payload: { entity: 'companies', name: `v${nul}` } },
      'body.name',
    ],
    [
      'user patch',
      { method: 'PATCH', url: '/api/admin/users/1', payload: { full_name: `A${nul}` } },
      'body.full_name',
    ],
    ['path param', { method: 'GET', url: '/api/resources/compa%00nies' }, 'params.entity'],
  ];

  it.each(cases)(
    'NUL or a lone surrogate in the %s answers 400 naming the field and writes nothing',
    async (_name, request, field) => {
      const before = await counts();
      const response = await client().request({
        method: request.method as 'GET',
        url: request.url,
        ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
        token: admin,
      });
      expect(response.statusCode).toBe(400);
      const body = response.json() as { message: string; fields: Record<string, string[]> };
      expect(Object.keys(body.fields)).toContain(field);
      expect(response.body).not.toMatch(LEAK);
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses control characters in headers that are stored, naming the header', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshAddress(),
      payload: { username: 'admin', password: 'x' },
      headers: { 'user-agent': 'agent\u0001' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['headers.user-agent']);
  });

  it.each([
    ['GET', '/api/admin/users/2147483648'],
    ['PATCH', '/api/admin/users/99999999999999999999'],
    ['DELETE', '/api/admin/users/1e12'],
    ['POST', '/api/admin/users/2147483648/reset-password'],
    ['PUT', '/api/admin/users/2147483648/permission-sets'],
    ['POST', '/api/admin/users/2147483648/2fa/reset'],
    ['GET', '/api/admin/permission-sets/2147483648'],
    ['GET', '/api/admin/view-as/4294967296'],
    ['GET', '/api/views/2147483648'],
    ['PATCH', '/api/views/2147483648'],
    ['DELETE', '/api/api-keys/2147483648'],
    ['GET', '/api/resources/companies/99999999999999999999'],
  ])('%s %s: an id beyond its column answers 404', async (method, url) => {
    const before = await counts();
    const response = await client().request({
      method: method as 'GET',
      url,
      token: admin,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(LEAK);
    expect(await counts()).toEqual(before);
  });

  it('___pc with a key the server does not know answers 403 and records nothing', async () => {
    const rows = async () =>
      Number(
        (await sql<{ n: string }>`select count(*)::text as n from page_checks`.execute(testDb.database.db))
          .rows[0]!.n,
      );
    const before = await rows();
    const response = await client().get('/api/a/verify/___pc?key=no_such_key', admin);
    expect(response.statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });

  it('saved views answer a user without any key 403 on every route', async () => {
    const token = await client().token(await userWithKeys(testDb.database, []));
    const c = client();
    const answers = await Promise.all([
      c.request({ method: 'GET', url: '/api/views?entity=companies', token }),
      c.request({ method: 'GET', url: '/api/views?entity=nope', token }),
      c.request({ method: 'GET', url: '/api/views/1', token }),
      c.request({ method: 'POST', url: '/api/views', token, payload: { entity: 'nope', name: 'x' } }),
      c.request({ method: 'PATCH', url: '/api/views/1', token, payload: { name: 'x' } }),
      c.request({ method: 'DELETE', url: '/api/views/1', token }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
  });

  it('authenticated API answers carry Cache-Control: no-store', async () => {
    const c = client();
    for (const url of [
      '/api/a/verify/___ca',
      '/api/resources/companies',
      '/api/admin/users',
      '/api/views/1',
    ]) {
      expect((await c.get(url, admin)).headers['cache-control'], url).toBe('no-store');
    }
    expect((await c.login('admin', 'wrong-password')).headers['cache-control']).toBe('no-store');
  });
});
