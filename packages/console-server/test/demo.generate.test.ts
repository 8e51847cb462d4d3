// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { GenerateError, generateRows } from '../src/demo/generate.js';
import {
  Client,
  ONE_ENGINE,
  type TestDataForProcess,
  copyTestData,
  setupTestApp,
  userWithKeys,
} from './support/harness.js';
import { runServerProcess } from './support/process.js';

/** `npm run console -- generate <kind> <N>`: benchmark rows in batches over the master data. */
describe.each(ONE_ENGINE)('generate rows on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine, { database: { demoRows: 0.05 } });

  it('writes N purchases in batches with the intake’s shape, found by the Purchase Log’s exact email search', async () => {
    const batches: number[] = [];
    const result = await generateRows(testDb.database.db, 'purchases', 2_500, {
      batch: 1_000,
      onBatch: (done) => batches.push(done),
    });
    expect(result).toMatchObject({ kind: 'purchases', rows: 2_500 });
    expect(batches).toEqual([1_000, 2_000, 2_500]);
    const { rows } = await sql<{
      total: string;
      emails: string;
      lower: string;
      phones: string;
      products: string;
      utm: string;
      paid: string;
    }>`select count(*) total, count(distinct customer_email) emails,
         count(*) filter (where customer_email = lower(customer_email)) lower,
         count(*) filter (where customer_mobile ~ '^628[0-9]{9,10}$') phones,
         count(*) filter (where product_id is not null) products,
         count(*) filter (where utm_campaign is not null) utm,
         count(*) filter (where transaction_status = 'paid' and paid_at is not null) paid
       from purchases`.execute(testDb.database.db);
    const r = rows[0]!;
    expect(r).toMatchObject({
      total: '2500',
      emails: '2500',
      lower: '2500',
      phones: '2500',
      products: '2500',
    });
    expect(Number(r.utm)).toBeGreaterThan(500);
    expect(Number(r.utm)).toBeLessThan(2_000);
    expect(Number(r.paid)).toBeGreaterThan(2_000);

    const one = await sql<{ customer_email: string; mayar_id: string }>`
      select customer_email, mayar_id from purchases order by id offset 1234 limit 1`.execute(
      testDb.database.db,
    );
    const client = new Client(app);
    const token = await client.token(
      await userWithKeys(testDb.database, [{ key: 'transaction_read_purchase_logs', read: true }]),
    );
    const found = await client.get(
      `/api/resources/purchases?q=${encodeURIComponent(one.rows[0]!.customer_email)}`,
      token,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json().rows as { mayar_id: string }[]).map((row) => row.mayar_id)).toEqual([
      one.rows[0]!.mayar_id,
    ]);

    // A second run adds to the first instead of colliding.
    await generateRows(testDb.database.db, 'purchases', 10);
    const total = await sql<{ n: string }>`select count(*) n from purchases`.execute(testDb.database.db);
    expect(total.rows[0]!.n).toBe('2510');
  });

  it('writes N insight rows, one per ad and day, with their ads and ad sets', async () => {
    const result = await generateRows(testDb.database.db, 'insights', 1_000, { batch: 400 });
    expect(result.rows).toBe(1_000);
    const { rows } = await sql<{ total: string; ads: string; days: string; known: string }>`
      select count(*) total, count(distinct ad_id) ads, count(distinct date) days,
        (select count(*) from ads) known
      from ad_insights_daily`.execute(testDb.database.db);
    expect(rows[0]).toMatchObject({ total: '1000', ads: '3', known: '3' });
    expect(Number(rows[0]!.days)).toBe(334);
  });

  it('refuses an unknown kind or a bad count with a clear message', async () => {
    await expect(generateRows(testDb.database.db, 'users' as 'purchases', 10)).rejects.toThrow(GenerateError);
    await expect(generateRows(testDb.database.db, 'purchases', 0)).rejects.toThrow(
      'generate: N must be a whole number from 1 to 100000000, got "0"',
    );
  });
});

describe('npm run console -- generate', () => {
  let data: TestDataForProcess | undefined;
  afterAll(() => data?.close());

  it('generates insight rows on the embedded database and says how fast', async () => {
    // Not a first start: the CLI runs on a copy of the run's migrated and seeded PGlite template (no master rows,
    // so no product has a Mayar account), not on a fresh folder it would migrate from nothing first.
    data = await copyTestData('pglite');
    const env = { ...data.env, CONSOLE_ADMIN_PASSWORD: 'Correct-Horse-9' };
    const ok = await runServerProcess('cli.ts', ['generate', 'insights', '2000'], env);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Generated 2000 insights in \d+\.\d s \(\d+ rows\/s\)\./);
    const bad = await runServerProcess('cli.ts', ['generate', 'purchases', '10'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      'generate purchases: there are no products with a Mayar account; add some first',
    );
  });
});
