import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import {
  canWrite,
  entityForRoute,
  relationLabelsSchema,
  toPermissionMap,
  type EntityDef,
} from '@staff/console-contract';
import {
  ConfirmDialog,
  DataTable,
  FilterBar,
  formatNumber,
  ResourceForm,
  useListController,
  useNotifications,
  type FilterPreset,
  type FormValues,
  type ResourceRow,
  type SavedView,
  type SortState,
} from '@staff/console-ui';
import {
  createResourcesApi,
  exportFileName,
  type RelationLabels,
  type ResourceListRequest,
  type StoredView,
} from '../../api/resources.js';
import { ApiError } from '../../api/apiError.js';
import { useLanguage, useTextsOf } from '../../i18n.js';
import { useRouterLocation } from '../../list/useRouterLocation.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted, Page } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import { listPaging } from '../common/listPaging.js';
import {
  dataProviderFor,
  presetsFor,
  preloadedListOf,
  savedViewsFor,
  viewCodecFor,
  type ResourceView,
} from './listAdapters.js';
import {
  exportRequestFor,
  openingSearch,
  readPresetDays,
  requestFor,
  requestKey,
  routeHasPreset,
  routePreset,
  type LoadedList,
} from './loadList.js';
import { errorText, rowTitle } from './messages.js';
import { RecordPanel } from './RecordPanel.js';
import { ForwarderDeliveries } from './ForwarderDeliveries.js';
import { RESOURCE_TEXTS } from './texts.js';
import { useEntityDef } from './useEntityDef.js';
import { Button, IconButton, ListArea, Notice, PencilIcon, RowActions, TrashIcon } from './ui.js';
import { PAGE_SIZES, fitFilters, listFields } from './viewState.js';
import {
  type ResourceListExtensions,
  type SaveError,
  defaultsOf,
  toRequestBody,
  pick,
  saveErrorOf,
  columnsFor,
  relationLabelsOf,
} from './resourcePageValues.js';

export {
  columnsFor,
  relationLabelsOf,
  toRequestBody,
  type ResourceListExtensions,
} from './resourcePageValues.js';

/** Live pushes arriving together (a bulk delete) reload the list once. */
const LIVE_RELOAD_MS = 250;

type PanelState = { mode: 'create'; values: FormValues } | { mode: 'edit' | 'view'; row: ResourceRow };

/** Master data of the route's entity (see `entityForRoute`): list, filters, presets, views, forms, history. */
export default function ResourcePage({
  route,
  data,
  extensions,
}: PageProps<LoadedList> & { extensions?: ResourceListExtensions }) {
  const texts = useTextsOf(RESOURCE_TEXTS);
  const def = entityForRoute(route.id);
  if (!def) {
    return (
      <Page title={route.title} data-page={route.id}>
        <Muted role="alert">{texts.noDefinition}</Muted>
      </Page>
    );
  }
  const props = { def, route, data, extensions };
  // Keyed so another route (another entity, or the same one with another preset) starts with fresh state.
  return routeHasPreset(route.id) ? (
    <PresetResourceList {...props} />
  ) : (
    <RouteResourceList key={route.id} {...props} />
  );
}

interface RouteListProps {
  def: EntityDef;
  route: PageProps<LoadedList>['route'];
  data?: PageProps<LoadedList>['data'];
  extensions?: ResourceListExtensions | undefined;
}

/** The route's list, opening with `preset` when given. */
function RouteResourceList({
  def,
  route,
  data,
  extensions,
  preset,
}: RouteListProps & { preset?: FilterPreset | null }) {
  // A new language starts the list afresh (its view stays in the address): presets, columns and forms in it.
  const { language } = useLanguage();
  return (
    <ResourceList
      key={language}
      def={def}
      title={route.title}
      routeId={route.id}
      data={data}
      preset={preset ?? null}
      extensions={extensions}
    />
  );
}

/** A route that opens its list with a preset: the preset's window (a config) is read before the list starts. */
function PresetResourceList({ def, route, data, extensions }: RouteListProps) {
  const services = useServices();
  const texts = useTextsOf(RESOURCE_TEXTS);
  const known = data?.state.status === 'fulfilled' ? data.state.value.presetDays : undefined;
  const [days, setDays] = useState<number | undefined>(known);
  useEffect(() => {
    if (days !== undefined) return;
    let live = true;
    // The route's preload read it already (or failed: then the default, as there).
    const read = data
      ? data.promise.then(
          (loaded) => loaded.presetDays ?? readPresetDays(services.readConfig),
          () => readPresetDays(services.readConfig),
        )
      : readPresetDays(services.readConfig);
    void read.then((value) => {
      if (live) setDays(value);
    });
    return () => {
      live = false;
    };
  }, [days, data, services]);
  if (days === undefined)
    return (
      <Page title={route.title} data-page={route.id}>
        <Muted role="status">{texts.loading}</Muted>
      </Page>
    );
  return (
    <RouteResourceList
      key={route.id}
      def={def}
      route={route}
      data={data}
      extensions={extensions}
      preset={routePreset(route.id, days)}
    />
  );
}

function ResourceList({
  def,
  title,
  routeId,
  data,
  preset = null,
  extensions,
}: {
  def: EntityDef;
  title: string;
  routeId: string;
  data?: PageProps<LoadedList>['data'];
  /** The route's preset: the list opens with it when the address has no view of its own. */
  preset?: FilterPreset | null;
  extensions?: ResourceListExtensions | undefined;
}) {
  const services = useServices();
  const { notify } = useNotifications();
  const { permissions } = useConsoleContext();
  const texts = useTextsOf(RESOURCE_TEXTS);
  // What the page shows (labels, help, choices) in the chosen language; requests and rules use `def`.
  const shown = useEntityDef(def);
  // A read-only entity (a log) offers no write controls whatever the key allows: the server answers 405.
  const writable = def.access !== 'read-only' && canWrite(toPermissionMap(permissions), def.permissionKey);
  const api = useMemo(() => createResourcesApi(services.api), [services.api]);
  const fields = useMemo(() => listFields(shown), [shown]);

  // ---- The list: view in the address, rows, presets, saved views, live reload (console-ui's controller) -----
  const routerLocation = useRouterLocation();
  // Opened without a view: the route preset's address, used from the first render (so the first request is
  // already filtered) and written into the address bar once.
  const [opening] = useState(() => ({
    from: routerLocation.search,
    search: openingSearch(def, preset, routerLocation.search),
  }));
  const [defaulted, setDefaulted] = useState(opening.search !== opening.from);
  const setRouterSearch = routerLocation.setSearch;
  const replacedOnce = useRef(false);
  useEffect(() => {
    if (!defaulted || replacedOnce.current) return;
    replacedOnce.current = true;
    setRouterSearch(opening.search, { replace: true });
  }, [defaulted, opening.search, setRouterSearch]);
  // Once the address moved on (the preset written, or the user's own change), it is read as it is.
  if (defaulted && routerLocation.search !== opening.from) setDefaulted(false);
  const location = useMemo(
    () =>
      defaulted && routerLocation.search === opening.from
        ? { ...routerLocation, search: opening.search }
        : routerLocation,
    [defaulted, routerLocation, opening],
  );
  const { socket } = useConsoleContext();
  const codec = useMemo(() => viewCodecFor(def), [def]);
  const provider = useMemo(() => dataProviderFor(def, api, socket), [def, api, socket]);
  const queryOf = useCallback((view: ResourceView) => requestFor(def, view), [def]);
  const keyOf = useCallback((request: ResourceListRequest) => requestKey(def, request), [def]);
  const [preloaded] = useState(() =>
    data ? preloadedListOf(def, data, opening.search, provider) : undefined,
  );
  const [presetOptions] = useState(() => presetsFor(shown, preset, texts.presets));
  const savedViewsAdapter = useMemo(() => savedViewsFor(def, api), [def, api]);
  const list = useListController<ResourceRow, ResourceListRequest, ResourceView, StoredView>({
    resource: def.name,
    dataProvider: provider,
    location,
    codec,
    queryOf,
    keyOf,
    ...(preloaded ? { preloaded } : {}),
    presets: presetOptions,
    savedViews: savedViewsAdapter,
    liveReloadMs: LIVE_RELOAD_MS,
  });
  const { view, setView } = list;
  const updateView = useCallback(
    (changes: Partial<ResourceView>, replace = false) => setView(changes, { replace }),
    [setView],
  );
  const presets = list.presets!;
  const savedViews = list.savedViews!;
  const machineFilter = useSelector(presets, (snapshot) => snapshot.context.view.filter);
  // Columns whose cells are blank (the header stays): the chosen preset's, e.g. Receipt Confirmation's receipt.
  const hiddenRendering = useSelector(presets, (snapshot) => snapshot.context.view.hiddenRendering);
  const fitted = useMemo(() => fitFilters(def, machineFilter), [def, machineFilter]);
  const meta = list.meta;
  // The list answer's relation labels (parsed by the resources API), back out of the controller's `meta`.
  const labels = useMemo((): RelationLabels => relationLabelsSchema.safeParse(meta).data ?? {}, [meta]);

  const barViews: SavedView[] = savedViews.views.map((stored) => ({
    id: stored.id,
    name: stored.name,
    shared: stored.shared,
    mine: stored.mine,
    ...(stored.owner ? { owner: stored.owner } : {}),
  }));
  const viewFailed = (title: string) => (error: unknown) =>
    notify({ type: 'error', title, message: errorText(error, shown, texts.errors) });

  // ---- Create / edit / view ----------------------------------------------------------------------------------
  const [panel, setPanel] = useState<PanelState | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const openPanel = (next: PanelState | null) => {
    setSaveError(null);
    setPanel(next);
  };
  const openRow = (row: ResourceRow) => openPanel({ mode: writable ? 'edit' : 'view', row });
  // A stale save (409): the row as it is now, which the form offers to reload.
  const conflictRow = saveError?.conflict;

  const submit = async (values: FormValues, meta: { changed: string[] }) => {
    if (!panel || panel.mode === 'view') return;
    setSaving(true);
    setSaveError(null);
    try {
      if (panel.mode === 'create') {
        const created = await api.create(def, toRequestBody(def, values));
        notify({ type: 'success', message: texts.created(shown.label, rowTitle(shown, created, labels)) });
      } else {
        if (meta.changed.length === 0) {
          openPanel(null);
          return;
        }
        const saved = await api.update(
          def,
          String(panel.row.id),
          toRequestBody(def, pick(values, meta.changed)),
          Number(panel.row.version),
        );
        notify({ type: 'success', message: texts.saved(shown.label, rowTitle(shown, saved, labels)) });
      }
      openPanel(null);
      list.reload();
    } catch (error) {
      setSaveError(saveErrorOf(ApiError.from(error), def, shown, texts));
    } finally {
      setSaving(false);
    }
  };

  // ---- Delete and bulk delete --------------------------------------------------------------------------------
  const [deleting, setDeleting] = useState<{ ids: string[]; label: string; done?: () => void } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const askDelete = (next: typeof deleting) => {
    setDeleteError(null);
    setDeleting(next);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      if (deleting.ids.length === 1) await api.remove(def, deleting.ids[0] as string);
      else await api.bulkDelete(def, deleting.ids);
      notify({ type: 'success', message: texts.deleted(deleting.label) });
      deleting.done?.();
      setDeleting(null);
      list.reload();
    } catch (error) {
      setDeleteError(errorText(error, shown, texts.errors));
    } finally {
      setDeleteBusy(false);
    }
  };

  // ---- Export ------------------------------------------------------------------------------------------------
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = await api.exportCsv(def, exportRequestFor(def, view));
      // The byte-order mark tells spreadsheet programs the file is UTF-8 (decoding the answer drops it).
      const text = csv.startsWith('\uFEFF') ? csv : `\uFEFF${csv}`;
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(def);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      notify({ type: 'success', message: texts.exported(formatNumber(list.total), shown.labelPlural) });
    } catch (error) {
      notify({
        type: 'error',
        title: texts.exportFailed,
        message: errorText(error, shown, texts.errors),
      });
    } finally {
      setExporting(false);
    }
  };

  const adjustColumns = extensions?.columns;
  const columns = useMemo(() => {
    const fromFields = columnsFor(shown, labels);
    return adjustColumns ? adjustColumns(fromFields) : fromFields;
  }, [shown, labels, adjustColumns]);
  const loading = list.loading;
  const panelTitle = !panel
    ? ''
    : panel.mode === 'create'
      ? texts.newTitle(shown.label)
      : panel.mode === 'edit'
        ? texts.editTitle(shown.label, rowTitle(shown, panel.row, labels))
        : `${shown.label} ${rowTitle(shown, panel.row, labels)}`;

  return (
    <Page
      title={title}
      data-page={routeId}
      description={shown.description}
      actions={
        writable ? (
          <Button
            type="button"
            data-kind="primary"
            onClick={() => openPanel({ mode: 'create', values: defaultsOf(def) })}
          >
            {texts.newButton(shown.label)}
          </Button>
        ) : null
      }
    >
      {!writable ? (
        <Notice role="note" data-readonly="">
          {texts.readOnly(shown.labelPlural)}
        </Notice>
      ) : null}
      <FilterBar
        label={texts.filter(shown.labelPlural)}
        fields={fields}
        search={view.q}
        onSearchChange={list.setQ}
        searchPlaceholder={texts.search(shown.labelPlural)}
        presets={presets}
        loadOptions={(entity, q) => api.options(entity, q)}
        relationLabels={labels}
        savedViews={barViews}
        activeViewId={view.viewId}
        onSelectView={(selected) => savedViews.apply(selected.id)}
        onSaveView={({ name, shared }) => {
          savedViews.save(name, shared).then((saved) => {
            notify({ type: 'success', message: texts.view.saved(saved.name) });
          }, viewFailed(texts.view.notSaved));
        }}
        onShareView={(id, shared) =>
          void savedViews.share(id, shared).catch(viewFailed(texts.view.notShared))
        }
        onDeleteView={(id) => void savedViews.remove(id).catch(viewFailed(texts.view.notDeleted))}
      >
        <Button type="button" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? texts.exporting : texts.exportCsv}
        </Button>
        {extensions?.toolbar?.(list.reload)}
      </FilterBar>
      {extensions?.notices}
      {fitted.unsupported > 0 ? (
        <Notice data-tone="warning" role="note">
          {texts.presetUnsupported}
        </Notice>
      ) : null}
      {savedViews.error ? (
        <Notice data-tone="warning" role="note">
          {texts.view.notLoaded(errorText(savedViews.error, shown, texts.errors))}
        </Notice>
      ) : null}
      <ListArea>
        <DataTable
          label={shown.labelPlural}
          columns={columns}
          rows={list.rows}
          {...listPaging(list, PAGE_SIZES)}
          rowLabel={(row) => rowTitle(shown, row, labels)}
          sort={view.sort as SortState}
          onSortChange={list.setSort}
          hiddenColumns={view.hidden}
          hiddenRendering={hiddenRendering}
          onHiddenColumnsChange={(hidden) => updateView({ hidden }, true)}
          readOnly={!writable}
          onRowOpen={openRow}
          rowActions={(row) => (
            <RowActions>
              {writable ? extensions?.rowActions?.(row, list.reload) : null}
              <IconButton
                type="button"
                onClick={() => openRow(row)}
                aria-label={texts.editRow(rowTitle(shown, row, labels))}
                title={texts.edit}
              >
                <PencilIcon />
              </IconButton>
              <IconButton
                type="button"
                data-kind="danger"
                onClick={() =>
                  askDelete({
                    ids: [String(row.id)],
                    label: texts.oneRow(shown.label, rowTitle(shown, row, labels)),
                  })
                }
                aria-label={texts.deleteRow(rowTitle(shown, row, labels))}
                title={texts.delete}
              >
                <TrashIcon />
              </IconButton>
            </RowActions>
          )}
          bulkActions={(ids, clear) => (
            <>
              {writable
                ? extensions?.bulkActions?.({
                    ids,
                    rows: list.rows.filter((row) => ids.includes(String(row.id))),
                    clear,
                    reload: list.reload,
                  })
                : null}
              <Button
                type="button"
                data-kind="danger"
                onClick={() =>
                  askDelete({
                    ids,
                    label: texts.rows(
                      formatNumber(ids.length),
                      ids.length === 1 ? shown.label : shown.labelPlural,
                    ),
                    done: clear,
                  })
                }
              >
                {texts.deleteSelected(formatNumber(ids.length))}
              </Button>
            </>
          )}
          loading={loading}
          error={
            list.status === 'error'
              ? texts.loadFailed(shown.labelPlural, errorText(list.error, shown, texts.errors))
              : null
          }
          onRetry={list.reload}
          emptyMessage={
            view.filters.length || view.groups.length || view.q
              ? texts.noMatch(shown.labelPlural)
              : texts.empty(shown.labelPlural)
          }
        />
      </ListArea>

      {panel ? (
        <RecordPanel
          title={panelTitle}
          onClose={() => openPanel(null)}
          busy={saving}
          {...(panel.mode !== 'create'
            ? { history: { def: shown, load: () => api.history(def, String(panel.row.id)) } }
            : {})}
        >
          <ResourceForm
            label={panelTitle}
            mode={panel.mode}
            fields={shown.fields}
            initialValues={panel.mode === 'create' ? panel.values : panel.row}
            onSubmit={(values, meta) => void submit(values, meta)}
            onCancel={() => openPanel(null)}
            submitting={saving}
            {...(saveError?.fields ? { errors: saveError.fields } : {})}
            formError={saveError?.message ? <span role="alert">{saveError.message}</span> : null}
            conflict={conflictRow ? { onReload: () => openPanel({ mode: 'edit', row: conflictRow }) } : null}
            loadOptions={(entity, q) => api.options(entity, q)}
            {...(panel.mode !== 'create' ? { relationLabels: relationLabelsOf(def, panel.row, labels) } : {})}
          />
          {panel.mode !== 'create' ? extensions?.panel?.(panel.row) : null}
          {def.name === 'webhook_forwarders' && panel.mode !== 'create' ? (
            <ForwarderDeliveries forwarderId={String(panel.row.id)} writable={writable} />
          ) : null}
        </RecordPanel>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title={texts.deleteTitle(deleting?.label ?? '')}
        description={
          (deleting?.ids.length ?? 0) > 1
            ? def.softDelete
              ? texts.deleteSoftMany
              : texts.deleteHardMany
            : def.softDelete
              ? texts.deleteSoftOne
              : texts.deleteHardOne
        }
        confirmLabel={texts.delete}
        cancelLabel={texts.cancel}
        destructive
        busy={deleteBusy}
        busyLabel={texts.deleting}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}
