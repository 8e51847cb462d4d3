import { performance } from 'node:perf_hooks';
import pg from 'pg';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { REAUTH_REQUIRED_CODE, type z } from '@staff/console-contract';
import type { DatabaseHandle } from './db/database.js';
import { AUTH_MESSAGES } from './auth/messages.js';
import {
  type AuthenticatedSession,
  DEFAULT_LOCKOUT,
  type LockoutPolicy,
  authenticate,
  checkSession,
} from './auth/sessions.js';
import { registerAccountRoutes } from './auth/accountRoutes.js';
import { registerPreferencesRoutes } from './preferences/routes.js';
import { registerSearchRoutes } from './search/routes.js';
import { bearerToken } from './auth/tokens.js';
import { authenticateFirst } from './auth/authenticateFirst.js';
import {
  type AnyRouteSpec,
  HttpError,
  confirmCaller,
  INT4_MAX,
  databaseErrorAnswer,
  defineRoute,
  idBeyondRange,
  unsafeHeaderFields,
  unsafeTextFields,
} from './http.js';
import { registerResourceRoutes } from './resources/routes.js';
import { isAppPath, registerResponseCompression, registerStaticApp, sendAppShell } from './staticApp.js';
import { type Realtime, createRealtime } from './realtime.js';
import { userMay } from './services/users.js';
import { type AuthDeferral, authCacheOf } from './auth/authCache.js';
import { registerAdminRoutes } from './admin/routes.js';
import { registerTwoFactorRoutes } from './admin/twoFactorRoutes.js';
import type { ConsoleEvents } from './services/events.js';
import { type IntakeOptions, createIntakeRuntime } from './intake/runtime.js';
import { registerIntakeRoutes } from './intake/routes.js';
import { type WhatsAppOptions, registerWhatsApp } from './whatsapp/runtime.js';
import { botOnInbound } from './crm/bot.js';
import { registerBotRoutes } from './crm/routes.js';
import { registerBotLoginRoutes } from './crm/login.js';
import { registerReportRoutes } from './reports/routes.js';
import { registerVennRoutes } from './venn/routes.js';
import { registerProblemRoutes } from './problems/routes.js';
import { type LogisticsOptions, createLogisticsRuntime } from './logistics/runtime.js';
import { registerLogisticsRoutes } from './logistics/routes.js';
import { registerMeetingRoutes } from './meetings/routes.js';
import { registerInsightRoutes } from './insights/routes.js';
import { registerHookRoutes } from './hooks/routes.js';
import { registerChangeEmailRoutes } from './changeEmails/routes.js';
import type { InsightsOptions } from './insights/service.js';
import {
  type SheetReportSchedulerOptions,
  registerSheetReportRoutes,
  startSheetReportScheduler,
} from './sheetReports/routes.js';
import { registerCoreRoutes } from './coreRoutes.js';
import { SERVER_VERSION } from './version.js';
import { type Lifecycle, registerLifecycle } from './ops/lifecycle.js';
import { registerMetrics } from './ops/metrics.js';
import { registerCreativePreviewRoutes } from './creatives/routes.js';
import type { Registry } from 'prom-client';
import { registerOperationsRoutes } from './operations/routes.js';
import { trackLocalJobRuns } from './operations/jobStats.js';
import { startHeartbeat } from './operations/nodes.js';
import { NODE_ID } from './jobs/runOnce.js';

export { SERVER_VERSION } from './version.js';

/** Master-data ids are bigint; the resource routes take up to 15 digits (within JavaScript's exact integers). */
const RESOURCE_ID_MAX = 999_999_999_999_999;

export interface BuildServerOptions {
  database: DatabaseHandle;
  /** pino options, `true` for defaults, `false` (tests) for silence. */
  logger?: boolean | Record<string, unknown>;
  /** The built console-app (index.html + assets). Missing folder: API only. */
  appDir?: string | null;
  /** Origins allowed by CORS and the socket; empty = same origin only. */
  corsOrigins?: readonly string[];
  tokenTtlHours?: number;
  /** Injected so tests can move time (lockout expiry, token expiry). */
  clock?: () => Date;
  lockout?: Partial<LockoutPolicy>;
  /** Requests per minute per address on the login route (a cap on argon2 work); false turns it off. */
  loginRateLimit?: number | false;
  bodyLimit?: number;
  trustProxy?: boolean;
  /** Unfiltered master-data lists of tables this large get an estimated total (resources/routes.ts); default 100 000. */
  estimateTotalsFrom?: number;
  /** Minutes without an API call after which the next call answers 401 REAUTH_REQUIRED (default 30, ADR 013). */
  idleMinutes?: number;
  /** Mayar and Meta adapters' base URLs and the forwarder / reconciliation workers (src/intake/). */
  intake?: IntakeOptions;
  /** Courier tracking and WhatsApp adapters, the tracking poll and the notification outbox (src/logistics/). */
  logistics?: LogisticsOptions;
  /** GPT Insights' OpenAI-compatible endpoint, model, key and prices (src/insights/). */
  insights?: InsightsOptions;
  /** Sheet Report's scheduler tick (src/sheetReports/). */
  sheetReports?: SheetReportSchedulerOptions;
  /** WhatsApp Cloud API adapter, webhook secrets and the outbox worker (src/whatsapp/). */
  whatsapp?: WhatsAppOptions;
  /** Master Ad Creative's calls to Meta: time-out and how often the daily refresh runs (src/creatives/). */
  creatives?: { timeoutMs?: number; refreshEveryMs?: number };
  /** Collect Prometheus metrics into `app.metrics` (METRICS_PORT set); off: no per-request cost. */
  metrics?: boolean;
  /**
   * This node's heartbeat in the node registry (the operator's page): every `everyMs` from the start until close.
   * Off when absent (tests that count every write); the server's entry turns it on (CONSOLE_HEARTBEAT_SECONDS).
   */
  heartbeat?: { everyMs: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
    database: DatabaseHandle;
    /** Requests in flight, the drain of a graceful stop and the readiness checks (src/ops/lifecycle.ts). */
    lifecycle: Lifecycle;
    /** With `metrics`: the Prometheus registry main.ts serves on METRICS_PORT (src/ops/metrics.ts). */
    metrics: Registry | null;
    /** Every API route with its schemas: the OpenAPI document's source. */
    apiRoutes: readonly AnyRouteSpec[];
  }
  interface FastifyContextConfig {
    /** The route only reads: its checks may pass from memory, confirmed before its answer leaves (ADR 066). */
    authDeferred?: boolean;
  }
  interface FastifyRequest {
    session: AuthenticatedSession | null;
    /** When an API request began (performance.now()): its session and permission checks see every change before. */
    authSince: number;
    /** How long the session check took (ms, a generation read included when it sent one); 0 without a token. */
    authMs: number;
    /**
     * A read-only route's (config `authDeferred`): its checks may pass from memory at once; the route then confirms
     * them before its answer leaves (RouteGuards.confirm). Null elsewhere and once confirmed.
     */
    authDeferral: AuthDeferral | null;
  }
}

/** An http Graph URL (a fake on loopback) serves creative images itself: the page may load them from there. */
const creativeImageOrigins = (graphUrl: string | undefined): string[] =>
  graphUrl?.startsWith('http://') ? [new URL(graphUrl).origin] : [];

/** Secrets some callers must put in the address (Mayar's webhook token): never written to the log. */
const SECRET_QUERY = /([?&](?:token|access_token|hub\.verify_token)=)[^&#]*/gi;
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'token',
  '*.password',
  '*.token',
  '*.password_hash',
];

/** Calls an idle session may still make: re-authenticate, or sign out. */
const IDLE_ALLOWED = new Set(['/api/auth/reauth', '/api/auth/logout']);

/**
 * The console's HTTP API, socket.io and static app on one Fastify instance. The caller owns the database
 * handle (open it first, close it after `app.close()`).
 *
 * @example
 * const database = await openDatabase({ dataDir: './data' });
 * const app = await buildServer({ database });
 * await app.listen({ port: 3000 });
 */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { database } = options;
  const { db } = database;
  const clock = options.clock ?? (() => new Date());
  const tokenTtlMs = (options.tokenTtlHours ?? 12) * 3_600_000;
  const idleMs = (options.idleMinutes ?? 30) * 60_000;
  const lockout: LockoutPolicy = { ...DEFAULT_LOCKOUT, ...options.lockout };
  const corsOrigins = options.corsOrigins ?? [];

  const app = Fastify({
    logger:
      options.logger === false || options.logger === undefined
        ? false
        : {
            ...(options.logger === true ? {} : options.logger),
            redact: { paths: LOG_REDACT, censor: '[redacted]' },
            serializers: { req: serializeRequest },
          },
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    trustProxy: options.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorateRequest('session', null);
  app.decorateRequest('authSince', 0);
  app.decorateRequest('authMs', 0);
  app.decorateRequest('authDeferral', null);
  // First of the hooks: a draining server turns new requests away before any hook reads the database.
  const lifecycle = registerLifecycle(app, () => database);
  app.decorate('lifecycle', lifecycle);
  // Only JSON bodies: a text/plain or form post is answered 415, not guessed at.
  app.removeContentTypeParser(['text/plain']);

  // Several nodes on one PostgreSQL: socket events travel between them through the database (ADR 010).
  const clusterPool = database.connectionString
    ? new pg.Pool({ connectionString: database.connectionString, max: 3 })
    : undefined;
  clusterPool?.on('error', () => undefined);
  // The adapter's LISTEN client is checked out: its errors (the database going away) surface on the client itself,
  // and the adapter reconnects on 'end'.
  clusterPool?.on('connect', (client) => client.on('error', () => undefined));
  const realtime = createRealtime(app.server, {
    corsOrigins,
    ...(clusterPool
      ? { clusterPool, onClusterError: (error: Error) => app.log.warn({ err: error }, 'socket adapter') }
      : {}),
    now: clock,
    // An idle session keeps its socket (it only listens) but a handshake is no use: it cannot end idleness.
    authenticate: async (token) => {
      const result = await checkSession(db, token, clock(), { touch: false });
      return result.status === 'none'
        ? null
        : {
            userId: result.session.userId,
            sessionId: result.session.sessionId,
            expiresAt: result.session.expiresAt,
          };
    },
  });
  const events: ConsoleEvents = realtime;
  app.decorate('realtime', realtime);
  app.decorate('database', database);
  app.decorate('metrics', options.metrics ? registerMetrics(app) : null);
  // Before the HTTP server closes, not after: it waits for every open connection, and a connected socket would
  // hold a stop (SIGTERM, a test's teardown) until its browser went away.
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  // A deferred caller (ADR 066) whose answer did not come through its route's confirmation (an input error found
  // before the handler ran) is confirmed here, before any byte leaves; a refusal replaces the answer.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.authDeferral) await confirmCaller(request);
    return payload;
  });
  // Time spent in this process per request: lets a client (and the bench) tell server time from network time.
  // `auth`: the session check inside it (ADR 066), so a slow call tells its own time from the sign-in state's.
  app.addHook('onSend', async (request, reply, payload) => {
    const auth = request.authMs > 0 ? `, auth;dur=${request.authMs.toFixed(2)}` : '';
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}${auth}`);
    return payload;
  });
  // After server-timing (it reports time before compressing); API answers ≥ 1 KiB, src/staticApp.ts.
  registerResponseCompression(app);

  // One sanitising layer for every route (admin, resources, views, API keys): text PostgreSQL would refuse or
  // mangle is a 400 naming the field, an id beyond its column's range a 404, both before any handler runs.
  app.addHook('preValidation', async (request) => {
    const fields = {
      ...unsafeHeaderFields(request.headers),
      ...unsafeTextFields('params', request.params),
      ...unsafeTextFields('query', request.query),
      ...unsafeTextFields('body', request.body),
    };
    if (Object.keys(fields).length > 0) throw new HttpError(400, 'Invalid input', 'INVALID_INPUT', fields);
    // Master-data rows have bigint ids (the routes take up to 15 digits); every other table an integer id.
    const url = request.routeOptions.url ?? '';
    const max = url.startsWith('/api/resources/') ? RESOURCE_ID_MAX : INT4_MAX;
    if (idBeyondRange((request.params ?? {}) as Record<string, unknown>, max))
      throw new HttpError(404, 'Not found', 'NOT_FOUND');
  });
  // Answers carrying a token, a user or a row must never be kept by a browser or a shared proxy.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.url.startsWith('/api/') &&
      !reply.hasHeader('cache-control') &&
      (request.headers.authorization !== undefined ||
        request.headers['x-api-key'] !== undefined ||
        request.url.startsWith('/api/auth/'))
    )
      reply.header('cache-control', 'no-store');
    return payload;
  });

  // The security headers, built once: the Fastify plugin built this middleware again on every request (about
  // 0.03 ms of each call, ADR 066's session 37).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // styled-components injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Ad creatives' thumbnails live on Meta's CDN (https); a Graph URL on http (the fakes) serves its own.
        imgSrc: ["'self'", 'data:', 'https:', ...creativeImageOrigins(options.intake?.metaGraphUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // The packing labels PDF is shown in a frame from a blob the page made (logistics).
        frameSrc: ["'self'", 'blob:'],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await app.register(cors, { origin: corsOrigins.length > 0 ? [...corsOrigins] : false });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: AUTH_MESSAGES.rateLimited(Math.ceil(context.ttl / 1000)),
      code: 'RATE_LIMITED',
    }),
  });

  // Idle sessions (ADR 013): any API call with a bearer token of a session unused for longer than the idle
  // timeout answers 401 REAUTH_REQUIRED, except the calls that end idleness or the session. The session is kept.
  const checkCaller = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    const result = await checkSession(db, token, clock(), {
      idleMs,
      since: request.authSince,
      deferral: request.authDeferral ?? undefined,
    });
    request.authMs = performance.now() - request.authSince;
    if (result.status === 'none') return;
    if (result.status === 'idle' && !IDLE_ALLOWED.has(request.url.split('?')[0]!.replace(/\/$/, ''))) {
      throw new HttpError(401, AUTH_MESSAGES.reauthRequired, REAUTH_REQUIRED_CODE);
    }
    request.session = result.session;
  };
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.authSince = performance.now();
    // Only a route that reads (ADR 066, session 37): a refused caller must not have changed anything.
    if (request.routeOptions.config?.authDeferred === true && request.method === 'GET')
      request.authDeferral = { epoch: null };
    await checkCaller(request);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).send(error.body);
    // Database errors never reach the client as text: a safe message by SQLSTATE class, or a plain 500.
    const answer = databaseErrorAnswer(error);
    if (answer) {
      request.log.warn({ err: error }, 'database refused a request');
      return reply.code(answer.status).send(answer.body);
    }
    const err = error as { statusCode?: number; code?: string; message?: string };
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = err.message ?? 'Bad request';
      return reply.code(status).send({
        message,
        ...(err.code ? { code: err.code } : {}),
        ...(status === 400 ? { fields: { body: [message] } } : {}),
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' });
  });

  // The built app, precompressed and cached by kind (src/staticApp.ts).
  const appIndex = await registerStaticApp(app, options.appDir ?? null);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (appIndex && (request.method === 'GET' || request.method === 'HEAD') && isAppPath(url)) {
      return sendAppShell(reply);
    }
    return reply.code(404).send({ message: `No route ${request.method} ${url}`, code: 'NOT_FOUND' });
  });

  // --- routes -----------------------------------------------------------------------------------------
  const registry: AnyRouteSpec[] = [];
  app.decorate('apiRoutes', registry);
  const guards = {
    // Authentication first (onRequest, before the body is parsed): a request without a token is a 401 whatever its
    // content type (src/auth/authenticateFirst.ts); the permission below, still before the input is parsed.
    authenticate: authenticateFirst(db, clock),
    guard: async (request: FastifyRequest, spec: AnyRouteSpec) => {
      if (!spec.auth) return;
      // Usually already checked (with the idle limit) by the onRequest hook.
      const session =
        request.session ?? (await authenticate(db, bearerToken(request.headers.authorization), clock()));
      if (!session) throw new HttpError(401, AUTH_MESSAGES.unauthorized, 'UNAUTHORIZED');
      request.session = session;
      if (spec.permission) {
        const allowed = await userMay(db, session.userId, spec.permission.key, spec.permission.mode, {
          since: request.authSince,
          deferral: request.authDeferral,
        });
        if (!allowed) {
          throw new HttpError(
            403,
            `You need ${spec.permission.mode} access to ${spec.permission.key} for this.`,
            'FORBIDDEN',
          );
        }
      }
    },
    confirm: async (request: FastifyRequest, guard: () => Promise<void>) => {
      const deferral = request.authDeferral;
      if (!deferral) return;
      // From here on, every check reads.
      request.authDeferral = null;
      if (await authCacheOf(db).confirm(request.authSince, deferral)) return;
      // Memory was out of date: the caller is decided again from the tables, and the answer (an error too) leaves
      // only if they still pass.
      request.session = null;
      await checkCaller(request);
      await guard();
    },
  };
  const route = <
    Q extends z.ZodMiniType | undefined,
    B extends z.ZodMiniType | undefined,
    P extends z.ZodMiniType | undefined,
  >(
    spec: Parameters<typeof defineRoute<Q, B, P>>[3],
    handler: Parameters<typeof defineRoute<Q, B, P>>[4],
  ) => defineRoute(app, registry, guards, spec, handler);
  const loginRouteConfig =
    options.loginRateLimit === false
      ? {}
      : { rateLimit: { max: options.loginRateLimit ?? 60, timeWindow: 60_000 } };
  const sessionOf = (request: FastifyRequest) => {
    if (!request.session) throw new HttpError(401, AUTH_MESSAGES.unauthorized, 'UNAUTHORIZED');
    return request.session;
  };

  // Sign-in, sign-out, the permission checks, configs, health, readiness, the OpenAPI document, statistics.
  registerCoreRoutes({
    route,
    registry,
    database,
    clock,
    sessionOf,
    events,
    tokenTtlMs,
    lockout,
    loginRouteConfig,
    lifecycle,
  });

  // Administration (users, permission sets, matrix, view-as) and the own password change: src/admin/.
  registerAdminRoutes({ route, sessionOf, db, events, now: clock });
  // Two-step sign-in: the code step, enrolment and the administrator's reset (src/auth/twoFactor.ts).
  registerTwoFactorRoutes({
    route,
    sessionOf,
    db,
    events,
    now: clock,
    loginContext: { tokenTtlMs, lockout },
    loginRouteConfig,
  });

  // Re-authentication of an idle session and the user's own sessions (ADR 013).
  registerAccountRoutes({ route, sessionOf, db, events, now: clock, lockout });
  registerPreferencesRoutes({ route, sessionOf, db, now: clock });
  // The command palette's record search (ADR 028).
  registerSearchRoutes({ route, sessionOf, db, now: clock });

  // Master-data resources, saved views and API keys (src/resources/).
  await registerResourceRoutes(app, {
    clock,
    route,
    ...(options.estimateTotalsFrom !== undefined ? { estimateTotalsFrom: options.estimateTotalsFrom } : {}),
  });

  // The report engine: GET /api/reports/:id (src/reports/).
  registerReportRoutes({ route, db, sessionOf });
  // The Cust Venn Diagram: GET /api/venn, /api/venn/customers (src/venn/).
  registerVennRoutes({ route, db });
  // Cust Problem Tracking: /api/problems (src/problems/).
  registerProblemRoutes({ route, db, realtime, sessionOf, clock });

  // Meeting Rooms Dashboard: schedule and bookings (src/meetings/).
  registerMeetingRoutes({ route, sessionOf, db, realtime, log: app.log, now: clock });
  // GPT Insights: report snapshots sent to a chat-completions endpoint, answers streamed (src/insights/).
  registerInsightRoutes({ route, sessionOf, db, options: options.insights ?? {} });
  // Hook Generations: hooks from a brief through the same adapter, streamed; picked ones as draft creatives (src/hooks/).
  registerHookRoutes({ route, sessionOf, db, realtime, options: options.insights ?? {}, log: app.log });
  // Sheet Report: scheduled report exports, run now, run log and kept files (src/sheetReports/).
  registerSheetReportRoutes({ route, sessionOf, db, now: clock, google: options.sheetReports?.google });
  startSheetReportScheduler(app, options.sheetReports ?? {}, clock);

  // Mayar webhook, reconciliation and the forwarder's deliveries (src/intake/).
  const intake = createIntakeRuntime(app, options.intake ?? {}, clock);
  await registerIntakeRoutes(app, {
    route,
    sessionOf,
    clock,
    mayarApi: intake.mayarApi,
    guards,
    onDeliveriesQueued: intake.kick,
    onPullQueued: intake.kickPull,
    verifyPaid: options.intake?.verifyPaid === true,
    onVerificationQueued: intake.kickVerify,
  });

  // Master Ad Creative's thumbnails, previews and "Refresh from Meta"; the daily refresh with the workers.
  registerCreativePreviewRoutes(app, {
    route,
    sessionOf,
    clock,
    options: {
      graph: {
        baseUrl: options.intake?.metaGraphUrl,
        version: options.intake?.metaGraphVersion,
        timeoutMs: options.creatives?.timeoutMs,
      },
      schedule: options.intake?.workers === true,
      ...(options.creatives?.refreshEveryMs ? { refreshEveryMs: options.creatives.refreshEveryMs } : {}),
    },
  });

  // Logistics: receipts, confirmation, labels, tracking, customer notifications (src/logistics/).
  const logistics = createLogisticsRuntime(app, options.logistics ?? {}, clock);
  registerLogisticsRoutes(app, { route, clock, runtime: logistics });
  // WhatsApp webhook, the Chat List's API and the outbox (src/whatsapp/).
  const whatsapp = await registerWhatsApp(app, options.whatsapp ?? {}, {
    route,
    sessionOf,
    clock,
    onInbound: botOnInbound,
  });
  // Bot Auto Response: rules, settings, tester, answer log (src/crm/).
  registerBotRoutes({ route, db, sessionOf, clock });
  // Bot Login: a number registered with the Cloud API through both codes (src/crm/login.ts).
  registerBotLoginRoutes({ route, db, realtime, sessionOf, clock, whatsapp: whatsapp.settings });
  // The operator's page and the audit page (issue #29): nodes, jobs, outboxes with replay, intake, backups; audit log.
  const localJobs = trackLocalJobRuns(NODE_ID, clock);
  app.addHook('onClose', async () => localJobs.stop());
  const heartbeatMs = options.heartbeat?.everyMs ?? 15_000;
  registerOperationsRoutes({
    route,
    sessionOf,
    db,
    clock,
    realtime,
    nodeId: NODE_ID,
    heartbeatMs,
    localJobs,
  });
  if (options.heartbeat) {
    const onError = (error: unknown) => app.log.warn({ err: error }, 'node heartbeat failed');
    let heartbeat: ReturnType<typeof startHeartbeat> | null = null;
    app.addHook('onReady', async () => {
      heartbeat = startHeartbeat(db, { everyMs: heartbeatMs, version: SERVER_VERSION, onError });
      await heartbeat.ready;
    });
    app.addHook('onClose', async () => heartbeat?.stop());
  }
  // Change Email processing: approve, reject, in bulk; the Mayar customer update outbox (src/changeEmails/).
  registerChangeEmailRoutes(app, {
    route,
    clock,
    mayarApi: intake.mayarApi,
    kickWhatsApp: whatsapp.kick,
    workers: options.intake?.workers === true,
  });

  return app;
}
