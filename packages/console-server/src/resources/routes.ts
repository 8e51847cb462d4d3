/**
 * The REST routes of every master-data entity (`/api/resources/:entity/…`), generic over the contract's
 * ENTITIES, plus saved views (`/api/views`) and API keys (`/api/api-keys`). Registered by app.ts with one call.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ENTITIES,
  actionBodySchema,
  apiErrorSchema,
  bulkActionResponseSchema,
  bulkDeleteResponseSchema,
  bulkIdsSchema,
  encodeCursor,
  entityBodySchema,
  entityRowSchema,
  formatValidationError,
  getEntity,
  historyResponseSchema,
  isPermissionKey,
  listQueryParametersSchema,
  listQuerySchema,
  listResponseSchema,
  localizeEntity,
  maskRow,
  relationOptionsResponseSchema,
  resourceDeleteResponseSchema,
  savedViewListSchema,
  savedViewSchema,
  type EntityAction,
  type EntityBody,
  type EntityDef,
  type EntityRow,
  type ListQuery,
} from '@staff/console-contract';
import { languageOf } from '../preferences/routes.js';
import {
  type InputErrorFormat,
  type ResponseSpec,
  type RouteMember,
  type RouteRegistrar,
  parseInput,
} from '../http.js';
import { AUTH_MESSAGES } from '../auth/messages.js';
import { authenticate } from '../auth/sessions.js';
import { bearerToken } from '../auth/tokens.js';
import { userPermission, userPermissions } from '../services/users.js';
import { containsPattern } from './trigram.js';
import { csvExport, listPage, relationLabels } from './export.js';

export { csvLine } from './export.js';
import { createApiKey, findApiKey, listApiKeys, presentedApiKey, revokeApiKey } from './apiKeys.js';
import {
  RESOURCE_FANOUT_EVENT,
  type ResourceChangedPayload,
  pushResourceChanges,
  pushToLocalReaders,
} from './push.js';
import {
  type AnyDb,
  type Row,
  col,
  cursorValueFits,
  estimatedTotal,
  filterValueProblems,
  isFiltered,
  sortValue,
  table,
  whereOf,
} from './query.js';
import {
  ResourceError,
  type ResourceActor,
  createRow,
  deleteRows,
  invalid,
  notFound,
  readRow,
  restoreRow,
  runAction,
  transitionFields,
  updateRow,
  upsertRow,
} from './service.js';
import {
  type ViewDto,
  createView,
  deleteView,
  findView,
  listViews,
  updateView,
  viewCreateSchema,
  viewUpdateSchema,
} from './views.js';

/** A caller of the API (the server's own writes never come through here). */
type Actor = Exclude<ResourceActor, { kind: 'system' }> & { entities?: readonly string[] };

export interface ResourceRouteOptions {
  clock: () => Date;
  /** app.ts's declared-route helper: zod in, guarded, listed in the OpenAPI document. */
  route: RouteRegistrar;
  /** Largest create/update body (bytes); larger ones get 413. Long field values within it get 400. */
  bodyLimit?: number;
  /** Unfiltered lists of tables with at least this many rows (statistics) get an estimated total; default 100 000. */
  estimateTotalsFrom?: number;
}

const HISTORY_LIMIT = 200;
const OPTIONS_LIMIT_MAX = 50;

/** A row id in the path: digits only, at least 1 (15 digits stay exact in JavaScript). */
const rowIdParam = z
  .string()
  .regex(/^\d{1,15}$/, 'Must be a row id (a positive whole number)')
  .transform(Number)
  .refine((n) => n >= 1, 'Must be a row id (a positive whole number)');

/** A handler's parsed input: each member of a route family has its own schemas. */
interface RawInput {
  query: unknown;
  body: unknown;
  params: unknown;
}

const changesOf = (before: Row | null, after: Row | null) => {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => !['id', 'version', 'created_at', 'updated_at'].includes(key),
  );
  return keys
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
};

export async function registerResourceRoutes(
  app: FastifyInstance,
  options: ResourceRouteOptions,
): Promise<void> {
  const db = app.database.db;
  const anyDb = db as unknown as AnyDb;
  const { clock, route } = options;
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;

  const push = (def: EntityDef, changes: ResourceChangedPayload[]) => {
    pushResourceChanges(db, app.realtime, def, changes).catch((error: unknown) =>
      app.log.warn({ err: error }, 'resource push failed'),
    );
  };
  /** Tells the readers of `def` that these rows were created, updated or deleted (at their new version). */
  const pushRows = (def: EntityDef, action: ResourceChangedPayload['action'], rows: readonly Row[]) =>
    push(
      def,
      rows.map((row) => ({ entity: def.name, id: row.id as number, action, version: row.version as number })),
    );

  // Another node's write: deliver it to the readers connected here.
  if (app.realtime.clustered) {
    // The change travels with the key its readers need (a master-data entity's, or the Purchase Log's).
    app.realtime.io.on(RESOURCE_FANOUT_EVENT, (key: unknown, changes: unknown) => {
      if (!isPermissionKey(key) || !Array.isArray(changes)) return;
      pushToLocalReaders(db, app.realtime, { permissionKey: key }, changes as ResourceChangedPayload[]).catch(
        (error: unknown) => app.log.warn({ err: error }, 'resource push failed'),
      );
    });
  }

  async function actorOf(request: FastifyRequest): Promise<Actor> {
    const ip = request.ip ?? null;
    const authorization = request.headers.authorization;
    const key = presentedApiKey(request.headers);
    if (key && !(typeof authorization === 'string' && /^Bearer\s/i.test(authorization))) {
      const found = await findApiKey(db, key, clock());
      if (!found)
        throw new ResourceError(401, { message: 'Unknown or revoked API key', code: 'UNAUTHORIZED' });
      return { kind: 'api_key', keyId: found.id, name: found.name, entities: found.entities, ip };
    }
    // Set by the app's onRequest hook (one lookup, with the idle limit), else checked here.
    const session = request.session ?? (await authenticate(db, bearerToken(authorization), clock()));
    if (!session) throw new ResourceError(401, { message: AUTH_MESSAGES.unauthorized, code: 'UNAUTHORIZED' });
    return { kind: 'user', userId: session.userId, name: session.fullName, ip };
  }

  const forbidden = (mode: string, key: string) =>
    new ResourceError(403, { message: `You need ${mode} access to ${key} for this.`, code: 'FORBIDDEN' });

  /** read: the entity's key with read; write: with write. API keys: read/write on their entities, never delete. */
  async function requireAccess(
    actor: Actor,
    def: EntityDef,
    mode: 'read' | 'write' | 'delete',
  ): Promise<void> {
    if (actor.kind === 'api_key') {
      if (def.apiKeyWritable && actor.entities?.includes(def.name) && mode !== 'delete') return;
      throw new ResourceError(403, {
        message: `This API key may not ${mode === 'read' ? 'read' : 'change'} ${def.labelPlural}.`,
        code: 'FORBIDDEN',
      });
    }
    const flags = await userPermission(db, actor.userId, def.permissionKey);
    const allowed = mode === 'read' ? flags.read : flags.write;
    if (!allowed) throw forbidden(mode === 'read' ? 'read' : 'write', def.permissionKey);
  }

  const entityOf = (request: FastifyRequest): EntityDef => {
    const name = (request.params as { entity?: string }).entity ?? '';
    const def = getEntity(name);
    if (!def) throw new ResourceError(404, { message: `No resource named "${name}"`, code: 'NOT_FOUND' });
    return def;
  };

  const actionOf = (def: EntityDef, request: FastifyRequest): EntityAction => {
    const name = (request.params as { action?: string }).action ?? '';
    const action = def.actions?.find((candidate) => candidate.name === name);
    if (!action)
      throw new ResourceError(404, {
        message: `${def.labelPlural} have no action "${name}"`,
        code: 'NOT_FOUND',
      });
    return action;
  };

  // The caller found by a route's guard, for its handler.
  interface Caller {
    actor: Actor;
    def: EntityDef;
    action?: EntityAction;
    view?: ViewDto;
    userId?: number;
  }
  const callers = new WeakMap<FastifyRequest, Caller>();
  const callerOf = (request: FastifyRequest): Caller => {
    const found = callers.get(request);
    if (!found) throw new Error('resource route without its guard');
    return found;
  };

  /** The caller of a route on one row, with the row's id from the path. */
  const rowCallerOf = (request: FastifyRequest, input: { params: unknown }) => ({
    ...callerOf(request),
    id: (input.params as { id: number }).id,
  });

  /** The caller, the entity in the path and the access check, in this order: 401, then 404, then 403. */
  const entityGuard = (mode: 'read' | 'write' | 'delete') => async (request: FastifyRequest) => {
    const actor = await actorOf(request);
    const def = entityOf(request);
    // A read-only entity (rows the system writes): 405 on every write route, before the permission check.
    if (mode !== 'read' && def.access === 'read-only')
      throw new ResourceError(405, {
        message: `${def.labelPlural} are read-only: they are written by the system.`,
        code: 'READ_ONLY',
      });
    await requireAccess(actor, def, mode);
    callers.set(request, { actor, def });
  };

  /** An action's own mode decides the access (Confirm needs write, a read-mode action read). */
  const actionGuard = (bulk: boolean) => async (request: FastifyRequest) => {
    const actor = await actorOf(request);
    const def = entityOf(request);
    const action = actionOf(def, request);
    if (bulk && !action.bulk)
      throw new ResourceError(404, {
        message: `"${action.label}" runs on one ${def.label.toLowerCase()} at a time`,
        code: 'NOT_FOUND',
      });
    await requireAccess(actor, def, action.mode);
    callers.set(request, { actor, def, action });
  };

  const inputError: InputErrorFormat = (_location, error) =>
    new ResourceError(400, { ...formatValidationError(error), code: 'INVALID_INPUT' });

  /** The generic routes of every entity: one handler, documented per entity (RouteMember). */
  const resourceRoute = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    guard: (request: FastifyRequest) => Promise<void>,
    members: RouteMember[],
    handler: (request: FastifyRequest, reply: FastifyReply, input: RawInput) => Promise<unknown>,
    extra: { bodyLimit?: number } = {},
  ) =>
    route(
      {
        method,
        url,
        tag: 'resources',
        summary: members[0]?.summary ?? url,
        auth: true,
        apiKey: true,
        guard,
        inputError,
        members,
        responses: {},
        ...extra,
      },
      (request, reply, input) => handler(request, reply, input as RawInput),
    );

  const writable = ENTITIES.filter((def) => def.access !== 'read-only');
  const member = (
    def: EntityDef,
    mode: 'read' | 'write',
    summary: string,
    rest: Omit<RouteMember, 'values' | 'summary' | 'permission' | 'tag'>,
    values: Record<string, string> = {},
  ): RouteMember => ({
    values: { entity: def.name, ...values },
    summary,
    tag: `resource: ${def.name}`,
    permission: { key: def.permissionKey, mode },
    ...rest,
  });
  /**
   * A generic route behind entityGuard(mode), documented per entity it serves: reads for every entity, writes
   * and deletes for the writable ones (a read-only entity answers 405 there).
   */
  const entityRoute = (
    method: Parameters<typeof resourceRoute>[0],
    url: string,
    mode: 'read' | 'write' | 'delete',
    document: (def: EntityDef) => { summary: string } & Parameters<typeof member>[3],
    handler: Parameters<typeof resourceRoute>[4],
    extra?: Parameters<typeof resourceRoute>[5],
  ) =>
    resourceRoute(
      method,
      url,
      entityGuard(mode),
      (mode === 'read' ? ENTITIES : writable).map((def) => {
        const { summary, ...rest } = document(def);
        return member(def, mode === 'read' ? 'read' : 'write', summary, rest);
      }),
      handler,
      extra,
    );
  const rowParams = z.object({ entity: z.string(), id: rowIdParam });
  const row = (def: EntityDef, description = 'Success') => ({ schema: entityRowSchema(def), description });
  const noRow = 'No such row';
  const errors = { 404: { schema: apiErrorSchema, description: noRow } };

  // --- list / export -------------------------------------------------------------------------------
  /** A person's CSV speaks their chosen language (headings and choice labels); an API key's stays English. */
  async function exportCsv(def: EntityDef, query: ListQuery, reply: FastifyReply, actor: Actor) {
    const language = actor.kind === 'user' ? await languageOf(db, actor.userId) : 'en';
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${def.name}.csv"`)
      .send(Readable.from(csvExport(anyDb, localizeEntity(def, language), query, clock(), language)));
  }

  entityRoute(
    'GET',
    '/api/resources/:entity',
    'read',
    (def) => ({
      summary: `List ${def.labelPlural} (filters, search, sort, offset or keyset paging, total; format=csv exports the view)`,
      query: listQuerySchema(def),
      queryParameters: listQueryParametersSchema(def),
      responses: {
        200: {
          schema: listResponseSchema(def),
          description: 'A page with the total, or the CSV of the whole view',
          also: { 'text/csv': z.string() },
        },
      },
    }),
    async (request, reply, input) => {
      const { def, actor } = callerOf(request);
      const query = input.query as ListQuery;
      if (query.cursor && !cursorValueFits(def, query.sort, query.cursor))
        throw invalid({ cursor: ['Invalid cursor'] });
      const problems = filterValueProblems(def, query.filters, query.groups);
      if (problems.length)
        throw invalid(Object.fromEntries(problems.map(([key, message]) => [key, [message]])));
      if (query.format === 'csv') return exportCsv(def, query, reply, actor);
      const now = clock();
      const where = whereOf(def, query, now);
      // An exact count(*) of a big table dominates an unfiltered list: the statistics answer "about N" instead.
      const totalOf = async (): Promise<{ total: number; estimated: boolean }> => {
        const estimate = isFiltered(def, query)
          ? null
          : await estimatedTotal(anyDb, def, query.deleted, options.estimateTotalsFrom);
        if (estimate !== null) return { total: estimate, estimated: true };
        const count = await sql<{ n: string }>`select count(*) as n from ${table(def)} ${where}`.execute(
          anyDb,
        );
        return { total: Number(count.rows[0]?.n ?? 0), estimated: false };
      };
      const [fetched, counted] = await Promise.all([
        listPage(anyDb, def, query, now, query.cursor, query.limit + 1, query.cursor ? 0 : query.offset),
        totalOf(),
      ]);
      const rows = fetched.slice(0, query.limit);
      const last = rows.at(-1);
      const nextCursor =
        fetched.length > query.limit && last
          ? encodeCursor(query.sort, sortValue(last, query.sort), last.id as number)
          : null;
      const page: z.input<ReturnType<typeof listResponseSchema>> = {
        rows: rows.map((row) => maskRow(def, row) as EntityRow),
        total: counted.total,
        total_estimated: counted.estimated,
        limit: query.limit,
        offset: query.cursor ? null : query.offset,
        sort: query.sort,
        next_cursor: nextCursor,
        labels: await relationLabels(anyDb, def, rows),
      };
      return page;
    },
  );

  // --- relation options ----------------------------------------------------------------------------
  const optionsQuery = z.strictObject({
    q: z.string().max(200, 'Must be at most 200 characters').optional(),
    ids: z
      .string()
      .regex(/^\d{1,15}(,\d{1,15}){0,99}$/, 'Use up to 100 row ids separated by commas')
      .optional(),
    limit: z
      .string()
      .regex(/^\d+$/, 'Must be a whole number')
      .transform(Number)
      .refine((n) => n >= 1 && n <= OPTIONS_LIMIT_MAX, `Must be from 1 to ${OPTIONS_LIMIT_MAX}`)
      .optional(),
  });

  resourceRoute(
    'GET',
    '/api/resources/:entity/options',
    // Whoever may read the entity, or write a row that points at it, may pick from it.
    async (request) => {
      const actor = await actorOf(request);
      const def = entityOf(request);
      try {
        await requireAccess(actor, def, 'read');
      } catch (error) {
        const referrers = ENTITIES.filter((entity) =>
          entity.fields.some((field) => field.relation?.entity === def.name),
        );
        let allowed = false;
        for (const referrer of referrers) {
          if (allowed) break;
          allowed = await requireAccess(actor, referrer, 'write').then(
            () => true,
            () => false,
          );
        }
        if (!allowed) throw error;
      }
      callers.set(request, { actor, def });
    },
    ENTITIES.map((def) =>
      member(def, 'read', `Choices for a relation select: id and ${def.titleField}`, {
        query: optionsQuery,
        responses: { 200: relationOptionsResponseSchema },
      }),
    ),
    async (request, _reply, input) => {
      const { def } = callerOf(request);
      const query = input.query as z.output<typeof optionsQuery>;
      const label = sql`cast(${col(def.titleField)} as text)`;
      const conditions = [sql`true`];
      if (def.softDelete && !query.ids) conditions.push(sql`deleted_at is null`);
      if (query.ids) conditions.push(sql`id = any(${query.ids.split(',').map(Number)}::bigint[])`);
      if (query.q?.trim())
        // LIKE on lower(label): migration 670's trigram index answers it.
        conditions.push(sql`lower(${label}) like ${containsPattern(query.q.trim().toLowerCase())}`);
      const result = await sql<{
        id: string;
        label: string | null;
      }>`select id, ${label} as label from ${table(def)}
        where ${sql.join(conditions, sql` and `)} order by ${label} asc nulls last, id limit ${query.limit ?? 20}`.execute(
        anyDb,
      );
      return {
        options: result.rows.map((row) => ({
          id: Number(row.id),
          value: Number(row.id),
          label: row.label ?? String(row.id),
        })),
      };
    },
  );

  // --- one row -------------------------------------------------------------------------------------
  entityRoute(
    'GET',
    '/api/resources/:entity/:id',
    'read',
    (def) => ({
      summary: `One ${def.label.toLowerCase()}`,
      params: rowParams,
      responses: { 200: row(def), ...errors },
    }),
    async (request, _reply, input) => {
      const { def, id } = rowCallerOf(request, input);
      const found = await readRow(anyDb, def, id);
      if (!found) throw notFound(def, id);
      return maskRow(def, found);
    },
  );

  entityRoute(
    'GET',
    '/api/resources/:entity/:id/history',
    'read',
    () => ({
      summary: 'Audit entries of the row, newest first, with before/after and the changed fields',
      params: rowParams,
      responses: { 200: historyResponseSchema, ...errors },
    }),
    async (request, _reply, input) => {
      const { def, id } = rowCallerOf(request, input);
      const entries = await db
        .selectFrom('audit_log as a')
        .leftJoin('users as u', 'u.id', 'a.actor_id')
        .leftJoin('api_keys as k', 'k.id', 'a.actor_api_key_id')
        .select([
          'a.id',
          'a.at',
          'a.action',
          'a.before',
          'a.after',
          'a.actor_id',
          'a.actor_api_key_id',
          'u.full_name',
          'u.username',
          'k.name as key_name',
        ])
        .where('a.entity', '=', def.name)
        .where('a.entity_id', '=', String(id))
        .orderBy('a.at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(HISTORY_LIMIT)
        .execute();
      if (entries.length === 0 && !(await readRow(anyDb, def, id))) throw notFound(def, id);
      const answer: z.input<typeof historyResponseSchema> = {
        entries: entries.map((entry) => {
          const before = (entry.before as Row | null) ?? null;
          const after = (entry.after as Row | null) ?? null;
          const actorName = entry.actor_api_key_id
            ? `API key "${entry.key_name ?? entry.actor_api_key_id}"`
            : (entry.full_name ?? entry.username ?? 'System');
          return {
            id: String(entry.id),
            at: entry.at.toISOString(),
            actor: actorName,
            actor_type: entry.actor_api_key_id ? 'api_key' : entry.actor_id ? 'user' : 'system',
            action: entry.action,
            changes: changesOf(before, after),
            before,
            after,
          };
        }),
      };
      return answer;
    },
  );

  // --- writes --------------------------------------------------------------------------------------
  const conflict = (description: string) => ({ 409: { schema: apiErrorSchema, description } });
  /** What a write to one row answers: the result, 404 for a row that is not there, 409 as `conflictWhen` says. */
  const oneRowWrite = (result: ResponseSpec, conflictWhen: string) => ({
    200: result,
    ...errors,
    ...conflict(conflictWhen),
  });

  entityRoute(
    'POST',
    '/api/resources/:entity',
    'write',
    (def) => ({
      summary: `Create a ${def.label.toLowerCase()}`,
      body: entityBodySchema(def, 'create'),
      responses: {
        201: row(def, 'Created'),
        ...conflict('A unique field is already used (code `unique`)'),
      },
    }),
    async (request, reply, input) => {
      const { actor, def } = callerOf(request);
      const created = await createRow(anyDb, def, input.body as EntityBody, actor);
      pushRows(def, 'create', [created]);
      return reply.code(201).send(maskRow(def, created));
    },
    { bodyLimit },
  );

  entityRoute(
    'PATCH',
    '/api/resources/:entity/:id',
    'write',
    (def) => ({
      summary: `Change a ${def.label.toLowerCase()} (send the version you read)`,
      params: rowParams,
      body: entityBodySchema(def, 'update'),
      responses: oneRowWrite(
        row(def),
        'Stale version (code `conflict`, with `current`: the row now) or a unique field in use (code `unique`)',
      ),
    }),
    async (request, _reply, input) => {
      const { actor, def, id } = rowCallerOf(request, input);
      const changes = input.body as EntityBody & { version: number };
      const owned = transitionFields(def).filter((name) => name in changes);
      if (owned.length)
        throw invalid(
          Object.fromEntries(
            owned.map((name) => [
              name,
              [
                `Changes through the actions only: ${(def.actions ?? [])
                  .filter((action) => action.transition?.field === name)
                  .map((action) => action.label)
                  .join(', ')}`,
              ],
            ]),
          ),
        );
      const before = changes.version;
      const updated = await updateRow(anyDb, def, id, changes, actor);
      if (updated.version !== before) pushRows(def, 'update', [updated]);
      return maskRow(def, updated);
    },
    { bodyLimit },
  );

  entityRoute(
    'POST',
    '/api/resources/:entity/upsert',
    'write',
    (def) => ({
      summary: `Create, or update the live ${def.label.toLowerCase()} with the same unique key (automation; only the sent fields change)`,
      body: entityBodySchema(def, 'create'),
      responses: {
        200: row(def, 'Updated'),
        201: row(def, 'Created'),
        ...conflict('A unique field is already used'),
      },
    }),
    async (request, reply, input) => {
      const { actor, def } = callerOf(request);
      const present = Object.keys(request.body as Record<string, unknown>);
      const {
        row: saved,
        created,
        changed,
      } = await upsertRow(anyDb, def, input.body as EntityBody, present, actor);
      if (changed) pushRows(def, created ? 'create' : 'update', [saved]);
      return reply.code(created ? 201 : 200).send(maskRow(def, saved));
    },
    { bodyLimit },
  );

  const deleteQuery = z.strictObject({
    version: z
      .string()
      .regex(/^\d{1,9}$/, 'Must be a whole number')
      .transform(Number)
      .optional(),
  });

  entityRoute(
    'DELETE',
    '/api/resources/:entity/:id',
    'delete',
    (def) => ({
      summary: def.softDelete
        ? `Delete (soft: sets deleted_at) a ${def.label.toLowerCase()}`
        : `Delete a ${def.label.toLowerCase()} for good`,
      params: rowParams,
      query: deleteQuery,
      responses: oneRowWrite(
        resourceDeleteResponseSchema,
        'Stale version (`conflict`) or rows still refer to it (`referenced`, with `references`)',
      ),
    }),
    async (request, _reply, input) => {
      const { actor, def, id } = rowCallerOf(request, input);
      const { version } = input.query as z.output<typeof deleteQuery>;
      const rows = await deleteRows(anyDb, def, [id], actor, version);
      const deleted = rows[0]!;
      pushRows(def, 'delete', [deleted]);
      return { id, deleted: true, soft: def.softDelete, version: deleted.version };
    },
  );

  const deleteGuard = entityGuard('delete');
  resourceRoute(
    'POST',
    '/api/resources/:entity/:id/restore',
    async (request) => {
      await deleteGuard(request);
      const { def } = callerOf(request);
      // Only soft-deleted entities document it; the others answer as for a row that is not there.
      if (!def.softDelete) {
        const { id } = parseInput('params', rowParams, request.params, inputError);
        throw notFound(def, id);
      }
    },
    writable
      .filter((def) => def.softDelete)
      .map((def) =>
        member(def, 'write', `Bring back a deleted ${def.label.toLowerCase()}`, {
          params: rowParams,
          responses: oneRowWrite(row(def), 'Its unique values are used by another row now (`unique`)'),
        }),
      ),
    async (request, _reply, input) => {
      const { actor, def, id } = rowCallerOf(request, input);
      const before = await readRow(anyDb, def, id);
      const restored = await restoreRow(anyDb, def, id, actor);
      if (before && restored.version !== before.version) pushRows(def, 'update', [restored]);
      return maskRow(def, restored);
    },
  );

  entityRoute(
    'POST',
    '/api/resources/:entity/bulk-delete',
    'delete',
    (def) => ({
      summary: `Delete several ${def.labelPlural.toLowerCase()} at once (all or nothing)`,
      body: bulkIdsSchema,
      responses: {
        200: bulkDeleteResponseSchema,
        404: { schema: apiErrorSchema, description: 'Some ids do not exist (`ids`)' },
        ...conflict('Rows still refer to some (`referenced`)'),
      },
    }),
    async (request, _reply, input) => {
      const { actor, def } = callerOf(request);
      const { ids } = input.body as z.output<typeof bulkIdsSchema>;
      const rows = await deleteRows(anyDb, def, ids, actor);
      pushRows(def, 'delete', rows);
      return { deleted: rows.length, ids: rows.map((deleted) => deleted.id) };
    },
  );

  // --- actions and state transitions ---------------------------------------------------------------
  const actionSummary = (action: EntityAction) =>
    `${action.label} (${
      action.transition
        ? `${action.transition.field}: ${action.transition.from.join(' / ')} → ${action.transition.to}`
        : `sets ${Object.keys(action.set ?? {}).join(', ')}`
    })`;
  const invalidState = conflict(
    'The row is not in a state the action starts from (invalid_state), or a stale version',
  );

  resourceRoute(
    'POST',
    '/api/resources/:entity/:id/actions/:action',
    actionGuard(false),
    ENTITIES.flatMap((def) =>
      (def.actions ?? []).map((action) =>
        member(
          def,
          action.mode,
          actionSummary(action),
          {
            params: rowParams.extend({ action: z.string() }),
            body: actionBodySchema,
            bodyOptional: true,
            responses: { 200: row(def, 'The row after the action'), ...errors, ...invalidState },
          },
          { action: action.name },
        ),
      ),
    ),
    async (request, _reply, input) => {
      const { actor, def, action, id } = rowCallerOf(request, input);
      const { version } = input.body as z.output<typeof actionBodySchema>;
      const rows = await runAction(anyDb, def, action!, [{ id, version }], actor, clock());
      pushRows(def, 'update', rows);
      return maskRow(def, rows[0]!);
    },
  );

  resourceRoute(
    'POST',
    '/api/resources/:entity/actions/:action',
    actionGuard(true),
    ENTITIES.flatMap((def) =>
      (def.actions ?? [])
        .filter((action) => action.bulk)
        .map((action) =>
          member(
            def,
            action.mode,
            `${action.label} on a selection, all or nothing`,
            {
              body: bulkIdsSchema,
              responses: { 200: bulkActionResponseSchema(def), ...errors, ...invalidState },
            },
            { action: action.name },
          ),
        ),
    ),
    async (request, _reply, input) => {
      const { actor, def, action } = callerOf(request);
      const { ids } = input.body as z.output<typeof bulkIdsSchema>;
      const rows = await runAction(
        anyDb,
        def,
        action!,
        [...new Set(ids)].map((id) => ({ id })),
        actor,
        clock(),
      );
      pushRows(def, 'update', rows);
      return {
        count: rows.length,
        ids: rows.map((changed) => changed.id),
        rows: rows.map((changed) => maskRow(def, changed)),
      };
    },
  );

  // --- saved views ---------------------------------------------------------------------------------
  /** Saved views belong to master-data pages: a user who may read none of them is refused outright (403). */
  const viewerOf = async (actor: Actor): Promise<number> => {
    if (actor.kind !== 'user')
      throw new ResourceError(403, { message: 'API keys have no saved views.', code: 'FORBIDDEN' });
    const held = new Set(
      (await userPermissions(db, actor.userId))
        .filter((entry) => entry.allow_read)
        .map((e) => e.permission_key),
    );
    if (!ENTITIES.some((def) => held.has(def.permissionKey)))
      throw new ResourceError(403, {
        message: 'You need read access to a master-data page for saved views.',
        code: 'FORBIDDEN',
      });
    return actor.userId;
  };
  const viewsQuery = z.strictObject({ entity: z.string({ error: 'Entity is required' }).max(64) });
  const idParams = z.object({ id: rowIdParam });

  /** The viewer and, for `/api/views/:id`, their view (404) and read access to its entity (403). */
  const viewGuard = async (request: FastifyRequest) => {
    const actor = await actorOf(request);
    const userId = await viewerOf(actor);
    const caller: Caller = { actor, def: ENTITIES[0]!, userId };
    if ((request.params as { id?: string }).id !== undefined) {
      const { id } = parseInput('params', idParams, request.params, inputError);
      const view = await findView(db, id, userId);
      if (!view) throw new ResourceError(404, { message: `No view with id ${id}`, code: 'NOT_FOUND' });
      caller.def = getEntity(view.entity)!;
      await requireAccess(actor, caller.def, 'read');
      caller.view = view;
    }
    callers.set(request, caller);
  };
  const viewRoute = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    summary: string,
    schemas: Pick<RouteMember, 'query' | 'body' | 'params' | 'responses'>,
    handler: (request: FastifyRequest, reply: FastifyReply, input: RawInput) => Promise<unknown>,
  ) =>
    route(
      { method, url, tag: 'views', summary, auth: true, guard: viewGuard, inputError, ...schemas },
      (request, reply, input) => handler(request, reply, input as RawInput),
    );
  const entityNamed = (name: string) => {
    const def = getEntity(name);
    if (!def) throw invalid({ entity: [`No resource named "${name}"`] });
    return def;
  };

  viewRoute(
    'GET',
    '/api/views',
    "The user's views of an entity and those shared with readers",
    { query: viewsQuery, responses: { 200: savedViewListSchema } },
    async (request, _reply, input) => {
      const { actor, userId } = callerOf(request);
      const def = entityNamed((input.query as z.output<typeof viewsQuery>).entity);
      await requireAccess(actor, def, 'read');
      return { views: await listViews(db, def.name, userId!) };
    },
  );

  viewRoute(
    'GET',
    '/api/views/:id',
    'Open a view by id (own or shared)',
    { params: idParams, responses: { 200: savedViewSchema, 404: apiErrorSchema } },
    async (request) => callerOf(request).view!,
  );

  viewRoute(
    'POST',
    '/api/views',
    'Save a view (filters, search, sort, columns; shared or not)',
    { body: viewCreateSchema, responses: { 201: savedViewSchema, 409: apiErrorSchema } },
    async (request, reply, input) => {
      const { actor, userId } = callerOf(request);
      const body = input.body as z.output<typeof viewCreateSchema>;
      const def = entityNamed(body.entity);
      await requireAccess(actor, def, 'read');
      return reply.code(201).send(await createView(db, def, body, userId!));
    },
  );

  viewRoute(
    'PATCH',
    '/api/views/:id',
    'Change or share a view (owner only)',
    {
      params: idParams,
      body: viewUpdateSchema,
      responses: { 200: savedViewSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    },
    async (request, _reply, input) => {
      const { userId, view } = callerOf(request);
      return updateView(db, view!.id, input.body as z.output<typeof viewUpdateSchema>, userId!);
    },
  );

  viewRoute(
    'DELETE',
    '/api/views/:id',
    'Delete a view (owner only)',
    {
      params: idParams,
      responses: { 200: z.object({ id: z.number(), deleted: z.literal(true) }), 404: apiErrorSchema },
    },
    async (request) => {
      const { userId, view } = callerOf(request);
      await deleteView(db, view!.id, userId!);
      return { id: view!.id, deleted: true };
    },
  );

  // --- API keys (admin) ----------------------------------------------------------------------------
  const apiKeyBody = z.strictObject(
    {
      name: z
        .string({ error: (issue) => (issue.input === undefined ? 'Name is required' : 'Must be text') })
        .trim()
        .min(1, 'Name is required')
        .max(80, 'Must be at most 80 characters'),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown field' : undefined) },
  );
  /** Signed-in administrators only: an API key cannot manage API keys. */
  const adminGuard = (mode: 'read' | 'write') => async (request: FastifyRequest) => {
    const actor = await actorOf(request);
    if (actor.kind !== 'user')
      throw new ResourceError(403, { message: 'API keys cannot do this.', code: 'FORBIDDEN' });
    const flags = await userPermission(db, actor.userId, 'admin_manage_user');
    if (!(mode === 'read' ? flags.read : flags.write)) throw forbidden(mode, 'admin_manage_user');
    callers.set(request, { actor, def: ENTITIES[0]!, userId: actor.userId });
  };
  const keyRoute = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    summary: string,
    mode: 'read' | 'write',
    schemas: Pick<RouteMember, 'body' | 'params' | 'responses'>,
    handler: (request: FastifyRequest, reply: FastifyReply, input: RawInput) => Promise<unknown>,
  ) =>
    route(
      {
        method,
        url,
        tag: 'administration',
        summary,
        auth: true,
        permission: { key: 'admin_manage_user', mode },
        guard: adminGuard(mode),
        inputError,
        ...schemas,
      },
      (request, reply, input) => handler(request, reply, input as RawInput),
    );
  const keyActor = (request: FastifyRequest) => {
    const { actor, userId } = callerOf(request);
    return { id: userId!, ip: actor.ip ?? null };
  };

  keyRoute(
    'GET',
    '/api/api-keys',
    'API keys (never the secret)',
    'read',
    { responses: { 200: z.object({ keys: z.array(z.looseObject({ id: z.number(), name: z.string() })) }) } },
    async () => ({ keys: await listApiKeys(db) }),
  );

  keyRoute(
    'POST',
    '/api/api-keys',
    'Create an API key for n8n; `key` is shown only in this answer',
    'write',
    {
      body: apiKeyBody,
      responses: { 201: z.looseObject({ id: z.number(), key: z.string(), prefix: z.string() }) },
    },
    async (request, reply, input) => {
      const { name } = input.body as z.output<typeof apiKeyBody>;
      return reply.code(201).send(await createApiKey(db, name, keyActor(request)));
    },
  );

  keyRoute(
    'DELETE',
    '/api/api-keys/:id',
    'Revoke an API key',
    'write',
    { params: idParams, responses: { 200: z.looseObject({ id: z.number() }), 404: apiErrorSchema } },
    async (request, _reply, input) => {
      const { id } = input.params as { id: number };
      const key = await revokeApiKey(db, id, keyActor(request), clock());
      if (!key) throw new ResourceError(404, { message: `No API key with id ${id}`, code: 'NOT_FOUND' });
      return key;
    },
  );
}
