import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ReportResponse } from '@staff/console-contract';
import {
  Client,
  ENGINES,
  freshAddress,
  openTestDatabase,
  testServer,
  userWithKeys,
  type TestDatabase,
} from './support/harness.js';
import { intakeFixture } from './support/intake.js';

/**
 * Hand-computed fixtures for the reports that join the master data: Ad Creative, Monthly, Tribe X Mayar, KOL,
 * and the attribution of purchases through the campaign's product. Days are Asia/Jakarta (UTC+7).
 *
 * Insights, 1–2 Nov 2026 (spend in rupiah):
 *   C1 "Kelas Excel" ad A1: 1 Nov 10 000 impr / 200 clicks / 1 000 000 / 2 500 3-s views; 2 Nov 30 000 / 300 / 2 000 000 / 4 500
 *   C2 "Ebook Resep" ad A2: 1 Nov 5 000 / 100 / 500 000 / 0
 *   C3 "Promo"       ad A3: 2 Nov 5 000 / 50 / 250 000 / 1 000 (no creative in Master Ad Creative)
 * Ad Campaign Admin: C1 and C3 sell product A (tribe T1 through the product), C2 sells product B (tribe T2).
 */
const INSIGHTS = [
  // date, campaign, campaign name, ad, ad name, impressions, clicks, spend, 3-second views
  ['2026-11-01', 'C1', 'Kelas Excel', 'A1', 'Video 1', 10000, 200, 1000000, 2500],
  ['2026-11-02', 'C1', 'Kelas Excel', 'A1', 'Video 1', 30000, 300, 2000000, 4500],
  ['2026-11-01', 'C2', 'Ebook Resep', 'A2', 'Carousel', 5000, 100, 500000, 0],
  ['2026-11-02', 'C3', 'Promo', 'A3', 'Story', 5000, 50, 250000, 1000],
] as const;

/**
 * Paid purchases (amount; Jakarta day; attribution):
 *   Q1 500 000, 1 Nov 23:30, UTM C1 / A1          → C1, ad A1
 *   Q2 300 000, 1 Nov 00:30 (31 Oct UTC), UTM C1  → C1
 *   Q3 200 000, 2 Nov, product B, no UTM          → unattributed (C2 spent nothing on 2 Nov)
 *   Q4 400 000, 1 Nov, product B, no UTM          → C2 through the product
 *   Q5 600 000, 2 Nov, product A, no UTM          → C1 (spent more than C3 that day)
 *   Q6 150 000, 2 Nov, product A, voucher NADIA10 → C1; KOL Nadia
 *   Q7 250 000, 2 Nov, product B, utm kol_budi    → unattributed; KOL Budi by UTM
 *   Q8 unpaid                                     → never
 *   Q9 100 000, 15 Oct, product A, NADIA10        → before Nadia's post: not hers; October
 *   Q10 50 000, 1 Nov, product A, nadia10 + kol_budi → C1; KOL Nadia (the voucher wins over the UTM)
 */
const PURCHASES = [
  // id, status, paid at (UTC), amount, product, utm_campaign, utm_content, coupon
  ['Q1', 'paid', '2026-11-01T16:30:00Z', 500000, 'A', 'C1', 'A1', null],
  ['Q2', 'paid', '2026-10-31T17:30:00Z', 300000, 'A', 'C1', null, null],
  ['Q3', 'paid', '2026-11-02T03:00:00Z', 200000, 'B', null, null, null],
  ['Q4', 'paid', '2026-11-01T03:00:00Z', 400000, 'B', null, null, null],
  ['Q5', 'paid', '2026-11-02T05:00:00Z', 600000, 'A', null, null, null],
  ['Q6', 'paid', '2026-11-02T06:00:00Z', 150000, 'A', null, null, 'NADIA10'],
  ['Q7', 'paid', '2026-11-02T07:00:00Z', 250000, 'B', 'kol_budi', null, null],
  ['Q8', 'created', '2026-11-02T08:00:00Z', 999000, 'A', null, null, 'NADIA10'],
  ['Q9', 'paid', '2026-10-15T05:00:00Z', 100000, 'A', null, null, 'NADIA10'],
  ['Q10', 'paid', '2026-11-01T02:00:00Z', 50000, 'A', 'kol_budi', null, 'nadia10'],
] as const;

interface Ids {
  productA: number;
  productB: number;
  tribe1: number;
  tribe2: number;
  nadia: number;
  budi: number;
  reel: number;
  story: number;
}

async function seed(database: TestDatabase): Promise<Ids> {
  const { db } = database.database;
  const fixture = await intakeFixture(database.database);
  const id = (rows: { rows: { id: string }[] }) => Number(rows.rows[0]!.id);
  const tribe2 = id(
    await sql<{ id: string }>`insert into tribes (name, code, active)
      values (${`Tribe Dapur ${process.pid}`}, ${`DPR${process.pid % 1000}`}, true) returning id`.execute(db),
  );
  const productB = id(
    await sql<{
      id: string;
    }>`insert into products (name, mayar_account_id, product_type, price, ships_package, tribe_id, active)
      values (${`Ebook Resep ${process.pid}`}, ${fixture.accountId}, 'ebook', 99000, false, ${tribe2}, true) returning id`.execute(
      db,
    ),
  );
  const productA = fixture.productId;
  const tribe1 = fixture.tribeId;
  for (const [date, campaign, name, ad, adName, impressions, clicks, spend, views] of INSIGHTS) {
    await sql`insert into ad_insights_daily (date, campaign_id, campaign_name, adset_id, adset_name, ad_id, ad_name,
        impressions, clicks, inline_link_clicks, spend, purchases, purchase_value, video_3s_views, source)
      values (${date}, ${campaign}, ${name}, ${`S${campaign}`}, 'Set', ${ad}, ${adName}, ${impressions}, ${clicks},
        ${clicks}, ${spend}, 0, 0, ${views}, 'seed')`.execute(db);
  }
  for (const [campaign, name, product, tribe] of [
    ['C1', 'Kelas Excel', productA, null],
    ['C2', 'Ebook Resep', productB, tribe2],
    ['C3', 'Promo', productA, null],
  ] as const) {
    await sql`insert into ad_campaigns (name, campaign_id, ad_account_id, objective, status, product_id, tribe_id)
      values (${name}, ${campaign}, 'act_1234567', 'OUTCOME_SALES', 'ACTIVE', ${product}, ${tribe})`.execute(
      db,
    );
  }
  // A deleted mapping of product B to C1 must not attribute anything.
  await sql`insert into ad_campaigns (name, campaign_id, ad_account_id, objective, status, product_id, deleted_at)
    values ('Old', 'C9', 'act_1234567', 'OUTCOME_SALES', 'ACTIVE', ${productB}, now())`.execute(db);
  await sql`insert into master_ad_creatives (name, creative_id, ad_id, format, hook_text, thumbnail_url, product_id, status)
    values ('Testimoni Ibu Rina', '3000001', 'A1', 'video', 'Capek lembur tiap hari?', 'https://cdn.example.com/k1.jpg', ${productA}, 'ACTIVE'),
      ('Carousel resep', '3000002', 'A2', 'carousel', 'Capek lembur tiap hari?', 'https://cdn.example.com/k2.jpg', ${productB}, 'ACTIVE')`.execute(
    db,
  );
  for (const [mayarId, status, at, amount, product, campaign, content, coupon] of PURCHASES) {
    await sql`insert into purchases (mayar_id, mayar_account_id, last_event, status, transaction_status, paid_at,
        mayar_created_at, mayar_updated_at, amount, product_id, utm_campaign, utm_content, coupon_used, raw)
      values (${`${mayarId}-${process.pid}`}, ${fixture.accountId}, 'payment.received', 'SUCCESS', ${status},
        ${status === 'paid' ? at : null}, ${at}, ${at}, ${amount}, ${product === 'A' ? productA : productB},
        ${campaign}, ${content}, ${coupon}, '{}')`.execute(db);
  }
  const company = id(
    await sql<{ id: string }>`insert into companies (name, legal_name, active)
      values ('PT Contoh', 'PT Contoh Indonesia', true) returning id`.execute(db),
  );
  await sql`insert into monthly_targets (period, scope, company_id, tribe_id, product_id, target_revenue) values
    ('2026-11', 'company', ${company}, null, null, 5000000),
    ('2026-11', 'product', null, null, ${productA}, 2000000),
    ('2026-11', 'product', null, null, ${productB}, 1000000),
    ('2026-11', 'tribe', null, ${tribe1}, null, 3000000)`.execute(db);
  await sql`insert into tribe_targets (tribe_id, period, target_revenue) values
    (${tribe1}, '2026-11', 2000000), (${tribe2}, '2026-11', 1000000), (${tribe2}, '2026-10', 500000)`.execute(
    db,
  );
  const creator = async (name: string, handle: string, platform: string, followers: number) =>
    id(
      await sql<{ id: string }>`insert into creators (name, handle, platform, followers, status)
        values (${name}, ${handle}, ${platform}, ${followers}, 'active') returning id`.execute(db),
    );
  const nadia = await creator('Nadia', 'nadia.glow', 'instagram', 50000);
  const budi = await creator('Budi', 'budi.review', 'tiktok', 200000);
  const project = async (values: {
    title: string;
    creator: number;
    fee: number;
    postDate: string;
    status: string;
    metrics: [number, number, number, number, number, number];
    voucher?: string;
    utm?: string;
  }) => {
    const [views, reach, likes, comments, shares, saves] = values.metrics;
    return id(
      await sql<{
        id: string;
      }>`insert into projects (title, creator_id, product_id, content_type, status, fee, post_date,
          post_url, views, reach, likes, comments, shares, saves, voucher_code, utm_link)
        values (${values.title}, ${values.creator}, ${productA}, 'reel', ${values.status}, ${values.fee}, ${values.postDate},
          'https://instagram.com/p/x', ${views}, ${reach}, ${likes}, ${comments}, ${shares}, ${saves},
          ${values.voucher ?? null}, ${values.utm ?? null}) returning id`.execute(db),
    );
  };
  const reel = await project({
    title: 'Reel Serum',
    creator: nadia,
    fee: 2000000,
    postDate: '2026-11-01',
    status: 'posted',
    metrics: [100000, 80000, 4000, 500, 300, 200],
    voucher: 'NADIA10',
  });
  const story = await project({
    title: 'Story',
    creator: nadia,
    fee: 500000,
    postDate: '2026-11-02',
    status: 'posted',
    metrics: [20000, 15000, 900, 50, 30, 20],
  });
  await project({
    title: 'Video review',
    creator: budi,
    fee: 3000000,
    postDate: '2026-11-01',
    status: 'paid',
    metrics: [300000, 250000, 9000, 600, 300, 100],
    utm: 'https://shop.example.com/p?utm_source=tiktok&utm_campaign=kol_budi',
  });
  await project({
    title: 'Cancelled live',
    creator: budi,
    fee: 9999999,
    postDate: '2026-11-01',
    status: 'cancelled',
    metrics: [0, 0, 0, 0, 0, 0],
  });
  await project({
    title: 'October reel',
    creator: nadia,
    fee: 1000000,
    postDate: '2026-10-20',
    status: 'posted',
    metrics: [1, 1, 1, 1, 1, 1],
  });
  return { productA, productB, tribe1, tribe2, nadia, budi, reel, story };
}

describe.each(ENGINES)('reports over the master data on %s', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let client: Client;
  let token: string;
  let ids: Ids;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    ids = await seed(database);
    app = await testServer(database.database);
    client = new Client(app, freshAddress());
    token = await client.token(
      await userWithKeys(database.database, [{ key: 'ad_daily_tracker' }, { key: 'finance_kol_report' }]),
    );
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const report = async (query: string) => {
    const response = await client.get(`/api/reports/${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReportResponse;
  };
  const pick = (answer: ReportResponse, ...fields: string[]) =>
    answer.rows.map((row) => [row.key, ...fields.map((field) => row.values[field])]);

  it('attributes by UTM first, then through the campaign that sold the product that day', async () => {
    const answer = await report('ads-x-mayar?from=2026-11-01&to=2026-11-02');
    expect(pick(answer, 'spend', 'orders', 'revenue', 'real_roas')).toEqual([
      ['C1', 3000000, 5, 1600000, 0.5333], // Q1, Q2 by UTM; Q5, Q6, Q10 through product A
      ['C2', 500000, 1, 400000, 0.8], // Q4 (1 Nov); Q3 and Q7 fall on 2 Nov when C2 spent nothing
      ['C3', 250000, 0, 0, 0],
    ]);
    expect(answer.totals.values).toMatchObject({
      spend: 3750000,
      orders: 6,
      revenue: 2000000,
      real_roas: 0.5333,
    });
    const byProduct = await report('ads-x-mayar?from=2026-11-01&to=2026-11-02&group_by=product');
    expect(pick(byProduct, 'spend', 'orders', 'revenue')).toEqual([
      [String(ids.productA), 3250000, 5, 1600000],
      [String(ids.productB), 500000, 1, 400000],
    ]);
    const drilled = await report(
      `ads-x-mayar?from=2026-11-01&to=2026-11-02&group_by=campaign&product=${ids.productA}`,
    );
    expect(pick(drilled, 'spend', 'orders')).toEqual([
      ['C1', 3000000, 5],
      ['C3', 250000, 0],
    ]);
    // The overall dashboard still counts every paid purchase.
    const overall = await report('overall?from=2026-11-01&to=2026-11-02');
    expect(overall.totals.values).toMatchObject({ orders: 8, revenue: 2450000 });
  });

  it('Ad Creative: per creative with thumbnails, hook rate from sums, per hook', async () => {
    const answer = await report('ad-creatives?from=2026-11-01&to=2026-11-02');
    expect(answer.rows.map((row) => row.values)).toEqual([
      {
        creative: 'Testimoni Ibu Rina',
        creative_id: '3000001',
        thumbnail: 'https://cdn.example.com/k1.jpg',
        spend: 3000000,
        ctr: 1.25,
        cpc: 6000,
        cpm: 75000,
        hook_rate: 17.5,
        orders: 1, // only Q1 names ad A1
        revenue: 500000,
        real_roas: 0.1667,
      },
      {
        creative: 'Carousel resep',
        creative_id: '3000002',
        thumbnail: 'https://cdn.example.com/k2.jpg',
        spend: 500000,
        ctr: 2,
        cpc: 5000,
        cpm: 100000,
        hook_rate: 0,
        orders: 0,
        revenue: 0,
        real_roas: 0,
      },
      {
        creative: 'Story', // not in Master Ad Creative: its Meta ad name
        creative_id: 'ad:A3',
        thumbnail: null,
        spend: 250000,
        ctr: 1,
        cpc: 5000,
        cpm: 50000,
        hook_rate: 20,
        orders: 0,
        revenue: 0,
        real_roas: 0,
      },
    ]);
    expect(answer.totals.values).toEqual({
      spend: 3750000,
      ctr: 1.3,
      cpc: 5769,
      cpm: 75000,
      hook_rate: 16, // 8 000 / 50 000, not the mean of 17.5, 0 and 20
      orders: 1,
      revenue: 500000,
      real_roas: 0.1333,
    });
    const hooks = await report('ad-creatives?from=2026-11-01&to=2026-11-02&group_by=hook');
    expect(pick(hooks, 'hook', 'spend', 'hook_rate', 'real_roas')).toEqual([
      ['Capek lembur tiap hari?', 'Capek lembur tiap hari?', 3500000, 15.5556, 0.1429],
      ['', '(no hook)', 250000, 20, 0],
    ]);
    const one = await report('ad-creatives?from=2026-11-01&to=2026-11-02&creative=3000001&group_by=creative');
    expect(one.totals.values.spend).toBe(3000000);
  });

  it('Monthly: month rows against the company target, products and tribes against theirs', async () => {
    const months = await report('monthly?from=2026-10-01&to=2026-11-30&group_by=month');
    expect(pick(months, 'spend', 'orders', 'revenue', 'target', 'achievement')).toEqual([
      ['2026-10', 0, 1, 100000, null, null], // Q9; no company target for October
      ['2026-11', 3750000, 8, 2450000, 5000000, 49],
    ]);
    expect(months.totals.values).toMatchObject({ revenue: 2550000, target: 5000000, achievement: 51 });
    expect(months.series.map((point) => point.key)).toEqual(['2026-10', '2026-11']);
    const products = await report('monthly?from=2026-11-01&to=2026-11-30&group_by=product');
    expect(pick(products, 'spend', 'orders', 'revenue', 'target', 'achievement', 'real_roas')).toEqual([
      [String(ids.productA), 3250000, 5, 1600000, 2000000, 80, 0.4923],
      [String(ids.productB), 500000, 3, 850000, 1000000, 85, 1.7],
    ]);
    expect(products.totals.values).toMatchObject({ revenue: 2450000, target: 3000000, achievement: 81.67 });
    const tribes = await report('monthly?from=2026-11-01&to=2026-11-30&group_by=tribe');
    expect(pick(tribes, 'revenue', 'target', 'achievement')).toEqual([
      [String(ids.tribe1), 1600000, 3000000, 53.33],
      [String(ids.tribe2), 850000, null, null],
    ]);
    // Drill from the November row to its products: the month narrows the range.
    const drilled = await report('monthly?from=2026-10-01&to=2026-11-30&group_by=product&month=2026-11');
    expect(pick(drilled, 'revenue', 'target')).toEqual(pick(products, 'revenue', 'target'));
    expect(drilled.rows[0]!.values.product).toMatch(/^Product-/);
  });

  it('Tribe X Mayar: tribe × month with target, achievement, gap and the previous period', async () => {
    const answer = await report('tribe-x-mayar?from=2026-11-01&to=2026-11-30&compare=previous');
    expect(pick(answer, 'revenue', 'spend', 'real_roas', 'target', 'achievement', 'target_gap')).toEqual([
      [String(ids.tribe1), 1600000, 3250000, 0.4923, 2000000, 80, 400000],
      [String(ids.tribe2), 850000, 500000, 1.7, 1000000, 85, 150000],
    ]);
    expect(answer.rows[1]!.values.tribe).toMatch(/^Tribe Dapur/);
    expect(answer.totals.values).toEqual({
      revenue: 2450000,
      spend: 3750000,
      real_roas: 0.6533,
      target: 3000000,
      achievement: 81.67,
      target_gap: 550000,
    });
    // 2–31 Oct: Q9 for T1; T2's October target.
    expect(answer.previous_period).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(answer.totals.previous).toMatchObject({ revenue: 100000, target: 500000 });
    expect(answer.rows[0]!.previous).toMatchObject({ revenue: 100000 });
    expect(answer.rows[0]!.deltas).toMatchObject({ revenue: 1500 });
    expect(answer.rows[0]!.drillable).toBe(true);
    const months = await report(
      `tribe-x-mayar?from=2026-10-01&to=2026-11-30&group_by=month&tribe=${ids.tribe2}`,
    );
    expect(pick(months, 'revenue', 'target', 'target_gap')).toEqual([
      ['2026-10', 0, 500000, 500000],
      ['2026-11', 850000, 1000000, 150000],
    ]);
  });

  it('KOL: fee, views, engagement over followers, cost ratios, orders by voucher then UTM, ROAS, ROI', async () => {
    const answer = await report('kol-report?from=2026-11-01&to=2026-11-02');
    expect(answer.rows.map((row) => row.values)).toEqual([
      {
        creator: 'Budi',
        creator_id: String(ids.budi),
        fee: 3000000,
        views: 300000,
        reach: 250000,
        engagement_rate: 5,
        cpm: 10000,
        cpv: 10,
        cpe: 300,
        orders: 1, // Q7 by UTM kol_budi; Q10 carries Nadia's voucher too, which wins
        revenue: 250000,
        roas: 0.0833,
        roi: -91.67,
      },
      {
        creator: 'Nadia',
        creator_id: String(ids.nadia),
        fee: 2500000,
        views: 120000,
        reach: 95000,
        engagement_rate: 6, // 6 000 / (50 000 followers × 2 posts)
        cpm: 20833,
        cpv: 20.83,
        cpe: 417,
        orders: 2, // Q6 and Q10; Q9 predates the post, Q8 is unpaid
        revenue: 200000,
        roas: 0.08,
        roi: -92,
      },
    ]);
    expect(answer.totals.values).toEqual({
      fee: 5500000,
      views: 420000,
      reach: 345000,
      engagement_rate: 5.3333,
      cpm: 13095,
      cpv: 13.1,
      cpe: 344,
      orders: 3,
      revenue: 450000,
      roas: 0.0818,
      roi: -91.82,
    });
    const projects = await report(
      `kol-report?from=2026-11-01&to=2026-11-02&group_by=project&creator=${ids.nadia}`,
    );
    expect(pick(projects, 'fee', 'engagement_rate', 'orders', 'revenue')).toEqual([
      [String(ids.reel), 2000000, 10, 2, 200000],
      [String(ids.story), 500000, 2, 0, 0],
    ]);
    const platforms = await report('kol-report?from=2026-11-01&to=2026-11-02&group_by=platform');
    expect(pick(platforms, 'fee')).toEqual([
      ['tiktok', 3000000],
      ['instagram', 2500000],
    ]);
  });

  it('the KOL report also needs finance_kol_report; bad drill ids are a 400 naming the field', async () => {
    const tracker = await client.token(await userWithKeys(database.database, [{ key: 'ad_daily_tracker' }]));
    const refused = await client.get('/api/reports/kol-report?from=2026-11-01&to=2026-11-02', tracker);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('finance_kol_report');
    const bad = await client.get('/api/reports/kol-report?from=2026-11-01&to=2026-11-02&creator=abc', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['query.creator']);
    const month = await client.get('/api/reports/monthly?from=2026-11-01&to=2026-11-02&month=2026-13', token);
    expect(month.statusCode).toBe(400);
    expect(month.json().fields).toHaveProperty(['query.month']);
  });

  it('exports the new reports with their totals', async () => {
    const csv = await client.get(
      '/api/reports/tribe-x-mayar?from=2026-11-01&to=2026-11-30&format=csv',
      token,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Tribe,Mayar revenue,Spend,Real ROAS,Target,Achievement,Gap to target');
    expect(lines.at(-1)).toBe('Total,2450000,3750000,0.6533,3000000,81.67,550000');
    const xlsx = await client.get('/api/reports/kol-report?from=2026-11-01&to=2026-11-02&format=xlsx', token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(2).value).toBe(5500000);
    expect(sheet.getColumn(2).numFmt).toBe('"Rp" #,##0');
  });
});
