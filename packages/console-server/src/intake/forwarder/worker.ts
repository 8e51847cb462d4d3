/**
 * Drains the forwarder outbox: claims due deliveries with `FOR UPDATE SKIP LOCKED` (several nodes never claim
 * the same row), sends them outside any transaction, and records each answer. Meta events go in batches of at
 * most 100 per pixel; 5xx, timeouts and network errors are retried with exponential backoff and jitter; a 4xx
 * is kept as failed with the receiver's message; a Meta event that would pass Meta's 7-day limit is
 * dead-lettered instead of being sent late.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { NODE_ID } from '../../jobs/runOnce.js';
import {
  type Attempt,
  type Settled,
  addCounts,
  claimDue,
  doubling,
  drainClaimed,
  drainUntilEmpty,
  stepped,
  withJitter,
} from '../../jobs/outbox.js';
import { intakeDb } from '../tables.js';
import { readSecret } from '../../secrets/index.js';

export const DEFAULT_META_GRAPH_URL = 'https://graph.facebook.com';
export const DEFAULT_META_GRAPH_VERSION = 'v21.0';
/** Meta refuses events whose event_time is older than 7 days; stop an hour before. */
export const META_MAX_AGE_MS = 7 * 24 * 3_600_000 - 3_600_000;
export const CAPI_BATCH = 100;

export interface ForwarderOptions {
  now: () => Date;
  graphUrl?: string;
  graphVersion?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Rows claimed per drain. */
  claim?: number;
  /** How long a claim is held: a node killed mid-send releases its rows when it expires. */
  leaseMs?: number;
  /**
   * First retry delay (default 10 s); later retries follow FORWARDER_RETRY_STEPS_MS scaled by it: seconds, then
   * minutes, then hours, so a short blip costs seconds and a long outage is not hammered.
   */
  baseDelayMs?: number;
  random?: () => number;
  nodeId?: string;
}

export interface DrainResult {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  dead: number;
}

interface Claimed {
  id: string;
  forwarder_id: string;
  destination: 'meta_capi' | 'http';
  payload: unknown;
  event_time: Date;
  attempts: number;
}

interface Answer {
  httpStatus: number | null;
  response: string | null;
}

/** Delay before attempt `attempts + 1`: base × 2^(attempts − 1), capped at 6 h, plus up to 20 % jitter. */
export function retryDelayMs(attempts: number, baseMs: number, random: () => number): number {
  return withJitter(doubling(baseMs)(attempts), random);
}

/**
 * The forwarder's retry steps: 10 s, 1 min, 5 min, 30 min, 2 h, then 6 h for every later attempt. A receiver that
 * blinks is retried within seconds; one down for hours is tried a handful of times (Meta refuses events older
 * than 7 days, which ends a Meta delivery first).
 */
export const FORWARDER_RETRY_STEPS_MS: readonly number[] = [
  10_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
];

/**
 * Delay before attempt `attempts + 1` of a forwarder delivery: the step of this attempt, scaled so the first is
 * `firstMs`, plus up to 20 % jitter (many rows failing together do not all come back in the same second).
 */
export function forwarderRetryDelayMs(attempts: number, firstMs: number, random: () => number): number {
  return withJitter(stepped(FORWARDER_RETRY_STEPS_MS, firstMs)(attempts), random);
}

const clip = (text: string | null, max = 2000) => (text === null ? null : text.slice(0, max));

/** Meta's error text: `{ error: { message, code, error_subcode, fbtrace_id } }`. */
function metaMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as {
      error?: { message?: string; code?: number; error_subcode?: number; error_user_msg?: string };
    };
    if (parsed.error?.message) {
      const code = parsed.error.code === undefined ? '' : ` (code ${parsed.error.code}`;
      const sub = parsed.error.error_subcode === undefined ? '' : `, subcode ${parsed.error.error_subcode}`;
      const user = parsed.error.error_user_msg ? `: ${parsed.error.error_user_msg}` : '';
      return `${parsed.error.message}${code}${code ? `${sub})` : ''}${user}`;
    }
  } catch {
    // Not JSON: the text itself.
  }
  return body.slice(0, 500);
}

async function post(
  doFetch: typeof fetch,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number | null; text: string; error: string | null }> {
  try {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await response.text(), error: null };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      status: null,
      text: '',
      error: timedOut
        ? `No answer within ${timeoutMs} ms`
        : `Unreachable: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

const outcomeOf = (
  answer: { status: number | null; text: string; error: string | null },
  meta: boolean,
): Attempt<Answer> => {
  const value: Answer = { httpStatus: answer.status, response: clip(answer.text) };
  if (answer.status !== null && answer.status >= 200 && answer.status < 300) return { status: 'sent', value };
  if (
    answer.status !== null &&
    answer.status >= 400 &&
    answer.status < 500 &&
    answer.status !== 408 &&
    answer.status !== 429
  )
    return {
      status: 'failed',
      value,
      error: meta ? metaMessage(answer.text) : `HTTP ${answer.status}: ${answer.text.slice(0, 300)}`,
    };
  return {
    status: 'retry',
    value,
    error:
      answer.error ?? `HTTP ${answer.status}: ${meta ? metaMessage(answer.text) : answer.text.slice(0, 300)}`,
  };
};

/** The status a settled delivery is stored with. */
const STORED = { sent: 'delivered', retry: 'pending', failed: 'failed', dead: 'dead' } as const;

/** One drain: claim, send, record. Returns counts; call it again until `claimed` is 0 to empty the queue. */
export async function drainDeliveries(
  database: Kysely<Database>,
  options: ForwarderOptions,
): Promise<DrainResult> {
  const db = intakeDb(database);
  const now = options.now();
  const nodeId = options.nodeId ?? NODE_ID;
  const leaseMs = options.leaseMs ?? 60_000;
  const claimLimit = options.claim ?? 500;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const graphBase = `${(options.graphUrl ?? DEFAULT_META_GRAPH_URL).replace(/\/+$/, '')}/${options.graphVersion ?? DEFAULT_META_GRAPH_VERSION}`;

  const ids = await claimDue(database, 'forwarder_deliveries', { now, nodeId, leaseMs, limit: claimLimit });
  const claimed =
    ids.length === 0
      ? []
      : (
          await sql<Claimed>`
            select id, forwarder_id, destination, payload, event_time, attempts from forwarder_deliveries
            where id = any(${ids}::bigint[]) order by next_attempt_at, id`.execute(database)
        ).rows;
  if (claimed.length === 0) return { claimed: 0, delivered: 0, retrying: 0, failed: 0, dead: 0 };

  const ruleIds = [...new Set(claimed.map((row) => row.forwarder_id))];
  const rules = await db
    .selectFrom('webhook_forwarders as f')
    .leftJoin('pixel_registries as p', 'p.id', 'f.pixel_registry_id')
    .select([
      'f.id',
      'f.active',
      'f.deleted_at',
      'f.url',
      'f.secret_header',
      'f.max_attempts',
      'p.pixel_id',
      'p.capi_access_token',
      'p.test_event_code',
      'p.active as pixel_active',
      'p.deleted_at as pixel_deleted_at',
    ])
    .where('f.id', 'in', ruleIds)
    .execute();
  const ruleOf = new Map(rules.map((rule) => [rule.id, rule]));

  /** Why a row cannot be sent at all (it fails, or is dead-lettered, without a request), or null. */
  const unsendable = (row: Claimed): Attempt<Answer> | null => {
    const rule = ruleOf.get(row.forwarder_id);
    const none = { httpStatus: null, response: null };
    if (!rule || !rule.active || rule.deleted_at)
      return { status: 'failed', value: none, error: 'The forwarding rule is inactive or deleted' };
    if (row.destination === 'meta_capi') {
      if (!rule.pixel_id || !rule.pixel_active || rule.pixel_deleted_at)
        return { status: 'failed', value: none, error: 'The rule has no active pixel' };
      if (row.event_time.getTime() + META_MAX_AGE_MS < now.getTime())
        return { status: 'dead', value: none, error: "Not sent: event_time is past Meta's 7-day limit" };
      return null;
    }
    if (!rule.url) return { status: 'failed', value: none, error: 'The rule has no URL' };
    return null;
  };

  const sendMeta = (batch: readonly Claimed[]) => {
    const rule = ruleOf.get(batch[0]!.forwarder_id)!;
    return post(
      doFetch,
      `${graphBase}/${encodeURIComponent(rule.pixel_id!)}/events`,
      {
        data: batch.map((row) => row.payload),
        access_token: readSecret(rule.capi_access_token) ?? '',
        ...(rule.test_event_code ? { test_event_code: rule.test_event_code } : {}),
      },
      {},
      timeoutMs,
    );
  };

  const record = async (rows: readonly Claimed[], settled: Settled<Answer>) => {
    const answer = settled.value ?? { httpStatus: null, response: null };
    await db
      .updateTable('forwarder_deliveries')
      .set({
        status: STORED[settled.status],
        locked_until: null,
        locked_by: null,
        last_status: answer.httpStatus,
        last_response: answer.response,
        last_error:
          settled.status === 'sent'
            ? null
            : settled.gaveUp
              ? `${settled.error} — ${settled.gaveUp}`
              : settled.error,
        updated_at: now,
        ...(settled.status === 'sent' ? { delivered_at: now } : {}),
        // A retry, or one given up, keeps the time it would have been tried (the deliveries page shows it).
        ...(settled.status === 'retry' || (settled.status === 'dead' && settled.gaveUp)
          ? { next_attempt_at: settled.nextAttemptAt }
          : {}),
      })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .where('locked_by', '=', nodeId)
      .execute();
  };

  const counts = await drainClaimed<Claimed, Answer>({
    rows: claimed,
    // Each row alone, except Meta events: one request per pixel rule for up to CAPI_BATCH of them, sent last.
    batches: (rows) => {
      const alone: Claimed[][] = [];
      const metaGroups = new Map<string, Claimed[]>();
      for (const row of rows) {
        if (row.destination !== 'meta_capi' || unsendable(row)) {
          alone.push([row]);
          continue;
        }
        const group = metaGroups.get(row.forwarder_id) ?? [];
        group.push(row);
        metaGroups.set(row.forwarder_id, group);
      }
      const meta = [...metaGroups.values()].flatMap((group) =>
        Array.from({ length: Math.ceil(group.length / CAPI_BATCH) }, (_, index) =>
          group.slice(index * CAPI_BATCH, (index + 1) * CAPI_BATCH),
        ),
      );
      return [...alone, ...meta];
    },
    send: async (batch) => {
      const row = batch[0]!;
      const refused = batch.length === 1 ? unsendable(row) : null;
      if (refused) return refused;
      if (row.destination === 'meta_capi') {
        const outcome = outcomeOf(await sendMeta(batch), true);
        if (outcome.status !== 'failed' || batch.length === 1) return outcome;
        // One invalid event rejects Meta's whole batch: send each alone so only the bad one stays failed.
        const each: Attempt<Answer>[] = [];
        for (const one of batch) each.push(outcomeOf(await sendMeta([one]), true));
        return each;
      }
      const rule = ruleOf.get(row.forwarder_id)!;
      const secret = readSecret(rule.secret_header);
      const answer = await post(
        doFetch,
        rule.url!,
        row.payload,
        secret ? { 'x-forwarder-secret': secret } : {},
        timeoutMs,
      );
      return outcomeOf(answer, false);
    },
    record,
    attemptsOf: (row) => row.attempts,
    policy: {
      schedule: stepped(FORWARDER_RETRY_STEPS_MS, options.baseDelayMs ?? FORWARDER_RETRY_STEPS_MS[0]!),
      random: options.random ?? Math.random,
      maxAttempts: (row) => ruleOf.get(row.forwarder_id)?.max_attempts ?? 5,
      giveUpIf: (row, next) =>
        row.destination === 'meta_capi' && row.event_time.getTime() + META_MAX_AGE_MS < next.getTime()
          ? "the next try would pass Meta's 7-day limit"
          : null,
    },
    now: () => now,
  });
  const { sent, ...rest } = counts;
  return { ...rest, delivered: sent };
}

/** Drains until nothing due is left (tests and the demo; the server's worker drains on a timer). */
export async function drainAll(
  database: Kysely<Database>,
  options: ForwarderOptions,
  /** Aborted by a stopping server: the loop ends after the batch in hand. */
  signal?: AbortSignal,
): Promise<DrainResult> {
  return drainUntilEmpty(() => drainDeliveries(database, options), addCounts, signal);
}
