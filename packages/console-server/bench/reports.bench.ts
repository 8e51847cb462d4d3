/**
 * Report benchmark: `npx tsx packages/console-server/bench/reports.bench.ts` (also run by `npm run bench`).
 * A private PostgreSQL 15 with BENCH_INSIGHTS (default 1 000 000) Meta insight rows and BENCH_PURCHASES (default
 * 1 000 000) paid purchases over 2026 (generate_series): 200 campaigns selling 50 products, 2 740 ads; 40 % of
 * the purchases name a campaign in their UTM, 20 % an ad, the rest are attributed through their product.
 * Measured for one month (June) of Ads X Mayar by campaign, in this process (ADR 023):
 *  - the engine (`runReport`: rows, totals and the daily series over the rollups the triggers keep), p50 / p95;
 *  - the first request after the bulk load, which recomputes the month's dirty days once;
 *  - the same three aggregations as raw SQL over the rollups and over the base tables, and a full rebuild.
 * Target of issue 14: ≤ 100 ms for the report.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { runReport } from '../src/reports/engine.js';
import { salesRollupSelect } from '../src/reports/migrations.js';
import { refreshSalesRollup } from '../src/reports/rollup.js';
import { startPostgres } from '../test/support/postgres.js';
import { envNumber } from './serverProcess.js';

const INSIGHTS = envNumber('BENCH_INSIGHTS', 1_000_000);
const PURCHASES = envNumber('BENCH_PURCHASES', 1_000_000);
const ROUNDS = envNumber('BENCH_ROUNDS', 40);
const BASE_ROUNDS = envNumber('BENCH_BASE_ROUNDS', 3);
const FROM = '2026-06-01';
const TO = '2026-06-30';
const ADS = 2740;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function main() {
  console.log(
    `reports bench: ${INSIGHTS} insight rows, ${PURCHASES} purchases, PostgreSQL 15, ${ROUNDS} rounds`,
  );
  const postgres = await startPostgres();
  const database = await openDatabase({ databaseUrl: postgres.url });
  const { db } = database;
  try {
    const started = performance.now();
    await sql`insert into tribes (name, code, active) values ('Bench', 'BENCH', true)`.execute(db);
    await sql`insert into mayar_accounts (name, merchant_id, merchant_email, env, api_key, webhook_token, active)
      values ('Bench', 'bench', 'bench@example.com', 'sandbox', 'k', 't', true)`.execute(db);
    await sql`insert into products (name, mayar_account_id, product_type, price, ships_package, tribe_id, active)
      select 'Produk ' || g, (select id from mayar_accounts limit 1), 'ebook', 99000, false,
        (select id from tribes limit 1), true
      from generate_series(1, 50) g`.execute(db);
    await sql`insert into ad_campaigns (name, campaign_id, ad_account_id, objective, status, product_id)
      select 'Kampanye ' || g, (100000 + g)::text, 'act_1234567', 'OUTCOME_SALES', 'ACTIVE',
        (select min(id) from products) + g % 50
      from generate_series(1, 200) g`.execute(db);
    // Ad a: campaign a % 200, ad set a % 800; one row per ad and day, as many days as the row count needs.
    await sql`insert into ad_insights_daily (date, campaign_id, campaign_name, adset_id, adset_name, ad_id, ad_name,
        impressions, reach, clicks, inline_link_clicks, spend, purchases, purchase_value, source)
      select date '2026-01-01' + (g / ${ADS}), (100000 + 1 + (g % ${ADS}) % 200)::text,
        'Kampanye ' || (1 + (g % ${ADS}) % 200), (200000 + (g % ${ADS}) % 800)::text, 'Set ' || (g % ${ADS}) % 800,
        (300000 + g % ${ADS})::text, 'Iklan ' || g % ${ADS},
        1000 + g % 5000, 800 + g % 4000, 10 + g % 90, 5 + g % 50, 50000 + (g::bigint * 7919) % 450000, g % 4, (g % 4) * 99000, 'seed'
      from generate_series(0, ${INSIGHTS - 1}) g`.execute(db);
    await sql`insert into ads (ad_id, adset_id, campaign_id, name)
      select (300000 + a)::text, (200000 + a % 800)::text, (100000 + 1 + a % 200)::text, 'Iklan ' || a
      from generate_series(0, ${ADS - 1}) a`.execute(db);
    await sql`insert into purchases (mayar_id, mayar_account_id, last_event, status, transaction_status, paid_at,
        mayar_created_at, mayar_updated_at, amount, product_id, utm_campaign, utm_content, raw)
      select 'bench-' || g, (select id from mayar_accounts limit 1), 'payment.received', 'SUCCESS', 'paid',
        t, t, t, 99000 + (g % 10) * 10000, (select min(id) from products) + g % 50,
        case when g % 5 < 2 then (100000 + 1 + g % 200)::text end,
        case when g % 5 = 2 then (300000 + g % ${ADS})::text end,
        '{}'
      from generate_series(1, ${PURCHASES}) g,
        lateral (select timestamptz '2025-12-31 17:00:00+00' + ((g::bigint * 31536) % 31536000) * interval '1 second' as t) x`.execute(
      db,
    );
    await sql`analyze`.execute(db);
    console.log(`filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The bulk load went through the triggers (migration 600) like any write: both rollups are current and
    // the days whose attribution the insights changed are marked dirty. The first report of the month
    // recomputes those days once; every later one only reads the rollups.
    const query = { from: FROM, to: TO, format: 'json' as const };
    let t = performance.now();
    const first = await runReport(db, 'ads-x-mayar', query);
    const firstMs = performance.now() - t;
    const engine: number[] = [];
    const overRollups: number[] = [];
    const overBase: number[] = [];
    const refresh: number[] = [];
    // The engine's three aggregations (rows by campaign, totals, daily series) as raw SQL.
    const aggregations = (insights: string, sales: string) =>
      ['campaign_id', "'total'", 'date::text'].map(
        (key) => sql`
          with ad as (
            select ${sql.raw(key === 'date::text' ? 'i.date::text' : key === 'campaign_id' ? 'i.campaign_id' : key)} as key,
              sum(spend) spend, sum(impressions) impressions, sum(clicks) clicks,
              sum(purchases) meta_purchases, sum(purchase_value) meta_purchase_value
            from ${sql.raw(insights)} i where i.date between ${FROM}::date and ${TO}::date group by 1
          ),
          sales as (
            select ${sql.raw(key === 'date::text' ? 's.day::text' : key === 'campaign_id' ? 's.campaign_id' : key)} as key,
              sum(orders) orders, sum(revenue) revenue
            from ${sql.raw(sales)}
            where s.day between ${FROM}::date and ${TO}::date and s.campaign_id <> '' group by 1
          )
          select * from ad full outer join sales using (key)`,
      );
    // "Base tables": the sales attributed on the fly from the purchases (the rollup's own SELECT).
    const baseSales = `(${salesRollupSelect(
      'purchases p',
      1,
      `coalesce(p.paid_at, p.mayar_created_at) >= ('${FROM}'::date::timestamp at time zone 'Asia/Jakarta')
        and coalesce(p.paid_at, p.mayar_created_at) < (('${TO}'::date + 1)::timestamp at time zone 'Asia/Jakarta')`,
    )}) s`;
    let rows = first.rows.length;
    for (let round = 0; round < ROUNDS; round += 1) {
      t = performance.now();
      const answer = await runReport(db, 'ads-x-mayar', query);
      engine.push(performance.now() - t);
      rows = answer.rows.length;
      t = performance.now();
      for (const statement of aggregations('report_ads_daily', 'report_sales_daily s'))
        await statement.execute(db);
      overRollups.push(performance.now() - t);
    }
    for (let round = 0; round < BASE_ROUNDS; round += 1) {
      t = performance.now();
      for (const statement of aggregations('ad_insights_daily', baseSales)) await statement.execute(db);
      overBase.push(performance.now() - t);
      t = performance.now();
      await refreshSalesRollup(db, FROM, TO);
      refresh.push(performance.now() - t);
    }
    const p50 = percentile(engine, 0.5);
    const p95 = percentile(engine, 0.95);
    console.log(`Ads X Mayar, ${FROM} – ${TO}, by campaign (${rows} rows), ${ROUNDS} requests:`);
    console.log(
      `  engine (rows + totals + series, no dirty day): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
    );
    console.log(`  first request after the bulk load (30 dirty days recomputed): ${firstMs.toFixed(1)} ms`);
    console.log(
      `  raw SQL of the aggregations over the rollups:    p50 ${percentile(overRollups, 0.5).toFixed(1)} ms`,
    );
    console.log(
      `  raw SQL of the aggregations over the base tables: p50 ${percentile(overBase, 0.5).toFixed(1)} ms`,
    );
    console.log(
      `  full rebuild of the month's sales rollup:        p50 ${percentile(refresh, 0.5).toFixed(1)} ms`,
    );
    console.log(
      `  ratio engine / raw SQL over the rollups: ${(p50 / percentile(overRollups, 0.5)).toFixed(2)}; target ≤ 100 ms: ${p95 <= 100 ? 'met' : 'NOT met'} (p95)`,
    );
  } finally {
    await database.close();
    postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
