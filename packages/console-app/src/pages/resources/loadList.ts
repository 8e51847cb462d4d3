import type { AxiosInstance } from 'axios';
import { entityForRoute, type EntityDef } from '@staff/console-contract';
import {
  createResourcesApi,
  listSearchParams,
  type ResourceListPage,
  type ResourceListRequest,
} from '../../api/resources.js';
import { parseViewState, visibleColumns, type ViewState } from './viewState.js';

/** A list page with the request it answers, so a page can tell whether preloaded rows fit its current view. */
export interface LoadedList {
  key: string;
  page: ResourceListPage;
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
  client: AxiosInstance,
  routeId: string,
  search: string,
): Promise<LoadedList> {
  const def = entityForRoute(routeId);
  if (!def) throw { message: `No master data is defined for the page ${routeId}` };
  const request = requestFor(def, parseViewState(def, new URLSearchParams(search)));
  const page = await createResourcesApi(client).list(def, request);
  return { key: requestKey(def, request), page };
}
