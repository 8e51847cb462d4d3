import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** Outbox tables with `status`, `next_attempt_at`, a lease (`locked_until`, `locked_by`) and `attempts`. */
export type OutboxTable = 'forwarder_deliveries' | 'wa_messages' | 'change_email_mayar_updates';

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
