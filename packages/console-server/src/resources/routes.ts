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
  createSchema,
  encodeCursor,
  formatValidationError,
  getEntity,
  isPermissionKey,
  listQuerySchema,
  maskRow,
  updateSchema,
  type EntityAction,
  type EntityDef,
  type ListCursor,
  type ListQuery,
} from '@staff/console-contract';
import { AUTH_MESSAGES } from '../auth/messages.js';
import { authenticate } from '../auth/sessions.js';
import { bearerToken } from '../auth/tokens.js';
import { userPermission, userPermissions } from '../services/users.js';
import { containsPattern } from './trigram.js';
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
  andWhere,
  col,
  cursorValueFits,
  estimatedTotal,
  filterValueProblems,
  isFiltered,
  hasConditions,
  keysetCondition,
  orderOf,
  rowFromDb,
  selectList,
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
  /** Largest create/update body (bytes); larger ones get 413. Long field values within it get 400. */
  bodyLimit?: number;
  /** Unfiltered lists of tables with at least this many rows (statistics) get an estimated total; default 100 000. */
  estimateTotalsFrom?: number;
}

const CSV_BATCH = 1000;
const HISTORY_LIMIT = 200;
const OPTIONS_LIMIT_MAX = 50;

const idSchema = z
  .string()
  .regex(/^\d{1,15}$/, 'Must be a row id (a positive whole number)')
  .transform(Number)
  .refine((n) => n >= 1, 'Must be a row id (a positive whole number)');

function parseId(raw: unknown, key = 'id'): number {
  const parsed = idSchema.safeParse(String(raw ?? ''));
  if (!parsed.success) throw invalid({ [key]: ['Must be a row id (a positive whole number)'] });
  return parsed.data;
}

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ResourceError(400, { ...formatValidationError(parsed.error), code: 'INVALID_INPUT' });
  return parsed.data;
}

/** CSV cell: quoted when needed; text that a spreadsheet would run as a formula gets a leading apostrophe. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value)
    ? value.join('; ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

type Labels = Record<string, Record<string, string>>;

/** Labels of the related rows the given rows point at: `{ creator_id: { "12": "Nadia Putri" } }`. */
async function relationLabels(
  db: AnyDb,
  def: EntityDef,
  rows: readonly Row[],
  only?: readonly string[],
): Promise<Labels> {
  const labels: Labels = {};
  for (const field of def.fields) {
    if (field.type !== 'relation' || !field.relation || (only && !only.includes(field.name))) continue;
    const target = getEntity(field.relation.entity);
    if (!target) continue;
    const ids = [
      ...new Set(rows.map((row) => row[field.name]).filter((id): id is number => typeof id === 'number')),
    ];
    labels[field.name] = {};
    if (ids.length === 0) continue;
    const result = await sql<{
      id: string;
      label: string | null;
    }>`select id, cast(${col(field.relation.labelField)} as text) as label from ${table(target)} where id = any(${ids}::bigint[])`.execute(
      db,
    );
    for (const row of result.rows) labels[field.name]![String(row.id)] = row.label ?? String(row.id);
  }
  return labels;
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
  const { clock } = options;
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;

  const push = (def: EntityDef, changes: ResourceChangedPayload[]) => {
    pushResourceChanges(db, app.realtime, def, changes).catch((error: unknown) =>
      app.log.warn({ err: error }, 'resource push failed'),
    );
  };

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

  async function requireUserKey(
    actor: Actor,
    key: 'admin_manage_user',
    mode: 'read' | 'write',
  ): Promise<number> {
    if (actor.kind !== 'user')
      throw new ResourceError(403, { message: 'API keys cannot do this.', code: 'FORBIDDEN' });
    const flags = await userPermission(db, actor.userId, key);
    if (!(mode === 'read' ? flags.read : flags.write)) throw forbidden(mode, key);
    return actor.userId;
  }

  const entityOf = (request: FastifyRequest): EntityDef => {
    const name = (request.params as { entity?: string }).entity ?? '';
    const def = getEntity(name);
    if (!def) throw new ResourceError(404, { message: `No resource named "${name}"`, code: 'NOT_FOUND' });
    return def;
  };

  /** The caller, the entity in the path and the access check, in this order: 401, then 404, then 403. */
  async function authorized(request: FastifyRequest, mode: 'read' | 'write' | 'delete') {
    const actor = await actorOf(request);
    const def = entityOf(request);
    // A read-only entity (rows the system writes): 405 on every write route, before the permission check.
    if (mode !== 'read' && def.access === 'read-only')
      throw new ResourceError(405, {
        message: `${def.labelPlural} are read-only: they are written by the system.`,
        code: 'READ_ONLY',
      });
    await requireAccess(actor, def, mode);
    return { actor, def };
  }

  const handle =
    (work: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await work(request, reply);
      } catch (error) {
        if (error instanceof ResourceError) return reply.code(error.status).send(error.body);
        throw error;
      }
    };

  // --- list / export -------------------------------------------------------------------------------
  const listQueryOf = (def: EntityDef, request: FastifyRequest): ListQuery => {
    const parsed = listQuerySchema(def).safeParse(request.query ?? {});
    if (!parsed.success)
      throw new ResourceError(400, { ...formatValidationError(parsed.error), code: 'INVALID_INPUT' });
    const query = parsed.data;
    if (query.cursor && !cursorValueFits(def, query.sort, query.cursor))
      throw invalid({ cursor: ['Invalid cursor'] });
    const problems = filterValueProblems(def, query.filters, query.groups);
    if (problems.length)
      throw invalid(Object.fromEntries(problems.map(([key, message]) => [key, [message]])));
    return query;
  };

  async function pageOf(
    def: EntityDef,
    query: ListQuery,
    now: Date,
    cursor: ListCursor | null,
    limit: number,
    offset: number,
  ): Promise<Row[]> {
    const where = andWhere(
      whereOf(def, query, now),
      cursor ? keysetCondition(def, query.sort, cursor) : null,
      hasConditions(def, query),
    );
    const result =
      await sql<Row>`select ${selectList(def)} from ${table(def)} ${where} ${orderOf(def, query.sort)} limit ${limit} offset ${offset}`.execute(
        anyDb,
      );
    return result.rows.map((raw) => rowFromDb(def, raw));
  }

  async function exportCsv(def: EntityDef, query: ListQuery, reply: FastifyReply) {
    // One cut-off for every batch: "within the last N days" does not move while the file streams.
    const now = clock();
    const columns = query.columns ?? [
      'id',
      ...def.fields.filter((field) => field.list).map((field) => field.name),
    ];
    const labelOf = (name: string) =>
      def.fields.find((field) => field.name === name)?.label ??
      {
        id: 'Id',
        version: 'Version',
        created_at: 'Created at',
        updated_at: 'Updated at',
        deleted_at: 'Deleted at',
      }[name] ??
      name;
    const relationColumns = columns.filter((name) =>
      def.fields.some((field) => field.name === name && field.type === 'relation'),
    );
    // Choices as the table shows them ("TikTok", "Sales"), not their stored codes.
    const choiceLabels = new Map(
      def.fields
        .filter((field) => field.type === 'enum' && field.options && columns.includes(field.name))
        .map((field) => [field.name, new Map(field.options!.map((option) => [option.value, option.label]))]),
    );
    async function* lines() {
      yield `\uFEFF${csvLine(columns.map(labelOf))}`;
      let cursor: ListCursor | null = query.cursor;
      for (;;) {
        const rows = (await pageOf(def, query, now, cursor, CSV_BATCH, 0)).map((row) => maskRow(def, row));
        const labels = relationColumns.length ? await relationLabels(anyDb, def, rows, relationColumns) : {};
        let chunk = '';
        for (const row of rows) {
          chunk += csvLine(
            columns.map((name) =>
              relationColumns.includes(name) && row[name] !== null
                ? (labels[name]?.[String(row[name])] ?? row[name])
                : row[name] !== null && choiceLabels.has(name)
                  ? (choiceLabels.get(name)!.get(String(row[name])) ?? row[name])
                  : row[name],
            ),
          );
        }
        if (chunk) yield chunk;
        const last = rows.at(-1);
        if (rows.length < CSV_BATCH || !last) return;
        cursor = { value: sortValue(last, query.sort), id: last.id as number };
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${def.name}.csv"`)
      .send(Readable.from(lines()));
  }

  app.get(
    '/api/resources/:entity',
    handle(async (request, reply) => {
      const { def } = await authorized(request, 'read');
      const query = listQueryOf(def, request);
      if (query.format === 'csv') return exportCsv(def, query, reply);
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
        pageOf(def, query, now, query.cursor, query.limit + 1, query.cursor ? 0 : query.offset),
        totalOf(),
      ]);
      const rows = fetched.slice(0, query.limit);
      const last = rows.at(-1);
      const nextCursor =
        fetched.length > query.limit && last
          ? encodeCursor(query.sort, sortValue(last, query.sort), last.id as number)
          : null;
      return {
        rows: rows.map((row) => maskRow(def, row)),
        total: counted.total,
        /** True when `total` comes from the table statistics (unfiltered list of a large table). */
        total_estimated: counted.estimated,
        limit: query.limit,
        offset: query.cursor ? null : query.offset,
        sort: query.sort,
        next_cursor: nextCursor,
        labels: await relationLabels(anyDb, def, rows),
      };
    }),
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

  app.get(
    '/api/resources/:entity/options',
    handle(async (request) => {
      const actor = await actorOf(request);
      const def = entityOf(request);
      // Whoever may read the entity, or write a row that points at it, may pick from it.
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
      const query = parseBody(optionsQuery, request.query ?? {});
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
    }),
  );

  // --- one row -------------------------------------------------------------------------------------
  app.get(
    '/api/resources/:entity/:id',
    handle(async (request) => {
      const { def } = await authorized(request, 'read');
      const id = parseId((request.params as { id: string }).id);
      const row = await readRow(anyDb, def, id);
      if (!row) throw notFound(def, id);
      return maskRow(def, row);
    }),
  );

  app.get(
    '/api/resources/:entity/:id/history',
    handle(async (request) => {
      const { def } = await authorized(request, 'read');
      const id = parseId((request.params as { id: string }).id);
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
      return {
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
    }),
  );

  // --- writes --------------------------------------------------------------------------------------
  app.post(
    '/api/resources/:entity',
    { bodyLimit },
    handle(async (request, reply) => {
      const { actor, def } = await authorized(request, 'write');
      const values = parseBody(createSchema(def), request.body);
      const row = await createRow(anyDb, def, values, actor);
      push(def, [
        { entity: def.name, id: row.id as number, action: 'create', version: row.version as number },
      ]);
      return reply.code(201).send(maskRow(def, row));
    }),
  );

  app.patch(
    '/api/resources/:entity/:id',
    { bodyLimit },
    handle(async (request) => {
      const { actor, def } = await authorized(request, 'write');
      const id = parseId((request.params as { id: string }).id);
      const changes = parseBody(updateSchema(def), request.body);
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
      const row = await updateRow(anyDb, def, id, changes, actor);
      if (row.version !== before)
        push(def, [{ entity: def.name, id, action: 'update', version: row.version as number }]);
      return maskRow(def, row);
    }),
  );

  app.post(
    '/api/resources/:entity/upsert',
    { bodyLimit },
    handle(async (request, reply) => {
      const { actor, def } = await authorized(request, 'write');
      const values = parseBody(createSchema(def), request.body);
      const present = Object.keys(request.body as Record<string, unknown>);
      const { row, created, changed } = await upsertRow(anyDb, def, values, present, actor);
      if (changed)
        push(def, [
          {
            entity: def.name,
            id: row.id as number,
            action: created ? 'create' : 'update',
            version: row.version as number,
          },
        ]);
      return reply.code(created ? 201 : 200).send(maskRow(def, row));
    }),
  );

  const deleteQuery = z.strictObject({
    version: z
      .string()
      .regex(/^\d{1,9}$/, 'Must be a whole number')
      .transform(Number)
      .optional(),
  });

  app.delete(
    '/api/resources/:entity/:id',
    handle(async (request) => {
      const { actor, def } = await authorized(request, 'delete');
      const id = parseId((request.params as { id: string }).id);
      const { version } = parseBody(deleteQuery, request.query ?? {});
      const rows = await deleteRows(anyDb, def, [id], actor, version);
      const row = rows[0]!;
      push(def, [{ entity: def.name, id, action: 'delete', version: row.version as number }]);
      return { id, deleted: true, soft: def.softDelete, version: row.version };
    }),
  );

  app.post(
    '/api/resources/:entity/:id/restore',
    handle(async (request) => {
      const { actor, def } = await authorized(request, 'delete');
      const id = parseId((request.params as { id: string }).id);
      const before = await readRow(anyDb, def, id);
      const row = await restoreRow(anyDb, def, id, actor);
      if (before && row.version !== before.version)
        push(def, [{ entity: def.name, id, action: 'update', version: row.version as number }]);
      return maskRow(def, row);
    }),
  );

  const bulkBody = z.strictObject(
    {
      ids: z
        .array(
          z
            .number({ error: 'Must be a row id (a positive whole number)' })
            .int('Must be a row id (a positive whole number)')
            .positive('Must be a row id (a positive whole number)'),
          {
            error: (issue) => (issue.input === undefined ? 'Ids are required' : 'Must be a list of row ids'),
          },
        )
        .min(1, 'Give at least one id')
        .max(500, 'At most 500 rows at once'),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown field' : undefined) },
  );

  app.post(
    '/api/resources/:entity/bulk-delete',
    handle(async (request) => {
      const { actor, def } = await authorized(request, 'delete');
      const { ids } = parseBody(bulkBody, request.body);
      const rows = await deleteRows(anyDb, def, ids, actor);
      push(
        def,
        rows.map((row) => ({
          entity: def.name,
          id: row.id as number,
          action: 'delete' as const,
          version: row.version as number,
        })),
      );
      return { deleted: rows.length, ids: rows.map((row) => row.id) };
    }),
  );

  // --- actions and state transitions ---------------------------------------------------------------
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
  const actionBody = z.strictObject(
    {
      version: z
        .number({ error: 'Must be a whole number' })
        .int('Must be a whole number')
        .positive('Must be a whole number')
        .optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown field' : undefined) },
  );
  const pushActionRows = (def: EntityDef, rows: Row[]) =>
    push(
      def,
      rows.map((row) => ({
        entity: def.name,
        id: row.id as number,
        action: 'update' as const,
        version: row.version as number,
      })),
    );

  app.post(
    '/api/resources/:entity/:id/actions/:action',
    handle(async (request) => {
      const actor = await actorOf(request);
      const def = entityOf(request);
      const action = actionOf(def, request);
      await requireAccess(actor, def, action.mode);
      const id = parseId((request.params as { id: string }).id);
      const { version } = parseBody(actionBody, request.body ?? {});
      const rows = await runAction(anyDb, def, action, [{ id, version }], actor, clock());
      pushActionRows(def, rows);
      return maskRow(def, rows[0]!);
    }),
  );

  app.post(
    '/api/resources/:entity/actions/:action',
    handle(async (request) => {
      const actor = await actorOf(request);
      const def = entityOf(request);
      const action = actionOf(def, request);
      if (!action.bulk)
        throw new ResourceError(404, {
          message: `"${action.label}" runs on one ${def.label.toLowerCase()} at a time`,
          code: 'NOT_FOUND',
        });
      await requireAccess(actor, def, action.mode);
      const { ids } = parseBody(bulkBody, request.body);
      const rows = await runAction(
        anyDb,
        def,
        action,
        [...new Set(ids)].map((id) => ({ id })),
        actor,
        clock(),
      );
      pushActionRows(def, rows);
      return {
        count: rows.length,
        ids: rows.map((row) => row.id),
        rows: rows.map((row) => maskRow(def, row)),
      };
    }),
  );

  // --- saved views ---------------------------------------------------------------------------------
  const userOf = (actor: Actor): number => {
    if (actor.kind !== 'user')
      throw new ResourceError(403, { message: 'API keys have no saved views.', code: 'FORBIDDEN' });
    return actor.userId;
  };
  /** Saved views belong to master-data pages: a user who may read none of them is refused outright (403). */
  const viewerOf = async (actor: Actor): Promise<number> => {
    const userId = userOf(actor);
    const held = new Set(
      (await userPermissions(db, userId)).filter((entry) => entry.allow_read).map((e) => e.permission_key),
    );
    if (!ENTITIES.some((def) => held.has(def.permissionKey)))
      throw new ResourceError(403, {
        message: 'You need read access to a master-data page for saved views.',
        code: 'FORBIDDEN',
      });
    return userId;
  };
  const viewsQuery = z.strictObject({ entity: z.string({ error: 'Entity is required' }).max(64) });

  app.get(
    '/api/views',
    handle(async (request) => {
      const actor = await actorOf(request);
      const userId = await viewerOf(actor);
      const { entity } = parseBody(viewsQuery, request.query ?? {});
      const def = getEntity(entity);
      if (!def) throw invalid({ entity: [`No resource named "${entity}"`] });
      await requireAccess(actor, def, 'read');
      return { views: await listViews(db, def.name, userId) };
    }),
  );

  const viewOf = async (actor: Actor, rawId: unknown) => {
    const userId = await viewerOf(actor);
    const id = parseId(rawId);
    const view = await findView(db, id, userId);
    if (!view) throw new ResourceError(404, { message: `No view with id ${id}`, code: 'NOT_FOUND' });
    await requireAccess(actor, getEntity(view.entity)!, 'read');
    return { view, userId, id };
  };

  app.get(
    '/api/views/:id',
    handle(
      async (request) => (await viewOf(await actorOf(request), (request.params as { id: string }).id)).view,
    ),
  );

  app.post(
    '/api/views',
    handle(async (request, reply) => {
      const actor = await actorOf(request);
      const userId = await viewerOf(actor);
      const input = parseBody(viewCreateSchema, request.body);
      const def = getEntity(input.entity);
      if (!def) throw invalid({ entity: [`No resource named "${input.entity}"`] });
      await requireAccess(actor, def, 'read');
      return reply.code(201).send(await createView(db, def, input, userId));
    }),
  );

  app.patch(
    '/api/views/:id',
    handle(async (request) => {
      const { userId, id } = await viewOf(await actorOf(request), (request.params as { id: string }).id);
      return updateView(db, id, parseBody(viewUpdateSchema, request.body), userId);
    }),
  );

  app.delete(
    '/api/views/:id',
    handle(async (request) => {
      const { userId, id } = await viewOf(await actorOf(request), (request.params as { id: string }).id);
      await deleteView(db, id, userId);
      return { id, deleted: true };
    }),
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

  app.get(
    '/api/api-keys',
    handle(async (request) => {
      await requireUserKey(await actorOf(request), 'admin_manage_user', 'read');
      return { keys: await listApiKeys(db) };
    }),
  );

  app.post(
    '/api/api-keys',
    handle(async (request, reply) => {
      const actor = await actorOf(request);
      const userId = await requireUserKey(actor, 'admin_manage_user', 'write');
      const { name } = parseBody(apiKeyBody, request.body);
      return reply.code(201).send(await createApiKey(db, name, { id: userId, ip: actor.ip ?? null }));
    }),
  );

  app.delete(
    '/api/api-keys/:id',
    handle(async (request) => {
      const actor = await actorOf(request);
      const userId = await requireUserKey(actor, 'admin_manage_user', 'write');
      const id = parseId((request.params as { id: string }).id);
      const key = await revokeApiKey(db, id, { id: userId, ip: actor.ip ?? null }, clock());
      if (!key) throw new ResourceError(404, { message: `No API key with id ${id}`, code: 'NOT_FOUND' });
      return key;
    }),
  );
}
