import { sql } from 'kysely';
import { purchaseDay } from '../rollup.js';
import { idFilter, measureColumns, readAggregated, type ReportSource } from './common.js';

const MEASURES: Record<string, string> = {
  fee: 'fee',
  views: 'views',
  reach: 'reach',
  // Interactions per view, each post's counted up to its views: at most 100 % by construction.
  engagement_rate: 'round(engaged_views * 100.0 / nullif(views, 0), 4)',
  cpm: 'round(fee * 1000.0 / nullif(views, 0))',
  cpv: 'round(fee::numeric / nullif(views, 0), 2)',
  cpe: 'round(fee::numeric / nullif(engagements, 0))',
  orders: 'orders',
  revenue: 'revenue',
  roas: 'round(revenue::numeric / nullif(fee, 0), 4)',
  roi: 'round((revenue - fee) * 100.0 / nullif(fee, 0), 2)',
};

const GROUPS: Record<string, { key: string; label: string }> = {
  creator: { key: 'pj.creator_id::text', label: 'max(pj.creator_name)' },
  project: { key: 'pj.id::text', label: "max(pj.title || ' (' || pj.creator_name || ')')" },
  platform: { key: 'pj.platform', label: 'max(pj.platform)' },
  day: { key: "to_char(pj.post_date, 'YYYY-MM-DD')", label: "to_char(min(pj.post_date), 'YYYY-MM-DD')" },
  total: { key: "'total'", label: "'Total'" },
};

/**
 * KOL: the projects posted in the range (not cancelled) with their creator, and the paid purchases attributed to
 * each from its post date to the end of the range: by voucher code first, else by the utm_campaign of its UTM
 * link; a purchase counts for one project only. Reach is each post's own reach (summed over posts, never days).
 * Engagement rate is interactions per view, a post's interactions counted up to its views (followers are the
 * creator's count today, not the post's audience: a viral post went past 100 % over them).
 */
export const kolSource: ReportSource = {
  groups: ['creator', 'project', 'platform', 'day'],
  measures: MEASURES,
  async aggregate(db, group, range, filters, { definition }) {
    const g = GROUPS[group]!;
    const where = [
      sql`p.deleted_at is null`,
      sql`c.deleted_at is null`,
      sql`p.status <> 'cancelled'`,
      sql`p.post_date between ${range.from}::date and ${range.to}::date`,
    ];
    const creator = idFilter(filters, 'creator');
    const project = idFilter(filters, 'project');
    if (creator !== undefined) where.push(sql`p.creator_id = ${creator}::bigint`);
    if (project !== undefined) where.push(sql`p.id = ${project}::bigint`);
    if (filters.platform !== undefined) where.push(sql`c.platform = ${filters.platform}`);
    if (filters.day !== undefined) where.push(sql`p.post_date = ${filters.day}::date`);
    const result = await sql<Record<string, unknown>>`
      with pj as (
        select p.id, p.title, p.creator_id, c.name as creator_name, c.platform, p.post_date,
          p.fee, coalesce(p.views, 0) as views, coalesce(p.reach, 0) as reach,
          coalesce(p.likes, 0) + coalesce(p.comments, 0) + coalesce(p.shares, 0) + coalesce(p.saves, 0) as engagements,
          least(coalesce(p.likes, 0) + coalesce(p.comments, 0) + coalesce(p.shares, 0) + coalesce(p.saves, 0),
            coalesce(p.views, 0)) as engaged_views,
          upper(p.voucher_code) as voucher,
          upper(substring(p.utm_link from '[?&]utm_campaign=([^&#]+)')) as utm_campaign
        from projects p join creators c on c.id = p.creator_id
        where ${sql.join(where, sql` and `)}
      ),
      matched as (
        select distinct on (pu.id) pu.id, pj.id as project_id, pu.amount
        from pj
        join purchases pu
          on pu.transaction_status = 'paid'
          and ((pj.voucher is not null and upper(pu.coupon_used) = pj.voucher)
            or (pj.utm_campaign is not null and upper(pu.utm_campaign) = pj.utm_campaign))
          and ${purchaseDay('pu')} between pj.post_date and ${range.to}::date
        order by pu.id, (pj.voucher is not null and upper(pu.coupon_used) = pj.voucher) desc, pj.post_date desc, pj.id
      ),
      sold as (
        select project_id, count(*) as orders, sum(amount) as revenue from matched group by 1
      ),
      grouped as (
        select ${sql.raw(g.key)} as key, ${sql.raw(g.label)} as label,
          sum(pj.fee) as fee, sum(pj.views) as views, sum(pj.reach) as reach,
          sum(pj.engagements) as engagements, sum(pj.engaged_views) as engaged_views,
          coalesce(sum(sold.orders), 0) as orders, coalesce(sum(sold.revenue), 0) as revenue
        from pj left join sold on sold.project_id = pj.id
        group by 1
      )
      select key, label, ${measureColumns(definition, MEASURES)} from grouped`.execute(db);
    return readAggregated(result.rows, definition);
  },
};
