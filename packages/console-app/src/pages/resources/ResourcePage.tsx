import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { canWrite, entityForRoute, toPermissionMap, type EntityDef } from '@staff/console-contract';
import {
  ConfirmDialog,
  DataTable,
  columnsFromFields,
  renderFieldCell,
  FilterBar,
  ResourceForm,
  filterPresetsMachine,
  isFilterPreset,
  useNotifications,
  type DataTableColumn,
  type FieldErrors,
  type FilterPreset,
  type FormValues,
  type LoadUserPresetsInput,
  type PersistUserPresetsInput,
  type ResourceRow,
  type SavedView,
  type SortState,
} from '@staff/console-ui';
import {
  createResourcesApi,
  exportFileName,
  type RelationLabels,
  type ResourceCallError,
} from '../../api/resources.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { Muted, Page } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import { exportRequestFor, requestFor, type LoadedList } from './loadList.js';
import { errorText, rowTitle } from './messages.js';
import { RecordPanel } from './RecordPanel.js';
import { Button, IconButton, ListArea, Notice, PencilIcon, RowActions, TrashIcon } from './ui.js';
import { useResourceChanges } from './useResourceChanges.js';
import { useResourceList } from './useResourceList.js';
import { useSavedViews } from './useSavedViews.js';
import {
  PAGE_SIZES,
  builtInPresets,
  filtersKey,
  fromFilterGroup,
  listFields,
  parseViewState,
  toFilterGroup,
  viewStateToSearchParams,
  visibleColumns,
  type ViewState,
} from './viewState.js';

/** Live pushes arriving together (a bulk delete) reload the list once. */
const LIVE_RELOAD_MS = 250;

type PanelState = { mode: 'create'; values: FormValues } | { mode: 'edit' | 'view'; row: ResourceRow };

type SaveError = { fields?: FieldErrors; message?: string; conflict?: ResourceRow };

/** Master data of the route's entity (see `entityForRoute`): list, filters, presets, views, forms, history. */
export default function ResourcePage({ route, data }: PageProps<LoadedList>) {
  const def = entityForRoute(route.id);
  if (!def) {
    return (
      <Page title={route.title} data-page={route.id}>
        <Muted role="alert">This page has no master-data definition.</Muted>
      </Page>
    );
  }
  // Keyed so a different entity (another route) starts with fresh state.
  return <ResourceList key={def.name} def={def} title={route.title} routeId={route.id} data={data} />;
}

function defaultsOf(def: EntityDef): FormValues {
  const values: FormValues = {};
  for (const field of def.fields)
    if (field.defaultValue !== undefined) values[field.name] = field.defaultValue;
  return values;
}

/** The form keeps relation ids as text (select values); the API takes row ids as numbers. */
export function toRequestBody(def: EntityDef, values: FormValues): FormValues {
  const body: FormValues = { ...values };
  for (const field of def.fields) {
    const value = body[field.name];
    if (field.type === 'relation' && typeof value === 'string' && /^\d+$/.test(value))
      body[field.name] = Number(value);
  }
  return body;
}

/** Only the changed fields go into an update (plus the version), so a concurrent edit of others is not undone. */
function pick(values: FormValues, names: string[]): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => names.includes(name)));
}

function saveErrorOf(error: ResourceCallError, def: EntityDef): SaveError {
  if (error.status === 409 && error.code === 'conflict' && error.current) return { conflict: error.current };
  const known = new Set(def.fields.map((field) => field.name));
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    if (known.has(name)) fields[name] = messages;
    else other.push(...messages);
  }
  const hasFields = Object.keys(fields).length > 0;
  if (error.status === 403)
    return { message: `You don't have permission to change ${def.labelPlural.toLowerCase()}.` };
  const message = other.length
    ? other.join(' ')
    : hasFields
      ? undefined
      : errorText(error, def) || 'The change was not saved.';
  return { ...(hasFields ? { fields } : {}), ...(message ? { message } : {}) };
}

/** The list's columns: relation cells show the related row's label the list answer carries, not its id. */
export function columnsFor(def: EntityDef, labels: RelationLabels): DataTableColumn[] {
  return columnsFromFields(def.fields).map((column) =>
    column.field?.type === 'relation'
      ? {
          ...column,
          cell: (row: ResourceRow) => {
            const id = row[column.id];
            if (id === null || id === undefined) return '-';
            return labels[column.id]?.[String(id)] ?? renderFieldCell(column.field!, id);
          },
        }
      : column,
  );
}

/** Labels of a row's relation values, for the form's relation selects. */
export function relationLabelsOf(
  def: EntityDef,
  row: ResourceRow,
  labels: RelationLabels,
): Record<string, string> {
  const known: Record<string, string> = {};
  for (const field of def.fields) {
    const label = field.type === 'relation' ? labels[field.name]?.[String(row[field.name])] : undefined;
    if (label !== undefined) known[field.name] = label;
  }
  return known;
}

function readUserPresets(listId: string): FilterPreset[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(listId) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isFilterPreset) : [];
  } catch {
    return [];
  }
}

/** The user's own presets are kept in this browser's storage, per entity; saved views are on the server. */
const presetsInThisBrowser = filterPresetsMachine.provide({
  actors: {
    loadUserPresets: fromPromise<FilterPreset[], LoadUserPresetsInput>(async ({ input }) =>
      readUserPresets(input.listId),
    ),
    persistUserPresets: fromPromise<void, PersistUserPresetsInput>(async ({ input }) => {
      window.localStorage.setItem(input.listId, JSON.stringify(input.presets));
    }),
  },
});

function ResourceList({
  def,
  title,
  routeId,
  data,
}: {
  def: EntityDef;
  title: string;
  routeId: string;
  data?: PageProps<LoadedList>['data'];
}) {
  const services = useServices();
  const { notify } = useNotifications();
  const { permissions } = useConsoleContext();
  const writable = canWrite(toPermissionMap(permissions), def.permissionKey);
  const api = useMemo(() => createResourcesApi(services.api), [services.api]);
  const fields = useMemo(() => listFields(def), [def]);

  // ---- View state lives in the address bar -------------------------------------------------------------------
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parseViewState(def, searchParams), [def, searchParams]);
  // The router's functional update reads the address of the last render, so two changes in one event (page
  // size, then page 1) would lose the first: changes build on the latest address this page asked for.
  const latestParams = useRef(searchParams);
  useEffect(() => {
    latestParams.current = searchParams;
  }, [searchParams]);
  const updateView = useCallback(
    (changes: Partial<ViewState>, replace = false) => {
      const next = viewStateToSearchParams(def, { ...parseViewState(def, latestParams.current), ...changes });
      if (next.toString() === latestParams.current.toString()) return;
      latestParams.current = next;
      setSearchParams(next, { replace });
    },
    [def, setSearchParams],
  );
  const request = useMemo(() => requestFor(def, view), [def, view]);
  const list = useResourceList(def, api, request, data);

  // ---- Presets (built-in from the definition, the user's own in this browser) ---------------------------------
  const listId = `console.presets.${def.name}`;
  const [initialPreset] = useState(() => {
    const preset = builtInPresets(def).find((candidate) => candidate.id === view.presetId);
    const translatedPreset = preset ? fromFilterGroup(def, preset.filter) : null;
    const matches =
      preset &&
      translatedPreset &&
      filtersKey(def, translatedPreset.filters, translatedPreset.groups) ===
        filtersKey(def, view.filters, view.groups);
    return matches ? preset.id : null;
  });
  const presets = useActorRef(presetsInThisBrowser, {
    input: {
      listId,
      presets: builtInPresets(def),
      ...(initialPreset ? { initialPresetId: initialPreset } : {}),
    },
  });
  const presetsLoading = useSelector(presets, (snapshot) => snapshot.hasTag('loading'));
  const machineFilter = useSelector(presets, (snapshot) => snapshot.context.view.filter);
  const presetParam = useSelector(presets, (snapshot) =>
    snapshot.hasTag('modified') ? null : snapshot.context.activePresetId,
  );
  const translated = useMemo(() => fromFilterGroup(def, machineFilter), [def, machineFilter]);

  // Two-way sync: a new address (link, back button, saved view) sets the chips; a chip or preset sets the address.
  const urlFiltersKey = filtersKey(def, view.filters, view.groups);
  const lastUrlKey = useRef<string | null>(null);
  useEffect(() => {
    if (presetsLoading) return;
    const machineKey = filtersKey(def, translated.filters, translated.groups);
    const urlChanged = lastUrlKey.current !== urlFiltersKey;
    lastUrlKey.current = urlFiltersKey;
    if (machineKey === urlFiltersKey) {
      if (presetParam !== view.presetId) updateView({ presetId: presetParam }, true);
      return;
    }
    if (urlChanged) presets.send({ type: 'FILTER.SET', filter: toFilterGroup(view.filters, view.groups) });
    else
      updateView({
        filters: translated.filters,
        groups: translated.groups,
        presetId: presetParam,
        page: 1,
        viewId: null,
      });
  }, [
    def,
    presets,
    presetsLoading,
    translated,
    urlFiltersKey,
    presetParam,
    view.filters,
    view.groups,
    view.presetId,
    updateView,
  ]);

  // ---- Saved views -------------------------------------------------------------------------------------------
  const savedViews = useSavedViews(def.name, api);
  const applyView = useCallback(
    (id: string) => {
      const stored = savedViews.views.find((candidate) => candidate.id === id);
      if (!stored) return;
      const shown = stored.columns ?? visibleColumns(def, []);
      updateView({
        q: stored.q ?? '',
        filters: stored.filters,
        groups: stored.groups,
        sort: stored.sort ?? def.defaultSort,
        hidden: visibleColumns(def, []).filter((name) => !shown.includes(name)),
        page: 1,
        viewId: stored.id,
        presetId: null,
      });
    },
    [def, savedViews.views, updateView],
  );
  // A link with only `?view=<id>` opens that view once the views are in.
  const openedByLink = useRef(false);
  useEffect(() => {
    if (openedByLink.current || !savedViews.loaded || !view.viewId) return;
    openedByLink.current = true;
    const bare =
      view.filters.length === 0 && view.groups.length === 0 && !view.q && searchParams.get('sort') === null;
    if (bare) applyView(view.viewId);
  }, [savedViews.loaded, view, searchParams, applyView]);

  const barViews: SavedView[] = savedViews.views.map((stored) => ({
    id: stored.id,
    name: stored.name,
    shared: stored.shared,
    mine: stored.mine,
    ...(stored.owner ? { owner: stored.owner } : {}),
  }));
  const viewFailed = (action: string) => (error: unknown) =>
    notify({
      type: 'error',
      title: `Could not ${action} the view`,
      message: errorText(error as ResourceCallError, def),
    });

  // ---- Live updates ------------------------------------------------------------------------------------------
  const liveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { reload } = list;
  useResourceChanges(def.name, () => {
    clearTimeout(liveTimer.current);
    liveTimer.current = setTimeout(reload, LIVE_RELOAD_MS);
  });
  useEffect(() => () => clearTimeout(liveTimer.current), []);

  // ---- Create / edit / view ----------------------------------------------------------------------------------
  const [panel, setPanel] = useState<PanelState | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const openPanel = (next: PanelState | null) => {
    setSaveError(null);
    setPanel(next);
  };
  const openRow = (row: ResourceRow) => openPanel({ mode: writable ? 'edit' : 'view', row });

  const submit = async (values: FormValues, meta: { changed: string[] }) => {
    if (!panel || panel.mode === 'view') return;
    setSaving(true);
    setSaveError(null);
    try {
      if (panel.mode === 'create') {
        const created = await api.create(def, toRequestBody(def, values));
        notify({ type: 'success', message: `${def.label} “${rowTitle(def, created)}” created.` });
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
        notify({ type: 'success', message: `${def.label} “${rowTitle(def, saved)}” saved.` });
      }
      openPanel(null);
      list.reload();
    } catch (error) {
      setSaveError(saveErrorOf(error as ResourceCallError, def));
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
      notify({ type: 'success', message: `Deleted ${deleting.label}.` });
      deleting.done?.();
      setDeleting(null);
      list.reload();
    } catch (error) {
      setDeleteError(errorText(error as ResourceCallError, def));
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
      notify({ type: 'success', message: `Exported ${list.total} ${def.labelPlural.toLowerCase()} as CSV.` });
    } catch (error) {
      notify({ type: 'error', title: 'Export failed', message: errorText(error as ResourceCallError, def) });
    } finally {
      setExporting(false);
    }
  };

  const { labels } = list;
  const columns = useMemo(() => columnsFor(def, labels), [def, labels]);
  const loading = list.shownKey !== list.key && list.error === null;
  const panelTitle = !panel
    ? ''
    : panel.mode === 'create'
      ? `New ${def.label.toLowerCase()}`
      : panel.mode === 'edit'
        ? `Edit ${def.label.toLowerCase()} ${rowTitle(def, panel.row)}`
        : `${def.label} ${rowTitle(def, panel.row)}`;

  return (
    <Page
      title={title}
      data-page={routeId}
      description={def.description}
      actions={
        writable ? (
          <Button
            type="button"
            data-kind="primary"
            onClick={() => openPanel({ mode: 'create', values: defaultsOf(def) })}
          >
            New {def.label.toLowerCase()}
          </Button>
        ) : null
      }
    >
      {!writable ? (
        <Notice role="note" data-readonly="">
          You can read {def.labelPlural.toLowerCase()} but not change them.
        </Notice>
      ) : null}
      <FilterBar
        label={`Filter ${def.labelPlural.toLowerCase()}`}
        fields={fields}
        search={view.q}
        onSearchChange={(q) => updateView({ q, page: 1, viewId: null })}
        searchPlaceholder={`Search ${def.labelPlural.toLowerCase()}…`}
        presets={presets}
        loadOptions={(entity, q) => api.options(entity, q)}
        relationLabels={labels}
        savedViews={barViews}
        activeViewId={view.viewId}
        onSelectView={(selected) => applyView(selected.id)}
        onSaveView={({ name, shared }) => {
          savedViews
            .save({
              name,
              shared,
              q: view.q || null,
              filters: view.filters,
              groups: view.groups,
              sort: view.sort,
              columns: visibleColumns(def, view.hidden),
            })
            .then((saved) => {
              updateView({ viewId: saved.id }, true);
              notify({ type: 'success', message: `View “${saved.name}” saved.` });
            }, viewFailed('save'));
        }}
        onShareView={(id, shared) => void savedViews.share(id, shared).catch(viewFailed('share'))}
        onDeleteView={(id) => {
          savedViews.remove(id).then(() => {
            if (view.viewId === id) updateView({ viewId: null }, true);
          }, viewFailed('delete'));
        }}
      >
        <Button type="button" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </FilterBar>
      {translated.unsupported > 0 ? (
        <Notice data-tone="warning" role="note">
          Some conditions of this preset do not fit this list (a field or comparison it does not have); they
          are left out.
        </Notice>
      ) : null}
      {savedViews.error ? (
        <Notice data-tone="warning" role="note">
          Saved views could not be loaded: {errorText(savedViews.error, def)}
        </Notice>
      ) : null}
      <ListArea>
        <DataTable
          label={def.labelPlural}
          columns={columns}
          rows={list.rows}
          total={list.total}
          totalEstimated={list.totalEstimated}
          rowLabel={(row) => rowTitle(def, row)}
          sort={view.sort as SortState}
          onSortChange={(sort) => updateView({ sort, page: 1, viewId: null })}
          page={view.page}
          onPageChange={(page) => updateView({ page })}
          pageSize={view.pageSize}
          pageSizeOptions={PAGE_SIZES}
          onPageSizeChange={(pageSize) => updateView({ pageSize, page: 1 })}
          hiddenColumns={view.hidden}
          onHiddenColumnsChange={(hidden) => updateView({ hidden }, true)}
          readOnly={!writable}
          onRowOpen={openRow}
          rowActions={(row) => (
            <RowActions>
              <IconButton
                type="button"
                onClick={() => openRow(row)}
                aria-label={`Edit ${rowTitle(def, row)}`}
                title="Edit"
              >
                <PencilIcon />
              </IconButton>
              <IconButton
                type="button"
                data-kind="danger"
                onClick={() =>
                  askDelete({
                    ids: [String(row.id)],
                    label: `${def.label.toLowerCase()} “${rowTitle(def, row)}”`,
                  })
                }
                aria-label={`Delete ${rowTitle(def, row)}`}
                title="Delete"
              >
                <TrashIcon />
              </IconButton>
            </RowActions>
          )}
          bulkActions={(ids, clear) => (
            <Button
              type="button"
              data-kind="danger"
              onClick={() =>
                askDelete({
                  ids,
                  label: `${ids.length} ${(ids.length === 1 ? def.label : def.labelPlural).toLowerCase()}`,
                  done: clear,
                })
              }
            >
              Delete selected ({ids.length})
            </Button>
          )}
          loading={loading}
          error={
            list.error
              ? `Could not load ${def.labelPlural.toLowerCase()}. ${errorText(list.error, def)}`
              : null
          }
          onRetry={list.reload}
          emptyMessage={
            view.filters.length || view.groups.length || view.q
              ? `No ${def.labelPlural.toLowerCase()} match these filters.`
              : `No ${def.labelPlural.toLowerCase()} yet.`
          }
        />
      </ListArea>

      {panel ? (
        <RecordPanel
          title={panelTitle}
          onClose={() => openPanel(null)}
          busy={saving}
          {...(panel.mode !== 'create'
            ? { history: { def, load: () => api.history(def, String(panel.row.id)) } }
            : {})}
        >
          <ResourceForm
            label={panelTitle}
            mode={panel.mode}
            fields={def.fields}
            initialValues={panel.mode === 'create' ? panel.values : panel.row}
            onSubmit={(values, meta) => void submit(values, meta)}
            onCancel={() => openPanel(null)}
            submitting={saving}
            {...(saveError?.fields ? { errors: saveError.fields } : {})}
            formError={saveError?.message ? <span role="alert">{saveError.message}</span> : null}
            conflict={
              saveError?.conflict
                ? {
                    onReload: () => {
                      const current = saveError.conflict as ResourceRow;
                      openPanel({ mode: 'edit', row: current });
                    },
                  }
                : null
            }
            loadOptions={(entity, q) => api.options(entity, q)}
            {...(panel.mode !== 'create' ? { relationLabels: relationLabelsOf(def, panel.row, labels) } : {})}
          />
        </RecordPanel>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting && deleting.ids.length > 1
            ? `Delete ${deleting.label}?`
            : `Delete ${deleting?.label ?? ''}?`
        }
        description={
          def.softDelete
            ? 'It disappears from the list; its history is kept.'
            : 'This cannot be undone; the change stays in the audit log.'
        }
        confirmLabel="Delete"
        destructive
        busy={deleteBusy}
        busyLabel="Deleting…"
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}
