/**
 * The outbox of Mayar "update customer email" calls written by approved email changes: claimed by one node
 * (`FOR UPDATE SKIP LOCKED` and a lease, jobs/claimDue), sent outside any transaction through the Mayar adapter
 * with the account's API key. Mayar unreachable or 5xx: tried again with backoff; a refusal (4xx, e.g. 404 "not
 * registered as a customer") stays failed with Mayar's words, shown on the request's decision.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { claimDue } from '../jobs/claimDue.js';
import { NODE_ID, type QueueDrainCounts, type QueueDrainOptions } from '../jobs/runOnce.js';
import { retryDelayMs } from '../intake/forwarder/worker.js';
import { MayarApiError, type MayarApi } from '../intake/mayar/api.js';
import { readSecret } from '../intake/tables.js';

export const MAYAR_UPDATE_MAX_ATTEMPTS = 8;

/** One pass: claim due calls, send each, record the outcome. */
export async function drainMayarUpdates(
  db: Kysely<Database>,
  api: MayarApi,
  options: QueueDrainOptions,
): Promise<QueueDrainCounts> {
  const now = options.now();
  const nodeId = options.nodeId ?? NODE_ID;
  const ids = await claimDue(db, 'change_email_mayar_updates', {
    now,
    nodeId,
    leaseMs: options.leaseMs ?? 60_000,
    limit: options.claim ?? 20,
  });
  const result: QueueDrainCounts = { claimed: ids.length, sent: 0, retrying: 0, failed: 0 };
  if (ids.length === 0) return result;
  const claimed = await sql<{
    id: string;
    from_email: string;
    to_email: string;
    attempts: number;
    api_key: string | null;
  }>`
    select u.id, u.from_email, u.to_email, u.attempts, a.api_key
    from change_email_mayar_updates u join mayar_accounts a on a.id = u.mayar_account_id
    where u.id = any(${ids}::bigint[]) order by u.id`.execute(db);
  for (const row of claimed.rows) {
    let outcome: { status: 'done' | 'pending' | 'failed'; httpStatus: number | null; error: string | null };
    const apiKey = readSecret(row.api_key);
    if (!apiKey) {
      outcome = { status: 'failed', httpStatus: null, error: 'The Mayar account has no API key' };
    } else {
      try {
        await api.updateCustomerEmail(apiKey, row.from_email, row.to_email);
        outcome = { status: 'done', httpStatus: 200, error: null };
      } catch (error) {
        const status = error instanceof MayarApiError ? error.status : null;
        const message = error instanceof Error ? error.message : String(error);
        const retry =
          (status === null || status >= 500 || status === 429) && row.attempts < MAYAR_UPDATE_MAX_ATTEMPTS;
        outcome = { status: retry ? 'pending' : 'failed', httpStatus: status, error: message.slice(0, 2000) };
      }
    }
    if (outcome.status === 'done') result.sent += 1;
    else if (outcome.status === 'pending') result.retrying += 1;
    else result.failed += 1;
    const next =
      outcome.status === 'pending'
        ? new Date(
            now.getTime() +
              retryDelayMs(row.attempts, options.baseDelayMs ?? 30_000, options.random ?? Math.random),
          )
        : null;
    const finished = options.now();
    await sql`
      update change_email_mayar_updates set status = ${outcome.status}, last_status = ${outcome.httpStatus},
        last_error = ${outcome.error}, locked_until = null, locked_by = null,
        next_attempt_at = coalesce(${next}, next_attempt_at), updated_at = ${finished},
        done_at = ${outcome.status === 'done' ? finished : null}
      where id = ${row.id} and locked_by = ${nodeId}`.execute(db);
  }
  return result;
}

/** Drains until nothing due is left (tests; the server's worker drains on a timer and when kicked). */
export async function drainMayarUpdatesAll(
  db: Kysely<Database>,
  api: MayarApi,
  options: QueueDrainOptions,
  signal?: AbortSignal,
): Promise<QueueDrainCounts> {
  const total: QueueDrainCounts = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const step = await drainMayarUpdates(db, api, options);
    total.claimed += step.claimed;
    total.sent += step.sent;
    total.retrying += step.retrying;
    total.failed += step.failed;
    if (step.claimed === 0 || signal?.aborted) return total;
  }
}
