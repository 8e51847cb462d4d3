import {
  REPORT_DEFINITIONS,
  type ReportDefinition,
  type ReportId,
  type ReportQuery,
  type ReportResponse,
  type ReportRow,
} from '@staff/console-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { refreshDirtyDays } from './rollup.js';

import { adsSource } from './sources/ads.js';
import {
  ReportInputError,
  withinMonth,
  type Aggregated,
  type Filters,
  type Range,
  type ReportSource,
} from './sources/common.js';
import { creativesSource } from './sources/creatives.js';
import { kolSource } from './sources/kol.js';
import { monthlySource, tribeSource } from './sources/targets.js';

export { ReportInputError };

/** Where each report's figures come from. */
const SOURCES: Record<ReportId, ReportSource> = {
  'ads-x-mayar': adsSource,
  adset: adsSource,
  'ad-aggregated': adsSource,
  overall: adsSource,
  'ad-creatives': creativesSource,
  monthly: monthlySource,
  'tribe-x-mayar': tribeSource,
  'kol-report': kolSource,
};

/** The reports this engine answers: all of the contract's. */
export const SERVED_REPORTS: readonly ReportId[] = Object.keys(SOURCES) as ReportId[];

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
  const source = SOURCES[id];
  const dimensionKeys = definition.dimensions.map((dimension) => dimension.key);
  const groupBy = query.group_by ?? dimensionKeys[0]!;
  if (!dimensionKeys.includes(groupBy) || !source.groups.includes(groupBy)) {
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
  // The rollups are current but for the days the intake marked dirty (ADR 023).
  await refreshDirtyDays(db, previous?.from ?? range.from, range.to);
  const filters: Filters = {
    campaign: query.campaign,
    adset: query.adset,
    ad: query.ad,
    day: query.day,
    product: query.product,
    month: query.month,
    tribe: query.tribe,
    creative: query.creative,
    hook: query.hook,
    creator: query.creator,
    project: query.project,
    platform: query.platform,
  };
  const context = { definition, groupBy };
  // A month filter (a drill from a month row) narrows the days; a month outside the range has no rows.
  const run = async (group: string, over: Range): Promise<Aggregated[]> => {
    const days = withinMonth(over, filters.month);
    return days ? source.aggregate(db, group, days, filters, context) : [];
  };
  const seriesGroup = definition.chart.by === 'month' ? 'month' : 'day';
  const [rows, totals, series] = await Promise.all([
    run(groupBy, range),
    run('total', range),
    run(seriesGroup, range),
  ]);
  const [previousRows, previousTotals] = previous
    ? await Promise.all([run(groupBy, previous), run('total', previous)])
    : [undefined, undefined];
  const previousByKey = new Map(previousRows?.map((row) => [row.key, row.values]));
  const drillIndex = definition.drillPath.indexOf(groupBy);
  const drillable = drillIndex >= 0 && drillIndex < definition.drillPath.length - 1;
  const toRow = (row: Aggregated, before?: Aggregated['values']): ReportRow => ({
    key: row.key,
    values: { [groupBy]: row.label ?? row.key, [`${groupBy}_id`]: row.key, ...row.attributes, ...row.values },
    ...(previous ? { previous: before ?? {}, deltas: deltas(definition, row.values, before) } : {}),
    // The row of sales attributed above this level (no ad set, no ad) has nothing below it.
    ...(drillable && row.key !== '' ? { drillable: true } : {}),
  });
  const total = totals[0] ?? { key: 'total', label: 'Total', values: emptyValues(definition, source) };
  const previousTotal =
    previousTotals?.[0] ??
    (previous ? { key: 'total', label: 'Total', values: emptyValues(definition, source) } : undefined);
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

/** Totals of a range with no data: sums are 0, ratios (and targets, which may not exist) are null. */
function emptyValues(definition: ReportDefinition, source: ReportSource): Record<string, number | null> {
  const values: Record<string, number | null> = {};
  for (const measure of definition.measures) {
    const formula = source.measures[measure.key] ?? '';
    values[measure.key] = formula.includes('/') || formula.includes('target') ? null : 0;
  }
  return values;
}
