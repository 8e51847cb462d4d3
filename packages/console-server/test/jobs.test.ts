// Both engines: run-once leases across connections (support/harness.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { JobBusyError, runExclusive, runOnce, scheduleOnce } from '../src/jobs/runOnce.js';
import { LEASE_MIGRATIONS } from '../src/jobs/migrations.js';
import { doubling, settle, stepped } from '../src/jobs/outbox.js';
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

  it('runExclusive: of two nodes starting one job at once, one runs it and the other is told it is busy', async () => {
    const job = { name: 'test:exclusive', leaseMs: 60_000 };
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => undefined as void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const first = runExclusive(testDb.database.db, job, async () => {
      started();
      await held;
      return 'first';
    });
    await running;
    await expect(runExclusive(other.db, job, async () => 'second')).rejects.toBeInstanceOf(JobBusyError);
    release();
    expect(await first).toBe('first');
    // No period: free again as soon as the run ends.
    expect(await runExclusive(other.db, job, async () => 'again')).toBe('again');
  });

  it('migration 890 moves the intake leases into job_leases, a held one still held, and drops intake_jobs', async () => {
    // intake_jobs as versions before 890 left it, with a lease held by a node mid-run and a finished run.
    await sql`create table intake_jobs (name text primary key, locked_until timestamptz, locked_by text,
      last_started_at timestamptz, last_finished_at timestamptz, last_result jsonb, last_error text)`.execute(
      testDb.database.db,
    );
    await sql`insert into intake_jobs values
      ('mayar-reconcile:890', now() + interval '5 minutes', 'old-node', now(), null, null, null),
      ('mayar-reconcile:891', null, null, now() - interval '1 hour', now() - interval '59 minutes', null, 'Mayar 502')`.execute(
      testDb.database.db,
    );
    await LEASE_MIGRATIONS[0]!.up(testDb.database.db);
    const moved = await sql<{ name: string; holder: string | null; held: boolean; last_ok: boolean | null }>`
      select name, holder, coalesce(lease_until > now(), false) as held, last_ok from job_leases
      where name like 'mayar-reconcile:89%' order by name`.execute(testDb.database.db);
    expect(moved.rows).toEqual([
      { name: 'mayar-reconcile:890', holder: 'old-node', held: true, last_ok: null },
      { name: 'mayar-reconcile:891', holder: null, held: false, last_ok: false },
    ]);
    const left = await sql`select 1 from information_schema.tables where table_name = 'intake_jobs'`.execute(
      testDb.database.db,
    );
    expect(left.rows).toEqual([]);
    await expect(
      runExclusive(other.db, { name: 'mayar-reconcile:890' }, async () => 'too soon'),
    ).rejects.toBeInstanceOf(JobBusyError);
    expect(await runExclusive(other.db, { name: 'mayar-reconcile:891' }, async () => 'free')).toBe('free');
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

describe('the outbox retry policy (jobs/outbox.ts)', () => {
  const now = new Date('2026-11-29T00:00:00Z');
  const policy = { schedule: doubling(30_000), maxAttempts: 3 };
  it('retries on the schedule, dead-letters after the last attempt, and keeps a refusal failed', () => {
    expect([1, 2, 3, 12].map(doubling(30_000))).toEqual([30_000, 60_000, 120_000, 6 * 3_600_000]);
    expect([1, 2, 9].map(stepped([10_000, 60_000], 5_000))).toEqual([5_000, 30_000, 30_000]);
    expect(settle({}, 2, { status: 'retry', error: 'HTTP 503' }, policy, now)).toEqual({
      status: 'retry',
      error: 'HTTP 503',
      nextAttemptAt: new Date(now.getTime() + 60_000),
      gaveUp: null,
    });
    expect(settle({}, 3, { status: 'retry', error: 'HTTP 503' }, policy, now)).toMatchObject({
      status: 'dead',
      gaveUp: 'gave up after 3 attempts',
    });
    expect(settle({}, 1, { status: 'failed', error: 'HTTP 400' }, policy, now)).toMatchObject({
      status: 'failed',
      gaveUp: null,
    });
    const tooLate = { ...policy, giveUpIf: () => 'past the limit' };
    expect(settle({}, 1, { status: 'retry', error: 'x' }, tooLate, now)).toMatchObject({
      status: 'dead',
      gaveUp: 'past the limit',
    });
    expect(settle({}, 1, { status: 'sent', value: 'id-1' }, policy, now)).toEqual({
      status: 'sent',
      value: 'id-1',
    });
  });
});
