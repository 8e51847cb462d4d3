import { formatMeasure, type MeasureFormat } from '../DeltaChip/formatMeasure.js';
import { CHART_ARIA_EN, chartDescription, type ChartAriaTexts } from './chartAria.js';
import { comboAxis, seriesTypeOf, type ChartData } from './chartData.js';

export { seriesTypeOf, type ChartData, type ChartKind, type ChartSeries } from './chartData.js';

// The option object stays loosely typed here: ECharts' full option types would pull the whole library's types
// into the public declarations of console-ui.
export type ChartOption = Record<string, unknown>;

function axis(format: MeasureFormat | undefined, position: 'left' | 'right', name?: string) {
  return {
    type: 'value',
    position,
    name,
    axisLabel: { formatter: (value: number) => formatMeasure(value, format ?? 'number') },
  };
}

/** How the chart is laid out: right-to-left mirrors it (categories from the right, the value axis on the right). */
export interface ChartLayout {
  rtl?: boolean;
}

/**
 * The ECharts option of a report chart: line and bar charts over categories (days, campaigns), a combo (spend as
 * bars, revenue as a line, on one axis when they share a unit; a second axis only for another unit), or a funnel, with its description for
 * screen readers in `aria`'s words. Pure, so it is tested without a canvas.
 */
export function buildChartOption(
  data: ChartData,
  aria: ChartAriaTexts = CHART_ARIA_EN,
  { rtl = false }: ChartLayout = {},
): ChartOption {
  const { kind, label, categories, series } = data;
  const tooltipFormat = (format: MeasureFormat | undefined) => (value: unknown) =>
    formatMeasure(value, format ?? 'number');
  const base = {
    backgroundColor: 'transparent',
    animation: false,
    aria: { enabled: true, label: { description: chartDescription(data, aria) } },
    title: { text: label, show: false },
    tooltip: { trigger: kind === 'funnel' ? 'item' : 'axis', confine: true },
    legend: { top: 0, type: 'scroll' },
  };
  if (kind === 'funnel') {
    const [first] = series;
    return {
      ...base,
      series: [
        {
          type: 'funnel',
          name: first?.name ?? label,
          sort: 'descending',
          top: 32,
          bottom: 8,
          label: { show: true, position: 'inside' },
          tooltip: { valueFormatter: tooltipFormat(first?.format) },
          data: categories.map((name, index) => ({ name, value: first?.data[index] ?? 0 })),
        },
      ],
    };
  }
  const axisOf = (s: (typeof series)[number], i: number) => comboAxis(series, s, i);
  const rightAxisUsed = kind === 'combo' && series.some((s, i) => axisOf(s, i) === 'right');
  const leftFormat = series.find((s, i) => kind !== 'combo' || axisOf(s, i) === 'left')?.format;
  const rightFormat = series.find((s, i) => axisOf(s, i) === 'right')?.format;
  // Right-to-left the main value axis stands on the right and a combo's second one on the left.
  const [start, end] = rtl ? (['right', 'left'] as const) : (['left', 'right'] as const);
  return {
    ...base,
    // Axis labels inside the chart's box: 'same' contains them in the rect these margins define.
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: categories,
      triggerEvent: true,
      axisLabel: { hideOverlap: true },
      inverse: rtl,
    },
    yAxis: rightAxisUsed ? [axis(leftFormat, start), axis(rightFormat, end)] : [axis(leftFormat, start)],
    series: series.map((s, index) => {
      const side = kind === 'combo' ? axisOf(s, index) : 'left';
      const type = seriesTypeOf(kind, s, index);
      return {
        type,
        name: s.name,
        data: s.data,
        yAxisIndex: side === 'right' && rightAxisUsed ? 1 : 0,
        sampling: type === 'line' ? 'lttb' : undefined,
        showSymbol: type === 'line' ? categories.length <= 31 : undefined,
        tooltip: { valueFormatter: tooltipFormat(s.format) },
      };
    }),
  };
}

/** The category a chart click refers to: a data item's name, or an x-axis label's value. */
export function clickedCategory(params: {
  componentType?: string;
  name?: string;
  value?: unknown;
}): string | null {
  if (params.componentType === 'xAxis') return typeof params.value === 'string' ? params.value : null;
  if (params.componentType === 'series' && typeof params.name === 'string' && params.name !== '')
    return params.name;
  return null;
}
