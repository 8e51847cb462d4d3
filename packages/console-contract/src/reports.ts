import { z } from './zod.js';
import type { PermissionKey } from './permissions.js';
import { unknownKeyError } from './entities/validation.js';

/**
 * The eight reports, each written once here: its dimensions, its measures with their formulas, the default period,
 * the drill path and the permissions. The server's engine, the report page and the exports are driven by these.
 * Formulas follow docs: ratios are computed from sums over the whole group (never averages of daily ratios),
 * reach is never summed across days, money is whole rupiah, days are Asia/Jakarta calendar days.
 */

export const REPORT_IDS = [
  'ads-x-mayar',
  'ad-creatives',
  'adset',
  'ad-aggregated',
  'monthly',
  'overall',
  'tribe-x-mayar',
  'kol-report',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export function isReportId(value: unknown): value is ReportId {
  return typeof value === 'string' && (REPORT_IDS as readonly string[]).includes(value);
}

export type ReportMeasureFormat = 'idr' | 'number' | 'decimal' | 'percent' | 'ratio';
export type ReportPeriodPreset =
  'today' | 'yesterday' | 'last7' | 'last14' | 'last30' | 'thisMonth' | 'lastMonth';

export interface ReportDimension {
  key: string;
  label: string;
}

export interface ReportMeasure {
  key: string;
  label: string;
  format: ReportMeasureFormat;
  /** The formula in words, over sums of the group: shown in the header and the export. */
  formula: string;
  /** Whether a rise is good news (revenue) or bad news (CPC, CPA). */
  trend: 'higher' | 'lower' | 'neutral';
}

export interface ReportChart {
  kind: 'line' | 'bar' | 'combo' | 'funnel';
  /** What the categories are: the day, the month, or the report's grouping. */
  by: 'day' | 'month' | 'group';
  measures: string[];
  /** A chart by group ranks its groups by this measure, highest first, whatever order the table is in. */
  rank?: string;
}

export interface ReportDefinition {
  id: ReportId;
  title: string;
  /** Every key is needed (the KOL report also needs finance_kol_report). Read access is enough: reports change nothing. */
  permissions: PermissionKey[];
  /** What a row can be grouped by; the first is the default. */
  dimensions: ReportDimension[];
  measures: ReportMeasure[];
  /** Measures shown as KPI cards above the chart. */
  kpis: string[];
  defaultPeriod: ReportPeriodPreset;
  /** Dimension keys from coarse to fine; expanding a row filters on it and groups by the next key. */
  drillPath: string[];
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  chart: ReportChart;
  /** What the report answers and how its figures are reached, shown under its title. */
  help?: string;
}

const m = (
  key: string,
  label: string,
  format: ReportMeasureFormat,
  formula: string,
  trend: ReportMeasure['trend'] = 'higher',
): ReportMeasure => ({ key, label, format, formula, trend });

// Shared measures.
const SPEND = m('spend', 'Spend', 'idr', 'sum of Meta spend', 'neutral');
const IMPRESSIONS = m('impressions', 'Impressions', 'number', 'sum of impressions');
// An export with "Link clicks" only carries no Clicks (all): such rows are unknown, left out of the "(all)" family's
// sums and of its denominators (not counted as 0 clicks).
const CLICKS = m(
  'clicks',
  'Clicks (all)',
  'number',
  'sum of clicks (all) over the rows that carry them; "-" when none does',
);
const LINK_CLICKS = m('link_clicks', 'Link clicks', 'number', 'sum of inline link clicks');
// Meta's two click families, named as Ads Manager names them: the link-click ones are the reports' default.
const CTR = m('ctr', 'CTR (link click-through rate)', 'percent', 'link clicks / impressions × 100');
const CPC = m('cpc', 'CPC (cost per link click)', 'idr', 'spend / link clicks', 'lower');
const CTR_ALL = m(
  'ctr_all',
  'CTR (all)',
  'percent',
  'clicks (all) / impressions × 100, both over the rows that carry clicks (all)',
);
const CPC_ALL = m(
  'cpc_all',
  'CPC (all)',
  'idr',
  'spend / clicks (all), both over the rows that carry clicks (all)',
  'lower',
);
/** Clicks of every kind (likes, profile, expand) and their ratios: after a report's own measures. */
const ALL_CLICKS = [CLICKS, CTR_ALL, CPC_ALL];
const CPM = m('cpm', 'CPM', 'idr', 'spend / impressions × 1000', 'lower');
const META_PURCHASES = m(
  'meta_purchases',
  'Meta purchases',
  'number',
  'sum of Meta purchases (action type purchase)',
);
const META_VALUE = m('meta_purchase_value', 'Meta purchase value', 'idr', 'sum of Meta purchase value');
const META_ROAS = m('meta_roas', 'Meta ROAS', 'ratio', 'Meta purchase value / spend');
const ORDERS = m('orders', 'Mayar orders', 'number', 'paid Mayar purchases');
const REVENUE = m('revenue', 'Mayar revenue', 'idr', 'sum of paid Mayar amounts');
const REAL_ROAS = m('real_roas', 'Real ROAS', 'ratio', 'Mayar revenue / spend');
const CPA = m('cpa', 'CPA', 'idr', 'spend / Mayar orders', 'lower');
const GAP = m('attribution_gap', 'Attribution gap', 'number', 'Mayar orders − Meta purchases', 'neutral');
const AOV = m('aov', 'AOV', 'idr', 'Mayar revenue / Mayar orders');
const GROSS_PROFIT = m('gross_profit', 'Gross profit', 'idr', 'Mayar revenue − spend');
const TARGET = m(
  'target',
  'Target',
  'idr',
  'sum of the revenue targets of what the row measures, for the months the range touches',
  'neutral',
);
const ACHIEVEMENT = m(
  'achievement',
  'Achievement',
  'percent',
  'Mayar revenue that has a target / target × 100',
);
const TARGET_GAP = m(
  'target_gap',
  'Gap to target',
  'idr',
  'target − Mayar revenue that has a target',
  'lower',
);

const d = (key: string, label: string): ReportDimension => ({ key, label });
const CAMPAIGN = d('campaign', 'Campaign');
const ADSET = d('adset', 'Ad set');
const AD = d('ad', 'Ad');
const DAY = d('day', 'Day');
const MONTH = d('month', 'Month');
const PRODUCT = d('product', 'Product');
const TRIBE = d('tribe', 'Tribe');

/** A definition whose id is its key; the ad reports need ad_daily_tracker alone. */
const report = (
  id: ReportId,
  title: string,
  permissions: PermissionKey[],
  view: Omit<ReportDefinition, 'id' | 'title' | 'permissions'>,
): ReportDefinition => ({ id, title, permissions, ...view });
/** The measures of the reports read per ad set or ad from Meta alone (Adset, Ad Aggregated), in their column order. */
const META_AD_MEASURES = [
  SPEND,
  IMPRESSIONS,
  LINK_CLICKS,
  CTR,
  CPC,
  CPM,
  META_PURCHASES,
  META_VALUE,
  META_ROAS,
  ...ALL_CLICKS,
];

const adReport = (
  id: ReportId,
  title: string,
  view: Omit<ReportDefinition, 'id' | 'title' | 'permissions'>,
) => report(id, title, ['ad_daily_tracker'], view);

/**
 * How a report opens: its period, its drill path, and its sort written as the query's `sort` is (`-spend` is
 * spend, highest first).
 */
const opensOn = (
  defaultPeriod: ReportPeriodPreset,
  drillPath: string[],
  sort: string,
): Pick<ReportDefinition, 'defaultPeriod' | 'drillPath' | 'defaultSort'> => ({
  defaultPeriod,
  drillPath,
  defaultSort: sort.startsWith('-')
    ? { field: sort.slice(1), direction: 'desc' }
    : { field: sort, direction: 'asc' },
});

const TARGETS_HELP =
  'Revenue against the targets of what each row measures: a product row its product’s Monthly Target, a tribe ' +
  'row its tribe’s, a month row the company targets of that month. A month the range touches counts with its ' +
  'whole target. Achievement and the gap count only the revenue that has a target, so the totals are the sums ' +
  'of their rows.';
const TRIBE_HELP =
  'Spend and revenue reach a tribe by the same path: the product’s tribe (the campaign’s product for spend, ' +
  'the purchase’s product for revenue), else the campaign’s tribe. Targets are Tribe Targets; achievement and ' +
  'the gap count only the revenue of tribes with a target, so the totals are the sums of their rows.';

export const REPORT_DEFINITIONS: Readonly<Record<ReportId, ReportDefinition>> = {
  'ads-x-mayar': adReport('ads-x-mayar', 'Ads X Mayar Report', {
    dimensions: [CAMPAIGN, ADSET, AD, PRODUCT, DAY],
    // The Mayar half first, beside spend: revenue, orders and real ROAS stay in view at 1440 px without
    // scrolling sideways (the first column is pinned); Meta's own figures follow.
    measures: [
      SPEND,
      REVENUE,
      ORDERS,
      REAL_ROAS,
      CPA,
      META_PURCHASES,
      META_VALUE,
      META_ROAS,
      GAP,
      IMPRESSIONS,
      LINK_CLICKS,
      CTR,
      CPC,
      CPM,
      ...ALL_CLICKS,
    ],
    kpis: ['spend', 'revenue', 'real_roas', 'orders'],
    ...opensOn('last7', ['campaign', 'adset', 'ad'], '-spend'),
    chart: { kind: 'combo', by: 'day', measures: ['spend', 'revenue'] },
  }),
  'ad-creatives': adReport('ad-creatives', 'Ad Creative Report', {
    dimensions: [d('creative', 'Creative'), d('hook', 'Hook')],
    measures: [
      SPEND,
      CTR,
      CPC,
      CPM,
      m('hook_rate', 'Hook rate', 'percent', '3-second video views / impressions × 100'),
      ORDERS,
      REVENUE,
      REAL_ROAS,
      CTR_ALL,
      CPC_ALL,
    ],
    kpis: ['spend', 'ctr', 'real_roas'],
    ...opensOn('last7', [], '-spend'),
    chart: { kind: 'bar', by: 'group', measures: ['real_roas'] },
  }),
  adset: adReport('adset', 'Adset Report', {
    dimensions: [ADSET, DAY],
    measures: META_AD_MEASURES,
    kpis: ['spend', 'ctr', 'meta_roas'],
    ...opensOn('last7', ['adset', 'day'], '-spend'),
    chart: { kind: 'line', by: 'day', measures: ['spend'] },
  }),
  'ad-aggregated': adReport('ad-aggregated', 'Ad Aggregated Report', {
    dimensions: [AD],
    measures: META_AD_MEASURES,
    kpis: ['spend', 'link_clicks', 'meta_roas'],
    ...opensOn('last30', [], '-spend'),
    chart: { kind: 'bar', by: 'group', measures: ['spend'] },
  }),
  monthly: adReport('monthly', 'Monthly Report', {
    dimensions: [MONTH, PRODUCT, TRIBE],
    measures: [SPEND, ORDERS, REVENUE, REAL_ROAS, TARGET, ACHIEVEMENT],
    kpis: ['revenue', 'target', 'achievement'],
    ...opensOn('thisMonth', ['month', 'product'], '-revenue'),
    chart: { kind: 'bar', by: 'month', measures: ['revenue', 'target'] },
    help: TARGETS_HELP,
  }),
  overall: adReport('overall', 'Overall Dashboard', {
    dimensions: [DAY, PRODUCT, CAMPAIGN],
    measures: [SPEND, REVENUE, REAL_ROAS, ORDERS, AOV, GROSS_PROFIT],
    kpis: ['spend', 'revenue', 'real_roas', 'orders', 'aov', 'gross_profit'],
    ...opensOn('last30', [], 'day'),
    chart: { kind: 'combo', by: 'day', measures: ['spend', 'revenue'] },
  }),
  'tribe-x-mayar': adReport('tribe-x-mayar', 'Tribe X Mayar Report', {
    dimensions: [TRIBE, MONTH],
    measures: [REVENUE, SPEND, REAL_ROAS, TARGET, ACHIEVEMENT, TARGET_GAP],
    kpis: ['revenue', 'real_roas', 'achievement'],
    ...opensOn('thisMonth', ['tribe', 'month'], '-revenue'),
    chart: { kind: 'bar', by: 'group', measures: ['revenue', 'target'] },
    help: TRIBE_HELP,
  }),
  'kol-report': report('kol-report', 'KOL Report', ['ad_daily_tracker', 'finance_kol_report'], {
    dimensions: [d('creator', 'Creator'), d('project', 'Project'), d('platform', 'Platform')],
    measures: [
      m('fee', 'Fee', 'idr', 'sum of project fees', 'neutral'),
      m('views', 'Views', 'number', 'sum of views'),
      m('reach', 'Reach', 'number', 'reach per project (never summed across days)'),
      m(
        'engagement_rate',
        'Engagement rate',
        'percent',
        '(likes + comments + shares + saves) / views × 100, each post’s interactions counted up to its views (at most 100 %)',
      ),
      m('cpm', 'CPM', 'idr', 'fee / views × 1000', 'lower'),
      m('cpv', 'CPV', 'idr', 'fee / views', 'lower'),
      m('cpe', 'CPE', 'idr', 'fee / (likes + comments + shares + saves)', 'lower'),
      m(
        'orders',
        'Orders',
        'number',
        'paid Mayar purchases with the project’s voucher code, else its UTM campaign, from the post date',
      ),
      m('revenue', 'Revenue', 'idr', 'sum of those purchases’ amounts'),
      m('roas', 'ROAS', 'ratio', 'revenue / fee'),
      m('roi', 'ROI', 'percent', '(revenue − fee) / fee × 100'),
    ],
    kpis: ['fee', 'revenue', 'roas'],
    ...opensOn('last30', ['creator', 'project'], '-roi'),
    chart: { kind: 'bar', by: 'group', measures: ['roi'], rank: 'roi' },
    help:
      'Which creator pays back. A paid Mayar purchase counts for a project when it carries the project’s voucher ' +
      'code, else when its UTM campaign is the one of the project’s UTM link, from the post date to the end of ' +
      'the range; a purchase counts for one project only (the voucher wins). Purchases of the project’s product ' +
      'without either are not counted. ROI above 0 % pays back.',
  }),
};

export const isoDay = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a day as YYYY-MM-DD'),
  z.refine((value) => {
    // An impossible day (2026-13-45) is an invalid Date whose toISOString throws; year 0 PostgreSQL refuses.
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && value >= '0001-01-01' && day.toISOString().slice(0, 10) === value;
  }, 'Not a calendar day'),
);

const groupByKey = z.string().check(z.regex(/^[a-z_]+$/, 'Expected a dimension key'));
/** A measure or dimension key, `-` first for descending. */
const sortKey = z.string().check(z.regex(/^-?[a-z_]+$/, 'Expected a field key, optionally after -'));

/** `GET /api/reports/:id` query. Filters are dimension values (`campaign`, `adset`, …) the rows must match. */
export const reportQuerySchema = z
  .object({
    from: isoDay,
    to: isoDay,
    compare: z.optional(z.enum(['previous'])),
    group_by: z.optional(groupByKey),
    sort: z.optional(sortKey),
    format: z._default(z.enum(['json', 'csv', 'xlsx']), 'json'),
    campaign: z.optional(z.string().check(z.maxLength(200))),
    adset: z.optional(z.string().check(z.maxLength(200))),
    ad: z.optional(z.string().check(z.maxLength(200))),
    day: z.optional(isoDay),
    product: z.optional(z.string().check(z.maxLength(200))),
    month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month as YYYY-MM'))),
    tribe: z.optional(z.string().check(z.maxLength(200))),
    creative: z.optional(z.string().check(z.maxLength(200))),
    hook: z.optional(z.string().check(z.maxLength(300))),
    creator: z.optional(z.string().check(z.maxLength(200))),
    project: z.optional(z.string().check(z.maxLength(200))),
    platform: z.optional(z.string().check(z.maxLength(40))),
  })
  .check(
    z.refine((query) => query.from <= query.to, { path: ['to'], message: 'Must not be before from' }),
    z.refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 <= 366, {
      path: ['to'],
      message: 'A report covers at most 367 days',
    }),
  );
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const reportValue = z.union([z.string(), z.number(), z.null()]);
const reportValues = z.record(z.string(), reportValue);

export const reportRowSchema = z.object({
  /** The group's key (an id, a day); the label is in `values`. */
  key: z.string(),
  values: reportValues,
  previous: z.optional(reportValues),
  /** Percent change per measure against the previous period; null when there is nothing to compare. */
  deltas: z.optional(z.record(z.string(), z.nullable(z.number()))),
  /** Whether the next level of the drill path exists for this row. */
  drillable: z.optional(z.boolean()),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportResponseSchema = z.object({
  report: z.string(),
  from: z.string(),
  to: z.string(),
  group_by: z.string(),
  rows: z.array(reportRowSchema),
  /** Totals over every row, ratios from the sums. */
  totals: reportRowSchema,
  /** Figures per day (or month) of the range for the chart. */
  series: z.array(z.object({ key: z.string(), values: reportValues })),
  previous_period: z.optional(z.object({ from: z.string(), to: z.string() })),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** A saved report view: the address's view parameters (range or preset, grouping, sort, comparison). */
export const reportViewParamsSchema = z.strictObject(
  {
    range: z.optional(z.enum(['today', 'yesterday', 'last7', 'last14', 'last30', 'thisMonth', 'lastMonth'])),
    from: z.optional(isoDay),
    to: z.optional(isoDay),
    group_by: z.optional(groupByKey),
    sort: z.optional(sortKey),
    compare: z.optional(z.enum(['previous'])),
  },
  { error: unknownKeyError },
);
export type ReportViewParams = z.infer<typeof reportViewParamsSchema>;

export const reportViewCreateSchema = z.strictObject(
  {
    name: z
      .string({ error: 'Name is required' })
      .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(80, 'Must be at most 80 characters')),
    shared: z._default(z.boolean({ error: 'Must be true or false' }), false),
    params: reportViewParamsSchema,
  },
  { error: unknownKeyError },
);
export type ReportViewCreate = z.infer<typeof reportViewCreateSchema>;

export const savedReportViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  shared: z.boolean(),
  /** Whether the caller owns it (only the owner deletes it). */
  mine: z.boolean(),
  owner: z.string(),
  params: reportViewParamsSchema,
});
export type SavedReportView = z.infer<typeof savedReportViewSchema>;
