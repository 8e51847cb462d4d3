import type { ComponentType } from 'react';
import type { ConsoleServices } from '../services.js';
import { lazyWithPreload, preloadData, type Preloaded } from './preload.js';
import type { PageProps } from './types.js';
import { USAGE_WINDOW_DAYS } from './usageWindow.js';

/** A page's lazily loaded code and, when it has one, its first data request. */
export interface PageEntry {
  Component: ComponentType<PageProps<never>>;
  /** Starts downloading the page's code. */
  preload: () => Promise<unknown>;
  /** Starts the page's first data request. */
  loadData?: (services: ConsoleServices) => Preloaded<unknown>;
}

const upcoming = lazyWithPreload<PageProps>(() => import('./UpcomingPage.js'));
const usageStatistics = lazyWithPreload<PageProps<never>>(() => import('./UsageStatisticsPage.js'));

/** Pages with a body of their own, by route id; every other route shows the upcoming-release page. */
const PAGES: Record<string, PageEntry> = {
  'usage-statistic': {
    ...usageStatistics,
    loadData: (services) => preloadData(() => services.fetchUsageStatistics(USAGE_WINDOW_DAYS)),
  },
};

const UPCOMING: PageEntry = upcoming;

export function pageFor(routeId: string): PageEntry {
  return PAGES[routeId] ?? UPCOMING;
}
