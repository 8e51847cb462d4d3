// The per-node sessions and permissions cache (src/auth/authCache.ts, ADR 066). On PGlite: migration 900's
// triggers are the same plpgsql on both engines, and cluster.test.ts checks the cache across two nodes on PostgreSQL.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthDeferral, AuthCache, type CachedSession, authCacheOf } from '../src/auth/authCache.js';
import { checkSession, DEFAULT_LOCKOUT, login } from '../src/auth/sessions.js';
import { findUserByUsername, userPermission } from '../src/services/users.js';
import {
  Client,
  type TestDatabase,
  openTestDatabase,
  setupTestApp,
  testClock,
  TEST_PASSWORD,
  userWithKeys,
} from './support/harness.js';

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

  /** A cache over a handle that counts every statement the cache sends. */
  const countingCache = () => {
    let sent = 0;
    const counting = db().withPlugin({
      transformQuery: (args) => {
        sent += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { cache: new AuthCache(counting), statements: () => sent };
  };
  /** The row a session lookup selects, by the session's id. */
  const sessionRow = (sessionId: string) => sql<CachedSession>`
    select s.id, s.user_id, s.expires_at, s.revoked_at, s.last_seen_at, u.active, u.username, u.full_name
    from sessions s join users u on u.id = s.user_id where s.id = ${sessionId}`;

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
    const { cache, statements } = countingCache();
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
    const row = sessionRow(session.sessionId);
    const lookup = async () => {
      const before = statements();
      const found = await cache.sessionAt(performance.now(), 'hash', row);
      return { found, statements: statements() - before };
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

  it('lets a deferred request answer from memory, confirmed by a read its own statement carried', async () => {
    const { cache, statements } = countingCache();
    const session = await signIn();
    const row = sessionRow(session.sessionId);
    /** One request: its lookups, then its confirmation, each with the statements it sent. */
    const request = async (between?: () => Promise<unknown>) => {
      const since = performance.now();
      const deferral: AuthDeferral = { epoch: null };
      let before = statements();
      const found = await cache.sessionAt(since, 'deferred', row, deferral);
      const lookup = statements() - before;
      await between?.();
      before = statements();
      const confirmed = await cache.confirm(since, deferral);
      return {
        found: found?.id,
        deferred: deferral.epoch !== null,
        lookup,
        confirmed,
        confirm: statements() - before,
      };
    };
    // Cold: the one statement that reads the row reads the generation too; nothing is left to confirm.
    expect(await request()).toEqual({
      found: session.sessionId,
      deferred: false,
      lookup: 1,
      confirmed: true,
      confirm: 0,
    });
    // Held: answered with no statement; a statement the request sends anyway carries the read that confirms it.
    const carried = async () => {
      const sentAt = performance.now();
      const read = await sql<{
        generation: string | null;
      }>`select ${cache.generationColumn} as generation`.execute(db());
      cache.seen(sentAt, read.rows[0]!.generation);
    };
    expect(await request(carried)).toEqual({
      found: session.sessionId,
      deferred: true,
      lookup: 0,
      confirmed: true,
      confirm: 0,
    });
    expect(cache.counts.generationReadsCarried).toBe(1);
    // Held without a carried read: the confirmation sends its own.
    expect(await request()).toMatchObject({ deferred: true, lookup: 0, confirmed: true, confirm: 1 });
    // A change after the lookup: not confirmed (the caller must be decided again from the tables).
    const change = () =>
      db().updateTable('users').set({ full_name: 'Admin deferred' }).where('id', '=', userId).execute();
    expect(await request(change)).toMatchObject({ deferred: true, lookup: 0, confirmed: false });

    // A request that trusted memory under one epoch never mixes in what was kept under a later one.
    const deferral: AuthDeferral = { epoch: null };
    await cache.sessionAt(performance.now(), 'deferred', row);
    await cache.sessionAt(performance.now(), 'deferred', row, deferral);
    expect(deferral.epoch).not.toBeNull();
    await change();
    const epoch = await cache.fresh(performance.now());
    cache.keepPermissions(epoch, userId, new Map([['admin_manage_user', { read: true, write: true }]]));
    const allows = (flags: ReadonlyMap<string, { write: boolean }>) =>
      flags.get('admin_manage_user')?.write === true;
    expect(cache.allowsFromMemory(userId, deferral, allows)).toBe(false);
    expect(cache.allowsFromMemory(userId, { epoch: null }, allows)).toBe(true);
    // A no from memory is never the answer: the caller reads.
    expect(cache.allowsFromMemory(userId, { epoch: null }, () => false)).toBe(false);
  });

  it('never refuses a deferred caller on memory alone', async () => {
    const session = await signIn();
    const setActive = (active: boolean) =>
      db().updateTable('users').set({ active }).where('id', '=', userId).execute();
    await setActive(false);
    try {
      // Memory now holds the session of a disabled account …
      expect((await checkSession(db(), session.token, new Date())).status).toBe('none');
    } finally {
      await setActive(true);
    }
    // … and the account is enabled again: a deferred check reads before it says no.
    const deferral: AuthDeferral = { epoch: null };
    const check = await checkSession(db(), session.token, new Date(), { deferral });
    expect(check.status).toBe('ok');
    expect(authCacheOf(db()).counts.hits.session).toBeGreaterThanOrEqual(1);
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

/** A list call passes from memory and is confirmed by its own total's statement; stale memory never lets it through. */
describe('deferred checks of the list route', () => {
  const clock = testClock();
  const { testDb, app } = setupTestApp('pglite', { server: () => ({ clock: clock.now }) });
  const list = (token: string, query = 'limit=1') =>
    new Client(app).get(`/api/resources/companies?${query}`, token);

  it('answers from memory without a statement of its own, and decides again when memory was out of date', async () => {
    const db = testDb.database.db;
    const username = await userWithKeys(testDb.database, [{ key: 'finance_manage_companies' }]);
    const token = await new Client(app).token(username);
    const cache = authCacheOf(db);
    expect((await list(token)).statusCode).toBe(200);
    const before = { ...cache.counts, hits: { ...cache.counts.hits } };
    const warm = await list(token);
    expect(warm.statusCode, warm.body).toBe(200);
    // The session and the flags came from memory; the generation rode on the total's count.
    expect(cache.counts.generationReads).toBe(before.generationReads);
    expect(cache.counts.generationReadsCarried).toBe(before.generationReadsCarried + 1);
    expect(cache.counts.hits.session).toBe(before.hits.session + 1);
    expect(cache.counts.hits.permissions).toBe(before.hits.permissions + 1);

    // Changed in the tables with no word to this node (as through another node): every answer is decided again.
    const { id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const sets = await db
      .selectFrom('user_permission_sets')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    const withoutSets = () => db.deleteFrom('user_permission_sets').where('user_id', '=', userId).execute();
    const withSets = () => db.insertInto('user_permission_sets').values(sets).execute();
    await withoutSets();
    const refused = await list(token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });

    // An error the handler found (a bad cursor) is held too: the caller who may not read learns nothing more.
    await withSets();
    expect((await list(token)).statusCode).toBe(200);
    await withoutSets();
    const badCursor = await list(token, 'limit=1&cursor=nonsense');
    expect(badCursor.statusCode, badCursor.body).toBe(403);

    // So is an input error found before the handler ran (text PostgreSQL refuses).
    await withSets();
    expect((await list(token)).statusCode).toBe(200);
    await withoutSets();
    const badText = await list(token, 'limit=1&q=%00');
    expect(badText.statusCode, badText.body).toBe(403);

    // A CSV export starts streaming only once the caller is confirmed.
    await withSets();
    expect((await list(token)).statusCode).toBe(200);
    await withoutSets();
    const csv = await list(token, 'format=csv');
    expect(csv.statusCode, csv.body).toBe(403);
    expect(csv.headers['content-type']).toMatch(/application\/json/);

    // Still allowed after the change: the answer leaves as it was.
    await withSets();
    expect((await list(token)).statusCode).toBe(200);
    await db
      .updateTable('users')
      .set({ full_name: `Renamed ${username}` })
      .where('id', '=', userId)
      .execute();
    const allowed = await list(token);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ limit: 1 });

    // Signed out behind the node's back, with its last use due to be written: 401, not the page, and nothing written.
    clock.advance(5 * 60_000);
    try {
      const lastSeen = () =>
        db
          .selectFrom('sessions')
          .select(['last_seen_at'])
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
      await db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .execute();
      const seenBefore = await lastSeen();
      const signedOut = await list(token);
      expect(signedOut.statusCode, signedOut.body).toBe(401);
      expect(await lastSeen()).toEqual(seenBefore);
    } finally {
      clock.reset();
    }
  });
});
