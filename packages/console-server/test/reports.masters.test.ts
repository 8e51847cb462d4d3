// Both engines: the reports' aggregate SQL (support/harness.ts).
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ReportResponse } from '@staff/console-contract';
import { Client, ENGINES, freshAddress, setupTestApp, userWithKeys } from './support/harness.js';
import { seedReportFixture, type ReportFixtureIds } from './support/reports.js';

describe.each(ENGINES)('reports over the master data on %s', (engine) => {
  const { testDb: database, app } = setupTestApp(engine, {
    prepare: async () => {
      ids = await seedReportFixture(database.database);
    },
  });
  let client: Client;
  let token: string;
  let ids: ReportFixtureIds;

  beforeAll(async () => {
    client = new Client(app, freshAddress());
    token = await client.token(
      await userWithKeys(database.database, [{ key: 'ad_daily_tracker' }, { key: 'finance_kol_report' }]),
    );
  });

  const report = async (query: string) => {
    const response = await client.get(`/api/reports/${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReportResponse;
  };
  const post = (url: string, payload: unknown, as: string) =>
    client.request({ method: 'POST', url, payload: payload as Record<string, unknown>, token: as });
  const remove = (url: string, as: string) => client.request({ method: 'DELETE', url, token: as });
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

  it('Ad Aggregated: each ad with its campaign and its Master Ad Creative picture', async () => {
    const answer = await report('ad-aggregated?from=2026-11-01&to=2026-11-02');
    expect(
      answer.rows.map((row) => [
        row.values.ad_id,
        row.values.campaigns,
        row.values.thumbnail,
        row.values.spend,
      ]),
    ).toEqual([
      ['A1', 'Kelas Excel', 'https://cdn.example.com/k1.jpg', 3000000],
      ['A2', 'Ebook Resep', 'https://cdn.example.com/k2.jpg', 500000],
      ['A3', 'Promo', null, 250000],
      ['', null, null, 0], // sales attributed to a campaign but to none of its ads
    ]);
  });

  it('Ad Creative: per creative with thumbnails, hook rate from sums, per hook', async () => {
    const answer = await report('ad-creatives?from=2026-11-01&to=2026-11-02');
    expect(answer.rows.map((row) => row.values)).toEqual([
      {
        creative: 'Testimoni Ibu Rina',
        creative_id: '3000001',
        thumbnail: 'https://cdn.example.com/k1.jpg',
        record_id: expect.stringMatching(/^\d+$/),
        ad_ids: 'A1', // what tells two creatives of one name apart
        campaigns: 'Kelas Excel',
        spend: 3000000,
        ctr: 1.25,
        cpc: 6000,
        cpm: 75000,
        hook_rate: 17.5,
        orders: 1, // only Q1 names ad A1
        revenue: 500000,
        real_roas: 0.1667,
        ctr_all: 1.25, // the fixture's clicks are all link clicks
        cpc_all: 6000,
      },
      {
        creative: 'Carousel resep',
        creative_id: '3000002',
        thumbnail: 'https://cdn.example.com/k2.jpg',
        record_id: expect.stringMatching(/^\d+$/),
        ad_ids: 'A2',
        campaigns: 'Ebook Resep',
        spend: 500000,
        ctr: 2,
        cpc: 5000,
        cpm: 100000,
        hook_rate: 0,
        orders: 0,
        revenue: 0,
        real_roas: 0,
        ctr_all: 2,
        cpc_all: 5000,
      },
      {
        creative: 'Story', // not in Master Ad Creative: its Meta ad name
        creative_id: 'ad:A3',
        thumbnail: null,
        record_id: null,
        ad_ids: 'A3',
        campaigns: 'Promo',
        spend: 250000,
        ctr: 1,
        cpc: 5000,
        cpm: 50000,
        hook_rate: 20,
        orders: 0,
        revenue: 0,
        real_roas: 0,
        ctr_all: 1,
        cpc_all: 5000,
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
      ctr_all: 1.3,
      cpc_all: 5769,
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
    // October's revenue has no target: it counts in the revenue, not in the achievement.
    expect(months.totals.values).toMatchObject({ revenue: 2550000, target: 5000000, achievement: 49 });
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

  it('KOL: fee, views, engagement per view, cost ratios, orders by voucher then UTM, ROAS, ROI', async () => {
    const answer = await report('kol-report?from=2026-11-01&to=2026-11-02');
    expect(answer.rows.map((row) => row.values)).toEqual([
      {
        creator: 'Budi',
        creator_id: String(ids.budi),
        fee: 3000000,
        views: 300000,
        reach: 250000,
        engagement_rate: 3.3333, // 10 000 interactions / 300 000 views
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
        engagement_rate: 5, // 6 000 interactions / 120 000 views
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
      engagement_rate: 3.8095,
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
      [String(ids.reel), 2000000, 5, 2, 200000],
      [String(ids.story), 500000, 5, 0, 0],
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

  it('December: spend and revenue reach a tribe by the same path, totals are the sums of their rows, engagement stops at 100 %', async () => {
    const db = database.database.db;
    const tag = `${process.pid}${Math.floor(Math.random() * 1e6)}`;
    const id = (rows: { rows: { id: string }[] }) => Number(rows.rows[0]!.id);
    // Product C has no tribe; campaign C4 sells it for tribe T1.
    const productC = id(
      await sql<{
        id: string;
      }>`insert into products (name, mayar_account_id, product_type, price, ships_package, active)
        select ${`Kelas Tanpa Tribe ${tag}`}, mayar_account_id, 'ebook', 120000, false, true
        from products where id = ${ids.productA} returning id`.execute(db),
    );
    await sql`insert into ad_campaigns (name, campaign_id, ad_account_id, objective, status, product_id, tribe_id)
      values ('Tanpa Tribe', 'C4', 'act_1234567', 'OUTCOME_SALES', 'ACTIVE', ${productC}, ${ids.tribe1})`.execute(
      db,
    );
    await sql`insert into ad_insights_daily (date, campaign_id, campaign_name, adset_id, adset_name, ad_id, ad_name,
        impressions, clicks, inline_link_clicks, spend, purchases, purchase_value, video_3s_views, source)
      values ('2026-12-03', 'C4', 'Tanpa Tribe', 'SC4', 'Set', 'A4', 'Video 4', 10000, 100, 100, 400000, 0, 0, 0, 'seed')`.execute(
      db,
    );
    // D1 through C4 (UTM) → T1 by the campaign; D2 on a day C4 spent nothing → no tribe; D3 product A → T1.
    for (const [mayarId, at, amount, product, campaign] of [
      ['D1', '2026-12-03T03:00:00Z', 300000, productC, 'C4'],
      ['D2', '2026-12-05T03:00:00Z', 120000, productC, null],
      ['D3', '2026-12-03T04:00:00Z', 200000, ids.productA, null],
    ] as const) {
      await sql`insert into purchases (mayar_id, mayar_account_id, last_event, status, transaction_status, paid_at,
          mayar_created_at, mayar_updated_at, amount, product_id, utm_campaign, raw)
        select ${`${mayarId}-${tag}`}, mayar_account_id, 'payment.received', 'SUCCESS', 'paid', ${at}, ${at}, ${at},
          ${amount}, ${product}, ${campaign}, '{}' from products where id = ${product}`.execute(db);
    }
    await sql`insert into tribe_targets (tribe_id, period, target_revenue) values (${ids.tribe1}, '2026-12', 1000000)`.execute(
      db,
    );
    const tribes = await report('tribe-x-mayar?from=2026-12-01&to=2026-12-31');
    expect(
      pick(tribes, 'tribe', 'revenue', 'spend', 'real_roas', 'target', 'achievement', 'target_gap'),
    ).toEqual([
      [String(ids.tribe1), expect.stringMatching(/^Tribe/), 500000, 400000, 1.25, 1000000, 50, 500000],
      ['0', '(no tribe)', 120000, 0, null, null, null, null],
    ]);
    // The totals are the sums of the rows: the (no tribe) revenue is in the revenue, not in the gap.
    expect(tribes.totals.values).toEqual({
      revenue: 620000,
      spend: 400000,
      real_roas: 1.55,
      target: 1000000,
      achievement: 50,
      target_gap: 500000,
    });

    // A viral post: more interactions than views (followers would give 800 %) stops at 100 %.
    const creator = id(
      await sql<{ id: string }>`insert into creators (name, handle, platform, followers, status)
        values ('Viral', ${`viral.${tag}`}, 'tiktok', 1000, 'active') returning id`.execute(db),
    );
    await sql`insert into projects (title, creator_id, product_id, content_type, status, fee, post_date, post_url,
        views, reach, likes, comments, shares, saves)
      values ('Viral reel', ${creator}, ${productC}, 'reel', 'posted', 100000, '2026-12-04', 'https://tiktok.com/x',
        5000, 4000, 7000, 600, 300, 100)`.execute(db);
    const kol = await report(`kol-report?from=2026-12-01&to=2026-12-31&creator=${creator}`);
    expect(kol.totals.values.engagement_rate).toBe(100);
  });

  it('saves report views per user: own and shared ones listed, names unique per user, only the owner deletes', async () => {
    const mine = await post(
      '/api/reports/monthly/views',
      {
        name: 'Produk bulan ini',
        shared: true,
        params: { range: 'thisMonth', group_by: 'product', sort: '-revenue' },
      },
      token,
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const saved = mine.json() as { id: number; mine: boolean; params: Record<string, string> };
    expect(saved).toMatchObject({ mine: true, params: { range: 'thisMonth', group_by: 'product' } });
    const again = await post('/api/reports/monthly/views', { name: 'produk BULAN ini', params: {} }, token);
    expect(again.statusCode).toBe(409);
    const bad = await post('/api/reports/monthly/views', { name: '', params: { sort: 'x;y' } }, token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['body.name', 'body.params.sort']));

    const other = await client.token(
      await userWithKeys(database.database, [{ key: 'ad_daily_tracker' }, { key: 'finance_kol_report' }]),
    );
    await post('/api/reports/monthly/views', { name: 'Private', params: { range: 'last7' } }, other);
    const seen = (await client.get('/api/reports/monthly/views', other)).json() as {
      views: { name: string; mine: boolean }[];
    };
    expect(seen.views.map((view) => [view.name, view.mine])).toEqual([
      ['Private', true],
      ['Produk bulan ini', false],
    ]);
    const ownOnly = (await client.get('/api/reports/monthly/views', token)).json() as {
      views: { name: string }[];
    };
    expect(ownOnly.views.map((view) => view.name)).toEqual(['Produk bulan ini']);
    expect((await remove(`/api/reports/monthly/views/${saved.id}`, other)).statusCode).toBe(404);
    expect((await remove(`/api/reports/monthly/views/${saved.id}`, token)).statusCode).toBe(200);
    // The KOL report's views need its second key too.
    const tracker = await client.token(await userWithKeys(database.database, [{ key: 'ad_daily_tracker' }]));
    expect((await client.get('/api/reports/kol-report/views', tracker)).statusCode).toBe(403);
  });
});
