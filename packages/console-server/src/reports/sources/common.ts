import type { ReportDefinition } from '@staff/console-contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface Range {
  from: string;
  to: string;
}

/** Dimension values a report's rows must match (the drill path's parents, a chart click). */
export interface Filters {
  campaign?: string | undefined;
  adset?: string | undefined;
  ad?: string | undefined;
  day?: string | undefined;
  product?: string | undefined;
  month?: string | undefined;
  tribe?: string | undefined;
  creative?: string | undefined;
  hook?: string | undefined;
  creator?: string | undefined;
  project?: string | undefined;
  platform?: string | undefined;
}

export interface Aggregated {
  key: string;
  label: string | null;
  values: Record<string, number | null>;
  /** Text shown beside the label (a creative's thumbnail, a creator's platform). */
  attributes?: Record<string, string | null>;
}

export interface SourceContext {
  definition: ReportDefinition;
  /** The grouping the page asked for: the totals of target reports follow its target scope. */
  groupBy: string;
}

/** One data source of the engine: sums the base columns per group and derives the measures in SQL. */
export interface ReportSource {
  /** Groups it can answer besides `total` (always answered). */
  groups: readonly string[];
  /** Measure SQL over the summed columns of one group (ratios from sums, money in whole rupiah). */
  measures: Record<string, string>;
  aggregate(
    db: Kysely<Database>,
    group: string,
    range: Range,
    filters: Filters,
    context: SourceContext,
  ): Promise<Aggregated[]>;
}

/** Measures shared by the sources that read spend, clicks and sales. */
export const AD_MEASURES: Record<string, string> = {
  spend: 'spend',
  impressions: 'impressions',
  // Clicks (all) of the rows that carry them (null: none does, shown "-"); their ratios divide by those rows'
  // impressions and spend only, so rows imported without the column count neither as 0 clicks nor in the base.
  clicks: 'clicks',
  link_clicks: 'link_clicks',
  // Meta's link-click family (the default), then clicks of every kind ("(all)").
  ctr: 'round(link_clicks * 100.0 / nullif(impressions, 0), 4)',
  cpc: 'round(spend::numeric / nullif(link_clicks, 0))',
  ctr_all: 'round(clicks * 100.0 / nullif(clicks_impressions, 0), 4)',
  cpc_all: 'round(clicks_spend::numeric / nullif(clicks, 0))',
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

/** `expr as "key", …` for the definition's measures this source knows. */
export function measureColumns(
  definition: ReportDefinition,
  measures: Record<string, string>,
): RawBuilder<unknown> {
  return sql.raw(
    definition.measures
      .filter((measure) => measures[measure.key])
      .map((measure) => `${measures[measure.key]} as "${measure.key}"`)
      .join(', '),
  );
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Rows of `select key, label, <measures>[, attributes]` as the engine's groups. */
export function readAggregated(
  rows: Record<string, unknown>[],
  definition: ReportDefinition,
  attributes: readonly string[] = [],
): Aggregated[] {
  return rows.map((row) => {
    const values: Record<string, number | null> = {};
    for (const measure of definition.measures) values[measure.key] = num(row[measure.key]);
    const extra: Record<string, string | null> = {};
    for (const name of attributes)
      extra[name] = row[name] === null || row[name] === undefined ? null : String(row[name]);
    return {
      key: String(row.key),
      label: row.label === null || row.label === undefined ? null : String(row.label),
      values,
      ...(attributes.length > 0 ? { attributes: extra } : {}),
    };
  });
}

/** The first and last month (YYYY-MM) a range of days touches. */
export function monthsOf(range: Range): { from: string; to: string } {
  return { from: range.from.slice(0, 7), to: range.to.slice(0, 7) };
}

/** The range narrowed to one month (a drill from a month row), or null when they do not meet. */
export function withinMonth(range: Range, month: string | undefined): Range | null {
  if (month === undefined) return range;
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  const from = range.from > `${month}-01` ? range.from : `${month}-01`;
  const end = `${month}-${String(last).padStart(2, '0')}`;
  const to = range.to < end ? range.to : end;
  return from <= to ? { from, to } : null;
}

export class ReportInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A filter that names a row by its numeric id (products, tribes, creators, projects). */
export function idFilter(
  filters: Filters,
  field: 'product' | 'tribe' | 'creator' | 'project',
): string | undefined {
  const value = filters[field];
  if (value === undefined) return undefined;
  if (!/^\d{1,18}$/.test(value)) throw new ReportInputError(field, 'Expected a numeric id');
  return value;
}
