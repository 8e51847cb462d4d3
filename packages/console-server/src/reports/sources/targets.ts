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

const MEASURES: Record<string, string> = {
  ...AD_MEASURES,
  target: 'target',
  achievement: 'round(revenue * 100.0 / nullif(target, 0), 2)',
  target_gap: 'target - revenue',
};

type Scope = 'company' | 'product' | 'tribe';

/**
 * Key and label per group. Spend is read through the campaign's product (Ad Campaign Admin: `ac`, `pr`), its
 * tribe being the campaign's or else the product's; sales through their product (`sp`) and its tribe.
 */
const GROUPS: Record<string, { spend: string; sales: string; label: string }> = {
  month: {
    spend: "to_char(i.date, 'YYYY-MM')",
    sales: "to_char(s.day, 'YYYY-MM')",
    label: 'k.key',
  },
  product: {
    spend: 'coalesce(ac.product_id, 0)::text',
    sales: 's.product_key::text',
    label: "coalesce((select name from products where id = k.key::bigint), '(no product)')",
  },
  tribe: {
    spend: 'coalesce(ac.tribe_id, pr.tribe_id, 0)::text',
    sales: 'coalesce(sp.tribe_id, 0)::text',
    label: "coalesce((select name from tribes where id = k.key::bigint), '(no tribe)')",
  },
  day: {
    spend: "to_char(i.date, 'YYYY-MM-DD')",
    sales: "to_char(s.day, 'YYYY-MM-DD')",
    label: 'k.key',
  },
  total: { spend: "'total'", sales: "'total'", label: "'Total'" },
};

/**
 * The targets as (period, product, tribe, revenue) rows: the Monthly report reads Monthly Target at one scope,
 * Tribe X Mayar reads Tribe Targets.
 */
function targetRows(table: 'monthly_targets' | 'tribe_targets', scope: Scope): RawBuilder<unknown> {
  if (table === 'tribe_targets')
    return sql`(select period, null::bigint as product_id, tribe_id, target_revenue from tribe_targets)`;
  if (scope === 'product')
    return sql`(select t.period, t.product_id, p.tribe_id, t.target_revenue
      from monthly_targets t join products p on p.id = t.product_id where t.scope = 'product')`;
  return sql`(select period, null::bigint as product_id, tribe_id, target_revenue
    from monthly_targets where scope = ${scope})`;
}

/**
 * Which targets a group is measured against: a product row against its product's target, a tribe row its
 * tribe's; a month row (and the totals) against the finest scope the grouping or the filters name, else the
 * report's own (the company's for Monthly, the tribes' for Tribe X Mayar).
 */
function scopeOf(group: string, groupBy: string, filters: Filters, fallback: Scope): Scope {
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
        spendWhere.push(sql`coalesce(ac.tribe_id, pr.tribe_id, 0) = ${tribe}::bigint`);
        salesWhere.push(sql`coalesce(sp.tribe_id, 0) = ${tribe}::bigint`);
        targetWhere.push(sql`t.tribe_id = ${tribe}::bigint`);
      }
      if (filters.day !== undefined) {
        spendWhere.push(sql`i.date = ${filters.day}::date`);
        salesWhere.push(sql`s.day = ${filters.day}::date`);
      }
      const scope = scopeOf(group, groupBy, filters, fallback);
      // A day has no target; months, products, tribes and the totals do.
      const targetKey =
        group === 'day'
          ? null
          : group === 'month'
            ? sql.raw('t.period')
            : group === 'total'
              ? sql.raw("'total'")
              : sql.raw(`coalesce(t.${group}_id, 0)::text`);
      const result = await sql<Record<string, unknown>>`
        with spend as (
          select ${sql.raw(g.spend)} as key, sum(i.spend) as spend
          from ad_insights_daily i
          left join ad_campaigns ac on ac.campaign_id = i.campaign_id and ac.deleted_at is null
          left join products pr on pr.id = ac.product_id
          where ${sql.join(spendWhere, sql` and `)}
          group by 1
        ),
        sales as (
          select ${sql.raw(g.sales)} as key, sum(s.orders) as orders, sum(s.revenue) as revenue
          from report_sales_daily s
          left join products sp on sp.id = s.product_key
          where ${sql.join(salesWhere, sql` and `)}
          group by 1
        ),
        targets as (
          ${
            targetKey
              ? sql`select ${targetKey} as key, sum(t.target_revenue) as target
                  from ${targetRows(table, scope)} t
                  where ${sql.join(targetWhere, sql` and `)}
                  group by 1`
              : sql`select null::text as key, null::bigint as target where false`
          }
        ),
        k as (select key from spend union select key from sales union select key from targets),
        joined as (
          select k.key, ${sql.raw(g.label)} as label,
            coalesce(spend.spend, 0) as spend, coalesce(sales.orders, 0) as orders,
            coalesce(sales.revenue, 0) as revenue, targets.target
          from k
          left join spend on spend.key = k.key
          left join sales on sales.key = k.key
          left join targets on targets.key = k.key
        )
        select key, label, ${measureColumns(definition, MEASURES)} from joined`.execute(db);
      return readAggregated(result.rows, definition);
    },
  };
}

/** Monthly: month × product or tribe against Monthly Target (the company's target for a month row). */
export const monthlySource = targetsSource('monthly_targets', 'company');

/** Tribe X Mayar: tribe × month against Tribe Targets. */
export const tribeSource = targetsSource('tribe_targets', 'tribe');
