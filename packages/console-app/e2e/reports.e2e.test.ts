import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { REPORT_IDS, ROUTES, type ReportResponse } from '@staff/console-contract';
import { seedReportFixture } from '../../console-server/test/support/reports.js';
import { seedDemoActivity } from '../../console-server/src/demo/activity.js';
import { seedDemoReports } from '../../console-server/src/demo/reportDemo.js';
import { navigateInApp, openSignedIn, reusedTabs, setupConsole } from './harness.js';

const { server, browser, user } = setupConsole({ signIn: { username: 'demo-all' } });
/** Each test's own tab in a context the file reuses (one per viewport). */
const newTab = reusedTabs(browser);

/**
 * A test's first report is a fresh load; the next go through the app's router: a full load cost chromium 1–2
 * CPU-s and the reports check nothing of the boot.
 */
async function open(page: Page, urlPath: string): Promise<void> {
  if (page.url() === 'about:blank') await openSignedIn(page, server, user, urlPath);
  else await navigateInApp(page, urlPath);
}

/** The demo's moving data and report story, ending here (before the fixture's November days). */
const DEMO_NOW = new Date('2026-10-28T05:00:00Z');

beforeAll(async () => {
  // The demo as `npm start` seeds it, over fewer days and campaigns: insights and purchases through the intake,
  // creators whose posts sell, targets in scale (before the fixture: the seeds run on a database without sales).
  await seedDemoActivity(server.database.db, { days: 40, campaigns: 4, now: DEMO_NOW });
  await seedDemoReports(server.database.db, { days: 40, now: DEMO_NOW });
  // Insights, purchases, campaigns, creatives, targets, creators and projects of 1–2 Nov 2026 (see the fixture).
  await seedReportFixture(server.database);
});

const pathOf = (id: string) => ROUTES.find((route) => route.id === id)!.path;

/** The month reports read whole months; the others the two fixture days. */
const rangeOf = (id: string) =>
  id === 'monthly' || id === 'tribe-x-mayar'
    ? 'from=2026-11-01&to=2026-11-30'
    : 'from=2026-11-01&to=2026-11-02';

async function api(query: string): Promise<ReportResponse> {
  const response = await fetch(`${server.baseURL}/api/reports/${query}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  if (!response.ok) throw new Error(`${query}: ${response.status} ${await response.text()}`);
  return (await response.json()) as ReportResponse;
}

async function reportTable(page: Page, title: string) {
  const table = page.getByRole('table', { name: new RegExp(`^${title}, `) });
  await table.waitFor();
  return table;
}

describe('Reports in chromium', () => {
  it('every report page shows a table with a totals row and a chart', async () => {
    const page = await newTab({ width: 1440, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      for (const id of REPORT_IDS) {
        const route = ROUTES.find((candidate) => candidate.id === id)!;
        await open(page, `${pathOf(id)}?${rangeOf(id)}`);
        const table = await reportTable(page, route.title);
        await table.getByRole('row', { name: /^Total/ }).waitFor();
        // At least one data row besides the header and the totals (waited for: in a fresh-clone run Ad Creative's
        // totals row was in before its rows, session 27).
        await expect.poll(() => table.getByRole('row').count(), { message: id }).toBeGreaterThan(2);
        // The chart is drawn (ECharts is loaded with the reports only) as SVG in its figure.
        const chart = page.locator('figure.cui-chart');
        // Waits through the chart's passing states (its series may arrive after the table's rows: 'empty' for a
        // moment in a fresh-clone run, session 27) until it is drawn.
        await expect.poll(() => chart.getAttribute('data-state'), { message: id }).toBe('ready');
        await chart.locator('svg').first().waitFor();
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('changes the range, drills down, compares and exports CSV and XLSX with their totals', async () => {
    const page = await newTab({ width: 1440, height: 900 });
    try {
      await open(page, `${pathOf('ads-x-mayar')}?from=2026-11-01&to=2026-11-01`);
      let table = await reportTable(page, 'Ads X Mayar Report');
      const totals = () => table.getByRole('row', { name: /^Total/ });
      await expect.poll(() => totals().textContent()).toMatch(/Rp\s?1\.500\.000/);
      // The Mayar half is in view at 1440 px without scrolling sideways: its last column ends inside the table's
      // scroll box and the window.
      const realRoasInView = await table
        .getByRole('columnheader', { name: /Real ROAS/ })
        .first()
        .evaluate((cell) => {
          let box = cell.parentElement;
          while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
          const edge = Math.min(
            window.innerWidth,
            box ? box.getBoundingClientRect().right : window.innerWidth,
          );
          return cell.getBoundingClientRect().right <= edge && (box?.scrollLeft ?? 0) === 0;
        });
      expect(realRoasInView).toBe(true);

      // The range: one day to two, through the picker; the address follows.
      await page.getByLabel('Sampai').fill('2026-11-02');
      await expect.poll(() => page.url()).toContain('to=2026-11-02');
      table = await reportTable(page, 'Ads X Mayar Report');
      await expect.poll(() => totals().textContent()).toMatch(/Rp\s?3\.750\.000/);

      // Drill from the campaign to its ad set.
      await page.getByRole('button', { name: 'Expand Kelas Excel', exact: true }).click();
      await table
        .getByRole('row', { name: /\bSet\b/ })
        .first()
        .waitFor();

      // Compare with the previous period: deltas on the totals row.
      await page.getByRole('checkbox', { name: 'Compare with the previous period' }).check();
      await expect.poll(() => page.url()).toContain('compare=previous');
      table = await reportTable(page, 'Ads X Mayar Report');
      await totals().locator('.cui-delta-chip').first().waitFor();

      const expected = await api('ads-x-mayar?from=2026-11-01&to=2026-11-02&compare=previous');
      const csvDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const csv = await readFile((await (await csvDownload).path())!, 'utf8');
      const lines = csv.trim().split('\r\n');
      expect(lines[0]!.startsWith('Campaign,Spend,')).toBe(true);
      expect(lines.at(-1)!.split(',').slice(0, 2)).toEqual(['Total', String(expected.totals.values.spend)]);
      expect(lines).toHaveLength(expected.rows.length + 2);

      const xlsxDownload = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export XLSX' }).click();
      const file = await xlsxDownload;
      expect(file.suggestedFilename()).toBe('ads-x-mayar_2026-11-01_2026-11-02.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await file.path())!);
      const sheet = workbook.worksheets[0]!;
      const header = sheet.getRow(2).values as unknown[];
      const last = sheet.getRow(sheet.rowCount);
      expect(last.getCell(1).value).toBe('Total');
      expect(last.font?.bold).toBe(true);
      expect(last.getCell(header.indexOf('Spend')).value).toBe(3750000);
      expect(last.getCell(header.indexOf('Mayar revenue')).value).toBe(expected.totals.values.revenue);
      expect(last.getCell(header.indexOf('Real ROAS')).value).toBe(expected.totals.values.real_roas);
      expect(sheet.getColumn(header.indexOf('Spend')).numFmt).toBe('"Rp" #,##0');
    } finally {
      await page.close();
    }
  });

  it('on the demo: Monthly achievement is plausible, creators sell, tribes have spend and revenue, totals add up', async () => {
    const page = await newTab({ width: 1440, height: 900 });
    const money = (amount: unknown) =>
      new RegExp(`Rp\\s?${Math.abs(Number(amount)).toLocaleString('id-ID').replace(/\./g, '\\.')}`);
    const sum = (answer: ReportResponse, field: string) =>
      answer.rows.reduce((total, row) => total + Number(row.values[field] ?? 0), 0);
    try {
      // Monthly: September against what it sold (goal 0.9–1.3×), October to date against the whole month.
      const monthly = await api('monthly?from=2026-09-01&to=2026-10-28&group_by=month');
      expect(monthly.rows.map((row) => row.key)).toEqual(['2026-09', '2026-10']);
      for (const row of monthly.rows) {
        expect(Number(row.values.achievement), row.key).toBeGreaterThan(50);
        expect(Number(row.values.achievement), row.key).toBeLessThan(125);
      }
      await open(page, `${pathOf('monthly')}?from=2026-09-01&to=2026-10-28&group_by=month`);
      const monthlyTable = await reportTable(page, 'Monthly Report');
      await expect
        .poll(() => monthlyTable.getByRole('row', { name: /^Total/ }).textContent())
        .toMatch(money(monthly.totals.values.revenue));
      expect(await page.getByRole('region', { name: 'Target' }).textContent()).toMatch(
        money(monthly.totals.values.target),
      );
      const chart = page.locator('figure.cui-chart');
      await expect.poll(() => chart.getAttribute('data-state')).toBe('ready');

      // KOL: creators with orders and revenue, ranked by ROI; the help says how purchases are counted.
      const kol = await api('kol-report?from=2026-09-28&to=2026-10-28');
      const selling = kol.rows.filter(
        (row) => Number(row.values.orders) > 0 && Number(row.values.revenue) > 0,
      );
      expect(selling.length).toBeGreaterThan(2);
      expect(kol.rows.every((row) => Number(row.values.engagement_rate ?? 0) <= 100)).toBe(true);
      await open(page, `${pathOf('kol-report')}?from=2026-09-28&to=2026-10-28`);
      const kolTable = await reportTable(page, 'KOL Report');
      const top = String(kol.rows[0]!.values.creator);
      await kolTable
        .getByRole('row', { name: new RegExp(top) })
        .first()
        .waitFor();
      await page.getByText(/carries the project’s voucher code/).waitFor();
      await page.getByRole('figure', { name: 'ROI by creator (top 10)' }).waitFor();

      // Tribe X Mayar: tribes that spend also earn; the totals are the sums of the rows.
      const tribes = await api('tribe-x-mayar?from=2026-10-01&to=2026-10-28');
      expect(
        tribes.rows.filter((row) => Number(row.values.spend) > 0 && Number(row.values.revenue) > 0).length,
      ).toBeGreaterThan(0);
      for (const field of ['revenue', 'spend', 'target', 'target_gap'])
        expect(tribes.totals.values[field], field).toBe(sum(tribes, field));
      await open(page, `${pathOf('tribe-x-mayar')}?from=2026-10-01&to=2026-10-28`);
      const tribeTable = await reportTable(page, 'Tribe X Mayar Report');
      await expect
        .poll(() => tribeTable.getByRole('row', { name: /^Total/ }).textContent())
        .toMatch(money(tribes.totals.values.target_gap));
    } finally {
      await page.close();
    }
  });

  it('drills the month reports and the KOL report, and exports their totals', async () => {
    const page = await newTab({ width: 1280, height: 800 });
    try {
      await open(page, `${pathOf('tribe-x-mayar')}?from=2026-11-01&to=2026-11-30`);
      const table = await reportTable(page, 'Tribe X Mayar Report');
      const tribe = await api('tribe-x-mayar?from=2026-11-01&to=2026-11-30');
      const first = String(tribe.rows[0]!.values.tribe);
      await page.getByRole('button', { name: `Expand ${first}`, exact: true }).click();
      await table
        .getByRole('row', { name: /2026-11/ })
        .first()
        .waitFor();

      await open(page, `${pathOf('kol-report')}?from=2026-11-01&to=2026-11-02`);
      const kol = await reportTable(page, 'KOL Report');
      await kol.getByRole('row', { name: /Nadia/ }).first().waitFor();
      await page.getByRole('button', { name: 'Expand Nadia', exact: true }).click();
      await kol.getByRole('row', { name: /Reel Serum/ }).waitFor();
      const expected = await api('kol-report?from=2026-11-01&to=2026-11-02');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export XLSX' }).click();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await (await download).path())!);
      const sheet = workbook.worksheets[0]!;
      const last = sheet.getRow(sheet.rowCount);
      expect(last.getCell(1).value).toBe('Total');
      expect(last.getCell(2).value).toBe(expected.totals.values.fee);
    } finally {
      await page.close();
    }
  });
});
