import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { init as echartsInit, use as registerEcharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

let registered = false;

/**
 * ECharts' `init`, registering first only what the reports draw, so a bundle holds these charts and nothing else
 * of ECharts. SVG rather than canvas: crisp at any zoom, selectable in tests, and jsdom has no canvas. The
 * registration runs inside the export, not at module level: the package says `sideEffects: false`, and a
 * bundler then drops a top-level call whose result no export needs (the app's build did: no renderer, no chart).
 */
export function init(...args: Parameters<typeof echartsInit>): ReturnType<typeof echartsInit> {
  if (!registered) {
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
    registered = true;
  }
  return echartsInit(...args);
}
