import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type InsightStreamEvent, insightsEndpoints } from '@staff/console-contract';
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
import { implement } from '../pageRoutes.js';

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

  implement(route, insightsEndpoints.list, async (_request, _reply, { query }) => ({
    rows: await listInsights(db, query.q, query.limit),
  }));

  implement(route, insightsEndpoints.scopes, async (_request, _reply, { query }) => ({
    options: await scopeOptions(db, query.scope, query.q),
  }));

  implement(route, insightsEndpoints.get, async (_request, _reply, { params }) => {
    const insight = await getInsight(db, params.id);
    if (!insight) throw new HttpError(404, `No insight #${params.id}`, 'NOT_FOUND');
    return insight;
  });

  implement(route, insightsEndpoints.run, async (request, reply, { body }) => {
    await streamInsight(db, options, body, sessionOf(request).userId, reply);
    return reply;
  });

  implement(route, insightsEndpoints.rerun, async (request, reply, { params }) => {
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
  });
}
