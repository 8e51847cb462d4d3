import { type RawBuilder, sql } from 'kysely';
import {
  AD_MEASURES,
  idFilter,
  measureColumns,
  monthsOf,
  readAggregated,
  type Filters,
  type Range,
  type ReportSource,
} from './common.js';

/**
 * Achievement and the gap count only the revenue of the cells (what a target measures × month) that have a
 * target, so a row's figures are the sums of its cells and the totals the sums of the rows: revenue with no
 * target ("(no tribe)", a month without a company target) stays in the revenue and out of the gap.
 */
const MEASURES: Record<string, string> = {
  ...AD_MEASURES,
  target: 'target',
  achievement: 'round(targeted_revenue * 100.0 / nullif(target, 0), 2)',
  target_gap: 'target - targeted_revenue',
};

type Scope = 'company' | 'product' | 'tribe';

/**
 * What a target measures, per scope, over the insights `i` (with the campaign `ac` and its product `pr`), the
 * sales rollup `s` (with its product `sp` and its attributed campaign `sc`) and the targets `t`. Spend and
 * revenue reach a product and a tribe by the same path: the product (the campaign's for spend, the purchase's
 * for revenue), its tribe, else the campaign's tribe.
 */
const ENTITIES: Record<Scope, { spend: string; sales: string; target: string }> = {
  company: { spend: "'company'", sales: "'company'", target: "'company'" },
  product: {
    spend: 'coalesce(ac.product_id, 0)::text',
    sales: 's.product_key::text',
    target: 'coalesce(t.product_id, 0)::text',
  },
  tribe: {
    spend: 'coalesce(pr.tribe_id, ac.tribe_id, 0)::text',
    sales: 'coalesce(sp.tribe_id, sc.tribe_id, 0)::text',
    target: 'coalesce(t.tribe_id, 0)::text',
  },
};

/** Key and label per group; a day has no target. */
const GROUPS: Record<string, { spend: string; sales: string; target: string | null; label: string }> = {
  month: {
    spend: "to_char(i.date, 'YYYY-MM')",
    sales: "to_char(s.day, 'YYYY-MM')",
    target: 't.period',
    label: 'j.key',
  },
  product: {
    ...ENTITIES.product,
    label: "coalesce((select name from products where id = j.key::bigint), '(no product)')",
  },
  tribe: {
    ...ENTITIES.tribe,
    label: "coalesce((select name from tribes where id = j.key::bigint), '(no tribe)')",
  },
  day: {
    spend: "to_char(i.date, 'YYYY-MM-DD')",
    sales: "to_char(s.day, 'YYYY-MM-DD')",
    target: null,
    label: 'j.key',
  },
  total: { spend: "'total'", sales: "'total'", target: "'total'", label: "'Total'" },
};

/**
 * The live targets as (period, product, tribe, revenue) rows: the Monthly report reads Monthly Target at one
 * scope (a product target's tribe is its product's), Tribe X Mayar reads Tribe Targets.
 */
function targetRows(table: 'monthly_targets' | 'tribe_targets', scope: Scope): RawBuilder<unknown> {
  if (table === 'tribe_targets')
    return sql`(select period, null::bigint as product_id, tribe_id, target_revenue
      from tribe_targets)`;
  if (scope === 'product')
    return sql`(select t.period, t.product_id, p.tribe_id, t.target_revenue
      from monthly_targets t join products p on p.id = t.product_id
      where t.scope = 'product' and t.deleted_at is null)`;
  return sql`(select period, null::bigint as product_id, tribe_id, target_revenue
    from monthly_targets where scope = ${scope} and deleted_at is null)`;
}

/**
 * Which targets a group is measured against: a product row against its product's target, a tribe row its
 * tribe's; a month row (and the totals) against the finest scope the grouping or the filters name, else the
 * report's own (the company's for Monthly). Tribe X Mayar reads Tribe Targets, always by tribe.
 */
function scopeOf(group: string, groupBy: string, filters: Filters, fallback: Scope): Scope {
  if (fallback === 'tribe') return 'tribe';
  for (const candidate of [group, groupBy])
    if (candidate === 'product' || candidate === 'tribe') return candidate;
  if (filters.product !== undefined) return 'product';
  if (filters.tribe !== undefined) return 'tribe';
  return fallback;
}

function targetsSource(table: 'monthly_targets' | 'tribe_targets', fallback: Scope): ReportSource {
  return {
    groups: ['month', 'product', 'tribe', 'day'],
    measures: MEASURES,
    async aggregate(db, group, range: Range, filters, { definition, groupBy }) {
      const g = GROUPS[group]!;
      const scope = scopeOf(group, groupBy, filters, fallback);
      const entity = ENTITIES[scope];
      const product = idFilter(filters, 'product');
      const tribe = idFilter(filters, 'tribe');
      const spendWhere = [sql`i.date between ${range.from}::date and ${range.to}::date`];
      const salesWhere = [sql`s.day between ${range.from}::date and ${range.to}::date`];
      const months = monthsOf(range);
      const targetWhere = [sql`t.period between ${months.from} and ${months.to}`];
      if (product !== undefined) {
        spendWhere.push(sql`coalesce(ac.product_id, 0) = ${product}::bigint`);
        salesWhere.push(sql`s.product_key = ${product}::bigint`);
        targetWhere.push(sql`t.product_id = ${product}::bigint`);
      }
      if (tribe !== undefined) {
        spendWhere.push(sql`${sql.raw(ENTITIES.tribe.spend)} = ${tribe}`);
        salesWhere.push(sql`${sql.raw(ENTITIES.tribe.sales)} = ${tribe}`);
        targetWhere.push(sql`t.tribe_id = ${tribe}::bigint`);
      }
      if (filters.day !== undefined) {
        spendWhere.push(sql`i.date = ${filters.day}::date`);
        salesWhere.push(sql`s.day = ${filters.day}::date`);
      }
      // Cells: group key × what a target measures × month. Spend per campaign and day from its rollup.
      const result = await sql<Record<string, unknown>>`
        with spend as (
          select ${sql.raw(g.spend)} as key, ${sql.raw(entity.spend)} as entity,
            to_char(i.date, 'YYYY-MM') as month, sum(i.spend) as spend
          from report_ads_daily i
          left join ad_campaigns ac on ac.campaign_id = i.campaign_id and ac.deleted_at is null
          left join products pr on pr.id = ac.product_id
          where ${sql.join(spendWhere, sql` and `)}
          group by 1, 2, 3
        ),
        sales as (
          select ${sql.raw(g.sales)} as key, ${sql.raw(entity.sales)} as entity,
            to_char(s.day, 'YYYY-MM') as month, sum(s.orders) as orders, sum(s.revenue) as revenue
          from report_sales_daily s
          left join products sp on sp.id = s.product_key
          left join ad_campaigns sc on sc.campaign_id = s.campaign_id and s.campaign_id <> ''
            and sc.deleted_at is null
          where ${sql.join(salesWhere, sql` and `)}
          group by 1, 2, 3
        ),
        targets as (
          ${
            g.target
              ? sql`select ${sql.raw(g.target)} as key, ${sql.raw(entity.target)} as entity, t.period as month,
                  sum(t.target_revenue) as target
                  from ${targetRows(table, scope)} t
                  where ${sql.join(targetWhere, sql` and `)}
                  group by 1, 2, 3`
              : sql`select null::text as key, null::text as entity, null::text as month, null::bigint as target
                  where false`
          }
        ),
        cells as (
          select key, entity, month, sum(spend) as spend, sum(orders) as orders, sum(revenue) as revenue,
            sum(target) as target
          from (
            select key, entity, month, spend, 0 as orders, 0 as revenue, null::bigint as target from spend
            union all select key, entity, month, 0, orders, revenue, null from sales
            union all select key, entity, month, 0, 0, 0, target from targets
          ) parts
          group by 1, 2, 3
        ),
        joined as (
          select key, coalesce(sum(spend), 0) as spend, coalesce(sum(orders), 0) as orders,
            coalesce(sum(revenue), 0) as revenue, sum(target) as target,
            coalesce(sum(revenue) filter (where target is not null), 0) as targeted_revenue
          from cells group by key
        )
        select j.key, ${sql.raw(g.label)} as label, ${measureColumns(definition, MEASURES)} from joined j`.execute(
        db,
      );
      return readAggregated(result.rows, definition);
    },
  };
}

/** Monthly: month × product or tribe against Monthly Target (the company's targets for a month row). */
export const monthlySource = targetsSource('monthly_targets', 'company');

/** Tribe X Mayar: tribe × month against Tribe Targets. */
export const tribeSource = targetsSource('tribe_targets', 'tribe');
