/**
 * Drains the forwarder outbox: claims due deliveries with `FOR UPDATE SKIP LOCKED` (several nodes never claim
 * the same row), sends them outside any transaction, and records each answer. Meta events go in batches of at
 * most 100 per pixel; 5xx, timeouts and network errors are retried with exponential backoff and jitter; a 4xx
 * is kept as failed with the receiver's message; a Meta event that would pass Meta's 7-day limit is
 * dead-lettered instead of being sent late.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { NODE_ID } from '../jobs.js';
import { intakeDb, readSecret } from '../tables.js';
import { claimDue } from '../../jobs/claimDue.js';

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

interface Outcome {
  status: 'delivered' | 'retry' | 'failed' | 'dead';
  httpStatus: number | null;
  response: string | null;
  error: string | null;
}

const MAX_DELAY_MS = 6 * 3_600_000;

/** Delay before attempt `attempts + 1`: base × 2^(attempts − 1), capped, plus up to 20 % jitter. */
export function retryDelayMs(attempts: number, baseMs: number, random: () => number): number {
  const plain = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (1 + 0.2 * random()));
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
  const steps = FORWARDER_RETRY_STEPS_MS;
  const step = steps[Math.min(Math.max(0, attempts - 1), steps.length - 1)]!;
  return Math.round(step * (firstMs / steps[0]!) * (1 + 0.2 * random()));
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
): Outcome => {
  if (answer.status !== null && answer.status >= 200 && answer.status < 300)
    return { status: 'delivered', httpStatus: answer.status, response: clip(answer.text), error: null };
  if (
    answer.status !== null &&
    answer.status >= 400 &&
    answer.status < 500 &&
    answer.status !== 408 &&
    answer.status !== 429
  )
    return {
      status: 'failed',
      httpStatus: answer.status,
      response: clip(answer.text),
      error: meta ? metaMessage(answer.text) : `HTTP ${answer.status}: ${answer.text.slice(0, 300)}`,
    };
  return {
    status: 'retry',
    httpStatus: answer.status,
    response: clip(answer.text),
    error:
      answer.error ?? `HTTP ${answer.status}: ${meta ? metaMessage(answer.text) : answer.text.slice(0, 300)}`,
  };
};

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
  const random = options.random ?? Math.random;
  const baseDelayMs = options.baseDelayMs ?? FORWARDER_RETRY_STEPS_MS[0]!;
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
  const result: DrainResult = { claimed: claimed.length, delivered: 0, retrying: 0, failed: 0, dead: 0 };
  if (claimed.length === 0) return result;

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

  const record = async (rows: readonly Claimed[], outcome: Outcome) => {
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    if (outcome.status === 'retry') {
      // Each row keeps its own schedule: attempts and jitter differ.
      for (const row of rows) {
        const rule = ruleOf.get(row.forwarder_id);
        const next = new Date(now.getTime() + forwarderRetryDelayMs(row.attempts, baseDelayMs, random));
        const tooOld =
          row.destination === 'meta_capi' && row.event_time.getTime() + META_MAX_AGE_MS < next.getTime();
        const exhausted = row.attempts >= (rule?.max_attempts ?? 5);
        const status = exhausted || tooOld ? 'dead' : 'pending';
        if (status === 'dead') result.dead += 1;
        else result.retrying += 1;
        await db
          .updateTable('forwarder_deliveries')
          .set({
            status,
            next_attempt_at: next,
            locked_until: null,
            locked_by: null,
            last_status: outcome.httpStatus,
            last_response: outcome.response,
            last_error: exhausted
              ? `${outcome.error} — gave up after ${row.attempts} attempts`
              : tooOld
                ? `${outcome.error} — the next try would pass Meta's 7-day limit`
                : outcome.error,
            updated_at: now,
          })
          .where('id', '=', row.id)
          .where('locked_by', '=', nodeId)
          .execute();
      }
      return;
    }
    if (outcome.status === 'delivered') result.delivered += rows.length;
    else if (outcome.status === 'failed') result.failed += rows.length;
    else result.dead += rows.length;
    await db
      .updateTable('forwarder_deliveries')
      .set({
        status: outcome.status,
        locked_until: null,
        locked_by: null,
        last_status: outcome.httpStatus,
        last_response: outcome.response,
        last_error: outcome.error,
        updated_at: now,
        ...(outcome.status === 'delivered' ? { delivered_at: now } : {}),
      })
      .where('id', 'in', ids)
      .where('locked_by', '=', nodeId)
      .execute();
  };

  const metaGroups = new Map<string, Claimed[]>();
  for (const row of claimed) {
    const rule = ruleOf.get(row.forwarder_id);
    if (!rule || !rule.active || rule.deleted_at) {
      await record([row], {
        status: 'failed',
        httpStatus: null,
        response: null,
        error: 'The forwarding rule is inactive or deleted',
      });
      continue;
    }
    if (row.destination === 'meta_capi') {
      if (!rule.pixel_id || !rule.pixel_active || rule.pixel_deleted_at) {
        await record([row], {
          status: 'failed',
          httpStatus: null,
          response: null,
          error: 'The rule has no active pixel',
        });
        continue;
      }
      if (row.event_time.getTime() + META_MAX_AGE_MS < now.getTime()) {
        await record([row], {
          status: 'dead',
          httpStatus: null,
          response: null,
          error: "Not sent: event_time is past Meta's 7-day limit",
        });
        continue;
      }
      const group = metaGroups.get(row.forwarder_id) ?? [];
      group.push(row);
      metaGroups.set(row.forwarder_id, group);
      continue;
    }
    if (!rule.url) {
      await record([row], {
        status: 'failed',
        httpStatus: null,
        response: null,
        error: 'The rule has no URL',
      });
      continue;
    }
    const secret = readSecret(rule.secret_header);
    const answer = await post(
      doFetch,
      rule.url,
      row.payload,
      secret ? { 'x-forwarder-secret': secret } : {},
      timeoutMs,
    );
    await record([row], outcomeOf(answer, false));
  }

  for (const [ruleId, rows] of metaGroups) {
    const rule = ruleOf.get(ruleId)!;
    const url = `${graphBase}/${encodeURIComponent(rule.pixel_id!)}/events`;
    const send = (batch: readonly Claimed[]) =>
      post(
        doFetch,
        url,
        {
          data: batch.map((row) => row.payload),
          access_token: readSecret(rule.capi_access_token) ?? '',
          ...(rule.test_event_code ? { test_event_code: rule.test_event_code } : {}),
        },
        {},
        timeoutMs,
      );
    for (let start = 0; start < rows.length; start += CAPI_BATCH) {
      const batch = rows.slice(start, start + CAPI_BATCH);
      const outcome = outcomeOf(await send(batch), true);
      if (outcome.status === 'failed' && batch.length > 1) {
        // One invalid event rejects Meta's whole batch: send each alone so only the bad one stays failed.
        for (const row of batch) await record([row], outcomeOf(await send([row]), true));
      } else {
        await record(batch, outcome);
      }
    }
  }
  return result;
}

/** Drains until nothing due is left (tests and the demo; the server's worker drains on a timer). */
export async function drainAll(
  database: Kysely<Database>,
  options: ForwarderOptions,
  /** Aborted by a stopping server: the loop ends after the batch in hand. */
  signal?: AbortSignal,
): Promise<DrainResult> {
  const total: DrainResult = { claimed: 0, delivered: 0, retrying: 0, failed: 0, dead: 0 };
  for (;;) {
    const step = await drainDeliveries(database, options);
    for (const key of Object.keys(total) as (keyof DrainResult)[]) total[key] += step[key];
    if (step.claimed === 0 || signal?.aborted) return total;
  }
}
