import { type ApiClient, isHttpError } from './client.js';
import {
  anyListResponseSchema,
  listQueryToSearchParams,
  resourcePath,
  resourcesEndpoints,
  savedViewsPath,
  type EntityDef,
  type RelationLabels,
  type ListFilter,
  type ListFilterGroup,
  type ListSort,
} from '@staff/console-contract';
import type { AuditEntry, CallError, ResourceFieldOption, ResourceRow } from '@staff/console-ui';
import type { z } from 'zod';
import { toCallError } from './errors.js';
import { ApiError } from './apiError.js';
import { createCall } from './call.js';

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

/**
 * A failed resource call: the HTTP status and message, the field messages of a 400 (or a 409 on a unique field),
 * the `code` the server gave (`conflict` for a stale version) and, on a stale edit, the row as it is now.
 */
export interface ResourceCallError extends CallError {
  code?: string;
  fields?: Record<string, string[]>;
  current?: ResourceRow;
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
const base = (def: EntityDef | string) => resourcePath(entityName(def));

/** Turns any failure into a ResourceCallError, keeping the server's `fields`, `code` and `current`. */
export function toResourceError(error: unknown): ResourceCallError {
  const callError: ResourceCallError = { ...toCallError(error) };
  if (isHttpError(error) && error.response?.data && typeof error.response.data === 'object') {
    const body = error.response.data as Record<string, unknown>;
    if (typeof body.code === 'string') callError.code = body.code;
    if (isFieldMessages(body.fields)) callError.fields = body.fields;
    if (body.current && typeof body.current === 'object') callError.current = body.current as ResourceRow;
  }
  return callError;
}

function isFieldMessages(value: unknown): value is Record<string, string[]> {
  return (
    !!value &&
    typeof value === 'object' &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
    )
  );
}

async function call<T>(run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    throw toResourceError(error);
  }
}

/** A contract endpoint's call (resourcesEndpoints), failing as a ResourceCallError like the others. */
async function endpointCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toResourceError(error instanceof ApiError && error.cause !== undefined ? error.cause : error);
  }
}

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

/** Reads an answer with its contract schema; a malformed one is a call error, not a page of garbage. */
function read<S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw { message: `The server answered with a malformed ${what}` } satisfies ResourceCallError;
  return parsed.data;
}

/** A file name for an export: `creators-2026-11-01.csv`. */
export function exportFileName(def: EntityDef, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return `${def.name.replace(/_/g, '-')}-${day}.csv`;
}

/**
 * The REST resource of every master-data entity (the contract's `resourcePath`) and the saved views
 * (`savedViewsPath`), over the app's one HTTP client. Failures reject with a ResourceCallError.
 *
 * @example
 * const resources = createResourcesApi(services.api);
 * const page = await resources.list(creators, { filters: [{ field: 'platform', op: 'eq', value: 'tiktok' }] });
 */
export function createResourcesApi(client: ApiClient) {
  const send = createCall(client);
  return {
    async list(
      def: EntityDef,
      request: ResourceListRequest = {},
      signal?: AbortSignal,
    ): Promise<ResourceListPage> {
      const data = await call(() =>
        client.get<unknown>(
          `${base(def)}?${listSearchParams(def, request).toString()}`,
          signal ? { signal } : {},
        ),
      );
      const body = read(anyListResponseSchema, data, 'list');
      return {
        rows: body.rows as ResourceRow[],
        total: body.total,
        totalEstimated: body.total_estimated,
        labels: body.labels,
      };
    },

    get: (def: EntityDef, id: string | number): Promise<ResourceRow> =>
      call(() => client.get<ResourceRow>(`${base(def)}/${encodeURIComponent(String(id))}`)),

    create: (def: EntityDef, values: Record<string, unknown>): Promise<ResourceRow> =>
      call(() => client.post<ResourceRow>(base(def), values)),

    /** Sends only the changed values with the version the edit started from; a stale version rejects with 409. */
    update: (
      def: EntityDef,
      id: string | number,
      values: Record<string, unknown>,
      version: number,
    ): Promise<ResourceRow> =>
      call(() =>
        client.patch<ResourceRow>(`${base(def)}/${encodeURIComponent(String(id))}`, { ...values, version }),
      ),

    async remove(def: EntityDef, id: string | number): Promise<void> {
      await call(() => client.delete(`${base(def)}/${encodeURIComponent(String(id))}`));
    },

    /** An action of the entity on one row (`ready`, `ship`, …); the version guards against a stale row. */
    action: (def: EntityDef | string, id: string | number, name: string, version?: number) =>
      endpointCall(
        () =>
          send(resourcesEndpoints.action, {
            params: { entity: entityName(def), id: String(id), action: name },
            body: version === undefined ? {} : { version },
          }) as Promise<ResourceRow>,
      ),
    /** The same action on several rows, all or none. */
    bulkAction: (def: EntityDef | string, name: string, ids: (string | number)[]) =>
      endpointCall(() =>
        send(resourcesEndpoints.bulkAction, {
          params: { entity: entityName(def), action: name },
          body: { ids: ids.map(Number) },
        }),
      ),
    /** Deletes several rows in one transaction; resolves with how many were deleted. */
    async bulkDelete(def: EntityDef, ids: (string | number)[]): Promise<number> {
      const answer = await endpointCall(() =>
        send(resourcesEndpoints.bulkDelete, {
          params: { entity: def.name },
          body: { ids: ids.map((id) => Number(id)) },
        }),
      );
      return answer.deleted;
    },

    async history(def: EntityDef, id: string | number): Promise<AuditEntry[]> {
      const answer = await endpointCall(() =>
        send(resourcesEndpoints.history, { params: { entity: def.name, id: String(id) } }),
      );
      return answer.entries as AuditEntry[];
    },

    /** Choices for a relation select: rows of `entity` whose label matches `q`. */
    async options(entity: string, q: string): Promise<ResourceFieldOption[]> {
      const answer = await endpointCall(() =>
        send(resourcesEndpoints.options, { params: { entity }, query: { q } }),
      );
      return answer.options.map((option) => ({ value: String(option.value), label: option.label }));
    },

    /** The current view as CSV text (every matching row, the view's columns). */
    exportCsv: (def: EntityDef, request: ResourceListRequest): Promise<string> => {
      const { limit: _limit, offset: _offset, ...view } = request;
      return call(() =>
        client.get<string>(`${base(def)}?${listSearchParams(def, view, 'csv').toString()}`, {
          responseType: 'text',
        }),
      );
    },

    async views(entity: string): Promise<StoredView[]> {
      const data = await call(() => client.get<unknown>(savedViewsPath(), { params: { entity } }));
      const list = Array.isArray(data)
        ? data
        : data && typeof data === 'object' && 'views' in data
          ? (data as { views: unknown }).views
          : [];
      return Array.isArray(list)
        ? (list as unknown[]).map(toStoredView).filter((view): view is StoredView => view !== null)
        : [];
    },

    createView: async (entity: string, view: ViewInput): Promise<StoredView> =>
      requireView(await call(() => client.post<unknown>(savedViewsPath(), { entity, ...view }))),

    updateView: async (id: string, changes: Partial<ViewInput>): Promise<StoredView> =>
      requireView(await call(() => client.patch<unknown>(savedViewsPath(id), changes))),

    async deleteView(id: string): Promise<void> {
      await call(() => client.delete(savedViewsPath(id)));
    },
  };
}

export type ResourcesApi = ReturnType<typeof createResourcesApi>;

function requireView(value: unknown): StoredView {
  const view = toStoredView(value);
  if (!view) throw { message: 'The server answered with a malformed view' } satisfies ResourceCallError;
  return view;
}

/** Reads a view from the server's answer (`{ id, entity, name, shared, q, filters, sort, columns, mine, owner }`). */
function toStoredView(value: unknown): StoredView | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  if (raw.id === undefined || typeof raw.name !== 'string') return null;
  const sort = raw.sort && typeof raw.sort === 'object' ? (raw.sort as ListSort) : null;
  return {
    id: String(raw.id),
    entity: typeof raw.entity === 'string' ? raw.entity : '',
    name: raw.name,
    shared: raw.shared === true,
    filters: Array.isArray(raw.filters) ? (raw.filters as ListFilter[]) : [],
    groups: Array.isArray(raw.groups) ? (raw.groups as ListFilterGroup[]) : [],
    q: typeof raw.q === 'string' && raw.q !== '' ? raw.q : null,
    sort,
    columns: Array.isArray(raw.columns) ? (raw.columns as unknown[]).map(String) : null,
    mine: raw.mine !== false,
    owner: typeof raw.owner === 'string' ? raw.owner : null,
  };
}
