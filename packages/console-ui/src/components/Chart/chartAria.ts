/**
 * The texts ECharts' aria module joins into a chart's description for screen readers: its locale's `aria`
 * section and the chart type names, with the same keys and `{placeholders}` (ECharts fills `{title}`,
 * `{seriesCount}`, `{seriesName}`, `{seriesType}`, `{displayCnt}`, `{name}`, `{value}`).
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

/**
 * The part of an ECharts locale the description reads. ECharts completes a locale object from its English
 * one (dates, toolbox), so the rest of the chart reads as before.
 */
export function echartsAriaLocale(texts: ChartAriaTexts) {
  const { typeNames, ...aria } = texts;
  return { aria, series: { typeNames } };
}
