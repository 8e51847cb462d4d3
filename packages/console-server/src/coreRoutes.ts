/**
 * The routes app.ts declared itself: sign-in and sign-out, the permission checks (spec section 7), configs,
 * health and readiness, the OpenAPI document, and the usage statistics.
 */
import { type FastifyRequest } from 'fastify';
import {
  PAGE_DENIED_MESSAGE,
  authEndpoints,
  configEndpoints,
  healthResponseSchema,
  isPermissionKey,
  statisticsEndpoints,
  z,
} from '@staff/console-contract';
import type { DatabaseHandle } from './db/database.js';
import {
  type AuthenticatedSession,
  type LockoutPolicy,
  answerSignIn,
  login,
  revokeSession,
} from './auth/sessions.js';
import { type AnyRouteSpec } from './http.js';
import { buildOpenApi } from './openapi.js';
import { userPermission, userPermissions } from './services/users.js';
import { createChallenge } from './auth/twoFactor.js';
import { myActivity, usageStatistics } from './services/statistics.js';
import type { ConsoleEvents } from './services/events.js';
import { implement } from './pageRoutes.js';
import { SERVER_VERSION } from './version.js';
import { type Lifecycle, readyResponseSchema } from './ops/lifecycle.js';
import type { RouteRegistrar } from './http.js';

export interface CoreRoutesOptions {
  route: RouteRegistrar;
  registry: AnyRouteSpec[];
  database: DatabaseHandle;
  clock: () => Date;
  sessionOf: (request: FastifyRequest) => AuthenticatedSession;
  events: ConsoleEvents;
  tokenTtlMs: number;
  lockout: LockoutPolicy;
  loginRouteConfig: Record<string, unknown>;
  lifecycle: Lifecycle;
}

export function registerCoreRoutes(options: CoreRoutesOptions): void {
  const { route, database, clock, sessionOf, events } = options;
  const { db } = database;

  implement(
    route,
    authEndpoints.login,
    async (request, reply, { body }) => {
      const loginContext = {
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        now: clock(),
        tokenTtlMs: options.tokenTtlMs,
        lockout: options.lockout,
      };
      const result = await login(db, body.username, body.password, loginContext);
      if (result.ok === 'second_factor') {
        request.log.info({ userId: result.user.id }, 'password accepted; code required');
        return {
          data: {
            otp_required: true as const,
            challenge: await createChallenge(db, result.user, loginContext),
          },
        };
      }
      return answerSignIn(request, reply, result, { refused: 'sign-in refused', signedIn: 'signed in' });
    },
    { config: options.loginRouteConfig },
  );

  implement(route, authEndpoints.logout, async (request) => {
    const session = sessionOf(request);
    await revokeSession(db, session.sessionId, 'logout', clock());
    events.sessionsRevoked(session.userId, [session.sessionId], 'logout');
    return { ok: true as const };
  });

  implement(route, authEndpoints.permissions, async (request) => ({
    permissions: await userPermissions(db, sessionOf(request).userId, { since: request.authSince }),
  }));

  implement(route, authEndpoints.pageCheck, async (request, reply, { query }) => {
    const session = sessionOf(request);
    // A key the server does not know is one the caller does not hold: the client knows only 200 and 403.
    // Not recorded: usage statistics count pages, and no page has this key.
    if (!isPermissionKey(query.key))
      return reply.code(403).send({ message: PAGE_DENIED_MESSAGE, code: 'PERMISSION_DENIED' });
    const flags = await userPermission(db, session.userId, query.key, { since: request.authSince });
    const allowed = query.mode === 'write' ? flags.write : flags.read;
    await db
      .insertInto('page_checks')
      .values({
        user_id: session.userId,
        permission_key: query.key,
        mode: query.mode,
        path: query.path ?? null,
        allowed,
        at: clock(),
      })
      .execute();
    if (!allowed) return reply.code(403).send({ message: PAGE_DENIED_MESSAGE, code: 'PERMISSION_DENIED' });
    return { allowed, permission_key: query.key, mode: query.mode };
  });

  implement(route, configEndpoints.read, async (_request, _reply, { query }) => {
    const row = await db
      .selectFrom('configs')
      .select('value')
      .where('name', '=', query.config_name)
      .executeTakeFirst();
    const defaultValue = query.default_value ?? null;
    return {
      config_name: query.config_name,
      default_value: defaultValue,
      config_value: row ? row.value : defaultValue,
    };
  });

  route(
    {
      method: 'GET',
      url: '/api/health',
      tag: 'system',
      summary: 'Liveness and database reachability',
      auth: false,
      responses: { 200: healthResponseSchema, 503: healthResponseSchema },
    },
    async (_request, reply) => {
      const body = (reachable: boolean, latency: number) => ({
        status: reachable ? ('ok' as const) : ('unavailable' as const),
        database: { engine: database.engine, reachable, latency_ms: Math.round(latency * 100) / 100 },
        version: SERVER_VERSION,
        uptime_s: Math.round(process.uptime()),
      });
      try {
        return body(true, await database.ping());
      } catch {
        return reply.code(503).send(body(false, 0));
      }
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/ready',
      tag: 'system',
      summary:
        'Readiness: database reachable, migrations at this version, not draining (503 with the reasons otherwise)',
      auth: false,
      responses: { 200: readyResponseSchema, 503: readyResponseSchema },
    },
    async (_request, reply) => {
      const answer = await options.lifecycle.ready();
      return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/openapi.json',
      tag: 'system',
      summary: 'This document',
      auth: false,
      responses: { 200: z.looseObject({ openapi: z.string() }) },
    },
    async () => buildOpenApi(options.registry, SERVER_VERSION),
  );

  implement(route, statisticsEndpoints.usage, async (_request, _reply, { query }) =>
    usageStatistics(db, clock(), query.days),
  );
  implement(route, statisticsEndpoints.me, async (request, _reply, { query }) =>
    myActivity(db, sessionOf(request).userId, clock(), query.days),
  );
}
