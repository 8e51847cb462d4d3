// One engine (ADR 055): the first administrator, readiness and metrics read nothing engine-specific.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type Socket, io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { DEFAULT_LOCKOUT, login } from '../src/auth/sessions.js';
import { every } from '../src/jobs/every.js';
import { drainOutboxAll } from '../src/whatsapp/outbox.js';
import { startMetricsServer } from '../src/ops/metrics.js';
import { DEMO_ADMIN_PASSWORD, seed } from '../src/seed.js';
import type { Database } from '../src/db/schema.js';
import { Client, setupTestApp, testServer } from './support/harness.js';
import { createEmptyPostgres, testRunDir } from './support/templates.js';
import { waNumber } from './support/whatsapp.js';

const signIn = (db: Parameters<typeof login>[0], username: string, password: string) =>
  login(db, username, password, {
    ip: null,
    userAgent: null,
    now: new Date(),
    tokenTtlMs: 3_600_000,
    lockout: DEFAULT_LOCKOUT,
  });

describe('the first administrator without demo data', () => {
  it('gets a generated password shown once; the demo password never works', async () => {
    // An empty database (a first start migrates it: the slow part). CONSOLE_ADMIN_PASSWORD is every other test's.
    const created = await createEmptyPostgres(testRunDir()!);
    const database = await openDatabase({ databaseUrl: created.url });
    try {
      const lines: string[] = [];
      const first = await seed(database.db, {
        adminUsername: 'admin',
        demo: false,
        log: (l) => lines.push(l),
      });
      const password = first.generatedPassword!;
      expect(password).toMatch(/^[A-Za-z0-9]{12,}$/);
      expect(first.demoUsers).toEqual([]);
      expect(lines.filter((line) => line.includes(password))).toHaveLength(1);
      expect((await signIn(database.db, 'admin', password)).ok).toBe(true);
      expect((await signIn(database.db, 'admin', DEMO_ADMIN_PASSWORD)).ok).toBe(false);
      const users = await database.db.selectFrom('users').select('username').execute();
      expect(users.map((user) => user.username)).toEqual(['admin']);
      // A second start creates nothing and prints no password.
      const again: string[] = [];
      const second = await seed(database.db, {
        adminUsername: 'admin',
        demo: false,
        log: (l) => again.push(l),
      });
      expect(second).toMatchObject({ seeded: false });
      expect(again.join('\n')).not.toContain(password);
    } finally {
      await database.close();
      await created.drop();
    }
  });
});

describe('readiness (/api/ready) and liveness (/api/health)', () => {
  const { app, testDb } = setupTestApp('postgres');

  it('is ready on a migrated, reachable database', async () => {
    const response = await new Client(app).get('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ready',
      draining: false,
      database: { reachable: true },
      migrations: { done: true },
      reasons: [],
    });
    const body = response.json() as { migrations: { version: number; expected: number } };
    expect(body.migrations.version).toBe(body.migrations.expected);
  });

  it('is not ready, naming the migration, while the database is behind this server', async () => {
    const { db } = testDb.database;
    const newest = await sql<{ version: number; name: string }>`
      delete from schema_migrations where version = (select max(version) from schema_migrations)
      returning version, name`.execute(db);
    const row = newest.rows[0]!;
    try {
      const response = await new Client(app).get('/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not_ready',
        database: { reachable: true },
        migrations: { done: false, expected: row.version },
        reasons: [expect.stringMatching(new RegExp(`^migrations: .*needs ${row.version}`))],
      });
      // Alive all the same.
      expect((await new Client(app).get('/api/health')).statusCode).toBe(200);
    } finally {
      await sql`insert into schema_migrations (version, name) values (${row.version}, ${row.name})`.execute(
        db,
      );
    }
    expect((await new Client(app).get('/api/ready')).statusCode).toBe(200);
  });

  it('is not ready, saying so, when the database stops answering', async () => {
    const handle = { ...testDb.database };
    const server = await testServer(handle);
    // Nothing listens on port 9: every query fails to connect.
    const down = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({
          connectionString: 'postgres://nobody@127.0.0.1:9/none',
          connectionTimeoutMillis: 5000,
        }),
      }),
    });
    handle.db = down;
    try {
      const response = await new Client(server).get('/api/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'not_ready',
        draining: false,
        database: { reachable: false },
        migrations: { done: false, version: null },
        reasons: ['database unreachable'],
      });
    } finally {
      await server.close();
      await down.destroy();
    }
  });

  it('draining: ready answers 503 at once and new requests 503 DRAINING; health stays 200', async () => {
    const client = new Client(app);
    const drained = await app.lifecycle.drain(1000);
    expect(drained).toEqual({ left: 0 });
    const ready = await client.get('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', draining: true, reasons: [/^draining/] });
    const other = await client.get('/api/openapi.json');
    expect(other.statusCode).toBe(503);
    expect(other.json()).toMatchObject({ code: 'DRAINING' });
    expect(other.headers.connection).toBe('close');
    expect((await client.get('/api/health')).statusCode).toBe(200);
  });
});

describe('metrics (METRICS_PORT)', () => {
  const { app, testDb } = setupTestApp('postgres', { server: { metrics: true }, listen: true });
  let metrics: Awaited<ReturnType<typeof startMetricsServer>>;
  let socket: Socket | undefined;

  beforeAll(async () => {
    metrics = await startMetricsServer(app.metrics!, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    socket?.close();
    await metrics?.close();
  });

  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it('shows the latency histogram by route and status, sockets, webhook calls and every outbox', async () => {
    const address = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${address.port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await fetch(`${base}/api/resources/companies/12345`)).status).toBe(401);
    expect((await fetch(`${base}/no/such/page.json`)).status).toBe(404);
    // An unsigned WhatsApp webhook call is refused, and counted.
    const refused = await fetch(`${base}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);

    // A socket signed in as the administrator.
    const token = await new Client(app).token('admin');
    socket = connectSocket(base, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });

    // Two calls with the token: the second is answered from this node's memory (ADR 066).
    for (let call = 0; call < 2; call += 1) {
      const answer = await fetch(`${base}/api/resources/companies?limit=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(200);
    }

    // A WhatsApp message queued 90 s ago and not yet sent (no worker runs in tests).
    const { registryId } = await waNumber(testDb.database);
    await sql`
      with conversation as (
        insert into wa_conversations (wa_registry_id, customer_wa_id) values (${registryId}, '628111222333')
        returning id)
      insert into wa_messages (conversation_id, direction, type, body, status, at, next_attempt_at, created_at)
      select id, 'out', 'text', 'Halo', 'pending', now(), now(), now() - interval '90 seconds'
      from conversation`.execute(testDb.database.db);

    const text = await scrape();
    expect(text).toMatch(
      /^console_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^console_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health",status="200"\} \d+/m,
    );
    // The route's pattern, never the address with its id.
    expect(text).toMatch(/route="\/api\/resources\/:entity\/:id",status="401"/);
    expect(text).not.toContain('12345');
    expect(text).toMatch(/route="unmatched",status="404"/);
    expect(text).toMatch(/^console_webhook_requests_total\{source="whatsapp",status="4\d\d"\} 1$/m);
    expect(text).toMatch(/^console_sockets_connected 1$/m);
    expect(text).toMatch(/^console_outbox_depth\{outbox="capi_forwarder"\} 0$/m);
    expect(text).toMatch(/^console_outbox_depth\{outbox="notifications"\} 0$/m);
    const depth = /^console_outbox_depth\{outbox="whatsapp"\} (\d+)$/m.exec(text);
    expect(Number(depth?.[1])).toBeGreaterThanOrEqual(1);
    const age = /^console_outbox_oldest_age_seconds\{outbox="whatsapp"\} ([\d.]+)$/m.exec(text);
    expect(Number(age?.[1])).toBeGreaterThanOrEqual(90);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    expect(text).toMatch(/^console_db_pool_connections\{state="max"\} 10$/m);
    // The token's session was read once and then answered from memory (ADR 066).
    const count = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
    expect(
      count(/^console_auth_cache_lookups_total\{kind="session",result="hit"\} (\d+)$/m),
    ).toBeGreaterThanOrEqual(1);
    expect(
      count(/^console_auth_cache_lookups_total\{kind="session",result="miss"\} (\d+)$/m),
    ).toBeGreaterThanOrEqual(1);
    expect(count(/^console_auth_generation_reads_total (\d+)$/m)).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^console_auth_cache_clears_total \d+$/m);
    expect(text).toMatch(/^console_auth_generation_reads_carried_total \d+$/m);
    expect(text).toMatch(/^console_db_pool_connections\{state="waiting"\} 0$/m);
    console.log(
      `metrics: ${text.length} bytes, ${text.split('\n').filter((line) => line && !line.startsWith('#')).length} samples`,
    );
  });

  it('counts background runs and failures by job', async () => {
    const job = every(60_000, async () => undefined, 'test:job');
    job.kick();
    await job.stop(); // waits for the run
    const again = every(60_000, async () => Promise.reject(new Error('boom')), 'test:job');
    again.kick();
    await again.stop();
    const text = await scrape();
    expect(text).toMatch(/^console_job_runs_total\{job="test:job"\} 2$/m);
    expect(text).toMatch(/^console_job_failures_total\{job="test:job"\} 1$/m);
  });

  it('serves only GET /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${metrics.port}/`)).status).toBe(404);
  });
});

describe('a stopping worker', () => {
  const { testDb } = setupTestApp('postgres');

  it("ends its drain loop after the batch in hand: every()'s stop aborts the task's signal", async () => {
    // Three messages due, one claimed per batch; nothing answers at the API address (each send fails, counted).
    const { registryId } = await waNumber(testDb.database);
    const { db } = testDb.database;
    await sql`
      with conversation as (
        insert into wa_conversations (wa_registry_id, customer_wa_id) values (${registryId}, '628111222444')
        returning id)
      insert into wa_messages (conversation_id, direction, type, body, status, at, next_attempt_at)
      select id, 'out', 'text', 'Halo ' || n, 'pending', now(), now() - interval '1 minute'
      from conversation, generate_series(1, 3) n`.execute(db);
    const options = { baseUrl: 'http://127.0.0.1:9', now: () => new Date(), claim: 1, baseDelayMs: 600_000 };
    let batches = 0;
    let stopAsked: () => void = () => undefined;
    const stopRequested = new Promise<void>((resolve) => (stopAsked = resolve));
    const worker = every(
      60_000,
      async (signal) => {
        const result = await drainOutboxAll(
          db,
          {
            ...options,
            // The stop arrives while the first batch is out.
            now: () => {
              batches += 1;
              if (batches === 1) stopAsked();
              return new Date();
            },
          },
          signal,
        );
        expect(result.claimed).toBe(1);
      },
      'test:outbox',
    );
    worker.kick();
    await stopRequested;
    await worker.stop();
    const attempts = await sql<{ attempts: number; locked_by: string | null }>`
      select m.attempts, m.locked_by from wa_messages m join wa_conversations c on c.id = m.conversation_id
      where c.customer_wa_id = '628111222444' order by m.id`.execute(db);
    expect(attempts.rows.map((row) => row.attempts)).toEqual([1, 0, 0]);
    // Its claim released with the batch: another node may take the rest at once.
    expect(attempts.rows.every((row) => row.locked_by === null)).toBe(true);
  });
});
