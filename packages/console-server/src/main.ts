/**
 * The server's entry. Traces first (ADR 058): with OTEL_EXPORTER_OTLP_ENDPOINT the OpenTelemetry SDK starts
 * before the rest of the server is imported, so `pg` and `node:http` load patched; without it nothing of
 * OpenTelemetry is loaded. Hence the dynamic imports: static ones would load the server (and pg) first.
 */
import { tracingWanted } from './ops/tracingEnv.js';

const tracing = tracingWanted(process.env)
  ? (await import('./ops/tracing.js')).startTracing(process.env)
  : null;
const { serve, startFailed } = await import('./serve.js');
await serve(tracing).catch(startFailed);
