import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ROUTES,
  apiErrorSchema,
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

  route(
    {
      method: 'GET',
      url: '/api/insights',
      tag: 'insights',
      summary: 'Past GPT insights, newest first; q searches the scope name, the question and the answer',
      auth: true,
      permission: { key: INSIGHTS_KEY, mode: 'read' },
      query: insightListQuerySchema,
      responses: { 200: insightListResponseSchema },
    },
    async (_request, _reply, { query }) => ({ rows: await listInsights(db, query.q, query.limit) }),
  );

  route(
    {
      method: 'GET',
      url: '/api/insights/scopes',
      tag: 'insights',
      summary:
        'What can be chosen for a scope: campaigns, ad sets and ads from the Meta insights; products, tribes',
      auth: true,
      permission: { key: INSIGHTS_KEY, mode: 'read' },
      query: insightScopeQuerySchema,
      responses: { 200: insightScopeOptionsSchema },
    },
    async (_request, _reply, { query }) => ({ options: await scopeOptions(db, query.scope, query.q) }),
  );

  route(
    {
      method: 'GET',
      url: '/api/insights/:id',
      tag: 'insights',
      summary: 'One insight with its prompt and the report snapshot it was given',
      auth: true,
      permission: { key: INSIGHTS_KEY, mode: 'read' },
      params: idParams,
      responses: { 200: insightSchema, 404: apiErrorSchema },
    },
    async (_request, _reply, { params }) => {
      const insight = await getInsight(db, params.id);
      if (!insight) throw new HttpError(404, `No insight #${params.id}`, 'NOT_FOUND');
      return insight;
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/insights',
      tag: 'insights',
      summary:
        'Snapshot the report figures of a scope and range, ask the language model and stream its answer (text/event-stream: start, delta…, done or failed); kept with tokens and cost',
      auth: true,
      permission: { key: INSIGHTS_KEY, mode: 'write' },
      body: createInsightSchema,
      responses: { 200: z.string(), 400: apiErrorSchema, 503: apiErrorSchema },
    },
    async (request, reply, { body }) => {
      await streamInsight(db, options, body, sessionOf(request).userId, reply);
      return reply;
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/insights/:id/rerun',
      tag: 'insights',
      summary: 'Run an insight again with the same scope, range and question (a new insight, streamed)',
      auth: true,
      permission: { key: INSIGHTS_KEY, mode: 'write' },
      params: idParams,
      responses: { 200: z.string(), 404: apiErrorSchema, 503: apiErrorSchema },
    },
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
