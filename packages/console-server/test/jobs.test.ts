// Both engines: run-once leases across connections (support/harness.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { runOnce, scheduleOnce } from '../src/jobs/runOnce.js';
import { ENGINES, type TestDatabase, openTestDatabase } from './support/harness.js';

describe.each(ENGINES)('run-once background work on %s', (engine) => {
  let testDb: TestDatabase;
  /** PostgreSQL: a second node's own pool on the same database; PGlite: the single connection again. */
  let other: DatabaseHandle;

  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    other =
      engine === 'postgres'
        ? await openDatabase({ databaseUrl: testDb.database.connectionString! })
        : testDb.database;
  });
  afterAll(async () => {
    if (other !== testDb?.database) await other?.close();
    await testDb?.close();
  });

  it('of several nodes asking at once, exactly one runs the job per period', async () => {
    const ran: string[] = [];
    const attempt = (holder: string, db = testDb.database.db) =>
      runOnce(db, { name: 'test:once', everyMs: 60_000, holder }, async () => {
        ran.push(holder);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return holder;
      });
    const outcomes = await Promise.all([
      attempt('node-1'),
      attempt('node-2', other.db),
      attempt('node-3'),
      attempt('node-4', other.db),
    ]);
    expect(ran).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.ran)).toEqual([{ ran: true, result: ran[0] }]);
    // Within the period nobody runs it again, whoever asks.
    expect(await attempt('node-5')).toEqual({ ran: false });
    const row = await sql<{ runs: string; lease_until: Date | null; holder: string }>`
      select runs::text, lease_until, holder from job_leases where name = 'test:once'`.execute(
      testDb.database.db,
    );
    expect(row.rows[0]).toMatchObject({ runs: '1', lease_until: null, holder: ran[0] });
  });

  it('runs again once the period has passed, and a failed run frees the lease and throws', async () => {
    const job = { name: 'test:period', everyMs: 60_000 };
    // The period passing, without waiting for it: the last start moves back past everyMs.
    const periodPasses = () =>
      sql`update job_leases set last_started_at = last_started_at - interval '61 seconds'
        where name = 'test:period'`.execute(testDb.database.db);
    expect((await runOnce(testDb.database.db, job, async () => 1)).ran).toBe(true);
    expect((await runOnce(testDb.database.db, job, async () => 2)).ran).toBe(false);
    await periodPasses();
    await expect(
      runOnce(testDb.database.db, job, async () => {
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    await periodPasses();
    expect(await runOnce(other.db, job, async () => 3)).toEqual({ ran: true, result: 3 });
  });

  it('takes over the lease of a node that died mid-run once the lease has run out, not before', async () => {
    await sql`insert into job_leases (name, holder, lease_until, last_started_at)
      values ('test:dead', 'dead-node', now() + interval '1 hour', now() - interval '2 hours')`.execute(
      testDb.database.db,
    );
    const job = { name: 'test:dead', everyMs: 1_000 };
    expect(await runOnce(testDb.database.db, job, async () => 'early')).toEqual({ ran: false });
    await sql`update job_leases set lease_until = now() - interval '1 second' where name = 'test:dead'`.execute(
      testDb.database.db,
    );
    expect(await runOnce(other.db, job, async () => 'taken over')).toEqual({
      ran: true,
      result: 'taken over',
    });
  });

  it('scheduleOnce on two nodes: the first check runs the job on one of them, later checks in the period on none', async () => {
    const runs: string[] = [];
    const job = { name: 'test:scheduled', everyMs: 60_000 };
    const a = scheduleOnce(testDb.database.db, job, async () => runs.push('a'));
    const b = scheduleOnce(other.db, job, async () => runs.push('b'));
    try {
      expect(a.timer.hasRef()).toBe(false);
      await Promise.all([a.runNow(), b.runNow()]);
      expect(runs).toHaveLength(1);
      await Promise.all([a.runNow(), b.runNow()]);
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
