// The default texts, apart from the component: the console's language sets import them without the component's code.
import { CHART_ARIA_EN, type ChartAriaTexts } from './chartAria.js';

/** Every visible string of Chart (key `chart` in `ConsoleMessagesProvider`). */
export interface ChartMessages {
  /** Shown when there is no data (the `emptyMessage` prop wins). */
  empty: string;
  /** ECharts could not be loaded. */
  loadFailed: string;
  /** The optional peer `echarts` is not installed in the embedding app: say how to install it. */
  echartsMissing: string;
  /** Receives the chart's label. */
  loading: (label: string) => string;
  categories: (label: string) => string;
  /** Receives the category filtered on. */
  selected: (category: string) => string;
  /** What the chart's description for screen readers is made of (the canvas's aria-label). */
  aria: ChartAriaTexts;
}

export const CHART_MESSAGES: ChartMessages = {
  empty: 'No data for this range.',
  loadFailed: 'Could not load the chart.',
  echartsMissing: 'Charts need the echarts package, which is not installed: npm install echarts',
  loading: (label) => `Loading ${label}…`,
  categories: (label) => `${label}: filter by category`,
  selected: (category) => `Filtered on ${category}`,
  aria: CHART_ARIA_EN,
};
