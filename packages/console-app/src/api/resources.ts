import type { ApiClient } from './client.js';
import {
  listQueryToSearchParams,
  resourcesEndpoints,
  savedViewFilterSchema,
  savedViewGroupSchema,
  savedViewsEndpoints,
  type EndpointResponse,
  type EntityDef,
  type RelationLabels,
  type ListFilter,
  type ListFilterGroup,
  type ListSort,
} from '@staff/console-contract';
import {
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditEntry,
  type ResourceFieldOption,
  type ResourceRow,
} from '@staff/console-ui';
import { createCall } from './call.js';
import { createDownload } from './download.js';

/** What the list page asks for: the current view (filters, search, sort, page) of one entity. */
export interface ResourceListRequest {
  q?: string | null;
  filters?: ListFilter[];
  /** OR groups (`or` parameters). */
  groups?: ListFilterGroup[];
  sort?: ListSort;
  limit?: number;
  offset?: number;
  /** Columns of the view; the CSV export writes exactly these. */
  columns?: string[] | null;
}

export type { RelationLabels };

export interface ResourceListPage {
  rows: ResourceRow[];
  /** Rows matching the filters (all pages). */
  total: number;
  /** The server estimated the total (a huge unfiltered table). */
  totalEstimated: boolean;
  labels: RelationLabels;
}

/** A saved view as the server keeps it. */
export interface StoredView {
  id: string;
  entity: string;
  name: string;
  shared: boolean;
  filters: ListFilter[];
  groups: ListFilterGroup[];
  q: string | null;
  sort: ListSort | null;
  columns: string[] | null;
  /** Whether the signed-in user owns it (only owners change or delete it). */
  mine: boolean;
  owner: string | null;
}

export interface ViewInput {
  name: string;
  shared: boolean;
  filters: ListFilter[];
  /** OR groups; none when left out. */
  groups?: ListFilterGroup[];
  q: string | null;
  sort: ListSort | null;
  columns: string[] | null;
}

const entityName = (def: EntityDef | string) => (typeof def === 'string' ? def : def.name);

/** The list request's query string, in the contract's encoding (defaults left out). */
export function listSearchParams(
  def: EntityDef,
  request: ResourceListRequest,
  format: 'json' | 'csv' = 'json',
): URLSearchParams {
  return listQueryToSearchParams(def, {
    q: request.q ?? null,
    filters: request.filters ?? [],
    groups: request.groups ?? [],
    ...(request.sort ? { sort: request.sort } : {}),
    ...(request.limit !== undefined ? { limit: request.limit } : {}),
    ...(request.offset ? { offset: request.offset } : {}),
    columns: request.columns ?? null,
    format,
  });
}

/** The list endpoint's query (`or` and any other repeated parameter as a list), from its query string. */
function listQuery(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/**
 * The list endpoint's input for one view of an entity, for `useEndpoint(resourcesEndpoints.list, …)`.
 * @example
 * useEndpoint(resourcesEndpoints.list, listInput(products, { limit: 500 }));
 */
export const listInput = (def: EntityDef, request: ResourceListRequest = {}) => ({
  params: { entity: def.name },
  query: listQuery(listSearchParams(def, request)),
});

/** A file name for an export: `creators-2026-11-01.csv`. */
export function exportFileName(def: EntityDef, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return `${def.name.replace(/_/g, '-')}-${day}.csv`;
}

const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, action);

/**
 * The resource endpoints of every master-data entity (the contract's `resourcesEndpoints`) and the saved views
 * (`savedViewsEndpoints`), through the app's one client (`call()`; the CSV export through `download()`): every
 * answer is parsed with its endpoint's schema, and every failure is an ApiError (a stale write's 409 carries the
 * row as it is now in `current`).
 *
 * @example
 * const resources = createResourcesApi(services.api);
 * const page = await resources.list(creators, { filters: [{ field: 'platform', op: 'eq', value: 'tiktok' }] });
 */
export function createResourcesApi(client: ApiClient) {
  const call = createCall(client);
  const download = createDownload(client);
  const rowParams = (def: EntityDef | string, id: string | number) => ({
    entity: entityName(def),
    id: String(id),
  });
  return {
    async list(
      def: EntityDef,
      request: ResourceListRequest = {},
      signal?: AbortSignal,
    ): Promise<ResourceListPage> {
      const body = await call(resourcesEndpoints.list, listInput(def, request), signal ? { signal } : {});
      return {
        rows: body.rows,
        total: body.total,
        totalEstimated: body.total_estimated,
        labels: body.labels,
      };
    },

    get: (def: EntityDef, id: string | number): Promise<ResourceRow> =>
      call(resourcesEndpoints.get, { params: rowParams(def, id) }),

    create: (def: EntityDef, values: Record<string, unknown>): Promise<ResourceRow> =>
      call(resourcesEndpoints.create, { params: { entity: def.name }, body: values }),

    /** Sends only the changed values with the version the edit started from; a stale version rejects with 409. */
    update: (
      def: EntityDef,
      id: string | number,
      values: Record<string, unknown>,
      version: number,
    ): Promise<ResourceRow> =>
      call(resourcesEndpoints.update, { params: rowParams(def, id), body: { ...values, version } }),

    async remove(def: EntityDef, id: string | number): Promise<void> {
      await call(resourcesEndpoints.remove, { params: rowParams(def, id) });
    },

    /** An action of the entity on one row (`ready`, `ship`, …); the version guards against a stale row. */
    action: (
      def: EntityDef | string,
      id: string | number,
      name: string,
      version?: number,
    ): Promise<ResourceRow> =>
      call(resourcesEndpoints.action, {
        params: { ...rowParams(def, id), action: name },
        body: version === undefined ? {} : { version },
      }),
    /** The same action on several rows, all or none. */
    bulkAction: (
      def: EntityDef | string,
      name: string,
      ids: (string | number)[],
    ): Promise<EndpointResponse<typeof resourcesEndpoints.bulkAction>> =>
      call(resourcesEndpoints.bulkAction, {
        params: { entity: entityName(def), action: name },
        body: { ids: ids.map(Number) },
      }),
    /** Deletes several rows in one transaction; resolves with how many were deleted. */
    async bulkDelete(def: EntityDef, ids: (string | number)[]): Promise<number> {
      const answer = await call(resourcesEndpoints.bulkDelete, {
        params: { entity: def.name },
        body: { ids: ids.map(Number) },
      });
      return answer.deleted;
    },

    /** The row's audit entries, newest first (those of an action the history view names). */
    async history(def: EntityDef, id: string | number): Promise<AuditEntry[]> {
      const answer = await call(resourcesEndpoints.history, { params: rowParams(def, id) });
      return answer.entries.flatMap(({ id: entryId, at, actor, action, changes }) =>
        isAuditAction(action) ? [{ id: entryId, at, actor, action, changes }] : [],
      );
    },

    /** Choices for a relation select: rows of `entity` whose label matches `q`. */
    async options(entity: string, q: string): Promise<ResourceFieldOption[]> {
      const answer = await call(resourcesEndpoints.options, { params: { entity }, query: { q } });
      return answer.options.map((option) => ({ value: String(option.value), label: option.label }));
    },

    /** The current view as CSV text (every matching row, the view's columns), the byte-order mark kept. */
    async exportCsv(def: EntityDef, request: ResourceListRequest): Promise<string> {
      const { limit: _limit, offset: _offset, ...view } = request;
      const file = await download(resourcesEndpoints.list, {
        params: { entity: def.name },
        query: listQuery(listSearchParams(def, view, 'csv')),
      });
      return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer());
    },

    async views(entity: string): Promise<StoredView[]> {
      const answer = await call(savedViewsEndpoints.list, { query: { entity } });
      return answer.views.map(toStoredView);
    },

    createView: async (entity: string, view: ViewInput): Promise<StoredView> =>
      toStoredView(await call(savedViewsEndpoints.create, { body: { entity, ...view } })),

    updateView: async (id: string, changes: Partial<ViewInput>): Promise<StoredView> =>
      toStoredView(await call(savedViewsEndpoints.update, { params: { id }, body: changes })),

    async deleteView(id: string): Promise<void> {
      await call(savedViewsEndpoints.remove, { params: { id } });
    },
  };
}

export type ResourcesApi = ReturnType<typeof createResourcesApi>;

type SavedViewAnswer = EndpointResponse<typeof savedViewsEndpoints.get>;

/** Only what parses as a list filter (or OR group) is kept: the shapes a save is checked with. */
const listFilters = (values: readonly unknown[]): ListFilter[] =>
  values.flatMap((value) => {
    const parsed = savedViewFilterSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
const listGroups = (values: readonly unknown[]): ListFilterGroup[] =>
  values.flatMap((value) => {
    const parsed = savedViewGroupSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });

/** A view as the list keeps it, from the server's answer (already parsed with `savedViewSchema`). */
function toStoredView(view: SavedViewAnswer): StoredView {
  return {
    id: String(view.id),
    entity: view.entity,
    name: view.name,
    shared: view.shared,
    filters: listFilters(view.filters),
    groups: listGroups(view.groups),
    q: view.q === '' ? null : view.q,
    sort: view.sort,
    columns: view.columns,
    mine: view.mine,
    owner: view.owner,
  };
}
