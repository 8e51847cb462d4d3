/**
 * The one run-once mechanism (issue 28): every piece of work that must happen once across the server's nodes
 * takes a lease row in `job_leases` — timers (`scheduleOnce`), a person's request that must not run twice at
 * once (`runExclusive`), and the node-local timer `every` that drives the outbox drains (their rows carry their
 * own leases, jobs/outbox.ts).
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { reportJobRun } from '../ops/jobRuns.js';

/** This process, as a lease holder: readable in `job_leases.holder`, unique across restarts. */
export const NODE_ID = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export interface RunOnceJob {
  /** The job's name: one lease row per name. */
  name: string;
  /** At most one run per this many ms across all nodes (measured with the database's clock). */
  everyMs: number;
  /** A node that dies mid-run blocks the job this long at most; default 10 minutes. */
  leaseMs?: number;
  /** Defaults to NODE_ID. */
  holder?: string;
}

export type RunOnceResult<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `work` if no node has started this job within `everyMs` and no node holds its lease: claims the job's
 * row with `FOR UPDATE SKIP LOCKED` (a node that finds it locked skips at once instead of waiting), marks the
 * lease, commits, runs `work`, then frees the lease. Works on PostgreSQL with any number of nodes and on PGlite's
 * single connection (the claim is one short transaction, never held during `work`). A failed `work` frees the
 * lease and throws; the next period runs it again.
 *
 * @example
 * const outcome = await runOnce(db, { name: 'outbox:forward', everyMs: 5_000 }, () => forwardPending(db));
 * if (outcome.ran) log.info({ sent: outcome.result }, 'forwarded');
 */
export async function runOnce<T>(
  db: Kysely<Database>,
  job: RunOnceJob,
  work: () => Promise<T>,
): Promise<RunOnceResult<T>> {
  const holder = job.holder ?? NODE_ID;
  const leaseMs = job.leaseMs ?? 600_000;
  const claimed = await db.transaction().execute(async (trx) => {
    await sql`insert into job_leases (name) values (${job.name}) on conflict (name) do nothing`.execute(trx);
    const due = await sql<{ name: string }>`
      select name from job_leases
      where name = ${job.name}
        and (lease_until is null or lease_until < now())
        and (last_started_at is null or last_started_at <= now() - make_interval(secs => ${job.everyMs / 1000}))
      for update skip locked`.execute(trx);
    if (due.rows.length === 0) return false;
    await sql`
      update job_leases
      set holder = ${holder}, lease_until = now() + make_interval(secs => ${leaseMs / 1000}),
          last_started_at = now(), runs = runs + 1
      where name = ${job.name}`.execute(trx);
    return true;
  });
  if (!claimed) return { ran: false };
  const started = performance.now();
  let ok = false;
  let failure: string | null = null;
  try {
    const result = await work();
    ok = true;
    return { ran: true, result };
  } catch (error) {
    failure = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    throw error;
  } finally {
    const seconds = (performance.now() - started) / 1000;
    reportJobRun({ job: job.name, ok, seconds });
    // The run's outcome rides on the statement that frees the lease (migration 830): the operator's page reads it.
    await sql`
      update job_leases set lease_until = null, last_finished_at = now(),
        last_ok = ${ok}, last_seconds = ${seconds}, last_error = ${failure},
        failures = failures + ${ok ? 0 : 1},
        consecutive_failures = ${ok ? sql`0` : sql`consecutive_failures + 1`}
      where name = ${job.name} and holder = ${holder}`.execute(db);
  }
}

/** Thrown by `runExclusive` when another run (on any node) holds the job's lease. */
export class JobBusyError extends Error {
  constructor(readonly job: string) {
    super(`${job} is already running`);
    this.name = 'JobBusyError';
  }
}

/**
 * Runs `work` now unless a run of the same job holds its lease on any node (then throws JobBusyError): work a
 * person starts, which has no period but must not run twice at once. The same lease row as `runOnce`.
 *
 * @example
 * try { return await runExclusive(db, { name: `mayar-reconcile:${id}`, leaseMs: 600_000 }, reconcile); }
 * catch (error) { if (error instanceof JobBusyError) throw new HttpError(409, 'Already running', 'BUSY'); throw error; }
 */
export async function runExclusive<T>(
  db: Kysely<Database>,
  job: Omit<RunOnceJob, 'everyMs'>,
  work: () => Promise<T>,
): Promise<T> {
  const outcome = await runOnce(db, { ...job, everyMs: 0 }, work);
  if (!outcome.ran) throw new JobBusyError(job.name);
  return outcome.result;
}

export interface ScheduledJob {
  /** Runs the job now if it is due (it still runs once across nodes). */
  runNow: () => Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop: () => Promise<void>;
  /** The interval's timer: unref'd, so it never keeps the process alive. */
  readonly timer: ReturnType<typeof setInterval>;
}

export interface ScheduleOptions<T> {
  onRan?: (result: T) => void;
  onError?: (error: unknown) => void;
  /** How often this node asks whether the job is due; default `everyMs` (a dead node's turn is taken within it). */
  checkEveryMs?: number;
}

/**
 * Asks every `checkEveryMs` (unref'd timer, first at once) whether the job is due and runs it through `runOnce`;
 * one run at a time in this process; errors go to `onError`, never thrown.
 *
 * @example
 * const pruning = scheduleOnce(db, { name: 'sessions:prune', everyMs: 3_600_000 }, () => pruneSessions(db, new Date()));
 * app.addHook('onClose', () => pruning.stop());
 */
export function scheduleOnce<T>(
  db: Kysely<Database>,
  job: RunOnceJob,
  work: () => Promise<T>,
  options: ScheduleOptions<T> = {},
): ScheduledJob {
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = () => {
    if (stopped) return Promise.resolve();
    running ??= runOnce(db, job, work)
      .then(
        (outcome) => {
          if (outcome.ran) options.onRan?.(outcome.result);
        },
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void run(), options.checkEveryMs ?? job.everyMs);
  timer.unref();
  void run();
  return {
    timer,
    runNow: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
