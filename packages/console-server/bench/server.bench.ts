/**
 * Server benchmark: `npx tsx packages/console-server/bench/server.bench.ts` (also run by `npm run bench`).
 * For PGlite and a private PostgreSQL 15: the server runs in its own process on 127.0.0.1, autocannon loads it
 * from this process. Prints req/s and p50/p99 for login, ___ca and ___pc, the ratio of ___pc's time in the server
 * to the same queries sent straight through `pg`, and the server's resident memory idle and under load.
 * BENCH_SECONDS (default 5) sets each load case's length.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { PGLITE_SHARED_BUFFERS, pgliteOptions } from '../src/db/database.js';
import { hashToken } from '../src/auth/tokens.js';
import { freePort, startPostgres } from '../test/support/postgres.js';
import { envNumber, startServer, waitHealthy } from './serverProcess.js';

const SECONDS = envNumber('BENCH_SECONDS', 5);
const CONNECTIONS = 10;
const PAGE = '/api/a/verify/___pc?key=ad_daily_tracker&mode=read&path=%2Fapp%2Freports%2Fadset';
const DIRECT_ROUNDS = 2000;

interface Row {
  engine: string;
  case: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

// The demo data, measured alone: no fake customers posting webhooks during the load (ADR 027).
const startDemoServer = (env: Record<string, string>) =>
  startServer({ CONSOLE_DEMO: '1', CONSOLE_DEMO_FAKES: '0', ...env }, { preferBuilt: true });
const waitDemoHealthy = (base: string, server: ReturnType<typeof startServer>) =>
  waitHealthy(base, server.child, server.output, {
    seconds: 300,
    pollMs: 200,
    why: ' (first open with the demo seed; a busy machine is slower)',
  });

/** Signs in as the demo's all-access user; answers the bearer token. */
async function demoToken(base: string): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo-all', password: 'Demo12345!' }),
  });
  if (!signIn.ok) throw new Error(`demo login failed: ${signIn.status} ${await signIn.text()}`);
  return ((await signIn.json()) as { data: { token: string } }).data.token;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function load(
  engine: string,
  name: string,
  base: string,
  options: { path: string; method?: string; token?: string; body?: unknown; connections?: number },
  rows: Row[],
) {
  const result = await autocannon({
    url: `${base}${options.path}`,
    connections: options.connections ?? CONNECTIONS,
    duration: SECONDS,
    method: options.method ?? 'GET',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const row = {
    engine,
    case: name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  rows.push(row);
  return row;
}

/** The queries one ___pc runs (session lookup, permission union, page-check insert), straight through `pg`. */
async function directPageCheck(pool: pg.Pool, token: string): Promise<number> {
  const client = await pool.connect();
  try {
    const tokenHash = hashToken(token);
    const once = async () => {
      const session = await client.query(
        'select s.id, s.user_id, s.expires_at, s.revoked_at, s.last_seen_at, u.active, u.username, u.full_name from sessions s join users u on u.id = s.user_id where s.token_hash = $1',
        [tokenHash],
      );
      const userId = session.rows[0].user_id as number;
      const permission = await client.query(
        'select bool_or(e.allow_read) as r, bool_or(e.allow_write) as w from user_permission_sets ups join permission_set_entries e on e.set_id = ups.set_id where ups.user_id = $1 and e.permission_key = $2',
        [userId, 'ad_daily_tracker'],
      );
      await client.query(
        'insert into page_checks (user_id, permission_key, mode, path, allowed, at) values ($1, $2, $3, $4, $5, $6)',
        [userId, 'ad_daily_tracker', 'read', '/app/reports/adset', permission.rows[0].r === true, new Date()],
      );
    };
    for (let index = 0; index < 200; index += 1) await once();
    const started = performance.now();
    for (let index = 0; index < DIRECT_ROUNDS; index += 1) await once();
    return (performance.now() - started) / DIRECT_ROUNDS;
  } finally {
    client.release();
  }
}

/** Mean of the server's own `server-timing` over sequential ___pc calls (no queueing, no network). */
async function serverTime(base: string, token: string): Promise<number> {
  const once = async () => {
    const response = await fetch(`${base}${PAGE}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`___pc answered ${response.status}`);
    return Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);
  };
  for (let index = 0; index < 200; index += 1) await once();
  let total = 0;
  for (let index = 0; index < DIRECT_ROUNDS; index += 1) total += await once();
  return total / DIRECT_ROUNDS;
}

interface EngineSummary {
  engine: string;
  rssIdle: number;
  rssLoad: number;
  serverPcMs: number;
  directPcMs: number;
}

async function benchEngine(engine: 'pglite' | 'postgres', rows: Row[]): Promise<EngineSummary> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-'));
  const postgres = engine === 'postgres' ? await startPostgres() : null;
  const env: Record<string, string> = {
    PORT: String(port),
    CONSOLE_DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const server = startDemoServer(env);
  try {
    await waitDemoHealthy(base, server);
    const token = await demoToken(base);
    const pid = server.child.pid!;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssIdle = rssMb(pid);

    let rssLoad = rssIdle;
    const sampler = setInterval(() => {
      rssLoad = Math.max(rssLoad, rssMb(pid));
    }, 200);
    try {
      await load(
        engine,
        'POST /api/auth/login',
        base,
        { path: '/api/auth/login', method: 'POST', body: { username: 'demo-all', password: 'Demo12345!' } },
        rows,
      );
      await load(engine, 'GET ___ca', base, { path: '/api/a/verify/___ca', token }, rows);
      await load(engine, 'GET ___pc', base, { path: PAGE, token }, rows);
    } finally {
      clearInterval(sampler);
    }
    const serverPcMs = await serverTime(base, token);
    await stopServer(server.child);

    // Same database, same lookups, without HTTP/Fastify/Kysely: straight through `pg`.
    let directPcMs: number;
    if (postgres) {
      const pool = new pg.Pool({ connectionString: postgres.url, max: 1 });
      directPcMs = await directPageCheck(pool, token);
      await pool.end();
    } else {
      const pglite = await PGlite.create(path.join(dataDir, 'pglite'), pgliteOptions());
      const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
      directPcMs = await directPageCheck(pool, token);
      await pool.end();
      await pglite.close();
    }
    return { engine, rssIdle, rssLoad, serverPcMs, directPcMs };
  } finally {
    await stopServer(server.child);
    postgres?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The PGlite server's resident memory with a given shared_buffers: idle after start (migrations, demo seed),
 * then after 3 s of ___pc load. PGlite's WebAssembly heap only grows, so what a setting lets it touch stays.
 */
async function pgliteMemory(sharedBuffers: string): Promise<{ idle: number; load: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-mem-'));
  const server = startDemoServer({
    PORT: String(port),
    CONSOLE_DATA_DIR: dataDir,
    CONSOLE_PGLITE_SHARED_BUFFERS: sharedBuffers,
  });
  try {
    await waitDemoHealthy(base, server);
    const token = await demoToken(base);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssMb(server.child.pid!);
    await autocannon({
      url: `${base}${PAGE}`,
      connections: CONNECTIONS,
      duration: 3,
      headers: { authorization: `Bearer ${token}` },
    });
    return { idle, load: rssMb(server.child.pid!) };
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(headers: string[], body: (string | number)[][]) {
  const cells = [headers, ...body.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 || column === 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ');
  return [
    line(cells[0]!),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n');
}

async function main() {
  console.log(
    `console-server bench: ${SECONDS} s per case, ${CONNECTIONS} connections, node ${process.version}, ${os.cpus().length} cores`,
  );
  const rows: Row[] = [];
  const summaries: EngineSummary[] = [];
  for (const engine of ['pglite', 'postgres'] as const) {
    console.log(`\n… ${engine}`);
    summaries.push(await benchEngine(engine, rows));
  }
  console.log(`\nLoad (autocannon in this process, server in its own process on 127.0.0.1)\n`);
  console.log(
    table(
      ['engine', 'case', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx'],
      rows.map((row) => [row.engine, row.case, row.reqPerSec, row.p50, row.p99, row.errors]),
    ),
  );
  console.log(
    `\n___pc, one call at a time: time inside the server (its server-timing: routing, auth, permission, record)\nvs the 3 queries such a call made before the per-node cache (session, permission union, page-check insert) straight\nthrough pg; the server now reads auth_generation and answers the session and permission from memory (ADR 066)\n`,
  );
  console.log(
    table(
      ['engine', 'server ms', 'direct pg ms', 'ratio', 'RSS idle MB', 'RSS load MB'],
      summaries.map((summary) => [
        summary.engine,
        summary.serverPcMs.toFixed(2),
        summary.directPcMs.toFixed(2),
        `${(summary.serverPcMs / summary.directPcMs).toFixed(2)}x`,
        summary.rssIdle,
        summary.rssLoad,
      ]),
    ),
  );
  // Where PGlite's memory goes: the same server with PGlite's own shared_buffers and with the console's.
  const memory = [
    { label: 'PGlite default', sharedBuffers: '128MB' },
    { label: 'console (src/db/database.ts)', sharedBuffers: PGLITE_SHARED_BUFFERS },
  ];
  const memoryRows: (string | number)[][] = [];
  for (const setting of memory) {
    const measured = await pgliteMemory(setting.sharedBuffers);
    memoryRows.push([setting.label, setting.sharedBuffers, measured.idle, measured.load]);
  }
  console.log(`
PGlite server resident memory by shared_buffers (fresh data folder with the demo data)
`);
  console.log(table(['setting', 'shared_buffers', 'RSS idle MB', 'RSS after load MB'], memoryRows));
  const failures = rows.filter((row) => row.errors > 0);
  if (failures.length > 0) {
    console.error(`\nerrors in: ${failures.map((row) => `${row.engine} ${row.case}`).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
