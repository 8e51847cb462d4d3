// Both engines: the reports' aggregate SQL (support/harness.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResponse } from '@staff/console-contract';
import { ingestMayarEvent } from '../src/intake/mayar/webhook.js';
import { importInsights } from '../src/intake/meta/import.js';
import type { InsightRow } from '../src/intake/meta/csv.js';
import { runReport } from '../src/reports/engine.js';
import { mayarPayment } from './fakes/mayar.js';
import { ENGINES, openTestDatabase, type TestDatabase } from './support/harness.js';
import { intakeFixture, type IntakeFixture } from './support/intake.js';

/**
 * The rollups are kept by the intake (migration 600, ADR 023): what the Mayar webhook and the Meta import write
 * shows in the next report, and a repeat, stale or unchanged write counts nothing twice.
 * Day: 10 Mar 2027 in Jakarta. Campaign CX9 "Kelas Rollup" sells the fixture's product.
 */
const DAY = '2027-03-10';
const NOW = new Date('2027-03-10T12:00:00Z');

const insight = (spend: number, clicks = 100): InsightRow => ({
  line: 2,
  date: DAY,
  campaign_id: 'CX9',
  campaign_name: 'Kelas Rollup',
  adset_id: 'ASX9',
  adset_name: 'Semua',
  ad_id: 'AX9',
  ad_name: 'Video Rollup',
  account_id: 'act_1',
  impressions: 10000,
  reach: 8000,
  clicks,
  inline_link_clicks: 50,
  spend,
  purchases: 1,
  purchase_value: 150000,
  video_3s_views: 0,
});

describe.each(ENGINES)('report rollups kept by the intake on %s', (engine) => {
  let database: TestDatabase;
  let fixture: IntakeFixture;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    fixture = await intakeFixture(database.database);
    await sql`insert into ad_campaigns (name, campaign_id, ad_account_id, objective, status, product_id)
      values ('Kelas Rollup', 'CX9', 'act_1', 'OUTCOME_SALES', 'ACTIVE', ${fixture.productId})`.execute(
      database.database.db,
    );
  });

  afterAll(async () => {
    await database?.close();
  });

  const report = (id: 'ads-x-mayar' | 'overall') =>
    runReport(database.database.db, id, { from: DAY, to: DAY, format: 'json' }) as Promise<ReportResponse>;
  const pay = (options: Parameters<typeof mayarPayment>[0]) =>
    ingestMayarEvent(database.database.db, {
      accountId: fixture.accountId,
      rawBody: JSON.stringify(mayarPayment({ productId: fixture.mayarProductId, ...options })),
      source: 'webhook',
      now: NOW,
      forward: false,
    });
  const import_ = (rows: InsightRow[]) =>
    importInsights(database.database.db, rows, { source: 'upload', importId: 'rollup-test', now: NOW });
  const campaignRow = async () => (await report('ads-x-mayar')).rows.find((row) => row.key === 'CX9');

  it('a purchase naming a campaign not yet seen counts once the campaign arrives', async () => {
    const result = await pay({
      id: 'rollup-utm',
      amount: 200000,
      createdAt: '2027-03-10T03:00:00Z',
      urlParamTrackingData: { utm_campaign: 'CX9' },
    });
    expect(result.status).not.toBe('rejected');
    expect((await report('overall')).totals.values.orders).toBe(1);
    expect(await campaignRow()).toBeUndefined();

    await import_([insight(1_000_000)]);
    const row = await campaignRow();
    expect(row?.values).toMatchObject({ spend: 1_000_000, orders: 1, revenue: 200000 });
  });

  it('a purchase through the campaign product shows in the next report; repeats and stale events do not', async () => {
    const paid = { id: 'rollup-product', amount: 150000, createdAt: '2027-03-10T05:00:00Z' };
    await pay(paid);
    expect((await campaignRow())?.values).toMatchObject({ orders: 2, revenue: 350000 });

    expect((await pay(paid)).status).toBe('duplicate');
    expect((await pay({ ...paid, updatedAt: '2027-03-10T04:00:00Z' })).status).toBe('stale');
    expect((await campaignRow())?.values).toMatchObject({ orders: 2, revenue: 350000 });
    expect((await report('ads-x-mayar')).totals.values).toMatchObject({ orders: 2, revenue: 350000 });
  });

  it('an insight imported again changes nothing; a corrected one replaces its figures', async () => {
    expect(await import_([insight(1_000_000)])).toMatchObject({ unchanged: 1 });
    expect((await campaignRow())?.values).toMatchObject({ spend: 1_000_000, clicks: 100 });
    await import_([insight(1_200_000, 120)]);
    expect((await campaignRow())?.values).toMatchObject({ spend: 1_200_000, clicks: 120, orders: 2 });
    expect((await report('ads-x-mayar')).totals.values).toMatchObject({ spend: 1_200_000, orders: 2 });
  });

  it('a paid purchase that turns refunded leaves the report; a newer paid day moves it', async () => {
    await pay({
      id: 'rollup-product',
      amount: 150000,
      createdAt: '2027-03-10T05:00:00Z',
      updatedAt: '2027-03-10T09:00:00Z',
      transactionStatus: 'refunded' as never,
    });
    expect((await campaignRow())?.values).toMatchObject({ orders: 1, revenue: 200000 });
    expect((await report('overall')).totals.values).toMatchObject({ orders: 1, revenue: 200000 });

    // The same UTM purchase paid again later, on 11 Mar in Jakarta: it leaves the 10th.
    await pay({
      id: 'rollup-utm',
      amount: 200000,
      createdAt: '2027-03-10T03:00:00Z',
      updatedAt: '2027-03-10T18:00:00Z',
      urlParamTrackingData: { utm_campaign: 'CX9' },
    });
    expect((await campaignRow())?.values).toMatchObject({ orders: 0, revenue: 0, spend: 1_200_000 });
    const next = await runReport(database.database.db, 'overall', {
      from: '2027-03-11',
      to: '2027-03-11',
      format: 'json',
    });
    expect(next.totals.values).toMatchObject({ orders: 1, revenue: 200000 });
  });

  it('a known campaign renamed in Meta to the name a UTM used takes that purchase on its day', async () => {
    // CY9 sells nothing in Ad Campaign Admin: only its UTM name can attribute a purchase to it.
    const cy9 = (date: string, campaign_name: string, spend: number): InsightRow => ({
      ...insight(spend),
      date,
      campaign_id: 'CY9',
      campaign_name,
      adset_id: 'ASY9',
      ad_id: 'AY9',
      ad_name: 'Video Promo',
    });
    await import_([cy9('2027-03-09', 'Promo Lama', 500_000)]);
    await pay({
      id: 'rollup-rename',
      amount: 90000,
      createdAt: '2027-03-10T06:00:00Z',
      urlParamTrackingData: { utm_campaign: 'Promo Baru' },
    });
    // Until the rename, the purchase goes to the campaign selling its product that spent most that day.
    expect((await campaignRow())?.values).toMatchObject({ orders: 1, revenue: 90000 });

    // The rename shows in the next day's insights only; the 10th spent nothing new.
    await import_([cy9('2027-03-12', 'Promo Baru', 300_000)]);
    const rows = (await report('ads-x-mayar')).rows;
    expect(rows.find((row) => row.key === 'CY9')?.values).toMatchObject({ orders: 1, revenue: 90000 });
    expect(rows.find((row) => row.key === 'CX9')?.values).toMatchObject({ orders: 0, revenue: 0 });
  });

  it('the rollups equal a rebuild from the base tables', async () => {
    const { db } = database.database;
    const kept =
      await sql`select day, campaign_id, ad_id, product_key, orders, revenue from report_sales_daily
      order by 1, 2, 3, 4`.execute(db);
    await sql`delete from report_dirty_days`.execute(db);
    const { refreshSalesRollup } = await import('../src/reports/rollup.js');
    await refreshSalesRollup(db, '2020-01-01', '2030-12-31');
    const rebuilt =
      await sql`select day, campaign_id, ad_id, product_key, orders, revenue from report_sales_daily
      order by 1, 2, 3, 4`.execute(db);
    expect(kept.rows).toEqual(rebuilt.rows);
    const ads = await sql`select r.date, r.campaign_id, r.spend, r.clicks from report_ads_daily r
      order by 1, 2`.execute(db);
    const base =
      await sql`select date, campaign_id, sum(spend)::bigint as spend, sum(clicks)::bigint as clicks
      from ad_insights_daily group by 1, 2 order by 1, 2`.execute(db);
    expect(ads.rows).toEqual(base.rows);
  });
});
