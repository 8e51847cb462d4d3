import {
  LOGISTICS_WINDOW_DAYS,
  ROUTES,
  isWithinDays,
  entityForRoute,
  getEntity,
  type EntityDef,
  type EntityView,
} from '@staff/console-contract';
import type { FilterCondition, FilterPreset, FilterSet } from '@staff/console-ui';
import { readConfig } from '../../api/config.js';
import {
  createResourcesApi,
  listSearchParams,
  type ResourceListPage,
  type ResourceListRequest,
} from '../../api/resources.js';
import {
  fitFilters,
  parseViewState,
  viewStateToSearchParams,
  visibleColumns,
  type ViewState,
} from './viewState.js';
import type { ApiClient } from '../../api/client.js';

/** A list page with the request it answers, so a page can tell whether preloaded rows fit its current view. */
export interface LoadedList {
  key: string;
  page: ResourceListPage;
  /** The route preset's window (the `logistics_filter_days` config), when the route opens with a preset. */
  presetDays?: number;
}

/** The config holding the logistics presets' window in days (spec section 9). */
export const PRESET_DAYS_CONFIG = 'logistics_filter_days';

/** The window the config asks for, within what the list takes; the default when it is not a whole number. */
export function presetDaysOf(value: unknown): number {
  const days = typeof value === 'string' ? Number(value) : value;
  return typeof days === 'number' && isWithinDays(days) ? days : LOGISTICS_WINDOW_DAYS;
}

/** Reads the presets' window; the default when the config cannot be read (the list still opens). */
export async function readPresetDays(read: (name: string, fallback: string) => Promise<unknown>) {
  try {
    return presetDaysOf(await read(PRESET_DAYS_CONFIG, String(LOGISTICS_WINDOW_DAYS)));
  } catch {
    return LOGISTICS_WINDOW_DAYS;
  }
}

function withDays(filter: FilterSet, days: number): FilterSet {
  const set = (condition: FilterCondition): FilterCondition =>
    condition.op === 'within' ? { ...condition, days } : condition;
  return {
    filters: filter.filters.map(set),
    groups: filter.groups.map((group) => ({ any: group.any.map((all) => all.map(set)) })),
  };
}

/** Whether the route opens its list with a preset (the descriptor's `preset`, e.g. the logistics pages). */
export function routeHasPreset(routeId: string): boolean {
  const page = ROUTES.find((route) => route.id === routeId)?.page;
  return page?.kind === 'resource' && Boolean(page.preset);
}

/**
 * A list view of the contract (`EntityDef.views`, what the server filters by) as a built-in FilterBar preset:
 * its alternatives are one OR group, as they are. The views are the presets' one owner; console-ui takes them as
 * data and keeps none of its own.
 */
export function presetOfView(view: EntityView): FilterPreset {
  return {
    id: view.id,
    name: view.label,
    builtIn: true,
    // One alternative is plain AND-ed filters (a chip each); several are one OR group.
    filter:
      view.any?.length === 1
        ? { filters: [...view.any[0]!], groups: [] }
        : { filters: [], groups: view.any ? [{ any: view.any }] : [] },
    hiddenColumns: [...(view.hiddenColumns ?? [])],
    hiddenRendering: [...(view.hiddenRenderings ?? [])],
  };
}

/**
 * The preset a route opens its list with: the contract view the route descriptor names (the logistics
 * presets, `packages.views`), its window set to `days`, hidden columns and renderings from the descriptor.
 */
export function routePreset(routeId: string, days: number = LOGISTICS_WINDOW_DAYS): FilterPreset | null {
  const page = ROUTES.find((route) => route.id === routeId)?.page;
  if (page?.kind !== 'resource' || !page.preset) return null;
  const view = getEntity(page.entity)?.views?.find((candidate) => candidate.id === page.preset);
  if (!view) return null;
  const preset = presetOfView(view);
  return {
    ...preset,
    filter: withDays(preset.filter, days),
    hiddenColumns: [...(page.hiddenColumns ?? preset.hiddenColumns)],
    hiddenRendering: [...(page.hiddenRenderings ?? preset.hiddenRendering)],
  };
}

/**
 * The address a list opens with: a page opened without a view (no query string) gets its route preset's
 * filters, hidden columns and preset id; any other address is kept as it is.
 */
export function openingSearch(def: EntityDef, preset: FilterPreset | null, search: string): string {
  const params = new URLSearchParams(search);
  if (!preset || [...params.keys()].length > 0) return params.toString();
  const fitted = fitFilters(def, preset.filter);
  const view: ViewState = {
    ...parseViewState(def, params),
    filters: fitted.filters,
    groups: fitted.groups,
    hidden: preset.hiddenColumns.filter((name) => def.fields.some((field) => field.name === name)),
    presetId: preset.id,
  };
  return viewStateToSearchParams(def, view).toString();
}

/** The list request of a view: one page of rows in the view's order. */
export function requestFor(def: EntityDef, view: ViewState): ResourceListRequest {
  return {
    q: view.q || null,
    filters: view.filters,
    groups: view.groups,
    sort: view.sort,
    limit: view.pageSize,
    offset: (view.page - 1) * view.pageSize,
  };
}

/** What the CSV export asks for: every row of the view, its visible columns. */
export function exportRequestFor(def: EntityDef, view: ViewState): ResourceListRequest {
  return {
    q: view.q || null,
    filters: view.filters,
    groups: view.groups,
    sort: view.sort,
    columns: visibleColumns(def, view.hidden),
  };
}

export function requestKey(def: EntityDef, request: ResourceListRequest): string {
  return `${def.name}?${listSearchParams(def, request).toString()}`;
}

/**
 * The first page of a master-data route as its address asks for it; started by the route together with the
 * permission check (see pages/registry.ts).
 */
export async function loadListForRoute(
  client: ApiClient,
  routeId: string,
  search: string,
): Promise<LoadedList> {
  const def = entityForRoute(routeId);
  if (!def) throw { message: `No master data is defined for the page ${routeId}` };
  // A preset route reads its window first, so even the first request carries the preset's filters.
  const presetDays = routeHasPreset(routeId)
    ? await readPresetDays((name, fallback) => readConfig(client, name, fallback))
    : undefined;
  const opening = openingSearch(def, routePreset(routeId, presetDays), search);
  const request = requestFor(def, parseViewState(def, new URLSearchParams(opening)));
  const page = await createResourcesApi(client).list(def, request);
  return { key: requestKey(def, request), page, ...(presetDays !== undefined ? { presetDays } : {}) };
}
