import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ROUTES,
  createInsightSchema,
  insightListQuerySchema,
  insightListResponseSchema,
  insightSchema,
  insightScopeOptionsSchema,
  insightScopeQuerySchema,
  type InsightStreamEvent,
  type PermissionKey,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { RouteRegistrar } from '../admin/routes.js';
import { HttpError } from '../http.js';
import {
  type InsightInput,
  type InsightsOptions,
  getInsight,
  listInsights,
  requireEndpoint,
  runInsight,
  scopeLabel,
  scopeOptions,
} from './service.js';
import { pageRoutes } from '../pageRoutes.js';

/** The page's key: reading past insights needs read access, running one (it costs money) write access. */
export const INSIGHTS_KEY: PermissionKey = ROUTES.find((entry) => entry.id === 'gpt-insights')!.key;

const idParams = z.object({ id: z.coerce.number().int().positive() });

export interface InsightRoutesOptions {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => { userId: number };
  db: Kysely<Database>;
  options: InsightsOptions;
}

/**
 * Streams an insight as server-sent events on the hijacked reply (compression and buffering would hold the
 * pieces back). Every check that can refuse (configuration, scope) runs before: those answer plain JSON errors.
 */
async function streamInsight(
  db: Kysely<Database>,
  options: InsightsOptions,
  input: InsightInput,
  userId: number,
  reply: FastifyReply,
): Promise<void> {
  await scopeLabel(db, input.scope, input.scope_id);
  requireEndpoint(options);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const emit = (message: InsightStreamEvent) => {
    if (!raw.writableEnded && !raw.destroyed)
      raw.write(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
  };
  try {
    await runInsight(db, options, input, userId, emit);
  } catch (error) {
    const message = error instanceof HttpError ? error.message : 'The insight could not be completed.';
    emit({ event: 'failed', data: { id: 0, message } });
  } finally {
    raw.end();
  }
}

/** `/api/insights`: list, one, run (streamed), run again (streamed), and the scope picker's options. */
export function registerInsightRoutes(deps: InsightRoutesOptions): void {
  const { route, sessionOf, db, options } = deps;
  const insightsRoutes = pageRoutes(route, 'insights', INSIGHTS_KEY);

  insightsRoutes.get(
    '/api/insights',
    'Past GPT insights, newest first; q searches the scope name, the question and the answer',
    { query: insightListQuerySchema, responses: { 200: insightListResponseSchema } },
    async (_request, _reply, { query }) => ({ rows: await listInsights(db, query.q, query.limit) }),
  );

  insightsRoutes.get(
    '/api/insights/scopes',
    'What can be chosen for a scope: campaigns, ad sets and ads from the Meta insights; products, tribes',
    { query: insightScopeQuerySchema, responses: { 200: insightScopeOptionsSchema } },
    async (_request, _reply, { query }) => ({ options: await scopeOptions(db, query.scope, query.q) }),
  );

  insightsRoutes.get(
    '/api/insights/:id',
    'One insight with its prompt and the report snapshot it was given',
    { params: idParams, responses: { 200: insightSchema } },
    async (_request, _reply, { params }) => {
      const insight = await getInsight(db, params.id);
      if (!insight) throw new HttpError(404, `No insight #${params.id}`, 'NOT_FOUND');
      return insight;
    },
  );

  insightsRoutes.post(
    '/api/insights',
    'Snapshot the report figures of a scope and range, ask the language model and stream its answer (text/event-stream: start, delta…, done or failed); kept with tokens and cost',
    { body: createInsightSchema, responses: { 200: z.string() }, errors: [503] },
    async (request, reply, { body }) => {
      await streamInsight(db, options, body, sessionOf(request).userId, reply);
      return reply;
    },
  );

  insightsRoutes.post(
    '/api/insights/:id/rerun',
    'Run an insight again with the same scope, range and question (a new insight, streamed)',
    { params: idParams, responses: { 200: z.string() }, errors: [503] },
    async (request, reply, { params }) => {
      const previous = await getInsight(db, params.id);
      if (!previous) throw new HttpError(404, `No insight #${params.id}`, 'NOT_FOUND');
      const input: InsightInput = {
        scope: previous.scope,
        scope_id: previous.scope_id,
        from: previous.from,
        to: previous.to,
        question: previous.question,
      };
      await streamInsight(db, options, input, sessionOf(request).userId, reply);
      return reply;
    },
  );
}
