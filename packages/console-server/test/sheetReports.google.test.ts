// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SheetReportRun, SheetReportSchedule } from '@staff/console-contract';
import { STALE_RUN_MS, runDue } from '../src/sheetReports/service.js';
import { serviceAccountKey, startFakeGoogle, type FakeGoogle } from './fakes/google.js';
import {
  Client,
  ONE_ENGINE,
  freshAddress,
  openTestDatabase,
  testServer,
  userWithKeys,
  type TestDatabase,
} from './support/harness.js';
import { seedReportFixture } from './support/reports.js';

const KEY = 'transaction_read_purchase_logs';
/** 08:00 WIB on 3 Nov 2026: "the last 2 days" are 1–2 Nov, the fixture's days. */
const START = new Date('2026-11-03T01:00:00Z');
const ROBOT = 'laporan@console-test.iam.gserviceaccount.com';
const STRANGER = 'orang-lain@console-test.iam.gserviceaccount.com';
const SHEET_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const NOT_SHARED_ID = '1ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ';

/** Sheet Report into Google Sheets (issue 15) through the adapter, against the fake Google. */
describe.each(ONE_ENGINE)('Sheet Report to Google Sheets on %s', (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let client: Client;
  let writer: string;
  let google: FakeGoogle;
  const robot = serviceAccountKey(ROBOT);
  const stranger = serviceAccountKey(STRANGER);
  const clock = () => START;

  beforeAll(async () => {
    google = await startFakeGoogle({ [ROBOT]: robot.publicKey, [STRANGER]: stranger.publicKey });
    google.spreadsheets.set(SHEET_ID, {
      editors: [ROBOT],
      sheets: { 'Laporan harian': [['lama']], Sheet1: [] },
    });
    google.spreadsheets.set(NOT_SHARED_ID, { editors: [STRANGER], sheets: { Sheet1: [] } });
    database = await openTestDatabase(engine);
    await seedReportFixture(database.database);
    app = await testServer(database.database, {
      clock,
      sheetReports: { tickSeconds: false, google: { tokenUrl: google.tokenUrl, sheetsUrl: google.url } },
    });
    client = new Client(app, freshAddress());
    writer = await client.token(
      await userWithKeys(database.database, [
        { key: KEY, write: true },
        { key: 'ad_daily_tracker' },
        { key: 'databank_products' },
      ]),
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await google?.close();
  });

  const input = (googleSheet: Record<string, unknown> | null) => ({
    name: `Ke Google ${Math.random().toString(36).slice(2, 8)}`,
    report: 'ads-x-mayar',
    days: 2,
    format: 'csv',
    schedule: { frequency: 'daily', time: '07:00' },
    keep: 2,
    google_sheet: googleSheet,
  });
  const post = (url: string, payload?: unknown) =>
    client.request({
      method: 'POST',
      url,
      token: writer,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const create = async (googleSheet: Record<string, unknown>) => {
    const response = await post('/api/sheet-reports', input(googleSheet));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as SheetReportSchedule;
  };
  const runNow = async (id: number) => {
    const response = await post(`/api/sheet-reports/${id}/run`);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as SheetReportRun;
  };

  it('writes the report into the sheet, replacing its cells, exactly as the CSV export has it', async () => {
    const schedule = await create({
      spreadsheet: `https://docs.google.com/spreadsheets/d/${SHEET_ID}/edit#gid=0`,
      sheet: 'Laporan harian',
      credentials: robot.json,
    });
    expect(schedule.google_sheet).toEqual({
      spreadsheet_id: SHEET_ID,
      sheet: 'Laporan harian',
      client_email: ROBOT,
    });
    expect(JSON.stringify(schedule)).not.toContain('PRIVATE KEY');
    const stored = await sql<{ google_credentials: string }>`
      select google_credentials from sheet_report_schedules where id = ${schedule.id}`.execute(
      database.database.db,
    );
    expect(stored.rows[0]?.google_credentials).toMatch(/^sealed:v1:/);

    const run = await runNow(schedule.id);
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    const values = google.spreadsheets.get(SHEET_ID)!.sheets['Laporan harian']!;
    expect(run.sheet_range).toBe(
      `'Laporan harian'!A1:${String.fromCharCode(64 + values[0]!.length)}${values.length}`,
    );
    const csv = await client.get('/api/reports/ads-x-mayar?from=2026-11-01&to=2026-11-02&format=csv', writer);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(values.map((row) => row.map((cell) => (cell === null ? '' : String(cell))).join(','))).toEqual(
      lines,
    );
    expect(values.at(-1)?.[0]).toBe('Total');
    expect(run.rows).toBe(values.length - 2);
    // The token call, then clear and write: the old "lama" cell is gone.
    expect(google.calls.slice(-3).map((call) => call.method)).toEqual(['POST', 'POST', 'PUT']);
  });

  it('says in words what Google refused, in the run log', async () => {
    const notShared = await create({ spreadsheet: NOT_SHARED_ID, sheet: 'Sheet1', credentials: robot.json });
    expect((await runNow(notShared.id)).error).toBe(
      `The service account ${ROBOT} may not edit this spreadsheet: share it with that address as an editor.`,
    );
    const noTab = await create({ spreadsheet: SHEET_ID, sheet: 'Tidak ada', credentials: robot.json });
    expect((await runNow(noTab.id)).error).toBe(
      'No sheet named "Tidak ada" in the spreadsheet: add the tab or change the name.',
    );
    const unknown = await create({
      spreadsheet: `9${SHEET_ID.slice(1)}`,
      sheet: 'Sheet1',
      credentials: robot.json,
    });
    const failed = await runNow(unknown.id);
    expect(failed).toMatchObject({ status: 'failed', sheet_range: null });
    expect(failed.error).toBe(`No spreadsheet 9${SHEET_ID.slice(1)}: check its address.`);
    // A key Google does not know (signed by another key pair) is refused at the token call.
    const forged = JSON.stringify({
      ...JSON.parse(robot.json),
      private_key: JSON.parse(stranger.json).private_key,
    });
    const refused = await create({ spreadsheet: SHEET_ID, sheet: 'Sheet1', credentials: forged });
    expect((await runNow(refused.id)).error).toMatch(
      new RegExp(`^Google refused the service account ${ROBOT} \\(400`),
    );
  });

  it('refuses a bad destination with a 400 naming the field, and keeps the stored key on an edit without one', async () => {
    for (const [googleSheet, field] of [
      [
        { spreadsheet: SHEET_ID, sheet: 'Sheet1', credentials: '{"client_email":"x"}' },
        'body.google_sheet.credentials',
      ],
      [{ spreadsheet: SHEET_ID, sheet: 'Sheet1' }, 'body.google_sheet.credentials'],
      [
        { spreadsheet: 'https://example.com/sheet', sheet: 'Sheet1', credentials: robot.json },
        'body.google_sheet.spreadsheet',
      ],
      [{ spreadsheet: SHEET_ID, sheet: 'a/b', credentials: robot.json }, 'body.google_sheet.sheet'],
    ] as const) {
      const response = await post('/api/sheet-reports', input(googleSheet));
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys((response.json() as { fields: Record<string, string[]> }).fields)).toContain(field);
    }
    const count = await sql<{ n: string }>`select count(*) as n from sheet_report_schedules`.execute(
      database.database.db,
    );

    const schedule = await create({ spreadsheet: SHEET_ID, sheet: 'Sheet1', credentials: robot.json });
    const edited = await client.request({
      method: 'PUT',
      url: `/api/sheet-reports/${schedule.id}`,
      token: writer,
      payload: { ...input({ spreadsheet: SHEET_ID, sheet: 'Sheet1' }), name: 'Tanpa kunci baru' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await runNow(schedule.id)).status).toBe('succeeded');
    const off = await client.request({
      method: 'PUT',
      url: `/api/sheet-reports/${schedule.id}`,
      token: writer,
      payload: { ...input(null), name: 'Berkas saja' },
    });
    expect((off.json() as SheetReportSchedule).google_sheet).toBeNull();
    const cleared = await sql<{ google_credentials: string | null }>`
      select google_credentials from sheet_report_schedules where id = ${schedule.id}`.execute(
      database.database.db,
    );
    expect(cleared.rows[0]?.google_credentials).toBeNull();
    expect(Number(count.rows[0]!.n)).toBeGreaterThan(0);
  });

  it('exports a saved list view, as its owner sees it, to a file and the sheet; refuses views one cannot open', async () => {
    const view = await client.request({
      method: 'POST',
      url: '/api/views',
      token: writer,
      payload: {
        entity: 'products',
        name: 'Ebook',
        shared: false,
        filters: [{ field: 'product_type', op: 'eq', value: 'ebook' }],
        sort: { field: 'name', direction: 'asc' },
        columns: ['name', 'price', 'mayar_account_id', 'product_type'],
      },
    });
    expect(view.statusCode, view.body).toBe(201);
    const { id: viewId, query } = view.json() as { id: number; query: string };
    const choices = await client.get('/api/sheet-reports/views', writer);
    expect((choices.json() as { views: { id: number; entity_label: string }[] }).views).toContainEqual(
      expect.objectContaining({ id: viewId, entity: 'products', name: 'Ebook' }),
    );

    const response = await post('/api/sheet-reports', {
      ...input({ spreadsheet: SHEET_ID, sheet: 'Sheet1', credentials: robot.json }),
      view_id: viewId,
    });
    expect(response.statusCode, response.body).toBe(201);
    const schedule = response.json() as SheetReportSchedule;
    expect(schedule).toMatchObject({
      source: 'view',
      view: { id: viewId, name: 'Ebook', entity: 'products' },
    });
    const run = await runNow(schedule.id);
    expect(run).toMatchObject({ status: 'succeeded', error: null });
    // The same rows and cells as the list's own CSV export of the view.
    const list = await client.get(`/api/resources/products?${query}&format=csv`, writer);
    expect(list.statusCode, list.body).toBe(200);
    const lines = list.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const values = google.spreadsheets.get(SHEET_ID)!.sheets.Sheet1!;
    expect(values[0]).toEqual(['Name', 'Price', 'Mayar account', 'Type']);
    expect(values.map((row) => row.map((cell) => (cell === null ? '' : String(cell))).join(','))).toEqual(
      lines,
    );
    expect(run.rows).toBe(values.length - 1);
    expect(values.length).toBeGreaterThan(1);
    const file = await client.get(`/api/sheet-reports/runs/${run.id}/file`, writer);
    expect(
      file.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(lines);

    // Someone else's private view is not a source; a view deleted later fails the run in words.
    const stranger = await client.token(
      await userWithKeys(database.database, [{ key: KEY, write: true }, { key: 'databank_products' }]),
    );
    const refused = await client.request({
      method: 'POST',
      url: '/api/sheet-reports',
      token: stranger,
      payload: { ...input(null), view_id: viewId },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json() as { fields: Record<string, string[]> }).fields['body.view_id']).toEqual([
      `No saved view #${viewId} that you can open`,
    ]);
    const withoutProducts = await client.token(
      await userWithKeys(database.database, [{ key: KEY, write: true }]),
    );
    const shared = await client.request({
      method: 'PATCH',
      url: `/api/views/${viewId}`,
      token: writer,
      payload: { shared: true },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const forbidden = await client.request({
      method: 'POST',
      url: '/api/sheet-reports',
      token: withoutProducts,
      payload: { ...input(null), view_id: viewId },
    });
    expect(forbidden.statusCode, forbidden.body).toBe(403);

    const deleted = await client.request({ method: 'DELETE', url: `/api/views/${viewId}`, token: writer });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const after = await runNow(schedule.id);
    expect(after).toMatchObject({
      status: 'failed',
      error: 'The saved view was deleted: choose another source.',
    });
  });

  it('marks a run left "running" by a stopped node as failed on the next tick', async () => {
    const schedule = await create({ spreadsheet: SHEET_ID, sheet: 'Sheet1', credentials: robot.json });
    const started = new Date(START.getTime() - STALE_RUN_MS - 60_000);
    const recent = new Date(START.getTime() - 60_000);
    await sql`insert into sheet_report_runs (schedule_id, trigger, status, started_at)
      values (${schedule.id}, 'schedule', 'running', ${started}), (${schedule.id}, 'manual', 'running', ${recent})`.execute(
      database.database.db,
    );
    await runDue(database.database.db, clock, 10, { tokenUrl: google.tokenUrl, sheetsUrl: google.url });
    const runs = await sql<{ status: string; error: string | null }>`
      select status, error from sheet_report_runs where schedule_id = ${schedule.id} order by started_at`.execute(
      database.database.db,
    );
    expect(runs.rows).toEqual([
      {
        status: 'failed',
        error: 'The server running it stopped before it finished; the next run will try again.',
      },
      { status: 'running', error: null },
    ]);
  });
});
