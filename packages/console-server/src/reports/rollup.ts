import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** The Jakarta calendar day of a purchase: paid time, else Mayar's creation time. */
const PURCHASE_DAY = sql.raw(`(coalesce(p.paid_at, p.mayar_created_at) at time zone 'Asia/Jakarta')::date`);

/**
 * Rebuilds the sales rollup for the days `from`–`to` (Jakarta) from the paid purchases, in one transaction. A
 * purchase is attributed by its UTM first: utm_campaign naming a campaign id or name, utm_content an ad id or
 * name, as found in the Meta insights.
 */
export async function refreshSalesRollup(db: Kysely<Database>, from: string, to: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two requests refreshing the same days at once would both delete and then collide on insert.
    await sql`select pg_advisory_xact_lock(450450)`.execute(trx);
    await sql`delete from report_sales_daily where day between ${from}::date and ${to}::date`.execute(trx);
    await sql`
      insert into report_sales_daily (day, campaign_id, ad_id, product_key, orders, revenue)
      select ${PURCHASE_DAY} as day,
        coalesce(c.campaign_id, '') as campaign_id,
        coalesce(a.ad_id, '') as ad_id,
        coalesce(p.product_id, 0) as product_key,
        count(*) as orders,
        sum(p.amount) as revenue
      from purchases p
      left join lateral (
        select i.campaign_id from ad_insights_daily i
        where p.utm_campaign is not null and (i.campaign_id = p.utm_campaign or i.campaign_name = p.utm_campaign)
        limit 1
      ) c on true
      left join lateral (
        select i.ad_id from ad_insights_daily i
        where p.utm_content is not null and (i.ad_id = p.utm_content or i.ad_name = p.utm_content)
        limit 1
      ) a on true
      where p.transaction_status = 'paid'
        and coalesce(p.paid_at, p.mayar_created_at) >= (${from}::date::timestamp at time zone 'Asia/Jakarta')
        and coalesce(p.paid_at, p.mayar_created_at) < ((${to}::date + 1)::timestamp at time zone 'Asia/Jakarta')
      group by 1, 2, 3, 4`.execute(trx);
  });
}
