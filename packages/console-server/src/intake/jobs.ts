import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { reportJobRun } from '../ops/jobRuns.js';
import { intakeDb } from './tables.js';

/** This process's name in leases (which node holds a job). */
export const NODE_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

export class JobBusyError extends Error {
  constructor(readonly job: string) {
    super(`${job} is already running`);
    this.name = 'JobBusyError';
  }
}

/**
 * Runs `work` only if no node holds the job's lease: one conditional UPDATE claims it atomically on both
 * engines (no transaction is held while the work calls outside services — PGlite has one connection). A node
 * killed mid-run loses the lease when it expires. Throws JobBusyError when another run holds it.
 */
export async function runOnce<T>(
  database: Kysely<Database>,
  job: string,
  options: { leaseMs: number; now: () => Date },
  work: () => Promise<T>,
): Promise<T> {
  const db = intakeDb(database);
  const startedAt = options.now();
  await db
    .insertInto('intake_jobs')
    .values({ name: job })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const claimed = await db
    .updateTable('intake_jobs')
    .set({
      locked_until: new Date(startedAt.getTime() + options.leaseMs),
      locked_by: NODE_ID,
      last_started_at: startedAt,
    })
    .where('name', '=', job)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', startedAt)]))
    .returning('name')
    .executeTakeFirst();
  if (!claimed) throw new JobBusyError(job);
  // Gives the lease back (only if this node still holds it), recording how the run ended; a failure keeps the
  // last good result.
  const release = (outcome: { last_result: string; last_error: null } | { last_error: string }) =>
    db
      .updateTable('intake_jobs')
      .set({ locked_until: null, locked_by: null, last_finished_at: options.now(), ...outcome })
      .where('name', '=', job)
      .where('locked_by', '=', NODE_ID)
      .execute();
  try {
    const result = await work();
    await release({ last_result: JSON.stringify(result ?? null), last_error: null });
    return result;
  } catch (error) {
    await release({ last_error: error instanceof Error ? error.message.slice(0, 1000) : String(error) });
    throw error;
  }
}

/**
 * An unref'd repeating timer that never overlaps itself; `stop` aborts the task's signal (a drain loop ends after
 * its batch) and waits for the run in progress. Each run is reported under `name` (metrics).
 */
export function every(
  ms: number,
  task: (signal: AbortSignal) => Promise<void>,
  name = 'background',
): { stop: () => Promise<void>; kick: () => void } {
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;
  const stopping = new AbortController();
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const started = performance.now();
    const report = (ok: boolean) =>
      reportJobRun({ job: name, ok, seconds: (performance.now() - started) / 1000 });
    running = task(stopping.signal)
      .then(
        () => report(true),
        () => report(false),
      )
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  return {
    kick: tick,
    stop: async () => {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}

/** `now()` from the database, so leases compare against one clock across nodes. */
export async function databaseNow(database: Kysely<Database>): Promise<Date> {
  const result = await sql<{ now: Date }>`select now() as now`.execute(database);
  return result.rows[0]!.now;
}
