import type { MeasureFormat } from '../DeltaChip/formatMeasure.js';

/** What a chart draws, and how each series is drawn: shared by the option builder and its description. */
export type ChartKind = 'line' | 'bar' | 'combo' | 'funnel';

export interface ChartSeries {
  name: string;
  /** One value per category; null where there is no figure. */
  data: Array<number | null>;
  /** Combo charts: bars on the left axis, lines on the right (or as given). */
  type?: 'line' | 'bar';
  axis?: 'left' | 'right';
  format?: MeasureFormat;
}

export interface ChartData {
  kind: ChartKind;
  label: string;
  categories: string[];
  series: ChartSeries[];
}

/** A combo series' side: the first on the left axis, the others on the right, unless it says. */
export const comboSide = (s: ChartSeries, index: number) => s.axis ?? (index === 0 ? 'left' : 'right');

/**
 * The value axis a combo series is measured on: amounts in one unit share one axis (spend bars and revenue line
 * both in rupiah on the left, so a day's spend is never drawn above a larger revenue); a series in another unit
 * (a ROAS ratio) gets the right axis. A series' own `axis` wins.
 */
export const comboAxis = (series: readonly ChartSeries[], s: ChartSeries, index: number) =>
  s.axis ?? (index === 0 || (s.format ?? 'number') === (series[0]?.format ?? 'number') ? 'left' : 'right');

/** The ECharts series type a series is drawn as: a combo's bars on the left, lines on the right. */
export function seriesTypeOf(kind: ChartKind, s: ChartSeries, index: number): string {
  if (kind !== 'combo') return kind;
  return s.type ?? (comboSide(s, index) === 'left' ? 'bar' : 'line');
}
