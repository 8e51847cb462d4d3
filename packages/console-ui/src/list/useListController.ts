import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  filterPresetsMachine,
  type FilterPreset,
  type LoadUserPresetsInput,
  type PersistUserPresetsInput,
} from '../machines/filterPresets.machine.js';
import type {
  BaseListView,
  DataProvider,
  ListPresetsOptions,
  ListResult,
  LocationAdapter,
  PreloadedList,
  SavedViewsAdapter,
  StoredListView,
  ViewCodec,
} from './types.js';

/** Live pushes arriving together (a bulk delete elsewhere) reload the list once. */
export const LIVE_RELOAD_MS = 250;

export type ListStatus = 'loading' | 'ready' | 'reloading' | 'error';

export interface ListControllerOptions<
  Row,
  Query,
  View extends BaseListView,
  Stored extends StoredListView = StoredListView,
> {
  resource: string;
  dataProvider: DataProvider<Row, Query>;
  location: LocationAdapter;
  codec: ViewCodec<View>;
  /** The provider's list request for a view. */
  queryOf: (view: View) => Query;
  /** A key per distinct request (preloaded rows are used when theirs matches). Default: the query as JSON. */
  keyOf?: (query: Query) => string;
  preloaded?: PreloadedList<Row>;
  presets?: ListPresetsOptions<View>;
  savedViews?: SavedViewsAdapter<Stored, View>;
  /** Debounce of live reloads; 0 turns live reload off. */
  liveReloadMs?: number;
  /** The row's id for selection (default: `row.id` as text). */
  rowId?: (row: Row) => string;
}

interface LoadState<Row> {
  result: ListResult<Row> | null;
  /** Which request `result` answers. */
  shownKey: string | null;
  fetching: boolean;
  error: unknown;
}

const noPresets = async (): Promise<FilterPreset[]> => [];

/**
 * The state of a list page, without its view (modelled on react-admin's useListController / useListParams):
 * the view lives in the address (through `location` and `codec`), the rows come from the `dataProvider`
 * (preloaded with the page guard when the route started them), with presets (the filterPresets machine), saved
 * views, offset or keyset paging with estimated totals, selection and bulk actions, and live reload.
 */
export function useListController<
  Row,
  Query,
  View extends BaseListView,
  Stored extends StoredListView = StoredListView,
>(options: ListControllerOptions<Row, Query, View, Stored>) {
  const { resource, dataProvider, location, codec, queryOf, preloaded } = options;
  const keyOf = options.keyOf ?? ((query: Query) => JSON.stringify(query));
  const rowId = options.rowId ?? ((row: Row) => String((row as { id?: unknown }).id));

  // ---- View ⇄ address --------------------------------------------------------------------------------------
  const view = useMemo(() => codec.parse(new URLSearchParams(location.search)), [codec, location.search]);
  // Two changes in one event (page size, then page 1) must build on each other, not on the last render.
  const latest = useRef(location.search);
  useEffect(() => {
    latest.current = location.search;
  }, [location.search]);
  const { setSearch } = location;
  const setView = useCallback(
    (changes: Partial<View>, { replace = false }: { replace?: boolean } = {}) => {
      const current = codec.parse(new URLSearchParams(latest.current));
      const next = codec.serialize({ ...current, ...changes }).toString();
      if (next === latest.current) return;
      latest.current = next;
      setSearch(next, { replace });
    },
    [codec, setSearch],
  );

  // ---- Rows ------------------------------------------------------------------------------------------------
  const query = useMemo(() => queryOf(view), [queryOf, view]);
  const key = `${resource}:${keyOf(query)}`;
  const [state, setState] = useState<LoadState<Row>>(() =>
    preloaded?.value && preloaded.key === key
      ? { result: preloaded.value, shownKey: key, fetching: false, error: null }
      : { result: null, shownKey: null, fetching: true, error: null },
  );
  const [reloads, setReloads] = useState(0);
  const queryRef = useRef(query);
  useEffect(() => {
    queryRef.current = query;
  });
  const preloadUsed = useRef(false);
  useEffect(() => {
    const controller = new AbortController();
    let live = true;
    const usePreload = !preloadUsed.current && preloaded !== undefined && reloads === 0;
    preloadUsed.current = true;
    // Already shown from the first render.
    if (usePreload && preloaded.value && preloaded.key === key) return;
    setState((current) => ({ ...current, fetching: true, error: null }));
    const load =
      usePreload && preloaded.key === key
        ? preloaded.promise
        : dataProvider.list(resource, queryRef.current, controller.signal);
    load.then(
      (result) => {
        if (live) setState({ result, shownKey: key, fetching: false, error: null });
      },
      (error: unknown) => {
        if (live) setState((current) => ({ ...current, fetching: false, error }));
      },
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [dataProvider, resource, key, reloads, preloaded]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  // ---- Live reload -----------------------------------------------------------------------------------------
  const liveMs = options.liveReloadMs ?? LIVE_RELOAD_MS;
  useEffect(() => {
    if (!dataProvider.subscribe || liveMs <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = dataProvider.subscribe(resource, () => {
      clearTimeout(timer);
      timer = setTimeout(reload, liveMs);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [dataProvider, resource, liveMs, reload]);

  // ---- Paging ----------------------------------------------------------------------------------------------
  const result = state.result;
  const shown = state.shownKey === key;
  const setPage = useCallback((page: number) => setView({ page } as Partial<View>), [setView]);
  const setPageSize = useCallback(
    (pageSize: number) => setView({ pageSize, page: 1, cursor: null } as Partial<View>),
    [setView],
  );
  const setSort = useCallback(
    (sort: View['sort']) => setView({ sort, page: 1, cursor: null, viewId: null } as Partial<View>),
    [setView],
  );
  const setQ = useCallback(
    (q: string) => setView({ q, page: 1, cursor: null, viewId: null } as Partial<View>),
    [setView],
  );
  // Keyset: the cursors of the pages before this one, to go back.
  const [cursorTrail, setCursorTrail] = useState<(string | null)[]>([]);
  const nextPage = useCallback(() => {
    const next = result?.nextCursor;
    if (!next) return;
    setCursorTrail((trail) => [...trail, view.cursor ?? null]);
    setView({ cursor: next } as Partial<View>);
  }, [result, view.cursor, setView]);
  const previousPage = useCallback(() => {
    setCursorTrail((trail) => {
      const previous = trail.at(-1) ?? null;
      setView({ cursor: previous } as Partial<View>);
      return trail.slice(0, -1);
    });
  }, [setView]);

  // ---- Selection and bulk actions --------------------------------------------------------------------------
  const [selected, setSelected] = useState<string[]>([]);
  const clearSelection = useCallback(() => setSelected([]), []);
  const bulk = useCallback(
    async (action: string, ids: string[] = selected) => {
      if (action === 'delete' && ids.length === 1 && dataProvider.delete) {
        await dataProvider.delete(resource, ids[0] as string);
      } else {
        if (!dataProvider.bulk) throw new Error(`${resource} has no bulk actions`);
        await dataProvider.bulk(resource, action, ids);
      }
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      reload();
    },
    [dataProvider, resource, selected, reload],
  );

  // ---- Presets (filterPresets machine) ----------------------------------------------------------------------
  const presetOptions = options.presets;
  const presetsMachine = useMemo(
    () =>
      filterPresetsMachine.provide({
        actors: {
          loadUserPresets: fromPromise<FilterPreset[], LoadUserPresetsInput>(({ input }) =>
            (presetOptions?.load ?? noPresets)(input.listId),
          ),
          persistUserPresets: fromPromise<void, PersistUserPresetsInput>(async ({ input }) => {
            await presetOptions?.persist?.(input.listId, input.presets);
          }),
        },
      }),
    // The options are read once, like the machine's input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [initialPresetId] = useState(() => {
    if (!presetOptions || !view.presetId) return undefined;
    const preset = presetOptions.builtIn.find((candidate) => candidate.id === view.presetId);
    return preset && presetOptions.keyOf(preset.filter) === presetOptions.keyOf(presetOptions.filterOf(view))
      ? preset.id
      : undefined;
  });
  const presets = useActorRef(presetsMachine, {
    input: {
      listId: presetOptions?.listId ?? `list.${resource}`,
      presets: presetOptions?.builtIn ?? [],
      ...(initialPresetId ? { initialPresetId } : {}),
    },
  });
  const presetsLoading = useSelector(presets, (snapshot) => snapshot.hasTag('loading'));
  const machineFilter = useSelector(presets, (snapshot) => snapshot.context.view.filter);
  const presetParam = useSelector(presets, (snapshot) =>
    snapshot.hasTag('modified') ? null : snapshot.context.activePresetId,
  );
  // Two-way: a new address (link, back button, saved view) sets the chips; a chip or a preset sets the address.
  const urlFilterKey = presetOptions ? presetOptions.keyOf(presetOptions.filterOf(view)) : '';
  const lastUrlKey = useRef<string | null>(null);
  useEffect(() => {
    if (!presetOptions || presetsLoading) return;
    const machineKey = presetOptions.keyOf(machineFilter);
    const urlChanged = lastUrlKey.current !== urlFilterKey;
    lastUrlKey.current = urlFilterKey;
    if (machineKey === urlFilterKey) {
      if (presetParam !== (view.presetId ?? null))
        setView({ presetId: presetParam } as Partial<View>, { replace: true });
      return;
    }
    if (urlChanged) presets.send({ type: 'FILTER.SET', filter: presetOptions.filterOf(view) });
    else
      setView({
        ...presetOptions.viewFor(machineFilter),
        // A preset just chosen (the view is exactly it) brings its hidden columns too.
        ...(presetParam && presetOptions.columnsFor
          ? presetOptions.columnsFor(presets.getSnapshot().context.view.hiddenColumns)
          : {}),
        presetId: presetParam,
        page: 1,
        cursor: null,
        viewId: null,
      } as Partial<View>);
  }, [presetOptions, presets, presetsLoading, machineFilter, presetParam, urlFilterKey, view, setView]);

  // ---- Saved views ---------------------------------------------------------------------------------------
  const viewsAdapter = options.savedViews;
  const [views, setViews] = useState<Stored[]>([]);
  const [viewsLoaded, setViewsLoaded] = useState(false);
  const [viewsError, setViewsError] = useState<unknown>(null);
  useEffect(() => {
    if (!viewsAdapter) return;
    const controller = new AbortController();
    viewsAdapter.load(controller.signal).then(
      (loaded) => {
        setViews(loaded);
        setViewsLoaded(true);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setViewsError(error);
          setViewsLoaded(true);
        }
      },
    );
    return () => controller.abort();
    // Loaded once per list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource]);
  const applyView = useCallback(
    (id: string) => {
      const stored = views.find((candidate) => candidate.id === id);
      if (!stored || !viewsAdapter) return;
      setView({
        ...viewsAdapter.viewOf(stored),
        page: 1,
        cursor: null,
        viewId: stored.id,
        presetId: null,
      } as Partial<View>);
    },
    [views, viewsAdapter, setView],
  );
  const saveView = useCallback(
    async (name: string, shared: boolean) => {
      if (!viewsAdapter) throw new Error('This list has no saved views');
      const saved = await viewsAdapter.save({ name, shared, view });
      setViews((current) => [...current.filter((stored) => stored.id !== saved.id), saved]);
      setView({ viewId: saved.id } as Partial<View>, { replace: true });
      return saved;
    },
    [viewsAdapter, view, setView],
  );
  const shareView = useCallback(
    async (id: string, shared: boolean) => {
      if (!viewsAdapter) return;
      const saved = await viewsAdapter.share(id, shared);
      setViews((current) => current.map((stored) => (stored.id === id ? saved : stored)));
    },
    [viewsAdapter],
  );
  const removeView = useCallback(
    async (id: string) => {
      if (!viewsAdapter) return;
      await viewsAdapter.remove(id);
      setViews((current) => current.filter((stored) => stored.id !== id));
      if (latestViewId(latest.current, codec) === id)
        setView({ viewId: null } as Partial<View>, { replace: true });
    },
    [viewsAdapter, codec, setView],
  );
  // A link with only `?view=<id>` opens that view once the views are in.
  const openedByLink = useRef(false);
  useEffect(() => {
    if (openedByLink.current || !viewsLoaded || !view.viewId) return;
    openedByLink.current = true;
    const params = new URLSearchParams(location.search);
    if ([...params.keys()].every((name) => name === 'view')) applyView(view.viewId);
  }, [viewsLoaded, view.viewId, location.search, applyView]);

  const status: ListStatus =
    state.error !== null ? 'error' : !shown ? 'loading' : state.fetching ? 'reloading' : 'ready';

  return {
    resource,
    view,
    setView,
    query,
    key,
    status,
    /** True while the rows shown do not answer the current view (first load, new filter). */
    loading: status === 'loading',
    rows: result?.rows ?? [],
    total: result?.total ?? 0,
    totalEstimated: result?.totalEstimated ?? false,
    meta: result?.meta,
    /** Whether the total is known for the current view (not "0 of 0" while loading or after an error). */
    totalKnown: shown && state.error === null,
    error: state.error,
    reload,
    setPage,
    setPageSize,
    setSort,
    setQ,
    keyset: {
      hasNext: Boolean(result?.nextCursor),
      hasPrevious: Boolean(view.cursor),
      next: nextPage,
      previous: previousPage,
      depth: cursorTrail.length,
    },
    selection: { selected, setSelected, clear: clearSelection, rowId },
    bulk,
    presets: presetOptions ? presets : null,
    savedViews: viewsAdapter
      ? {
          views,
          loaded: viewsLoaded,
          error: viewsError,
          apply: applyView,
          save: saveView,
          share: shareView,
          remove: removeView,
        }
      : null,
  };
}

function latestViewId<View extends BaseListView>(search: string, codec: ViewCodec<View>): string | null {
  return codec.parse(new URLSearchParams(search)).viewId ?? null;
}

export type ListController<
  Row,
  Query,
  View extends BaseListView,
  Stored extends StoredListView = StoredListView,
> = ReturnType<typeof useListController<Row, Query, View, Stored>>;
