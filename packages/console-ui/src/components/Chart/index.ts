export { Chart, CHART_MESSAGES, type ChartMessages, type ChartProps } from './Chart.js';
export {
  buildChartOption,
  clickedCategory,
  type ChartData,
  type ChartKind,
  type ChartOption,
  type ChartSeries,
} from './chartOption.js';
