import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What main.ts needs to decide on traces before loading anything else: no OpenTelemetry import here, so a
 * console without OTEL_EXPORTER_OTLP_ENDPOINT loads none of it (ADR 058).
 */

/** The resource's service.name unless OTEL_SERVICE_NAME (or service.name in OTEL_RESOURCE_ATTRIBUTES) says otherwise. */
export const TRACING_DEFAULT_SERVICE_NAME = 'staff-console';

/**
 * Traces are on when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT, or the traces-only
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (!endpoint) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() !== 'none';
}

/** Query parameters whose values never go into a span (Graph API's access_token, signed links…). */
const SECRET_PARAMS = /^(?:access_token|token|key|api_key|apikey|signature|sig|password|secret)$/i;

/** `url` with the values of secret-looking query parameters replaced by REDACTED. */
export function redactQuery(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (!SECRET_PARAMS.test(name)) continue;
    params.set(name, 'REDACTED');
    changed = true;
  }
  return changed ? `${url.slice(0, question)}?${params.toString()}` : url;
}

/**
 * The server package's version (service.version): the nearest package.json named @staff/console-server above
 * this file, in the sources (src/ops) and in the build (dist/) alike; `unknown` when there is none.
 */
export function serverPackageVersion(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === '@staff/console-server' && manifest.version) return manifest.version;
    } catch {
      // No package.json here (or not JSON): look further up.
    }
    if (path.dirname(dir) === dir) return 'unknown';
  }
}
