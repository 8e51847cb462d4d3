import { sql } from 'kysely';
import { AD_MEASURES, measureColumns, readAggregated, type ReportSource } from './common.js';

const MEASURES: Record<string, string> = {
  ...AD_MEASURES,
  hook_rate: 'round(video_views * 100.0 / nullif(impressions, 0), 4)',
};

/**
 * Key and label per group over the insights `i` (or the sales `s`) beside the ad's creative `cr` from Master Ad
 * Creative. An ad with no creative there stays its own row under its Meta ad name, so the totals are all spend.
 */
const GROUPS: Record<string, { key: (alias: 'i' | 's') => string; label: string }> = {
  creative: {
    key: (alias) => `coalesce(cr.creative_id, 'ad:' || ${alias}.ad_id)`,
    label: 'coalesce(max(cr.name), max(i.ad_name))',
  },
  hook: {
    key: () => "coalesce(nullif(cr.hook_text, ''), '')",
    label: "coalesce(max(nullif(cr.hook_text, '')), '(no hook)')",
  },
  day: {
    key: (alias) => `to_char(${alias === 'i' ? 'i.date' : 's.day'}, 'YYYY-MM-DD')`,
    label: "to_char(min(i.date), 'YYYY-MM-DD')",
  },
  total: { key: () => "'total'", label: "'Total'" },
};

/**
 * The newest live creative of each ad, its record id (the report links to it) and its picture: the record's own
 * URLs, else what Meta answered for its creative id (meta_creative_cache, refreshed daily).
 */
export const CREATIVES = sql`(
  select distinct on (r.ad_id) r.ad_id, r.id, r.creative_id, r.name, r.hook_text,
    coalesce(r.thumbnail_url, r.image_url, mc.thumbnail_url, mc.image_url, mc.video_poster_url) as picture
  from master_ad_creatives r
  left join meta_creative_cache mc on mc.creative_id = r.creative_id
  where r.deleted_at is null and r.ad_id is not null
  order by r.ad_id, r.id desc
)`;

/** Ad Creative: spend and clicks per creative or hook, sales attributed to the creative's ad (UTM content). */
export const creativesSource: ReportSource = {
  groups: ['creative', 'hook', 'day'],
  measures: MEASURES,
  async aggregate(db, group, range, filters, { definition }) {
    const g = GROUPS[group]!;
    const adWhere = [sql`i.date between ${range.from}::date and ${range.to}::date`];
    const salesWhere = [sql`s.day between ${range.from}::date and ${range.to}::date`, sql`s.ad_id <> ''`];
    if (filters.creative !== undefined) {
      adWhere.push(sql`coalesce(cr.creative_id, 'ad:' || i.ad_id) = ${filters.creative}`);
      salesWhere.push(sql`coalesce(cr.creative_id, 'ad:' || s.ad_id) = ${filters.creative}`);
    }
    if (filters.hook !== undefined) {
      adWhere.push(sql`coalesce(cr.hook_text, '') = ${filters.hook}`);
      salesWhere.push(sql`coalesce(cr.hook_text, '') = ${filters.hook}`);
    }
    if (filters.day !== undefined) {
      adWhere.push(sql`i.date = ${filters.day}::date`);
      salesWhere.push(sql`s.day = ${filters.day}::date`);
    }
    const result = await sql<Record<string, unknown>>`
      with ad as (
        select ${sql.raw(g.key('i'))} as key, ${sql.raw(g.label)} as label,
          ${group === 'creative' ? sql`max(cr.picture)` : sql`null::text`} as thumbnail,
          ${group === 'creative' ? sql`max(cr.id)::text` : sql`null::text`} as record_id,
          ${group === 'creative' ? sql`string_agg(distinct i.ad_id, ', ' order by i.ad_id)` : sql`null::text`} as ad_ids,
          ${group === 'creative' ? sql`string_agg(distinct i.campaign_name, ', ' order by i.campaign_name)` : sql`null::text`} as campaigns,
          sum(i.spend) as spend, sum(i.impressions) as impressions, sum(i.clicks) as clicks,
          sum(i.impressions) filter (where i.clicks is not null) as clicks_impressions,
          sum(i.spend) filter (where i.clicks is not null) as clicks_spend,
          sum(i.inline_link_clicks) as link_clicks, sum(i.video_3s_views) as video_views
        from ad_insights_daily i
        left join ${CREATIVES} cr on cr.ad_id = i.ad_id
        where ${sql.join(adWhere, sql` and `)}
        group by 1
      ),
      sales as (
        select ${sql.raw(g.key('s'))} as key, sum(s.orders) as orders, sum(s.revenue) as revenue
        from report_sales_daily s
        left join ${CREATIVES} cr on cr.ad_id = s.ad_id
        where ${sql.join(salesWhere, sql` and `)}
        group by 1
      ),
      joined as (
        select ad.key, ad.label, ad.thumbnail, ad.record_id, ad.ad_ids, ad.campaigns, ad.spend, ad.impressions, ad.clicks, ad.clicks_impressions, ad.clicks_spend, ad.link_clicks, ad.video_views,
          coalesce(sales.orders, 0) as orders, coalesce(sales.revenue, 0) as revenue
        from ad left join sales on sales.key = ad.key
      )
      select key, label, thumbnail, record_id, ad_ids, campaigns, ${measureColumns(definition, MEASURES)} from joined`.execute(
      db,
    );
    // Two creatives may share a name: the ads and campaigns behind each tell them apart.
    return readAggregated(result.rows, definition, ['thumbnail', 'record_id', 'ad_ids', 'campaigns']);
  },
};
