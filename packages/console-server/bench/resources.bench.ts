/**
 * Resource benchmark: `npx tsx packages/console-server/bench/resources.bench.ts` (also run by `npm run bench`).
 * A private PostgreSQL 15 with 1M n8n_creators rows (generate_series); the server in its own process on
 * 127.0.0.1; from this process:
 *  - one call at a time: the server's own time (server-timing) for a 50-row list page and for a filtered count,
 *    against the same SQL (built by the same code from the same query string) sent straight through `pg` (the
 *    unfiltered page's total is the statistics' estimate there too, as in the server), in interleaved pairs;
 *  - under load: autocannon (BENCH_CONNECTIONS, default 10, for BENCH_SECONDS, default 5) for p50/p99.
 * Search and "contains" cases run twice in the same run: without the trigram indexes (the sequential scan the
 * list did before migration 310) and with them (dropped, then recreated from the same statements).
 * BENCH_ROWS (default 1 000 000) sets the table size.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { listQuerySchema, n8nCreators } from '@staff/console-contract';
import { openDatabase } from '../src/db/database.js';
import {
  type AnyDb,
  ESTIMATE_TOTAL_FROM,
  estimatedTotal,
  isFiltered,
  selectList,
  table,
  whereOf,
  orderOf,
} from '../src/resources/query.js';
import { trigramIndexSql } from '../src/resources/trigram.js';
import { seed } from '../src/seed.js';
import { freePort, startPostgres } from '../test/support/postgres.js';
import { envNumber, startServer, waitHealthy } from './serverProcess.js';

const ROWS = envNumber('BENCH_ROWS', 1_000_000);
const SECONDS = envNumber('BENCH_SECONDS', 5);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const ROUNDS = envNumber('BENCH_ROUNDS', 200);
/** A sequential scan of 1M rows takes a second or more: fewer rounds for the cases without their index. */
const SCAN_ROUNDS = envNumber('BENCH_SCAN_ROUNDS', 10);
const PASSWORD = 'Bench-Password-1';

const CASES = [
  { name: 'list page (50 rows, default sort, total)', query: 'limit=50', trigram: false },
  {
    name: 'filtered count (platform + followers range)',
    query: 'f.platform.eq=tiktok&f.followers.range=10000,50000&limit=1',
    trigram: false,
  },
  { name: 'search, 2 words (page + total)', query: 'q=prospek 4242&limit=50', trigram: true },
  {
    name: 'filtered count (email contains)',
    query: 'f.contact_email.contains=kontak7777&limit=1',
    trigram: true,
  },
  {
    name: 'filtered count (contains + platform)',
    query: 'f.contact_email.contains=77@&f.platform.eq=tiktok&limit=1',
    trigram: true,
  },
] as const;
type BenchCase = (typeof CASES)[number];

/** 1M plausible prospects in one statement; about a tenth without last_scraped_at (nulls in the default sort). */
async function fill(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await pool.query(`
      insert into n8n_creators (handle, platform, name, followers, following, posts_count, avg_views, engagement_rate, niche, city, contact_email, source, status, last_scraped_at)
      select 'prospect_' || g,
             (array['instagram','tiktok','youtube','facebook'])[1 + g % 4],
             'Prospek ' || g,
             (g * 7919) % 2000000,
             (g * 31) % 3000,
             (g * 17) % 2500,
             (g * 104729) % 500000,
             ((g * 13) % 1000) / 100.0,
             (array['beauty','fashion','food','parenting','health','finance','education','lifestyle'])[1 + g % 8],
             (array['Jakarta','Bandung','Surabaya','Medan','Makassar','Yogyakarta'])[1 + g % 6],
             case when g % 3 = 0 then null else 'kontak' || g || '@' || (array['gmail.com','yahoo.co.id','kreator.id'])[1 + g % 3] end,
             (array['n8n','manual','csv_import','referral'])[1 + g % 4],
             (array['new','qualified','contacted','rejected','converted'])[1 + g % 5],
             case when g % 10 = 0 then null else timestamptz '2026-11-01' - ((g % 525600) || ' minutes')::interval end
      from generate_series(1::bigint, ${ROWS}) g`);
    await pool.query('analyze n8n_creators');
  } finally {
    await pool.end();
  }
}

/** Drops n8n_creators' trigram indexes (the list before migration 310), or creates them again. */
async function trigramIndexes(url: string, present: boolean) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    if (present) {
      for (const statement of trigramIndexSql(n8nCreators)) await pool.query(statement);
      await pool.query('vacuum analyze n8n_creators');
    } else {
      const names = trigramIndexSql(n8nCreators).map((statement) => /"([^"]+_trgm)"/.exec(statement)![1]!);
      await pool.query(`drop index if exists ${names.map((name) => `"${name}"`).join(', ')}`);
    }
  } finally {
    await pool.end();
  }
}

/** The SQL the server runs for a list query string (page + total), built by the same code. */
function sqlFor(db: Kysely<unknown>, queryString: string) {
  const query = listQuerySchema(n8nCreators).parse(Object.fromEntries(new URLSearchParams(queryString)));
  const where = whereOf(n8nCreators, query);
  return {
    query,
    page: sql`select ${selectList(n8nCreators)} from ${table(n8nCreators)} ${where} ${orderOf(n8nCreators, query.sort)} limit ${query.limit + 1} offset ${query.offset}`.compile(
      db,
    ),
    count: sql`select count(*) as n from ${table(n8nCreators)} ${where}`.compile(db),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    mean: samples.reduce((sum, n) => sum + n, 0) / samples.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
};

/** The same page + total SQL straight through `pg`: a call per `once()`, until `close()`. */
function direct(url: string, queryString: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  const { query, page, count } = sqlFor(db, queryString);
  // Like the server: the statistics' estimate for an unfiltered list of a large table, else count(*).
  const total = async () => {
    const estimate = isFiltered(n8nCreators, query)
      ? null
      : await estimatedTotal(db as AnyDb, n8nCreators, query.deleted, ESTIMATE_TOTAL_FROM);
    if (estimate === null) await pool.query(count.sql, [...count.parameters]);
  };
  return {
    once: async () => {
      const started = performance.now();
      // Like the server: page and total side by side.
      await Promise.all([pool.query(page.sql, [...page.parameters]), total()]);
      return performance.now() - started;
    },
    close: async () => {
      await db.destroy();
      await pool.end();
    },
  };
}

/** One list call through the server: its own time (server-timing `app`) and the session check's share (`auth`). */
function viaServer(base: string, token: string, queryString: string) {
  return async () => {
    const response = await fetch(`${base}/api/resources/n8n_creators?${queryString}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`list answered ${response.status}`);
    const timing = response.headers.get('server-timing') ?? '';
    // `auth`: the session check inside the call (ADR 066): on the list route, memory (the total's statement confirms it).
    return {
      app: Number(/app;dur=([\d.]+)/.exec(timing)?.[1] ?? Number.NaN),
      auth: Number(/auth;dur=([\d.]+)/.exec(timing)?.[1] ?? Number.NaN),
    };
  };
}

/**
 * Interleaved pairs: each round one call through the server, then the same SQL through `pg`. Both then meet the
 * machine equally awake. Back to back, the `pg` loop kept the database's processes and the CPUs hot, while each server
 * call came after the client's own work. On this VM that idle gap alone makes a one-row query 0.06 → 0.19 ms at 1 ms
 * and 0.55 ms at 5 ms (p50).
 */
async function interleaved(base: string, token: string, url: string, queryString: string, rounds: number) {
  const server = viaServer(base, token, queryString);
  const floor = direct(url, queryString);
  try {
    for (let i = 0; i < 20; i += 1) {
      await server();
      await floor.once();
    }
    const samples = { app: [] as number[], auth: [] as number[], pg: [] as number[] };
    for (let i = 0; i < rounds; i += 1) {
      const sample = await server();
      samples.app.push(sample.app);
      samples.auth.push(sample.auth);
      samples.pg.push(await floor.once());
    }
    return samples;
  } finally {
    await floor.close();
  }
}

async function main() {
  console.log(
    `resources bench: ${ROWS.toLocaleString('en')} n8n_creators rows on PostgreSQL 15, ${SECONDS} s × ${CONNECTIONS} connections per load case, node ${process.version}, ${os.cpus().length} cores`,
  );
  const postgres = await startPostgres();
  let server: ReturnType<typeof startServer> | undefined;
  try {
    // Migrate and create the administrator, then fill the table.
    const database = await openDatabase({ databaseUrl: postgres.url });
    await seed(database.db, {
      adminUsername: 'admin',
      adminPassword: PASSWORD,
      demo: false,
      log: () => undefined,
    });
    await database.close();
    let started = Date.now();
    // Filled without the trigram indexes (built once afterwards, far faster than row by row).
    await trigramIndexes(postgres.url, false);
    await fill(postgres.url);
    console.log(`filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startServer({
      CONSOLE_DEMO: '0',
      PORT: String(port),
      DATABASE_URL: postgres.url,
      CONSOLE_ADMIN_PASSWORD: PASSWORD,
    });
    started = Date.now();
    await waitHealthy(base, server.child, server.output, { seconds: 120, pollMs: 250 });
    const signIn = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`login failed: ${signIn.status} ${await signIn.text()}`);
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;

    const lines: string[][] = [];
    const loadLines: string[][] = [];
    const measure = async (benchCase: BenchCase, label: string) => {
      const check = (await (
        await fetch(`${base}/api/resources/n8n_creators?${benchCase.query}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { total: number; rows: unknown[] };
      const rounds = label.includes('before') ? SCAN_ROUNDS : ROUNDS;
      const samples = await interleaved(base, token, postgres.url, benchCase.query, rounds);
      const server1 = stats(samples.app);
      const auth = stats(samples.auth);
      const direct1 = stats(samples.pg);
      const name = `${label ? `${benchCase.name} ${label}` : benchCase.name} (${rounds} rounds)`;
      lines.push([
        name,
        `${check.total.toLocaleString('en')}`,
        server1.mean.toFixed(2),
        auth.mean.toFixed(2),
        direct1.mean.toFixed(2),
        `${(server1.mean / direct1.mean).toFixed(2)}x`,
        server1.p50.toFixed(2),
        server1.p99.toFixed(2),
        direct1.p50.toFixed(2),
        direct1.p99.toFixed(2),
        `${(server1.p50 / direct1.p50).toFixed(2)}x`,
      ]);
      const result = await autocannon({
        url: `${base}/api/resources/n8n_creators?${benchCase.query}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { authorization: `Bearer ${token}` },
      });
      loadLines.push([
        name,
        String(Math.round(result.requests.average)),
        String(result.latency.p50),
        String(result.latency.p99),
        String(result.errors + result.timeouts + result.non2xx),
      ]);
    };
    for (const benchCase of CASES.filter((c) => !c.trigram)) await measure(benchCase, '');
    for (const benchCase of CASES.filter((c) => c.trigram)) await measure(benchCase, '[before: no trigram]');
    started = Date.now();
    await trigramIndexes(postgres.url, true);
    console.log(`trigram indexes on n8n_creators built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const benchCase of CASES.filter((c) => c.trigram)) await measure(benchCase, '[after: trigram]');
    const table = (headers: string[], rows: string[][]) => {
      const widths = headers.map((_, column) =>
        Math.max(headers[column]!.length, ...rows.map((row) => row[column]!.length)),
      );
      const line = (row: string[]) =>
        row
          .map((cell, column) =>
            column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
          )
          .join('  ');
      return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join(
        '\n',
      );
    };
    console.log(
      `\nOne call at a time: time inside the server (server-timing: auth, permission, parse, page + total, labels, JSON;\n"of it auth": the session check; on this route from memory, confirmed by the total's own statement, ADR 066) vs the same page + count SQL straight through pg,\nin interleaved pairs (ms)\n`,
    );
    console.log(
      table(
        [
          'case',
          'total',
          'server mean',
          'of it auth',
          'pg mean',
          'ratio',
          'server p50',
          'server p99',
          'pg p50',
          'pg p99',
          'p50 ratio',
        ],
        lines,
      ),
    );
    console.log(
      `\nUnder load (autocannon in this process, server in its own process on 127.0.0.1, ${CONNECTIONS} connections, ${SECONDS} s)\n`,
    );
    console.log(table(['case', 'req/s', 'p50 ms', 'p99 ms', 'errors/non-2xx'], loadLines));
    if (loadLines.some((row) => row[4] !== '0')) {
      console.error('\nerrors under load');
      process.exitCode = 1;
    }
  } finally {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
