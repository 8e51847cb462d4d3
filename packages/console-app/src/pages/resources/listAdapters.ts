// console-ui's list controller bound to master data: the address codec (viewState.ts), the data provider over
// the resources API and the shell's socket, the route's preloaded rows, presets in this browser, saved views.
import type { EntityDef } from '@staff/console-contract';
import {
  readFilterPreset,
  type DataProvider,
  type FilterSet,
  type FilterPreset,
  type ListPresetsOptions,
  type ListResult,
  type PreloadedList,
  type ResourceRow,
  type SavedViewsAdapter,
  type ViewCodec,
} from '@staff/console-ui';
import type { ResourceListPage, ResourceListRequest, ResourcesApi, StoredView } from '../../api/resources.js';
import type { ConsoleSocket } from '../../realtime/socket.js';
import type { Preloaded } from '../preload.js';
import { requestFor, requestKey, type LoadedList } from './loadList.js';
import type { ResourceTexts } from './texts.js';
import { subscribeToChanges } from './useResourceChanges.js';
import {
  builtInPresets,
  filtersKey,
  fitFilters,
  filterSetOf,
  parseViewState,
  viewStateToSearchParams,
  visibleColumns,
  type ViewState,
} from './viewState.js';

/** A master-data list's view as the controller keeps it. */
export type ResourceView = ViewState & { cursor?: string | null };

export const viewCodecFor = (def: EntityDef): ViewCodec<ResourceView> => ({
  parse: (params) => parseViewState(def, params),
  serialize: (view) => viewStateToSearchParams(def, view),
});

const resultOf = (page: ResourceListPage): ListResult<ResourceRow> => ({
  rows: page.rows,
  total: page.total,
  totalEstimated: page.totalEstimated,
  meta: page.labels,
});

export function dataProviderFor(
  def: EntityDef,
  api: ResourcesApi,
  socket: ConsoleSocket,
): DataProvider<ResourceRow, ResourceListRequest> {
  return {
    list: async (_resource, request, signal) => resultOf(await api.list(def, request, signal)),
    delete: (_resource, id) => api.remove(def, id),
    bulk: async (_resource, action, ids) => {
      if (action !== 'delete') throw new Error(`Unknown bulk action ${action}`);
      await api.bulkDelete(def, ids);
    },
    subscribe: (_resource, onChange) => subscribeToChanges(socket, def.name, () => onChange()),
  };
}

/**
 * The rows the route started with the guard's check, for the view of the address it was opened with. When they
 * answer another view (the page mounted again after the address changed: a new language), the provider is asked
 * for this one instead of failing.
 */
export function preloadedListOf(
  def: EntityDef,
  data: Preloaded<LoadedList>,
  search: string,
  provider: DataProvider<ResourceRow, ResourceListRequest>,
): PreloadedList<ResourceRow> {
  const request = requestFor(def, parseViewState(def, new URLSearchParams(search)));
  const key = requestKey(def, request);
  const state = data.state;
  const promise = data.promise.then((loaded) =>
    loaded.key === key
      ? resultOf(loaded.page)
      : provider.list(def.name, request, new AbortController().signal),
  );
  // The controller handles the failure when it uses these rows; a view changed first never reads them.
  promise.catch(() => undefined);
  return {
    key: `${def.name}:${key}`,
    promise,
    ...(state.status === 'fulfilled' && state.value.key === key ? { value: resultOf(state.value.page) } : {}),
  };
}

function readUserPresets(listId: string): FilterPreset[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(listId) ?? '[]');
    // Presets kept by console-ui 2.x (a filter tree) are read into today's shape.
    return Array.isArray(parsed)
      ? parsed.map(readFilterPreset).filter((preset): preset is FilterPreset => preset !== null)
      : [];
  } catch {
    return [];
  }
}

/**
 * Built-in presets from the definition (after the route's own preset, if it has one); the user's own are kept
 * in this browser's storage, per entity.
 */
export function presetsFor(
  def: EntityDef,
  routePreset: FilterPreset | null = null,
  texts?: ResourceTexts['presets'],
): ListPresetsOptions<ResourceView> {
  const keyOf = (filter: FilterSet) => {
    const fitted = fitFilters(def, filter);
    return filtersKey(def, fitted.filters, fitted.groups);
  };
  return {
    listId: `console.presets.${def.name}`,
    builtIn: [...(routePreset ? [routePreset] : []), ...builtInPresets(def, texts)],
    load: async (listId) => readUserPresets(listId),
    persist: async (listId, presets) => window.localStorage.setItem(listId, JSON.stringify(presets)),
    filterOf: filterSetOf,
    viewFor: (filter) => {
      const fitted = fitFilters(def, filter);
      return { filters: fitted.filters, groups: fitted.groups };
    },
    // Choosing a preset again also restores the columns it hides.
    columnsFor: (hiddenColumns) => ({
      hidden: hiddenColumns.filter((name) => def.fields.some((field) => field.name === name)),
    }),
    keyOf,
  };
}

/** Saved views on the server (the user's own and shared ones). */
export function savedViewsFor(
  def: EntityDef,
  api: ResourcesApi,
): SavedViewsAdapter<StoredView, ResourceView> {
  return {
    load: () => api.views(def.name),
    save: ({ name, shared, view }) =>
      api.createView(def.name, {
        name,
        shared,
        q: view.q || null,
        filters: view.filters,
        groups: view.groups,
        sort: view.sort,
        columns: visibleColumns(def, view.hidden),
      }),
    share: (id, shared) => api.updateView(id, { shared }),
    remove: (id) => api.deleteView(id),
    viewOf: (stored) => {
      const shown = stored.columns ?? visibleColumns(def, []);
      return {
        q: stored.q ?? '',
        filters: stored.filters,
        groups: stored.groups,
        sort: stored.sort ?? def.defaultSort,
        hidden: visibleColumns(def, []).filter((name) => !shown.includes(name)),
      };
    },
  };
}
