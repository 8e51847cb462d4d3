import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { init as initEcharts, use as registerEcharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

let registered = false;

/**
 * ECharts' `init`, registering on first use only what the reports draw (so a bundle holds these charts and
 * nothing else of ECharts). SVG rather than canvas: crisp at any zoom, selectable in tests, and jsdom has no
 * canvas. The registration sits inside the exported function, not at the module's top level: the package says
 * `sideEffects: false`, and Rolldown (Vite 8) then drops a top-level call whose result nobody imports — the
 * built Storybook's charts threw "… is not a constructor" (no renderer registered) while dev mode worked.
 */
export const init: typeof initEcharts = (...args) => {
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
  return initEcharts(...args);
};
