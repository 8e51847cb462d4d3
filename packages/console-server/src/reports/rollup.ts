import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** The Jakarta calendar day of a purchase (table alias `alias`): paid time, else Mayar's creation time. */
export function purchaseDay(alias: string): RawBuilder<unknown> {
  return sql.raw(`(coalesce(${alias}.paid_at, ${alias}.mayar_created_at) at time zone 'Asia/Jakarta')::date`);
}

const PURCHASE_DAY = purchaseDay('p');

/**
 * Rebuilds the sales rollup for the days `from`–`to` (Jakarta) from the paid purchases, in one transaction.
 * Attribution: the UTM first (utm_campaign naming a campaign id or name, utm_content an ad id or name, as found
 * in the Meta insights and the ads they list; an ad names its campaign). Each look-up is one indexed
 * probe (id first, then name: an `or` of the two would scan); else through the purchase's product: the Ad Campaign Admin
 * campaign selling it that spent the most on the purchase's day. A product whose campaigns spent nothing that
 * day leaves the purchase unattributed (it still counts on the overall dashboard).
 */
export async function refreshSalesRollup(db: Kysely<Database>, from: string, to: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two requests refreshing the same days at once would both delete and then collide on insert.
    await sql`select pg_advisory_xact_lock(450450)`.execute(trx);
    await sql`delete from report_sales_daily where day between ${from}::date and ${to}::date`.execute(trx);
    await sql`
      insert into report_sales_daily (day, campaign_id, ad_id, product_key, orders, revenue)
      select ${PURCHASE_DAY} as day,
        coalesce(c.campaign_id, a.campaign_id, pc.campaign_id, '') as campaign_id,
        coalesce(a.ad_id, '') as ad_id,
        coalesce(p.product_id, 0) as product_key,
        count(*) as orders,
        sum(p.amount) as revenue
      from purchases p
      left join lateral (
        (select i.campaign_id from ad_insights_daily i where i.campaign_id = p.utm_campaign limit 1)
        union all
        (select i.campaign_id from ad_insights_daily i where i.campaign_name = p.utm_campaign limit 1)
        limit 1
      ) c on true
      left join lateral (
        (select x.ad_id, x.campaign_id from ads x where x.ad_id = p.utm_content limit 1)
        union all
        (select x.ad_id, x.campaign_id from ads x where x.name = p.utm_content limit 1)
        limit 1
      ) a on true
      left join lateral (
        select ac.campaign_id from ad_campaigns ac
        join ad_insights_daily i on i.campaign_id = ac.campaign_id and i.date = ${PURCHASE_DAY}
        where c.campaign_id is null and a.campaign_id is null and p.product_id is not null
          and ac.product_id = p.product_id and ac.deleted_at is null
        group by ac.campaign_id
        having sum(i.spend) > 0
        order by sum(i.spend) desc, ac.campaign_id
        limit 1
      ) pc on true
      where p.transaction_status = 'paid'
        and coalesce(p.paid_at, p.mayar_created_at) >= (${from}::date::timestamp at time zone 'Asia/Jakarta')
        and coalesce(p.paid_at, p.mayar_created_at) < ((${to}::date + 1)::timestamp at time zone 'Asia/Jakarta')
      group by 1, 2, 3, 4`.execute(trx);
  });
}
