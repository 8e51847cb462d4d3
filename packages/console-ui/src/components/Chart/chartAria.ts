import { formatMeasure } from '../DeltaChip/formatMeasure.js';
import { seriesTypeOf, type ChartData } from './chartData.js';

/**
 * The texts of a chart's description for screen readers, in the shape of ECharts' locale `aria` section and
 * its chart type names, with the same `{placeholders}` (`{title}`, `{seriesCount}`, `{seriesId}`,
 * `{seriesName}`, `{seriesType}`, `{displayCnt}`, `{name}`, `{value}`); {@link chartDescription} fills them.
 */
export interface ChartAriaTexts {
  general: { withTitle: string; withoutTitle: string };
  series: {
    single: { prefix: string; withName: string; withoutName: string };
    multiple: {
      prefix: string;
      withName: string;
      withoutName: string;
      separator: { middle: string; end: string };
    };
  };
  data: {
    allData: string;
    partialData: string;
    withName: string;
    withoutName: string;
    separator: { middle: string; end: string };
  };
  /** The kinds the reports draw, by ECharts series type; `chart` for any other. */
  typeNames: { line: string; bar: string; funnel: string; chart: string };
}

/** English, as ECharts' own English locale words it. */
export const CHART_ARIA_EN: ChartAriaTexts = {
  general: { withTitle: 'This is a chart about "{title}"', withoutTitle: 'This is a chart' },
  series: {
    single: {
      prefix: '',
      withName: ' with type {seriesType} named {seriesName}.',
      withoutName: ' with type {seriesType}.',
    },
    multiple: {
      prefix: '. It consists of {seriesCount} series count.',
      withName: ' The {seriesId} series is a {seriesType} representing {seriesName}.',
      withoutName: ' The {seriesId} series is a {seriesType}.',
      separator: { middle: '', end: '' },
    },
  },
  data: {
    allData: 'The data is as follows: ',
    partialData: 'The first {displayCnt} items are: ',
    withName: 'the data for {name} is {value}',
    withoutName: '{value}',
    separator: { middle: ', ', end: '. ' },
  },
  typeNames: { line: 'Line chart', bar: 'Bar chart', funnel: 'Funnel chart', chart: 'Chart' },
};

/** ECharts' default `aria.label.data.maxCount`: a series is described by its first ten values. */
const DESCRIBED_VALUES = 10;

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replaceAll(`{${key}}`, String(value)), text);

/**
 * The chart's description for screen readers, put together as ECharts' aria module does from the same texts,
 * but with each value in the series' id-ID format (Rp 1.500.000, 1,25%) as the tooltips show it: ECharts
 * itself reads out the raw number.
 */
export function chartDescription(data: ChartData, texts: ChartAriaTexts): string {
  const { label, categories } = data;
  const series = data.kind === 'funnel' ? data.series.slice(0, 1) : data.series;
  const general = label ? fill(texts.general.withTitle, { title: label }) : texts.general.withoutTitle;
  if (series.length === 0) return general;
  const multiple = series.length > 1;
  const seriesTexts = multiple ? texts.series.multiple : texts.series.single;
  const { separator } = texts.data;
  const described = series.map((s, index) => {
    const type = seriesTypeOf(data.kind, s, index);
    const typeName = type in texts.typeNames ? texts.typeNames[type as 'line'] : texts.typeNames.chart;
    let text = fill(s.name ? seriesTexts.withName : seriesTexts.withoutName, {
      seriesId: index,
      seriesName: s.name,
      seriesType: typeName,
    });
    text +=
      categories.length > DESCRIBED_VALUES
        ? fill(texts.data.partialData, { displayCnt: DESCRIBED_VALUES })
        : texts.data.allData;
    const values = categories.slice(0, DESCRIBED_VALUES).map((name, i) => {
      const value = formatMeasure(s.data[i] ?? null, s.format ?? 'number');
      return fill(name ? texts.data.withName : texts.data.withoutName, { name, value });
    });
    return text + values.join(separator.middle) + separator.end;
  });
  const between = texts.series.multiple.separator;
  return (
    general +
    fill(seriesTexts.prefix, { seriesCount: series.length }) +
    described.join(between.middle) +
    between.end
  );
}
