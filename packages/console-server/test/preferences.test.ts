import { describe, expect, it } from 'vitest';
import { Client, ENGINES, setupTestApp, userWithKeys } from './support/harness.js';

describe.each(ENGINES)('GET/PUT /api/me/preferences on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine);

  const put = (c: Client, token: string, payload: unknown) =>
    c.request({ method: 'PUT', url: '/api/me/preferences', token, payload: payload as object });

  it('needs a signed-in user, and no permission key', async () => {
    const c = new Client(app);
    expect((await c.get('/api/me/preferences')).statusCode).toBe(401);
    expect((await put(c, '', { theme: 'dark' })).statusCode).toBe(401);
    const token = await c.token(await userWithKeys(testDb.database, []));
    const response = await c.get('/api/me/preferences', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ language: 'en', theme: 'system' });
  });

  it('keeps each user their own choice, merges a partial update and audits it', async () => {
    const c = new Client(app);
    const alice = await userWithKeys(testDb.database, []);
    const aliceToken = await c.token(alice);
    const bobToken = await c.token(await userWithKeys(testDb.database, []));
    const first = await put(c, aliceToken, { theme: 'dark' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ language: 'en', theme: 'dark' });
    expect((await put(c, aliceToken, { language: 'id' })).json()).toEqual({ language: 'id', theme: 'dark' });
    // A second session (another browser) reads the same choice.
    const again = await c.token(alice);
    expect((await c.get('/api/me/preferences', again)).json()).toEqual({ language: 'id', theme: 'dark' });
    expect((await c.get('/api/me/preferences', bobToken)).json()).toEqual({
      language: 'en',
      theme: 'system',
    });
    const audit = await testDb.database.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'update-preferences')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.before).toEqual({ language: 'en', theme: 'dark' });
    expect(audit.after).toEqual({ language: 'id', theme: 'dark' });
  });

  it('bad input: a 400 naming the field, nothing written', async () => {
    const c = new Client(app);
    const token = await c.token(await userWithKeys(testDb.database, []));
    const badTheme = await put(c, token, { theme: 'purple', language: 'en' });
    expect(badTheme.statusCode).toBe(400);
    expect(badTheme.json().fields).toEqual({ 'body.theme': ['Theme must be one of: system, light, dark'] });
    const badLanguage = await put(c, token, { language: 'fr' });
    expect(badLanguage.statusCode).toBe(400);
    expect(Object.keys(badLanguage.json().fields)).toEqual(['body.language']);
    const unknown = await put(c, token, { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('colour');
    expect((await c.get('/api/me/preferences', token)).json()).toEqual({ language: 'en', theme: 'system' });
  });
});
