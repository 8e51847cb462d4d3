import { createContext } from 'react';
import type * as EchartsSetupModule from './echartsSetup.js';
import { cachedImport } from '../../primitives/cachedImport.js';

export type EchartsSetup = typeof EchartsSetupModule;

/**
 * ECharts is loaded on the first chart shown, never when the library is imported: a bundler puts it in a chunk
 * of its own, and an embedder that shows no chart need not install the (optional) peer at all.
 */
export const loadEcharts: () => Promise<EchartsSetup> = cachedImport(() => import('./echartsSetup.js'));

/**
 * Where Chart gets ECharts from. Not exported from the package: stories and tests put a loader here to show what
 * an app without echarts, or with a failing network, gets.
 */
export const EchartsLoaderContext = createContext<() => Promise<EchartsSetup>>(loadEcharts);

/**
 * Whether a failed load of the chart module means the `echarts` package is not installed, as each runtime says it:
 * Node (`ERR_MODULE_NOT_FOUND`, `MODULE_NOT_FOUND`), Vite's stub for a missing optional peer ("Could not resolve
 * "echarts/core" … Is it installed?"), browsers' unresolved bare specifier, webpack's "Cannot find module".
 * Anything else (a chunk the network did not deliver) is an ordinary load failure.
 */
export function isEchartsMissing(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && /echarts/.test(error.message))
    return true;
  return (
    /["'“`]echarts(\/[\w-]+)?["'”`]/.test(error.message) &&
    /could not resolve|cannot find (module|package)|failed to resolve module specifier|bare specifier/i.test(
      error.message,
    )
  );
}
