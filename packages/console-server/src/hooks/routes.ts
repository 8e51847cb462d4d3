import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type EntityDef,
  type HookStreamEvent,
  hookGenerations,
  hookGenerationsEndpoints,
  masterAdCreatives,
  maskRow,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { RouteRegistrar } from '../admin/routes.js';
import { HttpError } from '../http.js';
import { UpstreamError } from '../insights/openai.js';
import { implement } from '../pageRoutes.js';
import type { Realtime } from '../realtime.js';
import { pushResourceChanges } from '../resources/push.js';
import type { Row } from '../resources/query.js';
import {
  type HookBrief,
  type HookOptions,
  generateHooks,
  pickHooks,
  productName,
  requireHookEndpoint,
  toHookGeneration,
} from './service.js';

export interface HookRoutesOptions {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => { userId: number; fullName: string };
  db: Kysely<Database>;
  realtime: Realtime;
  options: HookOptions;
  log: { warn: (object: unknown, message: string) => void };
}

/** The answer for a failure of the model: refused 502, too slow 504, unreachable or broken 502. */
export function upstreamHttpError(error: UpstreamError): HttpError {
  const code = {
    refused: 'UPSTREAM_REFUSED',
    timeout: 'UPSTREAM_TIMEOUT',
    down: 'UPSTREAM_DOWN',
    broken: 'UPSTREAM_BROKEN',
  }[error.kind];
  return new HttpError(error.kind === 'timeout' ? 504 : 502, error.message, code);
}

/**
 * Streams the hooks as server-sent events. The reply is hijacked only when the first hook arrives: every
 * failure before it (bad input, not configured, the model refused, is down or too slow) answers a plain JSON
 * error; one after it (the stream broke off) is a `failed` event. Either way nothing is stored.
 */
async function streamHooks(
  deps: HookRoutesOptions,
  brief: HookBrief,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const { db, options } = deps;
  // Bad input is a 400 whatever the configuration; then the 503 that says what to set.
  await productName(db, brief.product_id);
  requireHookEndpoint(options);
  const session = deps.sessionOf(request);
  const raw = reply.raw;
  let started = false;
  const write = (message: HookStreamEvent) => {
    if (!raw.writableEnded && !raw.destroyed)
      raw.write(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
  };
  const emit = (message: HookStreamEvent) => {
    if (!started) {
      started = true;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      write({
        event: 'start',
        data: { model: brief.model || options.model || 'gpt-4o-mini', count: brief.count },
      });
    }
    write(message);
  };
  try {
    const { generation, row } = await generateHooks(
      db,
      options,
      brief,
      { kind: 'user', userId: session.userId, name: session.fullName, ip: request.ip ?? null },
      emit,
    );
    emit({ event: 'done', data: generation });
    push(deps, hookGenerations, 'create', [row]);
  } catch (error) {
    const failure =
      error instanceof UpstreamError
        ? upstreamHttpError(error)
        : error instanceof HttpError
          ? error
          : new HttpError(500, 'The hooks could not be generated.', 'HOOKS_FAILED');
    if (!started) throw failure;
    if (!(error instanceof HttpError || error instanceof UpstreamError))
      deps.log.warn({ err: error }, 'hook generation failed after the first hook');
    write({ event: 'failed', data: { code: failure.code ?? 'HOOKS_FAILED', message: failure.message } });
  } finally {
    if (started) raw.end();
  }
}

function push(deps: HookRoutesOptions, def: EntityDef, action: 'create' | 'update', rows: readonly Row[]) {
  pushResourceChanges(
    deps.db,
    deps.realtime,
    def,
    rows.map((row) => ({ entity: def.name, id: row.id as number, action, version: row.version as number })),
  ).catch((error: unknown) => deps.log.warn({ err: error }, 'resource push failed'));
}

/** `/api/hook-generations`: generate (streamed) and pick (kept, or sent to Master Ad Creative as drafts). */
export function registerHookRoutes(deps: HookRoutesOptions): void {
  const { route, db } = deps;

  implement(route, hookGenerationsEndpoints.generate, async (request, reply, { body }) => {
    await streamHooks(deps, body, request, reply);
    return reply;
  });

  implement(route, hookGenerationsEndpoints.pick, async (request, _reply, { params, body }) => {
    const session = deps.sessionOf(request);
    const { generation, drafts } = await pickHooks(db, params.id, body, {
      kind: 'user',
      userId: session.userId,
      name: session.fullName,
      ip: request.ip ?? null,
    });
    push(deps, hookGenerations, 'update', [generation]);
    if (drafts.length) push(deps, masterAdCreatives, 'create', drafts);
    return {
      generation: toHookGeneration(maskRow(hookGenerations, generation)),
      drafts: drafts.map((draft) => draft.id as number),
    };
  });
}
