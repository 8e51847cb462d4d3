/**
 * Traces (OpenTelemetry, ADR 058). Loaded only when `tracingWanted` says so: main.ts imports this module, and
 * through it the SDK and its instrumentations, before anything else of the server, so that `pg` and `node:http`
 * are patched when the server first loads them. Without OTEL_EXPORTER_OTLP_ENDPOINT nothing here is loaded.
 *
 * One trace per request: the HTTP server span (instrumentation-http, named by the Fastify route pattern), its
 * database queries (instrumentation-pg: PostgreSQL, and PGlite too, which the server reaches through the same
 * `pg.Pool` over PGlite's socket-less stream) and its outbound calls (instrumentation-undici: every adapter uses
 * Node's fetch), with W3C `traceparent` on them. Everything else comes from the standard OTEL_* variables
 * (exporter protocol, headers, sampler, batch delay, resource attributes, service name…).
 */
import { type Span, context, trace } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyInstance } from 'fastify';
import { TRACING_DEFAULT_SERVICE_NAME, redactQuery, serverPackageVersion } from './tracingEnv.js';

export interface Tracing {
  /** Names each request's server span by its route pattern (`POST /api/insights/run`), never its address. */
  nameRoutes: (app: FastifyInstance) => void;
  /** Sends the spans still buffered; call last when stopping. */
  shutdown: () => Promise<void>;
}

/** Probes and socket.io's polling would be most of the spans and say nothing. */
const UNTRACED_PATHS = /^\/(?:api\/health|api\/ready|socket\.io\/)/;

/**
 * Starts the SDK (exporter, sampler, propagators and resource from the OTEL_* variables) with the console's
 * instrumentations. Call before the server's own modules are imported.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): Tracing {
  // Traces only: the console's metrics are Prometheus's (ADR 056), its logs pino's. Either can still be sent
  // over OTLP by setting these variables.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over these defaults.
    resource: resourceFromAttributes({
      'service.name': TRACING_DEFAULT_SERVICE_NAME,
      'service.version': serverPackageVersion(),
    }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
        // The OTLP exporter's own calls are suppressed by the SDK; other node:http calls only within a trace.
        requireParentforOutgoingSpans: true,
      }),
      // Queries within a request or a traced call; the workers' polls every few seconds would be noise alone.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new UndiciInstrumentation({
        // Graph API calls carry access_token in the query; the span keeps the name, not the value.
        requestHook: (span: Span, request: { origin: string; path: string }) => {
          span.setAttribute('url.full', redactQuery(`${request.origin}${request.path}`));
        },
      }),
    ],
  });
  sdk.start();
  return {
    nameRoutes: (app) => {
      app.addHook('onRequest', async (request) => {
        const span = trace.getSpan(context.active());
        const route = request.routeOptions.url;
        if (!span || !route) return;
        span.setAttribute('http.route', route);
        span.updateName(`${request.method} ${route}`);
      });
    },
    shutdown: () => sdk.shutdown(),
  };
}
