// Traces (ADR 058) from a real server process: the SDK must load before `pg` and `node:http`, which only main.ts
// of a real process shows. Both engines: PGlite's queries are traced through the same pg.Pool as PostgreSQL's.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { redactQuery, serverPackageVersion, tracingWanted } from '../src/ops/tracingEnv.js';
import { startFakeOpenAi } from './fakes/openai.js';
import { ENGINES, TEST_PASSWORD, type TestDatabase, openTestDatabase } from './support/harness.js';
import { freePort } from './support/postgres.js';
import { type ServerProcess, startServerProcess } from './support/process.js';

/** OTLP/JSON's attribute list. */
type Attributes = { key: string; value: { stringValue?: string; intValue?: string | number } }[];

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attributes;
  scope: string;
  resource: Attributes;
}

const SERVER = 2;
const CLIENT = 3;

const attribute = (attributes: Attributes, key: string) => {
  const value = attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue !== undefined ? String(value.intValue) : undefined);
};

/**
 * An OTLP/HTTP trace receiver on loopback (`POST /v1/traces`, JSON encoding): keeps every span with its scope
 * and resource, and lets a test wait until the spans it needs have arrived.
 */
async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: Attributes };
          scopeSpans: { scope: { name: string }; spans: Omit<ReceivedSpan, 'scope' | 'resource'>[] }[];
        }[];
      };
      for (const resourceSpans of body.resourceSpans)
        for (const scopeSpans of resourceSpans.scopeSpans)
          for (const span of scopeSpans.spans)
            spans.push({
              ...span,
              scope: scopeSpans.scope.name,
              resource: resourceSpans.resource.attributes,
            });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    /** Resolves with `pick`'s answer once it has one (checked on every export received). */
    waitFor: <T>(pick: (spans: ReceivedSpan[]) => T | undefined) =>
      new Promise<T>((resolve) => {
        const check = () => {
          const found = pick(spans);
          if (found === undefined) return false;
          resolve(found);
          return true;
        };
        if (check()) return;
        const waiter = () => {
          if (check()) waiters.delete(waiter);
        };
        waiters.add(waiter);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Loaded into the server process with --import: on exit it writes the OpenTelemetry modules the process loaded
 * (all of them are CommonJS, so Node's module cache lists them).
 */
function writeModuleProbe(dir: string): string {
  const file = path.join(dir, 'otel-probe.mjs');
  fs.writeFileSync(
    file,
    `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
process.on('exit', () => {
  const loaded = Object.keys(require.cache).filter((name) => name.includes('@opentelemetry'));
  process.stderr.write('otel-modules:' + JSON.stringify(loaded) + '\\n');
});
`,
  );
  return pathToFileURL(file).href;
}

const loadedOtelModules = (stderr: string): string[] => {
  const line = stderr.split('\n').find((text) => text.startsWith('otel-modules:'));
  if (!line) throw new Error(`no module probe line in the server's stderr: ${stderr}`);
  return JSON.parse(line.slice('otel-modules:'.length)) as string[];
};

describe('when traces are on', () => {
  it('is asked for by an OTLP endpoint, and OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none turn it off', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    expect(
      tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    expect(
      tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBe(false);
  });

  it("keeps secret query values out of outbound spans' addresses, and reads the package's version", () => {
    expect(redactQuery('https://graph.example/v21.0/act_1/insights?fields=spend&access_token=EAAB123')).toBe(
      'https://graph.example/v21.0/act_1/insights?fields=spend&access_token=REDACTED',
    );
    expect(redactQuery('https://api.example/v1/chat/completions')).toBe(
      'https://api.example/v1/chat/completions',
    );
    const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(serverPackageVersion()).toBe(manifest.version);
  });
});

describe.each(ENGINES)('traces from a server process on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The server on this engine's copy of the seeded test database. */
  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const testDb: TestDatabase = await openTestDatabase(engine);
    // A campaign with figures in the range the insight asks about.
    await sql`
      insert into ad_insights_daily (date, campaign_id, campaign_name, adset_id, ad_id, ad_name, impressions, clicks, spend, source)
      values ('2026-11-02', 'cmp-ga-1', 'Promo Kelas Desember', 'as-ga-1', 'ad-ga-1', 'Hook A', 10000, 200, 150000, 'seed')`.execute(
      testDb.database.db,
    );
    let where: Record<string, string>;
    if (engine === 'pglite') {
      // The server process opens the folder itself: this process lets go of it (and its lock) first.
      await testDb.database.close();
      const dataDir = testDb.dataDir!;
      cleanups.push(() => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        // The server process created its secrets key beside the folder (src/secrets/keyring.ts).
        fs.rmSync(`${dataDir}-secrets.key`, { force: true });
      });
      where = { DATABASE_URL: '', CONSOLE_DATA_DIR: dataDir };
    } else {
      cleanups.push(() => testDb.close());
      where = { DATABASE_URL: testDb.database.connectionString! };
    }
    const server = await startServerProcess(
      { ...where, CONSOLE_DEMO: '0', CONSOLE_ADMIN_PASSWORD: TEST_PASSWORD, ...env },
      await freePort(),
      240_000,
    );
    cleanups.push(() => server.kill());
    return server;
  }

  const signIn = async (server: ServerProcess) => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { token: string } }).data.token;
  };

  it('one request: the server span, its queries and its outbound call in one trace, traceparent sent on', async () => {
    const receiver = await startOtlpReceiver();
    cleanups.push(() => receiver.close());
    const openai = await startFakeOpenAi();
    cleanups.push(() => openai.close());
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-tracing-'));
    cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const server = await start({
      OPENAI_BASE_URL: openai.url,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Spans leave in batches; a short delay only makes the wait below shorter.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      NODE_OPTIONS: `--import=${writeModuleProbe(tmp)}`,
    });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const token = await signIn(server);

    // The caller's trace context: the server's span joins the caller's trace.
    const traceId = crypto.randomBytes(16).toString('hex');
    const callerSpanId = crypto.randomBytes(8).toString('hex');
    const answer = await fetch(`${server.url}/api/insights`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        traceparent: `00-${traceId}-${callerSpanId}-01`,
      },
      body: JSON.stringify({
        scope: 'campaign',
        scope_id: 'cmp-ga-1',
        from: '2026-11-01',
        to: '2026-11-07',
        question: 'Apa yang harus diubah?',
      }),
    });
    const text = await answer.text();
    expect({ status: answer.status, text }).toMatchObject({
      status: 200,
      text: expect.stringContaining('event: done'),
    });

    const trace = await receiver.waitFor((spans) => {
      const inTrace = spans.filter((span) => span.traceId === traceId);
      const request = inTrace.find((span) => span.kind === SERVER);
      if (!request) return undefined;
      const children = inTrace.filter((span) => span.parentSpanId === request.spanId);
      const queries = children.filter((span) => span.scope === '@opentelemetry/instrumentation-pg');
      const outbound = children.filter((span) => span.scope === '@opentelemetry/instrumentation-undici');
      return queries.length > 0 && outbound.length > 0 ? { request, queries, outbound } : undefined;
    });

    expect(trace.request.parentSpanId).toBe(callerSpanId);
    expect(trace.request.name).toBe('POST /api/insights');
    expect(attribute(trace.request.attributes, 'http.route')).toBe('/api/insights');
    expect(attribute(trace.request.resource, 'service.name')).toBe('staff-console');
    expect(attribute(trace.request.resource, 'service.version')).toBe(serverPackageVersion());
    // The session's lookup, the snapshot's figures, the insight kept: queries of this request.
    expect(trace.queries.every((span) => attribute(span.attributes, 'db.system.name') === 'postgresql')).toBe(
      true,
    );
    expect(
      trace.queries.some((span) => /select/i.test(attribute(span.attributes, 'db.query.text') ?? '')),
    ).toBe(true);
    const [call] = trace.outbound;
    expect(call!.kind).toBe(CLIENT);
    expect(attribute(call!.attributes, 'url.full')).toBe(`${openai.url}/chat/completions`);
    // W3C trace context on the outbound call: the same trace, the client span as the parent.
    expect(openai.calls.at(-1)!.traceparent).toBe(`00-${traceId}-${call!.spanId}-01`);
    // The probes are not traced.
    expect(
      receiver.spans.some((span) => (attribute(span.attributes, 'url.path') ?? '').startsWith('/api/health')),
    ).toBe(false);

    await server.stop();
    expect(loadedOtelModules(server.stderr()).some((name) => name.includes('sdk-node'))).toBe(true);
  }, 360_000);

  // Which modules load does not depend on the engine: checked once.
  if (engine === 'postgres')
    it('without OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry SDK or instrumentation is loaded', async () => {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-tracing-'));
      cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
      const server = await start({
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
        NODE_OPTIONS: `--import=${writeModuleProbe(tmp)}`,
      });
      const token = await signIn(server);
      expect(token).toMatch(/./);
      await server.stop();
      const loaded = loadedOtelModules(server.stderr());
      expect(loaded.filter((name) => /sdk-|instrumentation|exporter/.test(name))).toEqual([]);
    }, 360_000);
});
