import {
  REPORT_DEFINITIONS,
  type ReportDefinition,
  type ReportId,
  type ReportQuery,
  type ReportResponse,
  type ReportRow,
} from '@staff/console-contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { refreshSalesRollup } from './rollup.js';

/** The reports this engine answers; the others are defined in the contract but have no data source yet. */
export const SERVED_REPORTS: readonly ReportId[] = ['ads-x-mayar', 'adset', 'ad-aggregated', 'overall'];

type Group = 'campaign' | 'adset' | 'ad' | 'day' | 'total';

interface GroupSql {
  /** Key and label over ad_insights_daily `i`. */
  adKey: string;
  adLabel: string;
  /** Key over report_sales_daily `s` (joined to `ads` as `a` when needed), or null when sales do not split so. */
  salesKey: string | null;
  salesJoinAds: boolean;
}

const GROUPS: Record<Group, GroupSql> = {
  campaign: {
    adKey: 'i.campaign_id',
    adLabel: 'max(i.campaign_name)',
    salesKey: 's.campaign_id',
    salesJoinAds: false,
  },
  adset: {
    adKey: "coalesce(i.adset_id, '')",
    adLabel: 'max(i.adset_name)',
    salesKey: "coalesce(a.adset_id, '')",
    salesJoinAds: true,
  },
  ad: { adKey: 'i.ad_id', adLabel: 'max(i.ad_name)', salesKey: 's.ad_id', salesJoinAds: false },
  day: {
    adKey: "to_char(i.date, 'YYYY-MM-DD')",
    adLabel: "to_char(min(i.date), 'YYYY-MM-DD')",
    salesKey: "to_char(s.day, 'YYYY-MM-DD')",
    salesJoinAds: false,
  },
  total: { adKey: "'total'", adLabel: "'Total'", salesKey: "'total'", salesJoinAds: false },
};

/** Measures as SQL over the summed columns of one group; ratios from sums, money rounded to whole rupiah. */
const MEASURES: Record<string, string> = {
  spend: 'spend',
  impressions: 'impressions',
  clicks: 'clicks',
  link_clicks: 'link_clicks',
  ctr: 'round(clicks * 100.0 / nullif(impressions, 0), 4)',
  cpc: 'round(spend::numeric / nullif(clicks, 0))',
  cpm: 'round(spend * 1000.0 / nullif(impressions, 0))',
  meta_purchases: 'meta_purchases',
  meta_purchase_value: 'meta_purchase_value',
  meta_roas: 'round(meta_purchase_value::numeric / nullif(spend, 0), 4)',
  orders: 'orders',
  revenue: 'revenue',
  real_roas: 'round(revenue::numeric / nullif(spend, 0), 4)',
  cpa: 'round(spend::numeric / nullif(orders, 0))',
  attribution_gap: 'orders - meta_purchases',
  aov: 'round(revenue::numeric / nullif(orders, 0))',
  gross_profit: 'revenue - spend',
};

export class ReportInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

interface Range {
  from: string;
  to: string;
}

interface Filters {
  campaign?: string | undefined;
  adset?: string | undefined;
  ad?: string | undefined;
  day?: string | undefined;
}

interface Aggregated {
  key: string;
  label: string | null;
  values: Record<string, number | null>;
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Whether sales count only when attributed to a campaign (ad reports) or all of them (the overall dashboard). */
function attributedOnly(definition: ReportDefinition) {
  return definition.id !== 'overall';
}

async function aggregate(
  db: Kysely<Database>,
  definition: ReportDefinition,
  group: Group,
  range: Range,
  filters: Filters,
): Promise<Aggregated[]> {
  const g = GROUPS[group];
  const adWhere = [sql`i.date between ${range.from}::date and ${range.to}::date`];
  const salesWhere = [sql`s.day between ${range.from}::date and ${range.to}::date`];
  if (attributedOnly(definition)) salesWhere.push(sql`s.campaign_id <> ''`);
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
  const salesKey = g.salesKey ?? "''";
  const measureList = definition.measures
    .map((measure) => MEASURES[measure.key] && `${MEASURES[measure.key]} as "${measure.key}"`)
    .filter(Boolean)
    .join(', ');
  const result = await sql<Record<string, unknown>>`
    with ad as (
      select ${sql.raw(g.adKey)} as key, ${sql.raw(g.adLabel)} as label,
        sum(i.spend) as spend, sum(i.impressions) as impressions, sum(i.clicks) as clicks,
        sum(i.inline_link_clicks) as link_clicks, sum(i.purchases) as meta_purchases,
        sum(i.purchase_value) as meta_purchase_value
      from ad_insights_daily i
      where ${sql.join(adWhere, sql` and `)}
      group by 1
    ),
    sales as (
      select ${sql.raw(salesKey)} as key, sum(s.orders) as orders, sum(s.revenue) as revenue
      from report_sales_daily s
      ${salesNeedAds ? sql`left join ads a on a.ad_id = s.ad_id` : sql``}
      where ${sql.join(salesWhere, sql` and `)}
      group by 1
    ),
    joined as (
      select coalesce(ad.key, sales.key) as key, ad.label,
        coalesce(ad.spend, 0) as spend, coalesce(ad.impressions, 0) as impressions,
        coalesce(ad.clicks, 0) as clicks, coalesce(ad.link_clicks, 0) as link_clicks,
        coalesce(ad.meta_purchases, 0) as meta_purchases, coalesce(ad.meta_purchase_value, 0) as meta_purchase_value,
        coalesce(sales.orders, 0) as orders, coalesce(sales.revenue, 0) as revenue
      from ad full outer join sales on sales.key = ad.key
      ${group === 'total' || group === 'day' || definition.id === 'overall' ? sql`` : sql`where ad.key is not null`}
    )
    select key, label, ${sql.raw(measureList)} from joined`.execute(db);
  return result.rows.map((row) => {
    const values: Record<string, number | null> = {};
    for (const measure of definition.measures) values[measure.key] = num(row[measure.key]);
    return { key: String(row.key), label: row.label === null ? null : String(row.label), values };
  });
}

/** The period of the same length just before the range. */
export function previousPeriod({ from, to }: Range): Range {
  const day = 86_400_000;
  const start = Date.parse(`${from}T00:00:00Z`);
  const length = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / day) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(start - length * day), to: iso(start - day) };
}

function delta(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (
    current === null ||
    current === undefined ||
    previous === null ||
    previous === undefined ||
    previous === 0
  )
    return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100 * 100) / 100;
}

function deltas(
  definition: ReportDefinition,
  current: Aggregated['values'],
  previous?: Aggregated['values'],
) {
  const out: Record<string, number | null> = {};
  for (const measure of definition.measures)
    out[measure.key] = delta(current[measure.key], previous?.[measure.key]);
  return out;
}

function sortRows(
  rows: ReportRow[],
  sort: string | undefined,
  definition: ReportDefinition,
  groupBy: string,
): ReportRow[] {
  // Rows by day or month read in time order unless a sort is asked for.
  const byTime = groupBy === 'day' || groupBy === 'month';
  const fallback = byTime ? { field: groupBy, direction: 'asc' } : definition.defaultSort;
  const field = sort ? sort.replace(/^-/, '') : fallback.field;
  const descending = sort ? sort.startsWith('-') : fallback.direction === 'desc';
  const direction = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a.values[field] ?? null;
    const y = b.values[field] ?? null;
    if (x === null || y === null) return x === y ? a.key.localeCompare(b.key) : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order === 0 ? a.key.localeCompare(b.key) : direction * order;
  });
}

/**
 * Runs a report: rows grouped by one dimension, totals over the whole filtered range (ratios from the sums), a
 * daily series for the chart and, when asked, the previous period of the same length with percent deltas.
 */
export async function runReport(
  db: Kysely<Database>,
  id: ReportId,
  query: ReportQuery,
): Promise<ReportResponse> {
  const definition = REPORT_DEFINITIONS[id];
  const dimensionKeys = definition.dimensions.map((dimension) => dimension.key);
  const groupBy = query.group_by ?? dimensionKeys[0]!;
  if (!dimensionKeys.includes(groupBy) || !(groupBy in GROUPS)) {
    throw new ReportInputError('group_by', `Expected one of: ${dimensionKeys.join(', ')}`);
  }
  if (query.sort) {
    const field = query.sort.replace(/^-/, '');
    if (!dimensionKeys.includes(field) && !definition.measures.some((measure) => measure.key === field)) {
      throw new ReportInputError('sort', `Unknown field ${field}`);
    }
  }
  const range = { from: query.from, to: query.to };
  const previous = query.compare === 'previous' ? previousPeriod(range) : undefined;
  await refreshSalesRollup(db, previous?.from ?? range.from, range.to);
  const filters: Filters = { campaign: query.campaign, adset: query.adset, ad: query.ad, day: query.day };
  const group = groupBy as Group;
  const [rows, totals, series] = await Promise.all([
    aggregate(db, definition, group, range, filters),
    aggregate(db, definition, 'total', range, filters),
    aggregate(db, definition, 'day', range, filters),
  ]);
  const [previousRows, previousTotals] = previous
    ? await Promise.all([
        aggregate(db, definition, group, previous, filters),
        aggregate(db, definition, 'total', previous, filters),
      ])
    : [undefined, undefined];
  const previousByKey = new Map(previousRows?.map((row) => [row.key, row.values]));
  const drillIndex = definition.drillPath.indexOf(groupBy);
  const drillable = drillIndex >= 0 && drillIndex < definition.drillPath.length - 1;
  const toRow = (row: Aggregated, before?: Aggregated['values']): ReportRow => ({
    key: row.key,
    values: { [groupBy]: row.label ?? row.key, [`${groupBy}_id`]: row.key, ...row.values },
    ...(previous ? { previous: before ?? {}, deltas: deltas(definition, row.values, before) } : {}),
    ...(drillable ? { drillable: true } : {}),
  });
  const total = totals[0] ?? { key: 'total', label: 'Total', values: emptyValues(definition) };
  const previousTotal =
    previousTotals?.[0] ??
    (previous ? { key: 'total', label: 'Total', values: emptyValues(definition) } : undefined);
  return {
    report: id,
    from: range.from,
    to: range.to,
    group_by: groupBy,
    rows: sortRows(
      rows.map((row) => toRow(row, previousByKey.get(row.key))),
      query.sort,
      definition,
      groupBy,
    ),
    totals: {
      key: 'total',
      values: total.values,
      ...(previous
        ? {
            previous: previousTotal?.values ?? {},
            deltas: deltas(definition, total.values, previousTotal?.values),
          }
        : {}),
    },
    series: series
      .sort((a, b) => a.key.localeCompare(b.key))
      .map((row) => ({ key: row.key, values: row.values })),
    ...(previous ? { previous_period: previous } : {}),
  };
}

function emptyValues(definition: ReportDefinition): Record<string, number | null> {
  const values: Record<string, number | null> = {};
  for (const measure of definition.measures)
    values[measure.key] = MEASURES[measure.key]?.includes('/') ? null : 0;
  return values;
}
