// Namespace imports, not named ones: echarts is an optional peer, and a bundler that finds it missing (Vite stubs an
// optional peer with a module that throws when loaded) must still build an app that has no charts. Named imports
// from the stub fail the build ("BarChart is not exported"); members read off a namespace do not, and the missing
// package then surfaces where it should, as a failed lazy import in Chart.
import * as charts from 'echarts/charts';
import * as components from 'echarts/components';
import * as core from 'echarts/core';
import * as renderers from 'echarts/renderers';

let registered = false;

/**
 * ECharts' `init`, registering first only what the reports draw, so a bundle holds these charts and nothing else
 * of ECharts. SVG rather than canvas: crisp at any zoom, selectable in tests, and jsdom has no canvas. The
 * registration runs inside the export, not at module level: the package says `sideEffects: false`, and a
 * bundler then drops a top-level call whose result no export needs (the app's build did: no renderer, no chart).
 */
export function init(...args: Parameters<typeof core.init>): ReturnType<typeof core.init> {
  if (!registered) {
    core.use([
      charts.LineChart,
      charts.BarChart,
      charts.FunnelChart,
      components.GridComponent,
      components.TooltipComponent,
      components.LegendComponent,
      components.TitleComponent,
      components.AriaComponent,
      renderers.SVGRenderer,
    ]);
    registered = true;
  }
  return core.init(...args);
}
