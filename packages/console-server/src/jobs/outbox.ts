/**
 * The one outbox/retry helper (issue 28). Everything the server sends out waits as a row (ADR 014) and is drained
 * the same way: claim a batch of due rows for this node under a lease (`claimDue`, `FOR UPDATE SKIP LOCKED`, so
 * several nodes never send one row twice), send each outside any transaction, and settle each attempt against a
 * retry policy (`drainClaimed`): sent; refused (stays failed); or tried again after the schedule's delay until
 * the policy gives up and dead-letters it. Each outbox keeps its own table, statuses and texts in its `record`.
 * Users: the forwarder (intake/forwarder/worker.ts), WhatsApp (whatsapp/outbox.ts), package notifications
 * (logistics/notify.ts), Mayar email updates (changeEmails/mayarOutbox.ts), Mayar verification
 * (intake/mayar/verify.ts, whose rows are purchases claimed under a job lease).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** How a pass over a queue claims its due rows under a lease and spaces its retries (backoff with jitter). */
export interface QueueDrainOptions {
  now: () => Date;
  claim?: number;
  leaseMs?: number;
  baseDelayMs?: number;
  random?: () => number;
  nodeId?: string;
}

/** What a pass over a queue did with the rows it claimed. */
export interface QueueDrainCounts {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** Outbox tables with `status`, `next_attempt_at`, a lease (`locked_until`, `locked_by`), `attempts`, `updated_at`. */
export type OutboxTable =
  'forwarder_deliveries' | 'wa_messages' | 'change_email_mayar_updates' | 'package_notifications';

/**
 * Claims up to `limit` due rows of an outbox (pending, due, lease free) for this node: each row to one node
 * however many drain at once (FOR UPDATE SKIP LOCKED), leased for `leaseMs`, its attempt counted. Answers the
 * claimed ids; the caller reads what it sends.
 */
export async function claimDue(
  db: Kysely<Database>,
  table: OutboxTable,
  claim: { now: Date; nodeId: string; leaseMs: number; limit: number },
): Promise<string[]> {
  const { now } = claim;
  const claimed = await sql<{ id: string }>`
      with due as (
        select id from ${sql.table(table)}
        where status = 'pending' and next_attempt_at <= ${now}
          and (locked_until is null or locked_until < ${now})
        order by next_attempt_at, id
        limit ${claim.limit}
        for update skip locked
      )
      update ${sql.table(table)} t
      set locked_until = ${new Date(now.getTime() + claim.leaseMs)}, locked_by = ${claim.nodeId},
          attempts = t.attempts + 1, updated_at = ${now}
      from due where t.id = due.id
      returning t.id`.execute(db);
  return claimed.rows.map((row) => String(row.id));
}

/** A retry schedule: the delay (before jitter) after `attempts` attempts (1 after the first). */
export type RetrySchedule = (attempts: number) => number;

/** Six hours: the longest any outbox waits between two attempts. */
export const MAX_RETRY_DELAY_MS = 6 * 3_600_000;

/**
 * Doubling from `firstMs`: first, 2 × first, 4 × first, …, capped at `maxMs`.
 *
 * @example doubling(30_000)(3) // 120_000
 */
export const doubling =
  (firstMs: number, maxMs = MAX_RETRY_DELAY_MS): RetrySchedule =>
  (attempts) =>
    Math.min(maxMs, firstMs * 2 ** Math.min(Math.max(0, attempts - 1), 30));

/**
 * Fixed steps, the last repeated for every later attempt, scaled so the first step is `firstMs`.
 *
 * @example stepped([10_000, 60_000], 10_000)(5) // 60_000
 */
export const stepped =
  (steps: readonly number[], firstMs = steps[0]!): RetrySchedule =>
  (attempts) =>
    steps[Math.min(Math.max(0, attempts - 1), steps.length - 1)]! * (firstMs / steps[0]!);

/** A delay with up to `jitter` more (many rows failing together do not all come back in the same second). */
export const withJitter = (ms: number, random: () => number, jitter = 0.2): number =>
  Math.round(ms * (1 + jitter * random()));

/**
 * What one attempt at sending came to, with what the receiver answered (`value`: an id, an HTTP status, its
 * text), which a failure may carry too:
 * - `retry`: may pass later (unreachable, 5xx, a time-out): tried again on the schedule until the policy gives up;
 * - `failed`: refused by the receiver (a 4xx, nothing to send to): stays failed until a person queues it again;
 * - `dead`: never to be sent (e.g. too old for the receiver): dead-lettered at once.
 */
export type Attempt<S> =
  { status: 'sent'; value: S } | { status: 'retry' | 'failed' | 'dead'; error: string; value?: S };

/**
 * An attempt settled against the policy: what the outbox records. `nextAttemptAt` is the schedule's next try
 * (written by a retry; an outbox may keep it on a failure too); `gaveUp` says why a retryable failure was
 * dead-lettered (`gave up after 5 attempts`), null otherwise.
 */
export type Settled<S> =
  | { status: 'sent'; value: S }
  | {
      status: 'retry' | 'failed' | 'dead';
      error: string;
      value?: S;
      nextAttemptAt: Date;
      gaveUp: string | null;
    };

export interface RetryPolicy<Row> {
  schedule: RetrySchedule;
  /** Jitter's random source; no random: no jitter. */
  random?: () => number;
  /** After this many attempts a retryable failure is dead-lettered (Infinity: never). */
  maxAttempts: number | ((row: Row) => number);
  /** Another reason to give up on a retry that is due at `nextAttemptAt` (e.g. past the receiver's age limit). */
  giveUpIf?: (row: Row, nextAttemptAt: Date) => string | null;
}

/**
 * The queues' usual policy (WhatsApp, package notifications, Mayar email updates): doubling from
 * `baseDelayMs` (default 30 s) up to 6 h with up to 20 % jitter, dead-lettered after `maxAttempts`.
 */
export const queueRetryPolicy = <Row>(options: QueueDrainOptions, maxAttempts: number): RetryPolicy<Row> => ({
  schedule: doubling(options.baseDelayMs ?? 30_000),
  random: options.random ?? Math.random,
  maxAttempts,
});

/** Settles one attempt of a row that has been tried `attempts` times (this one included). */
export function settle<Row, S>(
  row: Row,
  attempts: number,
  attempt: Attempt<S>,
  policy: RetryPolicy<Row>,
  now: Date,
): Settled<S> {
  if (attempt.status === 'sent') return attempt;
  const delay = policy.schedule(attempts);
  const nextAttemptAt = new Date(now.getTime() + (policy.random ? withJitter(delay, policy.random) : delay));
  if (attempt.status !== 'retry') return { ...attempt, nextAttemptAt, gaveUp: null };
  const max = typeof policy.maxAttempts === 'function' ? policy.maxAttempts(row) : policy.maxAttempts;
  const gaveUp =
    attempts >= max ? `gave up after ${attempts} attempts` : (policy.giveUpIf?.(row, nextAttemptAt) ?? null);
  return { ...attempt, status: gaveUp ? 'dead' : 'retry', nextAttemptAt, gaveUp };
}

/** What a pass did: `failed` counts refusals, `dead` what was dead-lettered (given up or never sendable). */
export interface OutboxCounts extends QueueDrainCounts {
  dead: number;
}

export interface DrainClaimed<Row, S> {
  /** The rows claimed for this node, in the order they are sent. */
  rows: readonly Row[];
  /** Rows sent together (default: each alone), e.g. Meta's events in batches per pixel. */
  batches?: (rows: readonly Row[]) => Row[][];
  /** Sends a batch: one attempt for all its rows, or one per row in the batch's order. Never throws for a send. */
  send: (batch: readonly Row[]) => Promise<Attempt<S> | Attempt<S>[]>;
  /** Writes the outcome of rows settled alike (a retry is settled per row: attempts and jitter differ). */
  record: (rows: readonly Row[], settled: Settled<S>) => Promise<void>;
  /** How often a row has been tried, this attempt included (`claimDue` counts it on claim). */
  attemptsOf: (row: Row) => number;
  policy: RetryPolicy<Row>;
  /** The time retries are counted from (read per batch). */
  now: () => Date;
}

/**
 * Sends the claimed rows and records each outcome through the policy; answers the counts. A send that throws
 * stops the pass (the rows' leases run out and another pass takes them).
 *
 * @example
 * const ids = await claimDue(db, 'wa_messages', { now, nodeId, leaseMs: 60_000, limit: 50 });
 * const counts = await drainClaimed({ rows: await read(ids), send, record, attemptsOf: (row) => row.attempts,
 *   policy: { schedule: doubling(30_000), random: Math.random, maxAttempts: 5 }, now: () => now });
 */
export async function drainClaimed<Row, S>(pass: DrainClaimed<Row, S>): Promise<OutboxCounts> {
  const counts: OutboxCounts = { claimed: pass.rows.length, sent: 0, retrying: 0, failed: 0, dead: 0 };
  const count = (settled: Settled<S>, rows: number) => {
    if (settled.status === 'sent') counts.sent += rows;
    else if (settled.status === 'retry') counts.retrying += rows;
    else counts[settled.status] += rows;
  };
  const batches = pass.batches ? pass.batches(pass.rows) : pass.rows.map((row) => [row]);
  for (const batch of batches) {
    if (batch.length === 0) continue;
    const answer = await pass.send(batch);
    const now = pass.now();
    if (!Array.isArray(answer) && answer.status !== 'retry') {
      const settled = settle(batch[0]!, pass.attemptsOf(batch[0]!), answer, pass.policy, now);
      count(settled, batch.length);
      await pass.record(batch, settled);
      continue;
    }
    for (const [index, row] of batch.entries()) {
      const attempt = Array.isArray(answer) ? answer[index]! : answer;
      const settled = settle(row, pass.attemptsOf(row), attempt, pass.policy, now);
      count(settled, 1);
      await pass.record([row], settled);
    }
  }
  return counts;
}

/**
 * Runs `pass` until it claims nothing (or `signal` aborts: a stopping server ends after the batch in hand),
 * adding its numbers with `merge`. Tests and the demo empty a queue with it; the workers call it on a timer.
 */
export async function drainUntilEmpty<T extends { claimed: number }>(
  pass: () => Promise<T>,
  merge: (total: T, step: T) => T,
  signal?: AbortSignal,
): Promise<T> {
  let total: T | null = null;
  for (;;) {
    const step = await pass();
    total = total ? merge(total, step) : step;
    if (step.claimed === 0 || signal?.aborted) return total;
  }
}

/** Adds two passes' counts, key by key (`merge` for `drainUntilEmpty` where the result is only numbers). */
export const addCounts = <T extends { [K in keyof T]: number }>(total: T, step: T): T =>
  Object.fromEntries(
    (Object.keys(total) as (keyof T)[]).map((key) => [key, total[key] + step[key]]),
  ) as unknown as T;
