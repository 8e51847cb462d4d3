import { sql } from 'kysely';
import { AD_MEASURES, idFilter, measureColumns, readAggregated, type ReportSource } from './common.js';
import { CREATIVES } from './creatives.js';

interface GroupSql {
  /** Key and label over ad_insights_daily `i`. */
  adKey: string;
  adLabel: string;
  /** Key over report_sales_daily `s` (joined to `ads` as `a` when needed). */
  salesKey: string;
  salesJoinAds: boolean;
  /** The campaign's product (`ac`, `pr`) on the insights side and the product's name on the sales side. */
  product?: boolean;
  /** The name of a key that has sales but no insights in the range (over `sales.key`). */
  salesOnlyLabel?: string;
}

/** The campaign → product mapping of Ad Campaign Admin. */
const AD_PRODUCT = sql`left join ad_campaigns ac on ac.campaign_id = i.campaign_id and ac.deleted_at is null
  left join products pr on pr.id = ac.product_id`;

const GROUPS: Record<string, GroupSql> = {
  campaign: {
    adKey: 'i.campaign_id',
    adLabel: 'max(i.campaign_name)',
    salesKey: 's.campaign_id',
    salesJoinAds: false,
    salesOnlyLabel: `(select r.campaign_name from report_ads_daily r
      where r.campaign_id = sales.key and r.campaign_name is not null order by r.date desc limit 1)`,
  },
  adset: {
    adKey: "coalesce(i.adset_id, '')",
    adLabel: 'max(i.adset_name)',
    salesKey: "coalesce(a.adset_id, '')",
    salesJoinAds: true,
    salesOnlyLabel: `coalesce((select x.name from ad_sets x where x.adset_id = sales.key), '(no ad set)')`,
  },
  product: {
    adKey: 'coalesce(ac.product_id, 0)::text',
    adLabel: "coalesce(max(pr.name), '(no product)')",
    salesKey: 's.product_key::text',
    salesJoinAds: false,
    product: true,
  },
  ad: {
    adKey: 'i.ad_id',
    adLabel: 'max(i.ad_name)',
    salesKey: 's.ad_id',
    salesJoinAds: false,
    salesOnlyLabel: `coalesce((select x.name from ads x where x.ad_id = sales.key), '(no ad)')`,
  },
  day: {
    adKey: "to_char(i.date, 'YYYY-MM-DD')",
    adLabel: "to_char(min(i.date), 'YYYY-MM-DD')",
    salesKey: "to_char(s.day, 'YYYY-MM-DD')",
    salesJoinAds: false,
  },
  total: { adKey: "'total'", adLabel: "'Total'", salesKey: "'total'", salesJoinAds: false },
};

/**
 * Meta insights (a daily rollup per ad, and per campaign in `report_ads_daily`) full-outer-joined on the group key
 * to the sales rollup. The ad reports count only sales attributed to a campaign; the overall dashboard counts every
 * paid purchase. A key with sales but no spend in the range keeps its row, so the rows add up to the totals.
 */
export const adsSource: ReportSource = {
  groups: ['campaign', 'adset', 'ad', 'product', 'day'],
  measures: AD_MEASURES,
  async aggregate(db, group, range, filters, { definition }) {
    const g = GROUPS[group]!;
    const overall = definition.id === 'overall';
    const adWhere = [sql`i.date between ${range.from}::date and ${range.to}::date`];
    const salesWhere = [sql`s.day between ${range.from}::date and ${range.to}::date`];
    if (!overall) salesWhere.push(sql`s.campaign_id <> ''`);
    let salesNeedAds = g.salesJoinAds;
    if (filters.campaign !== undefined) {
      adWhere.push(sql`i.campaign_id = ${filters.campaign}`);
      salesWhere.push(sql`s.campaign_id = ${filters.campaign}`);
    }
    if (filters.adset !== undefined) {
      adWhere.push(sql`i.adset_id = ${filters.adset}`);
      salesWhere.push(sql`a.adset_id = ${filters.adset}`);
      salesNeedAds = true;
    }
    if (filters.ad !== undefined) {
      adWhere.push(sql`i.ad_id = ${filters.ad}`);
      salesWhere.push(sql`s.ad_id = ${filters.ad}`);
    }
    if (filters.day !== undefined) {
      adWhere.push(sql`i.date = ${filters.day}::date`);
      salesWhere.push(sql`s.day = ${filters.day}::date`);
    }
    const product = idFilter(filters, 'product');
    if (product !== undefined) {
      adWhere.push(sql`coalesce(ac.product_id, 0) = ${product}::bigint`);
      salesWhere.push(sql`s.product_key = ${product}::bigint`);
    }
    const adProduct = g.product === true || product !== undefined;
    // Above the ad set the per-campaign-day rollup (migration 600) holds the same sums in far fewer rows.
    const perAd =
      group === 'adset' || group === 'ad' || filters.adset !== undefined || filters.ad !== undefined;
    const insights = perAd ? sql`ad_insights_daily i` : sql`report_ads_daily i`;
    // Clicks (all) where the rows carry them (null in a row that does not; the rollup counts those that do).
    const clicksAll = perAd
      ? sql`sum(i.clicks) as clicks, sum(i.impressions) filter (where i.clicks is not null) as clicks_impressions,
          sum(i.spend) filter (where i.clicks is not null) as clicks_spend`
      : sql`case when sum(i.clicks_rows) > 0 then sum(i.clicks) end as clicks,
          sum(i.clicks_impressions) as clicks_impressions, sum(i.clicks_spend) as clicks_spend`;
    const result = await sql<Record<string, unknown>>`
      with ad as (
        select ${sql.raw(g.adKey)} as key, ${sql.raw(g.adLabel)} as label,
          sum(i.spend) as spend, sum(i.impressions) as impressions, ${clicksAll},
          sum(i.inline_link_clicks) as link_clicks, sum(i.purchases) as meta_purchases,
          sum(i.purchase_value) as meta_purchase_value,
          ${group === 'ad' ? sql`string_agg(distinct i.campaign_name, ', ' order by i.campaign_name)` : sql`null::text`} as campaigns
        from ${insights}
        ${adProduct ? AD_PRODUCT : sql``}
        where ${sql.join(adWhere, sql` and `)}
        group by 1
      ),
      sales as (
        select ${sql.raw(g.salesKey)} as key,
          ${g.product ? sql`coalesce(max(sp.name), '(no product)')` : sql`null::text`} as label,
          sum(s.orders) as orders, sum(s.revenue) as revenue
        from report_sales_daily s
        ${salesNeedAds ? sql`left join ads a on a.ad_id = s.ad_id` : sql``}
        ${g.product ? sql`left join products sp on sp.id = s.product_key` : sql``}
        where ${sql.join(salesWhere, sql` and `)}
        group by 1
      ),
      joined as (
        select coalesce(ad.key, sales.key) as key,
          coalesce(ad.label, sales.label${g.salesOnlyLabel ? sql.raw(`, ${g.salesOnlyLabel}`) : sql``}, sales.key) as label,
          coalesce(ad.spend, 0) as spend, coalesce(ad.impressions, 0) as impressions,
          ad.clicks, ad.clicks_impressions, ad.clicks_spend, coalesce(ad.link_clicks, 0) as link_clicks,
          coalesce(ad.meta_purchases, 0) as meta_purchases, coalesce(ad.meta_purchase_value, 0) as meta_purchase_value,
          coalesce(sales.orders, 0) as orders, coalesce(sales.revenue, 0) as revenue,
          ad.campaigns
        from ad full outer join sales on sales.key = ad.key
      )
      select key, label, ${measureColumns(definition, AD_MEASURES)}${
        group === 'ad'
          ? sql`, joined.campaigns, cr.picture as thumbnail, cr.id::text as record_id
            from joined left join ${CREATIVES} cr on cr.ad_id = joined.key`
          : sql` from joined`
      }`.execute(db);
    // Ads that share a name: their campaign (and the ad id, the row's key) and Master Ad Creative's picture.
    return readAggregated(
      result.rows,
      definition,
      group === 'ad' ? ['campaigns', 'thumbnail', 'record_id'] : [],
    );
  },
};
