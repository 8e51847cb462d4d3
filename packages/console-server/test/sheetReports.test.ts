// Both engines: due runs are claimed once with FOR UPDATE SKIP LOCKED (support/harness.ts).
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SheetReportRun, SheetReportSchedule } from '@staff/console-contract';
import { runDue } from '../src/sheetReports/service.js';
import { Client, ENGINES, freshAddress, setupTestApp, userWithKeys } from './support/harness.js';
import { seedReportFixture } from './support/reports.js';

const KEY = 'transaction_read_purchase_logs';
/** 08:00 WIB on 3 Nov 2026: "the last 2 days" are 1–2 Nov, the fixture's days. */
const START = new Date('2026-11-03T01:00:00Z');

describe.each(ENGINES)('Sheet Report schedules on %s', (engine) => {
  const { testDb: database, app } = setupTestApp(engine, {
    prepare: async () => {
      await seedReportFixture(database.database);
    },
    server: () => ({ clock, sheetReports: { tickSeconds: false } }),
  });
  let client: Client;
  let writer: string;
  let reader: string;
  let noReport: string;
  const clock = () => START;

  beforeAll(async () => {
    client = new Client(app, freshAddress());
    writer = await client.token(
      await userWithKeys(database.database, [{ key: KEY, write: true }, { key: 'ad_daily_tracker' }]),
    );
    reader = await client.token(
      await userWithKeys(database.database, [{ key: KEY }, { key: 'ad_daily_tracker' }]),
    );
    noReport = await client.token(await userWithKeys(database.database, [{ key: KEY, write: true }]));
  });

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    client.request({
      method,
      url,
      token,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const input = (extra: Record<string, unknown> = {}) => ({
    name: 'Ads X Mayar harian',
    report: 'ads-x-mayar',
    days: 2,
    format: 'csv',
    schedule: { frequency: 'daily', time: '07:00' },
    keep: 2,
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) => {
    const response = await send('POST', '/api/sheet-reports', writer, input(extra));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as SheetReportSchedule;
  };
  const runNow = async (id: number) => {
    const response = await send('POST', `/api/sheet-reports/${id}/run`, writer);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as SheetReportRun;
  };
  const runs = async (id: number) => {
    const response = await client.get(`/api/sheet-reports/${id}/runs`, reader);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { runs: SheetReportRun[] }).runs;
  };
  const auditCount = async (id: number) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from audit_log
          where entity = 'sheet_report_schedules' and entity_id = ${String(id)}`.execute(database.database.db)
      ).rows[0]!.n,
    );

  it('creates a schedule with its next run in Asia/Jakarta, audited, and lists it', async () => {
    const schedule = await create();
    // 07:00 WIB on 3 Nov has passed at 08:00 WIB: the next run is 07:00 WIB on 4 Nov.
    expect(schedule).toMatchObject({
      report: 'ads-x-mayar',
      format: 'csv',
      keep: 2,
      active: true,
      next_run_at: '2026-11-04T00:00:00.000Z',
      last_run: null,
    });
    expect(await auditCount(schedule.id)).toBe(1);
    const list = await client.get('/api/sheet-reports', reader);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { schedules: SheetReportSchedule[] }).schedules.map((s) => s.id)).toContain(
      schedule.id,
    );
  });

  it('runs now: the report as a CSV file kept for download, with rows and duration in the run log', async () => {
    const schedule = await create({ name: 'CSV now' });
    const run = await runNow(schedule.id);
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual', rows: 3, error: null });
    expect(run.duration_ms).toBeGreaterThanOrEqual(0);
    expect(run.file_name).toBe(`ads-x-mayar_2026-11-01_2026-11-02_run${run.id}.csv`);
    const file = await client.get(`/api/sheet-reports/runs/${run.id}/file`, reader);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(run.file_name!);
    const lines = file.body.trim().split('\r\n');
    expect(lines).toHaveLength(5); // header, C1, C2, C3, totals
    expect(lines[1]).toContain('3000000');
    expect(lines[4]).toMatch(/^Total,3750000,/);
    expect((await runs(schedule.id))[0]).toEqual(run);
  });

  it('writes XLSX with the same rows', async () => {
    const schedule = await create({ name: 'XLSX now', format: 'xlsx' });
    const run = await runNow(schedule.id);
    expect(run.status).toBe('succeeded');
    const file = await client.get(`/api/sheet-reports/runs/${run.id}/file`, reader);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // Title, header, three campaigns, totals.
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(6).getCell(2).value).toBe(3750000);
  });

  it('keeps only the last N files; older runs stay in the log without a file', async () => {
    const schedule = await create({ name: 'Keep two', keep: 2 });
    const first = await runNow(schedule.id);
    await runNow(schedule.id);
    await runNow(schedule.id);
    const log = await runs(schedule.id);
    expect(log).toHaveLength(3);
    expect(log.map((run) => run.file_name !== null)).toEqual([true, true, false]);
    expect((await client.get(`/api/sheet-reports/runs/${first.id}/file`, reader)).statusCode).toBe(404);
  });

  it('logs a failing run with its error', async () => {
    const schedule = await create({ name: 'Broken' });
    await sql`update sheet_report_schedules set group_by = 'nonsense' where id = ${schedule.id}`.execute(
      database.database.db,
    );
    const run = await runNow(schedule.id);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^group_by: Expected one of/);
    expect(run.file_name).toBeNull();
  });

  it('runs due schedules once across concurrent ticks and moves the next run on', async () => {
    const schedule = await create({ name: 'Due', days: 3 });
    // The scheduler's own clock, 30 s after 07:00 WIB on 4 Nov (the app's clock stays, so sessions stay alive).
    const due = () => new Date('2026-11-04T00:00:30Z');
    const db = database.database.db;
    const [a, b] = await Promise.all([runDue(db, due), runDue(db, due)]);
    const mine = [...a, ...b].filter((run) => run.schedule_id === schedule.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'succeeded', trigger: 'schedule', rows: 3 });
    expect(await runs(schedule.id)).toHaveLength(1);
    const after = (await client.get('/api/sheet-reports', reader)).json() as {
      schedules: SheetReportSchedule[];
    };
    expect(after.schedules.find((s) => s.id === schedule.id)?.next_run_at).toBe('2026-11-05T00:00:00.000Z');
    expect((await runDue(db, due)).filter((run) => run.schedule_id === schedule.id)).toEqual([]);
  });

  it('edits and deletes a schedule (audited); weekly needs its weekday', async () => {
    const schedule = await create({ name: 'Weekly' });
    const bad = await send(
      'PUT',
      `/api/sheet-reports/${schedule.id}`,
      writer,
      input({ schedule: { frequency: 'weekly', time: '07:00' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['body.schedule.weekday']);
    // 4 Nov 2026 is a Wednesday (Rabu, 3): the next Friday (Jumat, 5) is 6 Nov.
    const edited = await send(
      'PUT',
      `/api/sheet-reports/${schedule.id}`,
      writer,
      input({ name: 'Weekly', schedule: { frequency: 'weekly', time: '07:00', weekday: 5 } }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ next_run_at: '2026-11-06T00:00:00.000Z', version: 2 });
    const removed = await send('DELETE', `/api/sheet-reports/${schedule.id}`, writer);
    expect(removed.statusCode).toBe(204);
    expect((await client.get(`/api/sheet-reports/${schedule.id}/runs`, reader)).statusCode).toBe(404);
    expect(await auditCount(schedule.id)).toBe(3);
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const before = (await client.get('/api/sheet-reports', reader)).json().schedules.length as number;
    for (const [extra, field] of [
      [{ report: 'nope' }, 'body.report'],
      [{ days: 0 }, 'body.days'],
      [{ format: 'pdf' }, 'body.format'],
      [{ schedule: { frequency: 'daily', time: '25:00' } }, 'body.schedule.time'],
      [{ group_by: 'nonsense' }, 'body.group_by'],
      [{ keep: 51 }, 'body.keep'],
    ] as const) {
      const response = await send('POST', '/api/sheet-reports', writer, input(extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().fields).toHaveProperty([field]);
    }
    expect((await client.get('/api/sheet-reports', reader)).json().schedules).toHaveLength(before);
  });

  it('read access sees; writing and running need write; the report itself needs its key', async () => {
    const schedule = await create({ name: 'Perms' });
    expect((await send('POST', '/api/sheet-reports', reader, input())).statusCode).toBe(403);
    expect((await send('POST', `/api/sheet-reports/${schedule.id}/run`, reader)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/sheet-reports/${schedule.id}`, reader)).statusCode).toBe(403);
    expect((await send('POST', '/api/sheet-reports', noReport, input())).statusCode).toBe(403);
    expect((await send('POST', `/api/sheet-reports/${schedule.id}/run`, noReport)).statusCode).toBe(403);
    expect(await runs(schedule.id)).toEqual([]);
  });
});
