// The per-node sessions and permissions cache (src/auth/authCache.ts, ADR 066). On PGlite: migration 900's
// triggers are the same plpgsql on both engines, and cluster.test.ts checks the cache across two nodes on PostgreSQL.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthCache, type CachedSession } from '../src/auth/authCache.js';
import { checkSession, DEFAULT_LOCKOUT, login } from '../src/auth/sessions.js';
import { findUserByUsername, userPermission } from '../src/services/users.js';
import { type TestDatabase, openTestDatabase, TEST_PASSWORD } from './support/harness.js';

describe('sessions and permissions cache', () => {
  let testDb: TestDatabase;
  let userId: number;
  const db = () => testDb.database.db;
  const generation = async () =>
    (await sql<{ value: string }>`select value from auth_generation`.execute(db())).rows[0]!.value;

  beforeAll(async () => {
    testDb = await openTestDatabase('pglite');
    userId = (await findUserByUsername(db(), 'admin'))!.id;
  });
  afterAll(async () => {
    await testDb?.close();
  });

  const signIn = async () => {
    const result = await login(db(), 'admin', TEST_PASSWORD, {
      ip: null,
      userAgent: null,
      now: new Date(),
      tokenTtlMs: 3_600_000,
      lockout: DEFAULT_LOCKOUT,
    });
    if (result.ok !== true) throw new Error(`sign-in refused: ${JSON.stringify(result)}`);
    return result;
  };

  it('moves with a revocation, an account change, a permission change or a revoked key, once per transaction', async () => {
    const before = await generation();
    // A sign-in and a session's last use leave it alone: they cannot make a cached answer wrong.
    const session = await signIn();
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: new Date() })
      .where('id', '=', session.sessionId)
      .execute();
    await db().updateTable('users').set({ failed_attempts: 0 }).where('id', '=', userId).execute();
    const key = await sql<{ id: number }>`insert into api_keys (name, key_prefix, key_hash, entities)
      values ('cache', 'sck_cache', 'cache-hash', '{n8n_creators}') returning id`.execute(db());
    const keyId = key.rows[0]!.id;
    await sql`update api_keys set last_used_at = now() where id = ${keyId}`.execute(db());
    expect(await generation()).toBe(before);

    const changes = [
      () => db().updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', session.sessionId),
      () => db().updateTable('users').set({ full_name: 'Administrator' }).where('id', '=', userId),
      () =>
        db()
          .updateTable('permission_set_entries')
          .set({ allow_write: true })
          .where('permission_key', '=', 'admin_manage_user'),
      () => db().deleteFrom('sessions').where('id', '=', session.sessionId),
      () => db().updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', keyId),
    ];
    let last = before;
    for (const change of changes) {
      await change().execute();
      const now = await generation();
      expect(now).not.toBe(last);
      last = now;
    }

    // A truncate fires no row trigger: its statement trigger moves it (seen inside the transaction, then undone).
    await db()
      .transaction()
      .execute(async (trx) => {
        const inside = async () =>
          (await sql<{ value: string }>`select value from auth_generation`.execute(trx)).rows[0]!.value;
        const was = await inside();
        await sql`truncate permission_set_entries`.execute(trx);
        expect(await inside()).not.toBe(was);
        throw new Error('undo');
      })
      .catch((error: unknown) => {
        if ((error as Error).message !== 'undo') throw error;
      });
    expect(await generation()).toBe(last);

    // A rolled-back change leaves it alone.
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ active: false }).where('id', '=', userId).execute();
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect(await generation()).toBe(last);
    expect((await findUserByUsername(db(), 'admin'))!.active).toBe(true);
  });

  it('answers from memory until a change, then reads the tables again', async () => {
    const session = await signIn();
    const check = () => checkSession(db(), session.token, new Date());
    expect((await check()).status).toBe('ok');
    expect(await userPermission(db(), userId, 'admin_manage_user')).toEqual({ read: true, write: true });

    // Changed behind the cache's back (no trigger): the cached answers stand, which shows they are cached.
    await sql`alter table sessions disable trigger sessions_auth_generation`.execute(db());
    try {
      await db()
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('id', '=', session.sessionId)
        .execute();
      expect((await check()).status).toBe('ok');
    } finally {
      await sql`alter table sessions enable trigger sessions_auth_generation`.execute(db());
    }
    // Any change that moves the generation empties the cache.
    await db().updateTable('users').set({ full_name: 'Admin' }).where('id', '=', userId).execute();
    expect((await check()).status).toBe('none');
  });

  it('keeps nothing read before the cache was emptied', async () => {
    const cache = new AuthCache(db());
    const epoch = await cache.fresh(performance.now());
    await db().updateTable('users').set({ full_name: 'Admin again' }).where('id', '=', userId).execute();
    // A later request's read sees the new generation and empties the cache …
    expect(await cache.fresh(performance.now())).not.toBe(epoch);
    // … so an answer read under the old one is dropped, not kept.
    cache.keepPermissions(epoch, userId, new Map([['admin_manage_user', { read: false, write: false }]]));
    expect(cache.permissionsOf(userId)).toBeUndefined();
  });

  it('reads a session it does not hold together with the generation, in one statement', async () => {
    // Every statement the cache sends, counted.
    let statements = 0;
    const counting = db().withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const cache = new AuthCache(counting);
    const session = await signIn();
    const expected = await db()
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.user_id',
        's.expires_at',
        's.revoked_at',
        's.last_seen_at',
        'u.active',
        'u.username',
        'u.full_name',
      ])
      .where('s.id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    const row = sql<CachedSession>`
      select s.id, s.user_id, s.expires_at, s.revoked_at, s.last_seen_at, u.active, u.username, u.full_name
      from sessions s join users u on u.id = s.user_id where s.id = ${session.sessionId}`;
    const lookup = async () => {
      const before = statements;
      const found = await cache.sessionAt(performance.now(), 'hash', row);
      return { found, statements: statements - before };
    };
    // Cold: one statement answers both, and it counts as the request's generation read.
    expect(await lookup()).toEqual({ found: expected, statements: 1 });
    expect(cache.counts.generationReads).toBe(1);
    // Held: a generation read, no row read.
    expect(await lookup()).toEqual({ found: expected, statements: 1 });
    expect(cache.counts).toMatchObject({ generationReads: 2, hits: { session: 1 }, misses: { session: 1 } });
    // A change in between: the generation read empties memory and the row is read again.
    await db().updateTable('users').set({ full_name: 'Admin once more' }).where('id', '=', userId).execute();
    expect(await lookup()).toEqual({ found: { ...expected, full_name: 'Admin once more' }, statements: 2 });
    // No such row: nothing, and nothing kept.
    const none = sql<CachedSession>`select s.id from sessions s where false`;
    expect(await cache.sessionAt(performance.now(), 'none', none)).toBeUndefined();
  });

  it('shares one read among the requests that began before it was sent', async () => {
    const cache = new AuthCache(db());
    const since = performance.now();
    const first = cache.fresh(since);
    expect(cache.fresh(since)).toBe(first);
    await first;
    // A request that began after the read was sent needs its own.
    expect(cache.fresh(performance.now())).not.toBe(first);
  });
});
