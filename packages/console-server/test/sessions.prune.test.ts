import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_RETENTION_MS,
  authenticate,
  pruneSessions,
  scheduleSessionPruning,
} from '../src/auth/sessions.js';
import { generateToken, hashToken } from '../src/auth/tokens.js';
import { readConfig } from '../src/config.js';
import { findUserByUsername } from '../src/services/users.js';
import { type TestDatabase, openTestDatabase } from './support/harness.js';

const DAY = 24 * 3_600_000;
const NOW = new Date('2026-11-20T10:00:00.000Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

describe('pruning ended sessions', () => {
  let testDb: TestDatabase;
  let userId: number;

  beforeAll(async () => {
    testDb = await openTestDatabase('pglite');
    userId = (await findUserByUsername(testDb.database.db, 'admin'))!.id;
  });
  afterAll(async () => {
    await testDb?.close();
  });

  /** One session row per case; returns its token so a test can check it still signs in. */
  async function session(
    label: string,
    times: { created: Date; expires: Date; revoked?: Date },
  ): Promise<{ label: string; token: string }> {
    const token = generateToken();
    await testDb.database.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        created_at: times.created,
        expires_at: times.expires,
        revoked_at: times.revoked ?? null,
        revoked_reason: times.revoked ? 'logout' : null,
        last_seen_at: times.created,
        ip: '127.0.0.1',
        user_agent: label,
      })
      .execute();
    return { label, token };
  }

  const remaining = async () =>
    (
      await testDb.database.db
        .selectFrom('sessions')
        .select('user_agent')
        .where('user_agent', 'like', 'case:%')
        .execute()
    )
      .map((row) => row.user_agent)
      .sort();

  async function seedCases() {
    await testDb.database.db.deleteFrom('sessions').where('user_agent', 'like', 'case:%').execute();
    return {
      live: await session('case:live', { created: ago(1), expires: new Date(NOW.getTime() + DAY) }),
      expiredRecently: await session('case:expired-recently', { created: ago(11), expires: ago(10) }),
      revokedRecently: await session('case:revoked-recently', {
        created: ago(3),
        expires: new Date(NOW.getTime() + DAY),
        revoked: ago(2),
      }),
      expiredLongAgo: await session('case:expired-long-ago', { created: ago(41), expires: ago(40) }),
      revokedLongAgo: await session('case:revoked-long-ago', {
        created: ago(35),
        expires: ago(34),
        revoked: ago(31),
      }),
      // Revoked long ago although it would not have expired yet (a long token lifetime): still gone.
      revokedEarlyLongTtl: await session('case:revoked-long-ttl', {
        created: ago(60),
        expires: new Date(NOW.getTime() + 5 * DAY),
        revoked: ago(45),
      }),
    };
  }

  it('deletes sessions that expired or were revoked before the retention, keeps the rest', async () => {
    const cases = await seedCases();
    expect(await pruneSessions(testDb.database.db, NOW)).toBe(3);
    expect(await remaining()).toEqual(['case:expired-recently', 'case:live', 'case:revoked-recently']);
    // The live session still signs in after the prune.
    expect(await authenticate(testDb.database.db, cases.live.token, NOW)).toMatchObject({ userId });
    expect(await pruneSessions(testDb.database.db, NOW)).toBe(0);
    // The retention is 30 days: the session that expired 10 days ago goes 21 days later.
    expect(SESSION_RETENTION_MS).toBe(30 * DAY);
    expect(await pruneSessions(testDb.database.db, new Date(NOW.getTime() + 21 * DAY))).toBe(1);
    expect(await remaining()).not.toContain('case:expired-recently');
  });

  it('runs on an unref’d interval (once at start), reports counts and stops cleanly', async () => {
    await seedCases();
    const pruned: number[] = [];
    const errors: unknown[] = [];
    const pruning = scheduleSessionPruning(testDb.database.db, {
      everyMs: 40,
      now: () => NOW,
      onPruned: (count) => pruned.push(count),
      onError: (error) => errors.push(error),
    });
    try {
      expect(pruning.timer.hasRef()).toBe(false);
      await expect.poll(() => pruned, { timeout: 120_000 }).toEqual([3]);
      expect(await remaining()).toEqual(['case:expired-recently', 'case:live', 'case:revoked-recently']);
      // Later runs find nothing to delete and stay quiet; a newly ended old session is picked up by the next run.
      await session('case:expired-long-ago-2', { created: ago(50), expires: ago(49) });
      await expect.poll(() => pruned, { timeout: 120_000 }).toEqual([3, 1]);
    } finally {
      await pruning.stop();
    }
    // Stopped: an old session added now stays. The interval calls the same run as runNow, which a stopped job
    // refuses, so awaiting runNow is the event to wait for (no fixed wait for a tick that must not come).
    await session('case:after-stop', { created: ago(50), expires: ago(49) });
    await pruning.runNow();
    expect(await remaining()).toContain('case:after-stop');
    expect(pruned).toEqual([3, 1]);
    expect(errors).toEqual([]);
  });

  it('reports a failed run instead of throwing, and keeps going', async () => {
    const failing = {
      transaction: () => {
        throw new Error('database gone');
      },
    } as unknown as typeof testDb.database.db;
    const errors: unknown[] = [];
    const pruning = scheduleSessionPruning(failing, { everyMs: 30, onError: (error) => errors.push(error) });
    await expect.poll(() => errors.length, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
    await pruning.stop();
    expect((errors[0] as Error).message).toBe('database gone');
  });

  it('is hourly by default, configurable with CONSOLE_SESSION_PRUNE_MINUTES, off with 0', () => {
    expect(readConfig({}).sessionPruneMinutes).toBe(60);
    expect(readConfig({ CONSOLE_SESSION_PRUNE_MINUTES: '15' }).sessionPruneMinutes).toBe(15);
    expect(readConfig({ CONSOLE_SESSION_PRUNE_MINUTES: '0' }).sessionPruneMinutes).toBe(false);
    expect(() => readConfig({ CONSOLE_SESSION_PRUNE_MINUTES: 'often' })).toThrow(
      /CONSOLE_SESSION_PRUNE_MINUTES/,
    );
  });
});
