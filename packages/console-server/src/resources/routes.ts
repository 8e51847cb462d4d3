/**
 * The REST routes of every master-data entity (`/api/resources/:entity/…`), generic over the contract's
 * ENTITIES, plus saved views (`/api/views`) and API keys (`/api/api-keys`). Registered by app.ts with one call.
 */
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import {
  ENTITIES,
  encodeCursor,
  type historyResponseSchema,
  isPermissionKey,
  type listResponseSchema,
  localizeEntity,
  maskRow,
  resourcesEndpoints,
  type EntityDef,
  type EntityRow,
  type ListQuery,
  type resourceOptionsQuerySchema,
  type z,
} from '@staff/console-contract';
import { languageOf } from '../preferences/routes.js';
import { authCacheOf } from '../auth/authCache.js';
import { confirmCaller } from '../http.js';
import { containsPattern } from './trigram.js';
import { csvExport, listPage, relationLabels } from './export.js';
export { csvLine } from './export.js';
import { RESOURCE_FANOUT_EVENT, type ResourceChangedPayload, pushToLocalReaders } from './push.js';
import {
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
import { invalid, notFound, readRow } from './service.js';
import { registerWriteRoutes } from './writeRoutes.js';
import { registerViewAndKeyRoutes } from './viewRoutes.js';
import {
  createResourceRouteContext,
  type Actor,
  type ResourceRouteOptions,
  HISTORY_LIMIT,
  changesOf,
} from './routeContext.js';

export type { ResourceRouteOptions } from './routeContext.js';

export async function registerResourceRoutes(
  app: FastifyInstance,
  options: ResourceRouteOptions,
): Promise<void> {
  const ctx = createResourceRouteContext(app, options);
  const { clock, db, anyDb, actorOf, requireAccess, entityOf, callers, callerOf, rowCallerOf, serve } = ctx;

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

  // --- list / export -------------------------------------------------------------------------------
  /** A person's CSV speaks their chosen language (headings and choice labels); an API key's stays English. */
  async function exportCsv(def: EntityDef, query: ListQuery, reply: FastifyReply, actor: Actor) {
    const language = actor.kind === 'user' ? await languageOf(db, actor.userId) : 'en';
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${def.name}.csv"`)
      .send(Readable.from(csvExport(anyDb, localizeEntity(def, language), query, clock(), language)));
  }

  serve(
    resourcesEndpoints.list,
    async (request, reply, input) => {
      const { def, actor } = callerOf(request);
      const query = input.query as ListQuery;
      if (query.cursor && !cursorValueFits(def, query.sort, query.cursor))
        throw invalid({ cursor: ['Invalid cursor'] });
      const problems = filterValueProblems(def, query.filters, query.groups);
      if (problems.length)
        throw invalid(Object.fromEntries(problems.map(([key, message]) => [key, [message]])));
      if (query.format === 'csv') {
        // A stream leaves as it is read: the caller is confirmed before it starts.
        await confirmCaller(request);
        return exportCsv(def, query, reply, actor);
      }
      const now = clock();
      const where = whereOf(def, query, now);
      // A caller passed from memory (a deferred check, ADR 066): the total's statement, a single row sent anyway,
      // also reads the sign-in generation, so confirming the caller costs no statement of its own.
      const probe = request.authDeferral?.epoch != null ? authCacheOf(db) : null;
      // An exact count(*) of a big table dominates an unfiltered list: the statistics answer "about N" instead.
      const totalOf = async (): Promise<{ total: number; estimated: boolean }> => {
        const filtered = isFiltered(def, query);
        const estimate = filtered
          ? null
          : await estimatedTotal(anyDb, def, query.deleted, options.estimateTotalsFrom, probe);
        if (estimate !== null) return { total: estimate, estimated: true };
        // The estimate's statement, when it ran, carried the read already.
        const carry = filtered ? probe : null;
        const sentAt = performance.now();
        const count = await sql<{ n: string; generation?: string | null }>`
          select count(*) as n${carry ? sql`, ${carry.generationColumn} as generation` : sql``}
          from ${table(def)} ${where}`.execute(anyDb);
        if (carry) carry.seen(sentAt, count.rows[0]?.generation ?? null);
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
    { deferAuth: true },
  );

  // --- relation options ----------------------------------------------------------------------------
  serve(
    resourcesEndpoints.options,
    async (request, _reply, input) => {
      const { def } = callerOf(request);
      const query = input.query as z.output<typeof resourceOptionsQuerySchema>;
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
    {
      // Whoever may read the entity, or write a row that points at it, may pick from it.
      guard: async (request) => {
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
    },
  );

  // --- one row -------------------------------------------------------------------------------------
  serve(resourcesEndpoints.get, async (request, _reply, input) => {
    const { def, id } = rowCallerOf(request, input);
    const found = await readRow(anyDb, def, id);
    if (!found) throw notFound(def, id);
    return maskRow(def, found);
  });

  serve(resourcesEndpoints.history, async (request, _reply, input) => {
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
  });

  registerWriteRoutes(ctx);
  registerViewAndKeyRoutes(ctx);
}
