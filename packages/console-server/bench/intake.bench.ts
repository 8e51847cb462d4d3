/**
 * Intake benchmark (issue 13): `npx tsx packages/console-server/bench/intake.bench.ts` (also run by `npm run bench`).
 * A private PostgreSQL 15 with the master-data demo rows (a tenth) and BENCH_PURCHASES (default 5 000 000)
 * purchases made by the CLI's generator (`npm run console -- generate purchases N`), the server in this process on
 * 127.0.0.1. Measured:
 *  - the generator's rows/s;
 *  - the Purchase Log's first page and an exact-email search (`q=`) through HTTP (median and p99 of BENCH_ROUNDS and
 *    BENCH_SEARCH_ROUNDS), against
 *    the equivalent SQL (the page, and the row-count estimate or exact count) sent straight through `pg`;
 *  - Mayar webhook intake: autocannon POSTing distinct payment.received bodies for BENCH_SECONDS (req/s, p99);
 *  - an Ads Manager CSV export of BENCH_CSV_ROWS (default 100 000) rows POSTed to /api/ad-insights/import.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'kysely';
import { buildServer } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { generateRows } from '../src/demo/generate.js';
import { seed } from '../src/seed.js';
import { sealSecret } from '../src/secrets/index.js';
import { freePort, startPostgres } from '../test/support/postgres.js';
import { envNumber } from './serverProcess.js';

const PURCHASES = envNumber('BENCH_PURCHASES', 5_000_000);
const ROUNDS = envNumber('BENCH_ROUNDS', 50);
// Fewer rounds for the search than for the first page (historical: it was a scan of search_text).
const SEARCH_ROUNDS = envNumber('BENCH_SEARCH_ROUNDS', 10);
const SECONDS = envNumber('BENCH_SECONDS', 10);
const CSV_ROWS = envNumber('BENCH_CSV_ROWS', 100_000);
const PASSWORD = 'Bench-Password-9';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(rounds: number, run: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  console.log(
    `intake bench: ${PURCHASES} purchases, PostgreSQL 15, ${ROUNDS} rounds, ${SECONDS} s of webhooks`,
  );
  const postgres = await startPostgres();
  const database = await openDatabase({ databaseUrl: postgres.url });
  const { db } = database;
  const direct = new pg.Client({ connectionString: postgres.url });
  await direct.connect();
  const app = await buildServer({ database, loginRateLimit: false });
  try {
    await seed(db, {
      adminUsername: 'admin',
      adminPassword: PASSWORD,
      demo: true,
      demoRows: 0.1,
      log: () => {},
    });

    let started = performance.now();
    const generated = await generateRows(db, 'purchases', PURCHASES, {
      onBatch: (done, total) => {
        if (done % 1_000_000 === 0 || done === total) console.log(`  generated ${done} / ${total}`);
      },
    });
    console.log(
      `generator: ${generated.rows} purchases in ${(generated.ms / 1000).toFixed(1)} s (${generated.perSecond} rows/s)`,
    );

    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };

    // --- Purchase Log: first page and exact email, server vs. the same SQL through pg ---
    const sample = await sql<{ customer_email: string }>`
      select customer_email from purchases order by id offset ${Math.floor(PURCHASES / 2)} limit 1`.execute(
      db,
    );
    const email = sample.rows[0]!.customer_email;
    const get = async (url: string) => {
      const response = await fetch(`${base}${url}`, { headers: auth });
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    const firstPage = '/api/resources/purchases?limit=50';
    const byEmail = `/api/resources/purchases?limit=50&q=${encodeURIComponent(email)}`;
    await get(firstPage);
    await get(byEmail);
    const serverFirst = await timed(ROUNDS, () => get(firstPage));
    const serverEmail = await timed(SEARCH_ROUNDS, () => get(byEmail));
    // The statements the list sends (seen in pg_stat_activity): the page, then the estimate or the exact count.
    const columns = `id, version, created_at, updated_at, "mayar_created_at", "paid_at", "customer_name",
      "customer_email", "customer_mobile", "product_name", "product_id", "unknown_product", "mayar_account_id",
      "amount", "transaction_status", "payment_method", "coupon_used", "utm_source", "utm_campaign", "mayar_id",
      "transaction_id", "last_event"`;
    const sqlFirst = await timed(ROUNDS, async () => {
      await direct.query(
        `select ${columns} from "purchases" order by "mayar_created_at" desc, id desc limit $1 offset $2`,
        [51, 0],
      );
      await direct.query(`select reltuples from pg_class where oid = to_regclass('purchases')`);
    });
    // A whole email address is matched exactly on the email fields (src/resources/query.ts), then counted.
    const sqlEmail = await timed(SEARCH_ROUNDS, async () => {
      await direct.query(
        `select ${columns} from "purchases" where ("customer_email" = $1) order by "mayar_created_at" desc, id desc limit $2 offset $3`,
        [email.toLowerCase(), 51, 0],
      );
      await direct.query(`select count(*) from "purchases" where ("customer_email" = $1)`, [
        email.toLowerCase(),
      ]);
    });
    console.log(`Purchase Log over ${PURCHASES} purchases (HTTP round trip vs. the list's SQL through pg):`);
    for (const [name, server, raw] of [
      ['first page (50 rows)', serverFirst, sqlFirst],
      ['exact email search', serverEmail, sqlEmail],
    ] as const) {
      console.log(
        `  ${name.padEnd(22)} server median ${ms(percentile(server, 50))}, p99 ${ms(percentile(server, 99))}; ` +
          `SQL median ${ms(percentile(raw, 50))}, p99 ${ms(percentile(raw, 99))}`,
      );
    }

    // --- Mayar webhook intake ---
    const account = await sql<{ id: string; mayar_product_id: string }>`
      select a.id, p.mayar_product_id from mayar_accounts a join products p on p.mayar_account_id = a.id
      where a.deleted_at is null and p.deleted_at is null order by a.id limit 1`.execute(db);
    const { id: accountId, mayar_product_id: productId } = account.rows[0]!;
    await sql`update mayar_accounts set webhook_token = ${sealSecret('bench-token')} where id = ${accountId}`.execute(
      db,
    );
    const webhook = `/api/webhooks/mayar/${accountId}?token=bench-token`;
    const body = () => {
      const id = randomUUID();
      return JSON.stringify({
        event: 'payment.received',
        data: {
          id,
          transactionId: id,
          status: 'SUCCESS',
          transactionStatus: 'paid',
          createdAt: Date.now(),
          updatedAt: Date.now(),
          customerName: 'Bench Pelanggan',
          customerEmail: `bench.${id.slice(0, 8)}@example.com`,
          customerMobile: '081234567890',
          amount: 149000,
          productId,
          productName: 'Produk Bench',
          productType: 'ebook',
          paymentMethod: 'QRIS',
          urlParamTrackingData: '?utm_source=facebook&utm_campaign=bench',
        },
      });
    };
    const load = await autocannon({
      url: `${base}${webhook}`,
      connections: 10,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (r) => ({ ...r, body: body() }),
        },
      ],
    });
    console.log(
      `Mayar webhook intake: ${Math.round(load.requests.average)} req/s, p50 ${load.latency.p50} ms, ` +
        `p99 ${load.latency.p99} ms, ${load.non2xx} non-2xx, ${load.errors} errors (${load.requests.total} requests)`,
    );

    // --- Ads Manager CSV upload ---
    const header =
      'Reporting starts,Reporting ends,Campaign name,Campaign ID,Ad set name,Ad set ID,Ad name,Ad ID,Amount spent (IDR),Impressions,Reach,Link clicks,Clicks (all),Purchases,Purchases conversion value';
    const lines = [header];
    const ads = Math.ceil(CSV_ROWS / 90);
    for (let i = 0; i < CSV_ROWS; i += 1) {
      const ad = i % ads;
      const day = new Date(Date.UTC(2026, 7, 1) + Math.floor(i / ads) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      lines.push(
        `${day},${day},Kampanye Bench ${ad % 50},${900000 + (ad % 50)},Set ${ad % 200},${800000 + (ad % 200)},Iklan ${ad},${700000 + ad},${50000 + (i % 9000)},${4000 + (i % 3000)},${3000 + (i % 2000)},${40 + (i % 60)},${60 + (i % 90)},${i % 3},${(i % 3) * 149000}`,
      );
    }
    const csv = lines.join('\n');
    started = performance.now();
    const upload = await fetch(`${base}/api/ad-insights/import`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: csv,
    });
    const uploadMs = performance.now() - started;
    const answer = await upload.text();
    if (upload.status !== 200) throw new Error(`CSV import: ${upload.status} ${answer.slice(0, 300)}`);
    console.log(
      `Ads Manager CSV upload: ${CSV_ROWS} rows (${(csv.length / 1_048_576).toFixed(1)} MB) in ${(uploadMs / 1000).toFixed(1)} s ` +
        `(${Math.round((CSV_ROWS * 1000) / uploadMs)} rows/s): ${answer.slice(0, 160)}`,
    );
  } finally {
    await app.close();
    await direct.end();
    await database.close();
    postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
