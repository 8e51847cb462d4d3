/**
 * The outbox of Mayar "update customer email" calls written by approved email changes: claimed by one node
 * (`FOR UPDATE SKIP LOCKED` and a lease, jobs/claimDue), sent outside any transaction through the Mayar adapter
 * with the account's API key. Mayar unreachable or 5xx: tried again with backoff; a refusal (4xx, e.g. 404 "not
 * registered as a customer") stays failed with Mayar's words, shown on the request's decision.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  type QueueDrainCounts,
  type QueueDrainOptions,
  addCounts,
  claimDue,
  drainClaimed,
  queueRetryPolicy,
  drainUntilEmpty,
} from '../jobs/outbox.js';
import { NODE_ID } from '../jobs/runOnce.js';
import { MayarApiError, type MayarApi } from '../intake/mayar/api.js';
import { readSecret } from '../secrets/index.js';

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
  if (ids.length === 0) return { claimed: 0, sent: 0, retrying: 0, failed: 0 };
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
  const counts = await drainClaimed<(typeof claimed.rows)[number], number | null>({
    rows: claimed.rows,
    send: async ([row]) => {
      const apiKey = readSecret(row!.api_key);
      if (!apiKey) return { status: 'failed', value: null, error: 'The Mayar account has no API key' };
      try {
        await api.updateCustomerEmail(apiKey, row!.from_email, row!.to_email);
        return { status: 'sent', value: 200 };
      } catch (error) {
        const status = error instanceof MayarApiError ? error.status : null;
        const message = error instanceof Error ? error.message : String(error);
        const retry = status === null || status >= 500 || status === 429;
        return { status: retry ? 'retry' : 'failed', value: status, error: message.slice(0, 2000) };
      }
    },
    // Mayar's refusal and a call given up alike stay `failed` with Mayar's words.
    record: async ([row], settled) => {
      const status = settled.status === 'sent' ? 'done' : settled.status === 'retry' ? 'pending' : 'failed';
      const next = settled.status === 'retry' ? settled.nextAttemptAt : null;
      const finished = options.now();
      await sql`
        update change_email_mayar_updates set status = ${status}, last_status = ${settled.value ?? null},
          last_error = ${settled.status === 'sent' ? null : settled.error}, locked_until = null, locked_by = null,
          next_attempt_at = coalesce(${next}, next_attempt_at), updated_at = ${finished},
          done_at = ${status === 'done' ? finished : null}
        where id = ${row!.id} and locked_by = ${nodeId}`.execute(db);
    },
    attemptsOf: (row) => row.attempts,
    policy: queueRetryPolicy(options, MAYAR_UPDATE_MAX_ATTEMPTS),
    now: () => now,
  });
  return {
    claimed: ids.length,
    sent: counts.sent,
    retrying: counts.retrying,
    failed: counts.failed + counts.dead,
  };
}

/** Drains until nothing due is left (tests; the server's worker drains on a timer and when kicked). */
export async function drainMayarUpdatesAll(
  db: Kysely<Database>,
  api: MayarApi,
  options: QueueDrainOptions,
  signal?: AbortSignal,
): Promise<QueueDrainCounts> {
  return drainUntilEmpty(() => drainMayarUpdates(db, api, options), addCounts, signal);
}
