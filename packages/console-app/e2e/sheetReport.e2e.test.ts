import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createUserWithKeys, openSignedIn, reusedTabs, setupConsole } from './harness.js';
import { serviceAccountKey, startFakeGoogle } from '../../console-server/test/fakes/google.js';

const ROBOT = 'laporan@console-e2e.iam.gserviceaccount.com';
const robot = serviceAccountKey(ROBOT);
const SPREADSHEET = '1SheetE2EabcdefghijklmnopqrstuvwxyzAB';
const DAY_MS = 86_400_000;
const jakartaDay = (time: number) => new Date(time + 7 * 3_600_000).toISOString().slice(0, 10);

const {
  server,
  browser,
  fakes: { google },
} = setupConsole({
  fakes: {
    google: async () => {
      const fake = await startFakeGoogle({ [ROBOT]: robot.publicKey });
      fake.spreadsheets.set(SPREADSHEET, { editors: [ROBOT], sheets: { Harian: [] } });
      return fake;
    },
  },
  server: ({ google }) => ({
    sheetReports: { google: { tokenUrl: google.tokenUrl, sheetsUrl: google.url } },
  }),
});
/** Each test's own tab in a context the file reuses (one per viewport). */
const newTab = reusedTabs(browser);

beforeAll(async () => {
  await sql`
    insert into ad_insights_daily (date, campaign_id, campaign_name, adset_id, ad_id, ad_name, impressions, clicks, spend, source)
    values (${jakartaDay(Date.now() - DAY_MS)}, 'cmp-sheet', 'Kampanye Sheet E2E', 'as-sheet', 'ad-sheet', 'Iklan', 4000, 80, 275000, 'seed')`.execute(
    server.database.db,
  );
});

describe('Sheet Report', () => {
  it('creates a schedule, runs it now and downloads a CSV with the report rows', async () => {
    const user = await apiLogin(server, 'demo-all');
    const page = await newTab({ width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/logs/sheet-report/');
      await page.getByRole('heading', { level: 1, name: 'Sheet Report' }).waitFor();
      const list = page.getByRole('region', { name: 'Schedules', exact: true });
      await list.getByText('No schedules yet.').waitFor();

      const form = page.getByRole('form', { name: 'New schedule' });
      // A mistake is named next to its field, before anything is sent.
      await form.getByRole('button', { name: 'Create schedule' }).click();
      await form.getByText('Name is required').waitFor();
      await form.getByLabel('Name', { exact: true }).fill('Ads X Mayar mingguan');
      await form.getByLabel('Report', { exact: true }).selectOption('ads-x-mayar');
      await form.getByLabel('Range (last days)').fill('7');
      await form.getByLabel('Format').selectOption('csv');
      await form.getByLabel('Frequency').selectOption('weekly');
      await form.getByLabel('Day', { exact: true }).selectOption({ label: 'Jumat' });
      await form.getByLabel('Time (WIB)').fill('06:30');
      await form.getByRole('button', { name: 'Create schedule' }).click();
      await page.getByRole('status').filter({ hasText: 'Schedule "Ads X Mayar mingguan" saved.' }).waitFor();
      await list.getByRole('cell', { name: 'Weekly, Jumat 06:30 WIB' }).waitFor();

      await list.getByRole('button', { name: 'Run Ads X Mayar mingguan now' }).click();
      const log = page.getByRole('region', { name: 'Log: Ads X Mayar mingguan' });
      await log.getByText('Succeeded', { exact: true }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        log.getByRole('button', { name: /^Download ads-x-mayar_.*\.csv$/ }).click(),
      ]);
      const file = readFileSync((await download.path())!, 'utf8');
      const lines = file.trim().split('\r\n');
      expect(lines.at(-1)).toMatch(/^Total,/);
      expect(lines.some((line) => line.includes('275000'))).toBe(true);
      // The same rows the report's own CSV export gives for that range.
      const from = jakartaDay(Date.now() - 7 * DAY_MS);
      const to = jakartaDay(Date.now() - DAY_MS);
      const direct = await fetch(
        `${server.baseURL}/api/reports/ads-x-mayar?from=${from}&to=${to}&format=csv`,
        {
          headers: { authorization: `Bearer ${user.token}` },
        },
      );
      expect(file).toBe(await direct.text());
      // Rows in the log are the report's rows (the totals line is not one).
      await log
        .getByRole('cell', { name: String(lines.length - 2) })
        .first()
        .waitFor();
    } finally {
      await page.close();
    }
  });

  it('shows the schedules to a read-only user without any write control', async () => {
    await createUserWithKeys(server, 'sheet-reader', ['transaction_read_purchase_logs']);
    const user = await apiLogin(server, 'sheet-reader');
    const page = await newTab({ width: 390, height: 844 });
    try {
      await openSignedIn(page, server, user, '/app/logs/sheet-report/');
      const list = page.getByRole('region', { name: 'Schedules', exact: true });
      await list.getByRole('cell', { name: 'Ads X Mayar mingguan', exact: true }).waitFor();
      await page.getByText('changing or running them needs write access').waitFor();
      expect(await page.getByRole('form').count()).toBe(0);
      expect(await list.getByRole('button', { name: /^(Run|Edit|Delete) / }).count()).toBe(0);
      await list.getByRole('button', { name: 'Log Ads X Mayar mingguan' }).click();
      await page.getByRole('region', { name: 'Log: Ads X Mayar mingguan' }).getByText('Succeeded').waitFor();
    } finally {
      await page.close();
    }
  });

  it('writes a schedule into a Google Sheet: the sheet holds the report, the log names the range', async () => {
    const user = await apiLogin(server, 'demo-all');
    const page = await newTab({ width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/logs/sheet-report/');
      const form = page.getByRole('form', { name: 'New schedule' });
      await form.getByLabel('Name', { exact: true }).fill('Ke Google harian');
      await form.getByLabel('Range (last days)').fill('7');
      await form.getByLabel('Also write into a Google Sheet').check();
      await form
        .getByLabel('Spreadsheet (address or id)')
        .fill(`https://docs.google.com/spreadsheets/d/${SPREADSHEET}/edit`);
      await form.getByLabel('Sheet (tab)').fill('Harian');
      // A key that is not a service account's is named at its field by the server.
      await form.getByLabel('Service account JSON key').fill('{"client_email": "x"}');
      await form.getByRole('button', { name: 'Create schedule' }).click();
      await form.getByText("A service account's JSON key (with client_email and private_key)").waitFor();
      await form.getByLabel('Service account JSON key').fill(robot.json);
      await form.getByRole('button', { name: 'Create schedule' }).click();
      await page.getByRole('status').filter({ hasText: 'Schedule "Ke Google harian" saved.' }).waitFor();

      const list = page.getByRole('region', { name: 'Schedules', exact: true });
      await list.getByRole('button', { name: 'Run Ke Google harian now' }).click();
      const log = page.getByRole('region', { name: 'Log: Ke Google harian' });
      await log.getByText('Succeeded', { exact: true }).waitFor();
      const values = google.spreadsheets.get(SPREADSHEET)!.sheets.Harian!;
      expect(values.at(-1)?.[0]).toBe('Total');
      expect(values.some((row) => row.includes(275000))).toBe(true);
      await log.getByRole('cell', { name: `Harian!A1:`, exact: false }).first().waitFor();
    } finally {
      await page.close();
    }
  });

  it('exports a saved list view chosen on the form: the file is the list CSV of that view', async () => {
    const user = await apiLogin(server, 'demo-all');
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    const saved = await fetch(`${server.baseURL}/api/views`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        entity: 'tribes',
        name: 'Semua tribe',
        sort: { field: 'name', direction: 'asc' },
      }),
    });
    expect(saved.status).toBe(201);
    const { id: viewId, query } = (await saved.json()) as { id: number; query: string };
    const page = await newTab({ width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/logs/sheet-report/');
      const form = page.getByRole('form', { name: 'New schedule' });
      await form.getByLabel('Name', { exact: true }).fill('Tribe harian');
      await form.getByLabel('Source').selectOption('view');
      await form.getByLabel('Saved view', { exact: true }).selectOption(String(viewId));
      await expect.poll(() => form.getByLabel('Report', { exact: true }).count()).toBe(0);
      await form.getByLabel('Format').selectOption('csv');
      await form.getByRole('button', { name: 'Create schedule' }).click();
      await page.getByRole('status').filter({ hasText: 'Schedule "Tribe harian" saved.' }).waitFor();
      const list = page.getByRole('region', { name: 'Schedules', exact: true });
      await list.getByRole('cell', { name: /View "Semua tribe"/ }).waitFor();
      await list.getByRole('button', { name: 'Run Tribe harian now' }).click();
      const log = page.getByRole('region', { name: 'Log: Tribe harian' });
      await log.getByText('Succeeded', { exact: true }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        log.getByRole('button', { name: /^Download tribes_semua-tribe_run\d+\.csv$/ }).click(),
      ]);
      const file = readFileSync((await download.path())!, 'utf8');
      const direct = await fetch(`${server.baseURL}/api/resources/tribes?${query}&format=csv`, { headers });
      // Like the list's own export, the file starts with a BOM (Excel reads it as UTF-8); fetch's text() drops it.
      expect(file.startsWith('\uFEFF')).toBe(true);
      expect(file.slice(1)).toBe(await direct.text());
      expect(file.trim().split('\r\n').length).toBeGreaterThan(1);
    } finally {
      await page.close();
    }
  });
});
