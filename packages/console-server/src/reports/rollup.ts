import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { salesRollupSelect } from './migrations.js';

/** The Jakarta calendar day of a purchase (table alias `alias`): paid time, else Mayar's creation time. */
export function purchaseDay(alias: string): RawBuilder<unknown> {
  return sql.raw(`(coalesce(${alias}.paid_at, ${alias}.mayar_created_at) at time zone 'Asia/Jakarta')::date`);
}

/** The exclusive side of the lock the purchase trigger takes shared (migration 600). */
const ROLLUP_LOCK = 450450;

/**
 * Rebuilds the sales rollup for the days `from`–`to` (Jakarta) from the paid purchases, with the attribution of
 * ADR 016 (`salesRollupSelect`, shared with the purchase trigger). Runs inside `trx`, which must hold the lock.
 */
async function rebuildDays(trx: Kysely<Database>, from: string, to: string): Promise<void> {
  await sql`delete from report_sales_daily where day between ${from}::date and ${to}::date`.execute(trx);
  // The time bounds use the index on the paid time (migration 500); the literals are validated ISO dates.
  const where = `coalesce(p.paid_at, p.mayar_created_at) >= ('${from}'::date::timestamp at time zone 'Asia/Jakarta')
    and coalesce(p.paid_at, p.mayar_created_at) < (('${to}'::date + 1)::timestamp at time zone 'Asia/Jakarta')`;
  await sql
    .raw(
      `insert into report_sales_daily (day, campaign_id, ad_id, product_key, orders, revenue)
      ${salesRollupSelect('purchases p', 1, where)}`,
    )
    .execute(trx);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Rebuilds the sales rollup for the days `from`–`to` in full (the bench's reference; ops after a repair). */
export async function refreshSalesRollup(db: Kysely<Database>, from: string, to: string): Promise<void> {
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to))
    throw new Error('refreshSalesRollup: dates must be YYYY-MM-DD');
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
    await rebuildDays(trx, from, to);
  });
}

/**
 * Recomputes the days of `from`–`to` whose attribution the intake marked stale (new spend that day, a campaign
 * or ad named by a UTM seen for the first time, a campaign's product changed). Usually there are none and this
 * is one indexed probe. Taking the dirty marks and rebuilding happen in one transaction under the exclusive
 * lock: purchases written meanwhile wait for it and then add themselves; a mark made meanwhile stays for the
 * next read. Returns the days recomputed.
 */
export async function refreshDirtyDays(db: Kysely<Database>, from: string, to: string): Promise<string[]> {
  const pending = await sql<{ n: number }>`
    select count(*)::int as n from report_dirty_days where day between ${from}::date and ${to}::date`.execute(
    db,
  );
  if ((pending.rows[0]?.n ?? 0) === 0) return [];
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`.execute(trx);
    const taken = await sql<{ day: string }>`
      delete from report_dirty_days where day between ${from}::date and ${to}::date
      returning to_char(day, 'YYYY-MM-DD') as day`.execute(trx);
    const days = taken.rows.map((row) => row.day).sort();
    // Consecutive days rebuild as one range (a bulk import dirties whole months).
    let start = 0;
    for (let index = 1; index <= days.length; index += 1) {
      const next = days[index];
      const previous = days[index - 1]!;
      const consecutive =
        next !== undefined &&
        Date.parse(`${next}T00:00:00Z`) - Date.parse(`${previous}T00:00:00Z`) === 86_400_000;
      if (!consecutive) {
        await rebuildDays(trx, days[start]!, previous);
        start = index;
      }
    }
    return days;
  });
}
