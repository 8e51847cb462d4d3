import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use as registerEcharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the reports draw is registered, so a bundle holds these charts and nothing else of ECharts. SVG
// rather than canvas: crisp at any zoom, selectable in tests, and jsdom has no canvas.
registerEcharts([
  LineChart,
  BarChart,
  FunnelChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  AriaComponent,
  SVGRenderer,
]);

export { init };
