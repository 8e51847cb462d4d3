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
const users = lazyWithPreload<PageProps>(() => import('./admin/UsersPage.js'));
const userPermissions = lazyWithPreload<PageProps>(() => import('./admin/UserPermissionsPage.js'));
const resourcePage = lazyWithPreload<PageProps<never>>(() => import('./resources/ResourcePage.js'));
const reportPage = lazyWithPreload<PageProps>(() => import('./reports/ReportPage.js'));

/**
 * Report routes with a server engine behind them (console-server src/reports/engine.ts SERVED_REPORTS): one
 * generic page driven by the report definition. The other report routes keep the upcoming page until their
 * data sources exist.
 */
export const REPORT_ROUTE_IDS = ['ads-x-mayar', 'adset', 'ad-aggregated', 'overall'] as const;

/**
 * Routes of the master-data pages: one generic page driven by the route's entity (`entityForRoute`). Listed
 * by id rather than read from the contract's ENTITIES so the entity definitions stay out of the shell's chunk;
 * resources/registry.test.ts checks the list against ENTITIES.
 */
export const RESOURCE_ROUTE_IDS = [
  'creators',
  'projects',
  'tribe-targets',
  'products',
  'ad-campaigns',
  'meeting-rooms',
  'tribes',
  'change-emails',
  'hook-generations',
  'mayar-accounts',
  'master-ad-creative',
  'registries',
  'webhook-forwarder',
  'waregistries',
  'companies',
  'bank-accounts',
  'monthly-target',
  'n8n-creator-database',
  'problem-category-master',
  'problem-subcategory-master',
] as const;

function resourceEntry(routeId: string): PageEntry {
  return {
    ...resourcePage,
    // The list's first page, for the address being opened, starts with the permission check.
    loadData: (services) =>
      preloadData(async () => {
        const { loadListForRoute } = await import('./resources/loadList.js');
        return loadListForRoute(services.api, routeId, window.location.search);
      }),
  };
}

/** Pages with a body of their own, by route id; every other route shows the upcoming-release page. */
const PAGES: Record<string, PageEntry> = {
  'usage-statistic': {
    ...usageStatistics,
    loadData: (services) => preloadData(() => services.fetchUsageStatistics(USAGE_WINDOW_DAYS)),
  },
  // Administration (ADR 007): they load their own data, filtered and paged.
  users,
  'user-permissions': userPermissions,
  ...Object.fromEntries(RESOURCE_ROUTE_IDS.map((routeId) => [routeId, resourceEntry(routeId)])),
  ...Object.fromEntries(REPORT_ROUTE_IDS.map((routeId) => [routeId, reportPage])),
};

const UPCOMING: PageEntry = upcoming;

export function pageFor(routeId: string): PageEntry {
  return PAGES[routeId] ?? UPCOMING;
}
