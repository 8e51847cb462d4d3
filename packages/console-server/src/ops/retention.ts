import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { type ScheduledJob, scheduleOnce } from '../jobs/runOnce.js';

/**
 * Retention (ADR 058): chat messages, the bot's answer log and GPT insights older than a number of days are
 * deleted by a daily job, in batches. Each kind is off (kept for ever) unless its variable is set.
 */
export interface RetentionConfig {
  /** CONSOLE_RETENTION_CHAT_DAYS: WhatsApp messages (`wa_messages`) by their time; never a pending send. */
  chatDays?: number | undefined;
  /** CONSOLE_RETENTION_BOT_LOG_DAYS: the bot's answer log (`bot_answers`); at least 7 (the longest cooldown). */
  botLogDays?: number | undefined;
  /** CONSOLE_RETENTION_INSIGHTS_DAYS: GPT insights (`gpt_insights`: figures snapshot, prompt, answer); never a running one. */
  insightsDays?: number | undefined;
}

/** What retention deletes, by the name the metric and the log use. */
export type RetentionKind = 'chat_messages' | 'bot_log' | 'insights';

/** The bot's longest cooldown is 10080 minutes: a shorter log would let a rule in cooldown fire again. */
export const MIN_BOT_LOG_DAYS = 7;

/** Rows per delete statement: each batch is its own short transaction, so writers and PGlite's one connection wait little. */
export const RETENTION_BATCH = 1000;

const DAY_MS = 86_400_000;

interface Target {
  kind: RetentionKind;
  days: (config: RetentionConfig) => number | undefined;
  table: 'wa_messages' | 'bot_answers' | 'gpt_insights';
  /** Rows past retention, given the cutoff. */
  expired: (cutoff: Date) => RawBuilder<unknown>;
}

const TARGETS: readonly Target[] = [
  {
    kind: 'chat_messages',
    days: (config) => config.chatDays,
    table: 'wa_messages',
    // A pending row is an outgoing message still to be sent (the outbox): never dropped unsent.
    expired: (cutoff) => sql`at < ${cutoff} and status <> 'pending'`,
  },
  {
    kind: 'bot_log',
    days: (config) => config.botLogDays,
    table: 'bot_answers',
    expired: (cutoff) => sql`at < ${cutoff}`,
  },
  {
    kind: 'insights',
    days: (config) => config.insightsDays,
    table: 'gpt_insights',
    expired: (cutoff) => sql`created_at < ${cutoff} and status <> 'running'`,
  },
];

const listeners = new Set<(kind: RetentionKind, rows: number) => void>();

/** Listens to the rows this process's retention deletes (the metric, src/ops/metrics.ts); returns the unsubscribe. */
export function onRetentionDeleted(listener: (kind: RetentionKind, rows: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when at least one kind has a retention set. */
export const retentionOn = (config: RetentionConfig): boolean =>
  TARGETS.some((target) => target.days(config));

/**
 * Deletes what is past retention at `now`, kind by kind, `batch` rows per statement until none is left (or
 * `signal` is aborted, between batches). Answers the rows deleted by kind (0 for a kind that is off).
 */
export async function applyRetention(
  db: Kysely<Database>,
  config: RetentionConfig,
  options: { now: Date; batch?: number; signal?: AbortSignal },
): Promise<Record<RetentionKind, number>> {
  const batch = options.batch ?? RETENTION_BATCH;
  const deleted: Record<RetentionKind, number> = { chat_messages: 0, bot_log: 0, insights: 0 };
  for (const target of TARGETS) {
    const days = target.days(config);
    if (!days) continue;
    const cutoff = new Date(options.now.getTime() - days * DAY_MS);
    for (;;) {
      if (options.signal?.aborted) return deleted;
      const result = await sql`
        delete from ${sql.table(target.table)}
        where id in (
          select id from ${sql.table(target.table)} where ${target.expired(cutoff)} order by id limit ${batch}
        )`.execute(db);
      const rows = Number(result.numAffectedRows ?? 0);
      deleted[target.kind] += rows;
      if (rows > 0) for (const listener of listeners) listener(target.kind, rows);
      if (rows < batch) break;
    }
  }
  return deleted;
}

/**
 * The daily run: once a day across all nodes (`runOnce`'s lease, job `retention`), checked hourly so a node
 * that dies does not hold it back long. Stop it on close.
 *
 * @example
 * const retention = scheduleRetention(db, config.retention, { onRan: (d) => log.info(d, 'retention') });
 * app.addHook('onClose', () => retention.stop());
 */
export function scheduleRetention(
  db: Kysely<Database>,
  config: RetentionConfig,
  options: {
    now?: () => Date;
    onRan?: (deleted: Record<RetentionKind, number>) => void;
    onError?: (error: unknown) => void;
    everyMs?: number;
    checkEveryMs?: number;
  } = {},
): ScheduledJob {
  const stopping = new AbortController();
  const job = scheduleOnce(
    db,
    { name: 'retention', everyMs: options.everyMs ?? DAY_MS },
    () => applyRetention(db, config, { now: (options.now ?? (() => new Date()))(), signal: stopping.signal }),
    {
      checkEveryMs: options.checkEveryMs ?? 3_600_000,
      ...(options.onRan ? { onRan: options.onRan } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    },
  );
  return {
    timer: job.timer,
    runNow: job.runNow,
    // A stop ends the run after the batch in hand; the next day's run goes on from there.
    stop: async () => {
      stopping.abort();
      await job.stop();
    },
  };
}
