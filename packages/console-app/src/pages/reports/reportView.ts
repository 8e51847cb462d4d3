import type { ReportDefinition, ReportRow } from '@staff/console-contract';
import { dateRangeFromPreset, type DateRangePickerValue } from '@staff/console-ui';
import type { ReportQueryInput } from '../../api/reports.js';

/** The view of a report, kept in the address: range, grouping, sort, comparison and a chart filter. */
export interface ReportView {
  range: DateRangePickerValue;
  groupBy: string;
  sort: string | null;
  compare: boolean;
  /** A day picked on the chart: filters the table. */
  day: string | null;
}

const PRESETS = ['today', 'yesterday', 'last7', 'last14', 'last30', 'thisMonth', 'lastMonth'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readReportView(
  params: URLSearchParams,
  definition: ReportDefinition,
  now?: Date,
): ReportView {
  const preset = params.get('range');
  const from = params.get('from');
  const to = params.get('to');
  let range: DateRangePickerValue;
  if (preset && (PRESETS as readonly string[]).includes(preset)) {
    range = dateRangeFromPreset(preset as (typeof PRESETS)[number], now);
  } else if (from && to && DAY.test(from) && DAY.test(to) && from <= to) {
    range = { preset: 'custom', from, to };
  } else {
    range = dateRangeFromPreset(definition.defaultPeriod, now);
  }
  const groupBy = params.get('group_by');
  const day = params.get('day');
  return {
    range,
    groupBy:
      groupBy && definition.dimensions.some((d) => d.key === groupBy)
        ? groupBy
        : definition.dimensions[0]!.key,
    sort: params.get('sort'),
    compare: params.get('compare') === 'previous',
    day: day && DAY.test(day) ? day : null,
  };
}

export function writeReportView(view: ReportView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.range.preset === 'custom') {
    params.set('from', view.range.from);
    params.set('to', view.range.to);
  } else params.set('range', view.range.preset);
  params.set('group_by', view.groupBy);
  if (view.sort) params.set('sort', view.sort);
  if (view.compare) params.set('compare', 'previous');
  if (view.day) params.set('day', view.day);
  return params;
}

/** The server query of a view (plus drill filters of a parent row). */
export function reportQuery(
  view: ReportView,
  extra: Record<string, string> = {},
  format?: 'csv' | 'xlsx',
): ReportQueryInput {
  return {
    from: view.range.from,
    to: view.range.to,
    group_by: view.groupBy,
    ...(view.sort ? { sort: view.sort } : {}),
    ...(view.compare ? { compare: 'previous' as const } : {}),
    ...(view.day ? { day: view.day } : {}),
    ...(format ? { format } : {}),
    ...extra,
  };
}

/**
 * The groups a chart by group shows: the first `limit` rows in the table's order, or, for a ranked chart, the
 * `limit` highest by its rank measure (which creator pays back first), whatever order the table is in.
 */
export function chartGroups(
  definition: ReportDefinition,
  rows: readonly ReportRow[],
  limit: number,
): ReportRow[] {
  const rank = definition.chart.rank;
  if (!rank) return rows.slice(0, limit);
  return rows
    .filter((row) => typeof row.values[rank] === 'number')
    .sort((a, b) => Number(b.values[rank]) - Number(a.values[rank]) || a.key.localeCompare(b.key))
    .slice(0, limit);
}
