// Both engines: the reports' aggregate SQL (support/harness.ts).
import { readdir, readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { localizeReportRows, type ReportResponse } from '@staff/console-contract';
import {
  Client,
  ENGINES,
  freshAddress,
  setupTestApp,
  userWithKeys,
  type TestDatabase,
} from './support/harness.js';
import { intakeFixture } from './support/intake.js';

/**
 * Hand-computed fixtures. Range 1–2 Nov 2026 (Jakarta), previous period 30–31 Oct.
 * Campaign C1 (Kelas Excel): 1 Nov 10 000 impressions / 200 clicks / Rp 1 000 000; 2 Nov 30 000 / 300 / Rp 2 000 000.
 * Its CTR (all) over the range is 500 / 40 000 = 1,25 % (the average of the daily CTRs would be 1,5 %); its CTR
 * per link click, Meta's default, 350 / 40 000 = 0,875 %.
 */
const INSIGHTS = [
  // date, campaign, campaign name, adset, adset name, ad, ad name, impressions, clicks, link clicks, spend, purchases, value
  [
    '2026-11-01',
    'C1',
    'Kelas Excel',
    'AS1',
    'Lookalike',
    'A1',
    'Video 1',
    10000,
    200,
    150,
    1000000,
    3,
    450000,
  ],
  [
    '2026-11-02',
    'C1',
    'Kelas Excel',
    'AS1',
    'Lookalike',
    'A1',
    'Video 1',
    30000,
    300,
    200,
    2000000,
    5,
    750000,
  ],
  ['2026-11-01', 'C2', 'Ebook Resep', 'AS2', 'Interest', 'A2', 'Carousel', 5000, 100, 80, 500000, 1, 100000],
  [
    '2026-10-31',
    'C1',
    'Kelas Excel',
    'AS1',
    'Lookalike',
    'A1',
    'Video 1',
    20000,
    200,
    150,
    1500000,
    2,
    300000,
  ],
] as const;

const PURCHASES = [
  // id, status, paid at (UTC), amount, utm_campaign, utm_content
  ['P1', 'paid', '2026-11-01T16:30:00Z', 500000, 'C1', 'A1'], // 23:30 on 1 Nov in Jakarta
  ['P2', 'paid', '2026-11-02T17:30:00Z', 700000, 'Kelas Excel', null], // 00:30 on 3 Nov: outside the range
  ['P3', 'paid', '2026-10-31T17:30:00Z', 300000, 'C1', null], // 00:30 on 1 Nov in Jakarta (31 Oct in UTC)
  ['P4', 'paid', '2026-11-02T03:00:00Z', 200000, 'C2', null],
  ['P5', 'paid', '2026-11-01T05:00:00Z', 1000000, null, null], // not attributed: only the overall dashboard
  ['P6', 'created', '2026-11-01T05:00:00Z', 999000, 'C1', null], // unpaid: never counted
  ['P7', 'paid', '2026-10-31T05:00:00Z', 400000, 'C1', null], // previous period
] as const;

async function seedReportData(database: TestDatabase) {
  const { db } = database.database;
  const fixture = await intakeFixture(database.database);
  for (const [date, c, cn, as, asn, ad, adn, imp, clicks, link, spend, purchases, value] of INSIGHTS) {
    await sql`insert into ad_insights_daily (date, campaign_id, campaign_name, adset_id, adset_name, ad_id, ad_name,
        impressions, clicks, inline_link_clicks, spend, purchases, purchase_value, source)
      values (${date}, ${c}, ${cn}, ${as}, ${asn}, ${ad}, ${adn}, ${imp}, ${clicks}, ${link}, ${spend}, ${purchases}, ${value}, 'seed')`.execute(
      db,
    );
  }
  await sql`insert into ads (ad_id, adset_id, campaign_id, name) values ('A1', 'AS1', 'C1', 'Video 1'), ('A2', 'AS2', 'C2', 'Carousel')`.execute(
    db,
  );
  for (const [id, status, at, amount, campaign, content] of PURCHASES) {
    await sql`insert into purchases (mayar_id, mayar_account_id, last_event, status, transaction_status, paid_at,
        mayar_created_at, mayar_updated_at, amount, product_id, utm_campaign, utm_content, raw)
      values (${id}, ${fixture.accountId}, 'payment.received', 'SUCCESS', ${status},
        ${status === 'paid' ? at : null}, ${at}, ${at}, ${amount}, ${fixture.productId}, ${campaign}, ${content}, '{}')`.execute(
      db,
    );
  }
}

describe.each(ENGINES)('report engine on %s', (engine) => {
  const { testDb: database, app } = setupTestApp(engine, {
    prepare: async () => {
      await seedReportData(database);
    },
  });
  let client: Client;
  let token: string;

  beforeAll(async () => {
    client = new Client(app, freshAddress());
    token = await client.token(await userWithKeys(database.database, [{ key: 'ad_daily_tracker' }]));
  });

  const report = async (query: string) => {
    const response = await client.get(`/api/reports/${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReportResponse;
  };

  it('Ads X Mayar by campaign: sums, ratios from sums, Jakarta days, UTM attribution', async () => {
    const answer = await report('ads-x-mayar?from=2026-11-01&to=2026-11-02');
    expect(answer.group_by).toBe('campaign');
    expect(answer.rows.map((row) => row.key)).toEqual(['C1', 'C2']);
    const [c1, c2] = answer.rows;
    expect(c1!.values).toEqual({
      campaign: 'Kelas Excel',
      campaign_id: 'C1',
      spend: 3000000,
      impressions: 40000,
      link_clicks: 350,
      ctr: 0.875, // per link click, Meta's default: 350 / 40 000
      cpc: 8571, // 3 000 000 / 350
      cpm: 75000,
      meta_purchases: 8,
      meta_purchase_value: 1200000,
      meta_roas: 0.4,
      orders: 2, // P1 (23:30 on 1 Nov) and P3 (00:30 on 1 Nov); P2 is on 3 Nov, P6 unpaid
      revenue: 800000,
      real_roas: 0.2667,
      cpa: 1500000,
      attribution_gap: -6,
      clicks: 500,
      ctr_all: 1.25, // clicks of every kind: 500 / 40 000
      cpc_all: 6000,
    });
    expect(c1!.drillable).toBe(true);
    expect(c2!.values).toMatchObject({
      spend: 500000,
      ctr: 1.6,
      cpc: 6250,
      ctr_all: 2,
      cpc_all: 5000,
      cpm: 100000,
      orders: 1,
      revenue: 200000,
      real_roas: 0.4,
    });
    expect(answer.totals.values).toEqual({
      spend: 3500000,
      impressions: 45000,
      link_clicks: 430,
      ctr: 0.9556,
      cpc: 8140,
      cpm: 77778,
      meta_purchases: 9,
      meta_purchase_value: 1300000,
      meta_roas: 0.3714,
      orders: 3,
      revenue: 1000000,
      real_roas: 0.2857,
      cpa: 1166667,
      attribution_gap: -6,
      clicks: 600,
      ctr_all: 1.3333,
      cpc_all: 5833,
    });
    expect(answer.series.map((day) => [day.key, day.values.spend, day.values.revenue])).toEqual([
      ['2026-11-01', 1500000, 800000],
      ['2026-11-02', 2000000, 200000],
    ]);
  });

  it('compares with the previous period of the same length', async () => {
    const answer = await report('ads-x-mayar?from=2026-11-01&to=2026-11-02&compare=previous');
    expect(answer.previous_period).toEqual({ from: '2026-10-30', to: '2026-10-31' });
    const c1 = answer.rows.find((row) => row.key === 'C1')!;
    expect(c1.previous).toMatchObject({ spend: 1500000, orders: 1, revenue: 400000, ctr: 0.75, ctr_all: 1 });
    expect(c1.deltas).toMatchObject({ spend: 100, orders: 100, revenue: 100, ctr: 16.67, ctr_all: 25 });
    const c2 = answer.rows.find((row) => row.key === 'C2')!;
    expect(c2.deltas?.spend).toBeNull();
    expect(answer.totals.previous).toMatchObject({ spend: 1500000, revenue: 400000 });
    expect(answer.totals.deltas).toMatchObject({ spend: 133.33, revenue: 150 });
  });

  it('drills from campaign to ad set to ad', async () => {
    const adsets = await report('ads-x-mayar?from=2026-11-01&to=2026-11-02&group_by=adset&campaign=C1');
    expect(adsets.rows.map((row) => [row.key, row.values.spend, row.values.orders, row.drillable])).toEqual([
      ['AS1', 3000000, 1, true], // only P1 names its ad
      ['', 0, 1, undefined], // P3 names the campaign only: its row keeps the rows adding up to the totals
    ]);
    expect(adsets.rows[1]?.values.adset).toBe('(no ad set)');
    expect(adsets.totals.values.orders).toBe(2);
    const ads = await report('ads-x-mayar?from=2026-11-01&to=2026-11-02&group_by=ad&adset=AS1');
    expect(ads.rows.map((row) => [row.key, row.values.ad, row.values.revenue, row.drillable])).toEqual([
      ['A1', 'Video 1', 500000, undefined],
    ]);
  });

  it('sorts and serves the other ad reports', async () => {
    const ascending = await report('ads-x-mayar?from=2026-11-01&to=2026-11-02&sort=spend');
    expect(ascending.rows.map((row) => row.key)).toEqual(['C2', 'C1']);
    const adset = await report('adset?from=2026-11-01&to=2026-11-02&group_by=day&adset=AS1');
    expect(adset.rows.map((row) => [row.key, row.values.spend, row.values.ctr])).toEqual([
      ['2026-11-01', 1000000, 1.5],
      ['2026-11-02', 2000000, 0.6667],
    ]);
    const aggregated = await report('ad-aggregated?from=2026-10-30&to=2026-11-02');
    expect(aggregated.rows.map((row) => [row.key, row.values.spend, row.values.link_clicks])).toEqual([
      ['A1', 4500000, 500],
      ['A2', 500000, 80],
      ['', 0, 0], // sales attributed to a campaign but to none of its ads
    ]);
    expect(aggregated.rows[2]?.values.ad).toBe('(no ad)');
    expect(aggregated.rows.reduce((sum, row) => sum + Number(row.values.spend), 0)).toBe(
      aggregated.totals.values.spend,
    );
  });

  it('overall dashboard counts every paid purchase, attributed or not', async () => {
    const answer = await report('overall?from=2026-11-01&to=2026-11-02');
    expect(
      answer.rows.map((row) => [row.key, row.values.spend, row.values.revenue, row.values.orders]),
    ).toEqual([
      ['2026-11-01', 1500000, 1800000, 3],
      ['2026-11-02', 2000000, 200000, 1],
    ]);
    expect(answer.totals.values).toEqual({
      spend: 3500000,
      revenue: 2000000,
      real_roas: 0.5714,
      orders: 4,
      aov: 500000,
      gross_profit: -1500000,
    });
  });

  it('an empty range answers no rows and zero totals', async () => {
    const answer = await report('ads-x-mayar?from=2025-01-01&to=2025-01-31');
    expect(answer.rows).toEqual([]);
    expect(answer.totals.values).toMatchObject({ spend: 0, orders: 0, ctr: null, real_roas: null });
  });

  it("writes a download's headings in the person's chosen language", async () => {
    const setLanguage = (language: 'id' | 'en') =>
      client.request({
        method: 'PUT',
        url: '/api/me/preferences',
        token,
        payload: { language, theme: 'system' },
      });
    expect((await setLanguage('id')).statusCode).toBe(200);
    try {
      const csv = await client.get(
        '/api/reports/ads-x-mayar?from=2026-11-01&to=2026-11-02&format=csv',
        token,
      );
      const [header, first] = csv.body.trim().split('\r\n');
      expect(header).toBe(
        'Kampanye,Belanja iklan,Pendapatan Mayar,Order Mayar,ROAS riil,CPA,Pembelian Meta,Nilai pembelian Meta,ROAS Meta,Selisih atribusi,Impresi,Klik tautan,CTR (rasio klik tautan),CPC (biaya per klik tautan),CPM,Klik (semua),CTR (semua),CPC (semua)',
      );
      // The figures are the same plain numbers in either language.
      expect(first).toBe(
        'Kelas Excel,3000000,800000,2,0.2667,1500000,8,1200000,0.4,-6,40000,350,0.875,8571,75000,500,1.25,6000',
      );
      // A group the engine names for want of a name is in the person's language too; names from the data stay.
      const adsets = await client.get(
        '/api/reports/ads-x-mayar?from=2026-11-01&to=2026-11-02&group_by=adset&campaign=C1&format=csv',
        token,
      );
      expect(
        adsets.body
          .trim()
          .split('\r\n')
          .map((line) => line.split(',')[0]),
      ).toEqual(['Ad set', 'Lookalike', '(tanpa ad set)', 'Total']);
    } finally {
      expect((await setLanguage('en')).statusCode).toBe(200);
    }
  });

  it('exports the view as CSV and as a formatted XLSX with a totals row', async () => {
    const csv = await client.get('/api/reports/ads-x-mayar?from=2026-11-01&to=2026-11-02&format=csv', token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Campaign,Spend,Mayar revenue,Mayar orders,Real ROAS,CPA,Meta purchases,Meta purchase value,Meta ROAS,Attribution gap,Impressions,Link clicks,CTR (link click-through rate),CPC (cost per link click),CPM,Clicks (all),CTR (all),CPC (all)',
    );
    expect(lines[1]).toBe(
      'Kelas Excel,3000000,800000,2,0.2667,1500000,8,1200000,0.4,-6,40000,350,0.875,8571,75000,500,1.25,6000',
    );
    expect(lines.at(-1)).toBe(
      'Total,3500000,1000000,3,0.2857,1166667,9,1300000,0.3714,-6,45000,430,0.9556,8140,77778,600,1.3333,5833',
    );

    const xlsx = await client.get(
      '/api/reports/ads-x-mayar?from=2026-11-01&to=2026-11-02&format=xlsx',
      token,
    );
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(2).value).toBe(3500000);
    expect(last.getCell(3).value).toBe(1000000);
    expect(last.font?.bold).toBe(true);
    expect(sheet.getColumn(2).numFmt).toBe('"Rp" #,##0');
    expect(sheet.getColumn(13).numFmt).toBe('0.00"%"');
  });

  it('refuses bad input with 400 naming the field, unknown reports with 404, and users without the key', async () => {
    const bad = await client.get('/api/reports/ads-x-mayar?from=2026-02-30&to=2026-03-01', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['query.from']);
    const group = await client.get(
      '/api/reports/ads-x-mayar?from=2026-11-01&to=2026-11-02&group_by=tribe',
      token,
    );
    expect(group.statusCode).toBe(400);
    expect(group.json().fields).toHaveProperty(['query.group_by']);
    const sort = await client.get('/api/reports/ads-x-mayar?from=2026-11-01&to=2026-11-02&sort=nope', token);
    expect(sort.json().fields).toHaveProperty(['query.sort']);
    expect((await client.get('/api/reports/nope?from=2026-11-01&to=2026-11-02', token)).statusCode).toBe(404);
    const other = await client.token(await userWithKeys(database.database, [{ key: 'statistics' }]));
    expect(
      (await client.get('/api/reports/ads-x-mayar?from=2026-11-01&to=2026-11-02', other)).statusCode,
    ).toBe(403);
    expect((await client.get('/api/reports/ads-x-mayar?from=2026-11-01&to=2026-11-02')).statusCode).toBe(401);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await client.get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths['/api/reports/{id}']?.get).toBeDefined();
  });
});

describe('report group names', () => {
  it('every name the engine gives a group without one has its Indonesian', async () => {
    const dir = new URL('../src/reports/sources/', import.meta.url);
    const names = new Set<string>();
    for (const file of await readdir(dir))
      for (const match of (await readFile(new URL(file, dir), 'utf8')).matchAll(/'(\(no [a-z ]+\))'/g))
        names.add(match[1]!);
    expect(names.size).toBeGreaterThanOrEqual(5);
    for (const name of names)
      expect(localizeReportRows([{ key: '', values: { group: name } }], 'id')[0]!.values.group).toMatch(
        /^\(tanpa /,
      );
  });
});
