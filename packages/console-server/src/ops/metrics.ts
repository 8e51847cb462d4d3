import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { authCacheOf, type AuthCacheKind } from '../auth/authCache.js';
import { onJobRun } from './jobRuns.js';
import { onRetentionDeleted } from './retention.js';

/** The outboxes and the table each drains; depth and oldest age are read from the tables at scrape time. */
const OUTBOXES = [
  { outbox: 'capi_forwarder', table: 'forwarder_deliveries', where: sql`status = 'pending'` },
  { outbox: 'whatsapp', table: 'wa_messages', where: sql`status = 'pending'` },
  { outbox: 'notifications', table: 'package_notifications', where: sql`status = 'pending'` },
] as const;

/**
 * This process's metrics (Prometheus text): request latency by route and status, webhook calls by source and
 * answer, sockets connected, the database pool's use, background runs and failures, each outbox's depth and oldest
 * age. Hooks go on `app`
 * (call before it is ready); the registry is served by `startMetricsServer`, never on the public port.
 */
export function registerMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const latency = new Histogram({
    name: 'console_http_request_duration_seconds',
    help: 'HTTP requests by route (the route pattern, "unmatched" for none) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'console_webhook_requests_total',
    help: 'Webhook calls taken in, by source and answer status',
    labelNames: ['source', 'status'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, not the address: ids and tokens in paths would make a series per row.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    latency.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
    const webhook = /^\/api\/webhooks\/([a-z]+)/.exec(route);
    if (webhook) webhooks.inc({ source: webhook[1]!, status });
  });

  new Gauge({
    name: 'console_sockets_connected',
    help: 'socket.io connections on this node',
    registers: [registry],
    collect() {
      this.set(app.realtime.io.sockets.sockets.size);
    },
  });

  new Gauge({
    name: 'console_db_pool_connections',
    help: "The database pool's connections by state (in_use, idle, waiting for one, max)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = app.database.poolUse?.();
      if (!use) return;
      this.set({ state: 'in_use' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });

  // This node's sessions and permissions cache (ADR 066): hits, reads of the tables, generation reads, clearings.
  const cacheCounts = () => authCacheOf(app.database.db).counts;
  new Counter({
    name: 'console_auth_cache_lookups_total',
    help: "Sessions, users' permissions and API keys looked up, by kind and whether memory answered (hit) or the tables (miss)",
    labelNames: ['kind', 'result'],
    registers: [registry],
    collect() {
      const counts = cacheCounts();
      this.reset();
      for (const kind of ['session', 'permissions', 'api_key'] as AuthCacheKind[]) {
        this.inc({ kind, result: 'hit' }, counts.hits[kind]);
        this.inc({ kind, result: 'miss' }, counts.misses[kind]);
      }
    },
  });
  new Counter({
    name: 'console_auth_generation_reads_total',
    help: 'Reads of auth_generation (at most one per request; requests in flight share one)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cacheCounts().generationReads);
    },
  });
  new Counter({
    name: 'console_auth_generation_reads_carried_total',
    help: "Reads of auth_generation a read-only route's own statement carried, so its checks cost no query",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cacheCounts().generationReadsCarried);
    },
  });
  new Counter({
    name: 'console_auth_cache_clears_total',
    help: "Times a sign-out, a disabled account, a permission or API key change emptied this node's cache",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cacheCounts().cleared);
    },
  });

  const runs = new Counter({
    name: 'console_job_runs_total',
    help: 'Background runs (outbox drains, schedules) by job',
    labelNames: ['job'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'console_job_failures_total',
    help: 'Background runs that threw, by job',
    labelNames: ['job'],
    registers: [registry],
  });
  const unsubscribe = onJobRun((run) => {
    runs.inc({ job: run.job });
    if (!run.ok) failures.inc({ job: run.job });
  });
  app.addHook('onClose', async () => unsubscribe());

  // Counted where the daily run happened: the job runs on one node a day, so sum the series across nodes.
  const retained = new Counter({
    name: 'console_retention_deleted_rows_total',
    help: 'Rows deleted by retention on this node, by kind (chat_messages, bot_log, insights)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const stopCounting = onRetentionDeleted((kind, rows) => retained.inc({ kind }, rows));
  app.addHook('onClose', async () => stopCounting());

  // One query per scrape serves both gauges (prom-client collects them together).
  let reading: Promise<{ outbox: string; depth: number; age: number }[]> | null = null;
  const readOutboxes = () =>
    (reading ??= (async () => {
      const parts = OUTBOXES.map(
        ({ outbox, table, where }) => sql`
          select ${outbox} as outbox, count(*)::int as depth,
            coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
          from ${sql.table(table)} where ${where}`,
      );
      const result = await sql<{ outbox: string; depth: number; age: number }>`${sql.join(
        parts,
        sql` union all `,
      )}`.execute(app.database.db);
      return result.rows.map((row) => ({ ...row, depth: Number(row.depth), age: Number(row.age) }));
    })().finally(() => {
      reading = null;
    }));
  const outboxGauge = (name: string, help: string, value: (row: { depth: number; age: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['outbox'],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const row of await readOutboxes()) this.set({ outbox: row.outbox }, value(row));
        } catch (error) {
          // An unreachable database leaves the series out; /api/ready says why.
          app.log.warn({ err: error }, 'metrics: outboxes unreadable');
        }
      },
    });
  outboxGauge('console_outbox_depth', 'Rows waiting to be sent, by outbox', (row) => row.depth);
  outboxGauge(
    'console_outbox_oldest_age_seconds',
    'Age of the oldest row waiting, by outbox (0 when empty)',
    (row) => row.age,
  );
  return registry;
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), loopback unless METRICS_HOST says otherwise.
 *
 * @example
 * const metrics = await startMetricsServer(registry, { port: 9464, host: '127.0.0.1' });
 * app.addHook('onClose', () => metrics.close());
 */
export async function startMetricsServer(
  registry: Registry,
  where: { port: number; host: string },
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
