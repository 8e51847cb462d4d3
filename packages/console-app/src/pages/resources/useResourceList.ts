import { useCallback, useEffect, useRef, useState } from 'react';
import type { EntityDef } from '@staff/console-contract';
import type { ResourceRow } from '@staff/console-ui';
import type {
  RelationLabels,
  ResourceCallError,
  ResourceListPage,
  ResourceListRequest,
  ResourcesApi,
} from '../../api/resources.js';
import type { Preloaded } from '../preload.js';
import { requestKey, type LoadedList } from './loadList.js';

export interface ResourceListState {
  /** The rows shown; kept while the same view reloads so a live refresh does not flash. */
  rows: ResourceRow[];
  total: number;
  totalEstimated: boolean;
  labels: RelationLabels;
  /** Which request the rows answer. */
  shownKey: string | null;
  /** True while a request runs. */
  fetching: boolean;
  error: ResourceCallError | null;
}

const EMPTY = { rows: [], total: 0, totalEstimated: false, labels: {} };

const shown = (page: ResourceListPage) => ({
  rows: page.rows,
  total: page.total,
  totalEstimated: page.totalEstimated,
  labels: page.labels,
});

function initialState(preloaded: Preloaded<LoadedList> | undefined, key: string): ResourceListState {
  const state = preloaded?.state;
  if (state?.status === 'fulfilled' && state.value.key === key) {
    return { ...shown(state.value.page), shownKey: key, fetching: false, error: null };
  }
  if (state?.status === 'rejected') {
    return { ...EMPTY, shownKey: null, fetching: false, error: state.error as ResourceCallError };
  }
  return { ...EMPTY, shownKey: null, fetching: true, error: null };
}

/**
 * One page of an entity's list for the current request. Rows the route preloaded (started with the permission
 * check) show in the first render when they answer the same request; `reload()` asks again (live updates,
 * after a write).
 */
export function useResourceList(
  def: EntityDef,
  api: ResourcesApi,
  request: ResourceListRequest,
  preloaded?: Preloaded<LoadedList>,
) {
  const key = requestKey(def, request);
  const [state, setState] = useState<ResourceListState>(() => initialState(preloaded, key));
  const [reloads, setReloads] = useState(0);
  const requestRef = useRef(request);
  useEffect(() => {
    requestRef.current = request;
  });
  const preloadUsed = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    let live = true;
    const usePreload = !preloadUsed.current && preloaded !== undefined && reloads === 0;
    preloadUsed.current = true;
    if (usePreload && preloaded.state.status !== 'pending') {
      // Already shown (or failed) from the first render when it answered this request.
      if (preloaded.state.status === 'rejected' || preloaded.state.value.key === key) return;
    }
    setState((current) => ({ ...current, fetching: true, error: null }));
    const load = usePreload
      ? preloaded.promise.then((loaded) =>
          loaded.key === key ? loaded.page : api.list(def, requestRef.current, controller.signal),
        )
      : api.list(def, requestRef.current, controller.signal);
    load.then(
      (page) => {
        if (live) setState({ ...shown(page), shownKey: key, fetching: false, error: null });
      },
      (error: unknown) => {
        if (live) setState((current) => ({ ...current, fetching: false, error: error as ResourceCallError }));
      },
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [def, api, key, reloads, preloaded]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...state, key, reload };
}
