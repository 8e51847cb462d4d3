// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { canonicalPurchases, parseAdsManagerCsv, parseExportNumber } from '../src/intake/meta/csv.js';
import { XLSX_CONTENT_TYPE, parseAdsManagerXlsx } from '../src/intake/meta/xlsx.js';
import { intakeDb } from '../src/intake/tables.js';
import { REPORTS_V880 } from '../src/reports/migrations.js';
import { Client, ONE_ENGINE, setupTestApp, userWithKeys } from './support/harness.js';

const ENGLISH = [
  '\uFEFFReporting starts,Reporting ends,Campaign name,Ad set name,Ad name,Campaign ID,Ad set ID,Ad ID,Amount spent (IDR),Impressions,Reach,Frequency,Link clicks,Purchases,Purchases conversion value',
  '2026-11-01,2026-11-01,,,,,,,"1,234,500",120000,80000,1.5,2400,30,4500000',
  '2026-11-01,2026-11-01,Promo Buku,Set A,Ad 1,120210000000000001,120210000000000011,120210000000000111,"734,500",70000,50000,1.4,1400,18,2700000',
  '2026-11-01,2026-11-01,Promo Buku,Set A,"Ad 2, carousel",120210000000000001,120210000000000011,120210000000000112,500000,50000,30000,1.67,1000,12,1800000',
  '2026-11-02,2026-11-02,Promo Buku,Set B,Ad 3,120210000000000001,120210000000000012,120210000000000113,250000,20000,15000,1.33,500,5,750000',
].join('\r\n');

const INDONESIAN = [
  '\uFEFFAwal pelaporan;Akhir pelaporan;Nama Kampanye;Nama Set Iklan;Nama Iklan;ID kampanye;ID set iklan;ID iklan;Jumlah yang dibelanjakan (IDR);Impresi;Jangkauan;Frekuensi;Klik tautan;Pembelian;Nilai konversi pembelian',
  '2026-11-03;2026-11-03;;;;;;;18.415;1.200;900;1,33;40;2;300.000',
  '2026-11-03;2026-11-03;Kelas Bunda;Set Ibu;Iklan Video;120210000000000002;120210000000000021;120210000000000211;18.415;1.200;900;1,33;40;2;300.000',
].join('\n');

/** An Indonesian "Excel" export: typed numbers and a date cell, a summary row, a formula cell. */
async function indonesianXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Laporan');
  sheet.addRow(INDONESIAN.replace('\uFEFF', '').split('\n')[0]!.split(';'));
  sheet.addRow(['2026-11-04', '2026-11-04', '', '', '', '', '', '', 30000, 2000, 1500, 1.33, 60, 3, 450000]);
  sheet.addRow([
    new Date(Date.UTC(2026, 10, 4)),
    '2026-11-04',
    'Kelas Bunda',
    'Set Ibu',
    { richText: [{ text: 'Iklan ' }, { text: 'Foto' }] },
    '120210000000000002',
    '120210000000000021',
    '120210000000000212',
    { formula: '20000+10000', result: 30000 },
    2000,
    1500,
    1.33,
    60,
    3,
    '450.000',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('Ads Manager export parsing', () => {
  it('reads XLSX exports: typed numbers, date cells, formulas, rich text, id-ID text numbers', async () => {
    const parsed = await parseAdsManagerXlsx(await indonesianXlsx());
    expect(parsed).toMatchObject({ language: 'id', skippedSummaryRows: 1, errors: [] });
    expect(parsed.rows).toEqual([
      expect.objectContaining({
        line: 3,
        date: '2026-11-04',
        ad_id: '120210000000000212',
        ad_name: 'Iklan Foto',
        spend: 30000,
        impressions: 2000,
        purchase_value: 450000,
      }),
    ]);
    await expect(parseAdsManagerXlsx(Buffer.from('not a zip'))).rejects.toThrow('not an XLSX workbook');
  });

  it('reads English exports: BOM, quoted thousands, summary row skipped', () => {
    const parsed = parseAdsManagerCsv(ENGLISH);
    expect(parsed).toMatchObject({ language: 'en', delimiter: ',', skippedSummaryRows: 1, errors: [] });
    expect(parsed.rows).toHaveLength(3);
    expect(parsed.rows[0]).toMatchObject({
      spend: 734500,
      impressions: 70000,
      purchases: 18,
      ad_name: 'Ad 1',
    });
    expect(parsed.rows[1]!.ad_name).toBe('Ad 2, carousel');
  });

  it('reads Indonesian exports: `;` and id-ID numbers ("18.415" is eighteen thousand)', () => {
    const parsed = parseAdsManagerCsv(INDONESIAN);
    expect(parsed).toMatchObject({ language: 'id', delimiter: ';', skippedSummaryRows: 1 });
    expect(parsed.rows[0]).toMatchObject({
      date: '2026-11-03',
      spend: 18415,
      impressions: 1200,
      purchase_value: 300000,
      campaign_name: 'Kelas Bunda',
    });
    expect(parseExportNumber('1.234,56', 'id')).toBe(1234.56);
    expect(parseExportNumber('1,234.56', 'en')).toBe(1234.56);
  });

  it('reads the optional 3-second video plays (the hook rate) and imports 0 without the column', () => {
    const withViews = ENGLISH.replace(
      'Purchases conversion value',
      'Purchases conversion value,3-second video plays',
    )
      .split('\r\n')
      .map((line, index) => (index === 0 ? line : `${line},${index * 1000}`))
      .join('\r\n');
    expect(parseAdsManagerCsv(withViews).rows.map((row) => row.video_3s_views)).toEqual([2000, 3000, 4000]);
    expect(parseAdsManagerCsv(ENGLISH).rows.map((row) => row.video_3s_views)).toEqual([0, 0, 0]);
  });

  it('reports problems per row and line', () => {
    const bad = `${ENGLISH}\r\nnot-a-date,2026-11-02,Promo Buku,Set B,Ad 4,120210000000000001,120210000000000012,abc,12x,1,1,1,1,1,1`;
    const parsed = parseAdsManagerCsv(bad);
    expect(parsed.errors).toEqual([
      { line: 6, field: 'date_start', message: 'Reporting starts must be a date (YYYY-MM-DD)' },
      { line: 6, field: 'ad_id', message: 'Ad ID must be a numeric id' },
      { line: 6, field: 'spend', message: 'Amount spent (IDR) must be a number, got "12x"' },
    ]);
  });

  it('counts purchases from one canonical action type, never the sum of the repeats', () => {
    const actions = [
      { action_type: 'purchase', value: '7' },
      { action_type: 'omni_purchase', value: '7' },
      { action_type: 'offsite_conversion.fb_pixel_purchase', value: '7' },
      { action_type: 'link_click', value: '120' },
    ];
    expect(canonicalPurchases(actions)).toBe(7);
    expect(canonicalPurchases([{ action_type: 'purchase', value: '3' }])).toBe(3);
    expect(canonicalPurchases(undefined)).toBe(0);
  });
});

describe.each(ONE_ENGINE)('POST /api/ad-insights/import on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine);
  const client = () => new Client(app);
  const upload = (csv: string, token: string, query = '') =>
    client().request({
      method: 'POST',
      url: `/api/ad-insights/import${query}`,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload: csv,
      token,
    });

  it('needs write access to Ad Campaign Admin', async () => {
    const reader = await client().token(
      await userWithKeys(testDb.database, [{ key: 'databank_ad_campaigns', read: true, write: false }]),
    );
    expect((await upload(ENGLISH, reader)).statusCode).toBe(403);
    expect((await upload(ENGLISH, '')).statusCode).toBe(401);
  });

  it('previews without writing, then imports; the same file twice changes nothing', async () => {
    const writer = await client().token(
      await userWithKeys(testDb.database, [{ key: 'databank_ad_campaigns', read: true, write: true }]),
    );
    const preview = await upload(ENGLISH, writer, '?dry_run=1');
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ dry_run: true, rows: 3, skipped_summary_rows: 1, inserted: 0 });
    const db = intakeDb(testDb.database.db);
    expect(await db.selectFrom('ad_insights_daily').selectAll().execute()).toHaveLength(0);

    const first = await upload(ENGLISH, writer);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ inserted: 3, updated: 0, unchanged: 0, ad_sets: 2, ads: 3 });
    const second = await upload(ENGLISH, writer);
    expect(second.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });

    const id = await upload(INDONESIAN, writer);
    expect(id.json()).toMatchObject({ language: 'id', inserted: 1 });
    const row = await db
      .selectFrom('ad_insights_daily')
      .selectAll()
      .where('ad_id', '=', '120210000000000211')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      spend: '18415',
      impressions: '1200',
      purchase_value: '300000',
      source: 'upload',
    });
    const ads = await db.selectFrom('ads').select(['ad_id', 'adset_id', 'name']).orderBy('ad_id').execute();
    expect(ads.map((ad) => ad.name)).toEqual(['Ad 1', 'Ad 2, carousel', 'Ad 3', 'Iklan Video']);

    // A corrected figure updates only that row.
    const corrected = ENGLISH.replace('250000,20000', '260000,20000');
    expect((await upload(corrected, writer)).json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
  });

  it('takes XLSX bodies by content type, idempotently', async () => {
    const writer = await client().token('admin');
    const xlsx = await indonesianXlsx();
    const send = (query = '') =>
      client().request({
        method: 'POST',
        url: `/api/ad-insights/import${query}`,
        headers: { 'content-type': XLSX_CONTENT_TYPE },
        payload: xlsx,
        token: writer,
      });
    const preview = await send('?dry_run=1');
    expect(preview.json()).toMatchObject({ dry_run: true, rows: 1, language: 'id', errors: [] });
    expect((await send()).json()).toMatchObject({ inserted: 1, updated: 0, unchanged: 0, ads: 1 });
    expect((await send()).json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    const broken = await client().request({
      method: 'POST',
      url: '/api/ad-insights/import',
      headers: { 'content-type': XLSX_CONTENT_TYPE },
      payload: Buffer.from('PK not really'),
      token: writer,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      code: 'INVALID_EXPORT',
      message: 'The file is not an XLSX workbook',
    });
  });

  it("carries Meta's two click families: an export with Link clicks alone gives CTR and CPC per link click", async () => {
    const writer = await client().token('admin');
    // Ads Manager's default columns: "Link clicks" and no "Clicks (all)".
    const csv = [
      'Reporting starts,Reporting ends,Campaign name,Ad set name,Ad name,Campaign ID,Ad set ID,Ad ID,Amount spent (IDR),Impressions,Reach,Frequency,Link clicks,Purchases,Purchases conversion value',
      '2026-12-05,2026-12-05,Klik Tes,Set K,Ad K1,120210000000000901,120210000000009011,120210000000090111,"1,000,000",80000,50000,1.6,1600,4,600000',
      '2026-12-05,2026-12-05,Klik Tes,Set K,Ad K2,120210000000000901,120210000000009011,120210000000090112,300000,20000,15000,1.33,250,1,150000',
    ].join('\r\n');
    expect((await upload(csv, writer)).json()).toMatchObject({ inserted: 2 });
    const response = await client().get(
      '/api/reports/ad-aggregated?from=2026-12-05&to=2026-12-05&group_by=ad',
      writer,
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as {
      rows: { key: string; values: Record<string, unknown> }[];
      totals: { values: Record<string, unknown> };
    };
    const pick = (values: Record<string, unknown>) => ({
      link_clicks: values.link_clicks,
      ctr: values.ctr,
      cpc: values.cpc,
      clicks: values.clicks,
      ctr_all: values.ctr_all,
      cpc_all: values.cpc_all,
    });
    // CTR (link click-through rate) = link clicks / impressions; CPC (cost per link click) = spend / link clicks.
    // Without "Clicks (all)" that family is unknown, never a CTR of 0.
    expect(answer.rows.map((row) => [row.key, pick(row.values)])).toEqual([
      [
        '120210000000090111',
        { link_clicks: 1600, ctr: 2, cpc: 625, clicks: null, ctr_all: null, cpc_all: null },
      ],
      [
        '120210000000090112',
        { link_clicks: 250, ctr: 1.25, cpc: 1200, clicks: null, ctr_all: null, cpc_all: null },
      ],
    ]);
    // 1 300 000 / 1 850 link clicks = 702.7; 1 850 / 100 000 impressions.
    expect(pick(answer.totals.values)).toEqual({
      link_clicks: 1850,
      ctr: 1.85,
      cpc: 703,
      clicks: null,
      ctr_all: null,
      cpc_all: null,
    });
    // With "Clicks (all)" the second family is Meta's too.
    const withAll = csv
      .replace('Link clicks,', 'Link clicks,Clicks (all),')
      .replace(',1600,', ',1600,2000,')
      .replace(',250,', ',250,400,');
    expect((await upload(withAll, writer)).json()).toMatchObject({ updated: 2 });
    const again = (
      await client().get('/api/reports/ad-aggregated?from=2026-12-05&to=2026-12-05&group_by=ad', writer)
    ).json() as { totals: { values: Record<string, unknown> } };
    // 2 400 clicks (all) / 100 000 impressions; 1 300 000 / 2 400 = 541.7.
    expect(pick(again.totals.values)).toEqual({
      link_clicks: 1850,
      ctr: 1.85,
      cpc: 703,
      clicks: 2400,
      ctr_all: 2.4,
      cpc_all: 542,
    });
  });

  it('stores Clicks (all) a row does not carry as unknown: a mixed file divides the "(all)" ratios by the rows that carry them', async () => {
    const writer = await client().token('admin');
    // One export with the column, its cell empty on two rows (as where files of two column sets were joined).
    const csv = [
      'Reporting starts,Reporting ends,Campaign name,Ad set name,Ad name,Campaign ID,Ad set ID,Ad ID,Amount spent (IDR),Impressions,Reach,Frequency,Link clicks,Clicks (all),Purchases,Purchases conversion value',
      '2026-12-06,2026-12-06,Campuran,Set M,Ad M1,120210000000000902,120210000000009021,120210000000090211,"1,000,000",80000,50000,1.6,1600,2000,4,600000',
      '2026-12-06,2026-12-06,Campuran,Set M,Ad M2,120210000000000902,120210000000009021,120210000000090212,300000,20000,15000,1.33,250,,1,150000',
      '2026-12-06,2026-12-06,Tanpa Semua,Set N,Ad N1,120210000000000903,120210000000009031,120210000000090311,500000,50000,40000,1.25,500,,2,300000',
    ].join('\r\n');
    expect(parseAdsManagerCsv(csv).rows.map((row) => row.clicks)).toEqual([2000, null, null]);
    expect((await upload(csv, writer)).json()).toMatchObject({ inserted: 3 });
    const stored = await intakeDb(testDb.database.db)
      .selectFrom('ad_insights_daily')
      .select(['ad_id', 'clicks', 'inline_link_clicks'])
      .where('date', '=', '2026-12-06')
      .orderBy('ad_id')
      .execute();
    expect(stored.map((row) => [row.ad_id, row.clicks === null ? null : Number(row.clicks)])).toEqual([
      ['120210000000090211', 2000],
      ['120210000000090212', null],
      ['120210000000090311', null],
    ]);
    const pick = (values: Record<string, unknown>) => ({
      clicks: values.clicks,
      ctr_all: values.ctr_all,
      cpc_all: values.cpc_all,
      ctr: values.ctr,
    });
    type Answer = {
      rows: { key: string; values: Record<string, unknown> }[];
      totals: { values: Record<string, unknown> };
    };
    const report = async (path: string, query = '') => {
      const response = await client().get(
        `/api/reports/${path}?from=2026-12-06&to=2026-12-06${query}`,
        writer,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Answer;
    };
    // Per ad (the insights themselves): only Ad M1 carries Clicks (all); the others show "-", not 0.
    const ads = await report('ad-aggregated', '&group_by=ad');
    const byKey = (answer: Answer) =>
      answer.rows
        .map((row) => [row.key, pick(row.values)])
        .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(byKey(ads)).toEqual([
      ['120210000000090211', { clicks: 2000, ctr_all: 2.5, cpc_all: 500, ctr: 2 }],
      ['120210000000090212', { clicks: null, ctr_all: null, cpc_all: null, ctr: 1.25 }],
      ['120210000000090311', { clicks: null, ctr_all: null, cpc_all: null, ctr: 1 }],
    ]);
    // 2 000 clicks (all) over the 80 000 impressions and Rp 1 000 000 of the one row that carries them, not over
    // the 150 000 impressions and Rp 1 800 000 of all three. Link clicks keep every row.
    const totals = { clicks: 2000, ctr_all: 2.5, cpc_all: 500, ctr: 1.5667 };
    expect(pick(ads.totals.values)).toEqual(totals);
    // Per campaign (the per-campaign-day rollup): the mixed campaign divides like by like; the other is unknown.
    const campaigns = await report('ads-x-mayar');
    expect(byKey(campaigns)).toEqual([
      ['120210000000000902', { clicks: 2000, ctr_all: 2.5, cpc_all: 500, ctr: 1.85 }],
      ['120210000000000903', { clicks: null, ctr_all: null, cpc_all: null, ctr: 1 }],
    ]);
    expect(pick(campaigns.totals.values)).toEqual(totals);
    // A later file that carries the column for Ad N1 makes it known; the rollup follows.
    const known = csv.split('\r\n');
    known[3] = known[3]!.replace(',500,,2,', ',500,900,2,');
    expect((await upload([known[0], known[3]].join('\r\n'), writer)).json()).toMatchObject({ updated: 1 });
    const after = await report('ads-x-mayar');
    expect(pick(after.rows.find((row) => row.key === '120210000000000903')!.values)).toEqual({
      clicks: 900,
      ctr_all: 1.8,
      cpc_all: 556,
      ctr: 1,
    });
    // 2 900 / 130 000 impressions; Rp 1 500 000 / 2 900.
    expect(pick(after.totals.values)).toEqual({ clicks: 2900, ctr_all: 2.2308, cpc_all: 517, ctr: 1.5667 });

    // Rows imported before migration 880 held 0 beside their link clicks; its fix makes them unknown and the
    // per-campaign-day rollup follows through the trigger.
    const db = testDb.database.db;
    const rollup = async () =>
      (
        await sql<Record<string, string>>`select clicks, clicks_rows, clicks_impressions, clicks_spend
          from report_ads_daily where date = '2026-12-06' and campaign_id = '120210000000000902'`.execute(db)
      ).rows.map((row) => Object.values(row).map(Number))[0];
    await sql`update ad_insights_daily set clicks = 0 where ad_id = '120210000000090212'`.execute(db);
    expect(await rollup()).toEqual([2000, 2, 100000, 1300000]);
    await sql.raw(REPORTS_V880.at(-1)!).execute(db);
    expect(await rollup()).toEqual([2000, 1, 80000, 1000000]);
  });

  it('refuses a file with problems (400 naming line and field) and writes nothing', async () => {
    const writer = await client().token('admin');
    const bad = `${ENGLISH}\r\n2026-11-09,2026-11-09,X,Y,Z,1,2,3,lots,1,1,1,1,1,1`;
    const before = await intakeDb(testDb.database.db).selectFrom('ad_insights_daily').select('id').execute();
    const response = await upload(bad, writer);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_EXPORT',
      fields: { 'line 6.spend': ['Amount spent (IDR) must be a number, got "lots"'] },
    });
    const after = await intakeDb(testDb.database.db).selectFrom('ad_insights_daily').select('id').execute();
    expect(after).toHaveLength(before.length);
    const notExport = await upload('name,value\nx,1', writer);
    expect(notExport.statusCode).toBe(400);
    expect(notExport.json().message).toContain('"Reporting starts"');
  });
});
