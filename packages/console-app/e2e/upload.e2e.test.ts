// Issue 13: an Ads Manager export uploaded from Master Ad Campaign — preview, the upload's progress bar, the
// result summary — lands in the database, and the same file again changes nothing.
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import { intakeDb } from '../../console-server/src/intake/tables.js';
import { ADMIN_USERNAME, openSignedIn, setupConsole } from './harness.js';

const {
  server,
  user: admin,
  page,
} = setupConsole({ signIn: { username: ADMIN_USERNAME, password: DEMO_ADMIN_PASSWORD }, page: {} });

const HEADER =
  'Reporting starts,Reporting ends,Campaign name,Ad set name,Ad name,Campaign ID,Ad set ID,Ad ID,Amount spent (IDR),Impressions,Reach,Frequency,Link clicks,Purchases,Purchases conversion value';
const DAYS = 60;
const ADS = 50;

/** An English export: a summary row, then DAYS × ADS daily ad rows of one campaign (3 000 rows, ~0.5 MB). */
function exportCsv(campaignId: string): string {
  const lines = [`\uFEFF${HEADER}`, '2026-09-01,2026-10-30,,,,,,,"9,999",1,1,1,1,1,1'];
  for (let day = 0; day < DAYS; day += 1) {
    const date = new Date(Date.UTC(2026, 8, 1 + day)).toISOString().slice(0, 10);
    for (let ad = 0; ad < ADS; ad += 1) {
      const adSet = `9100000000${ad % 5}`;
      lines.push(
        `${date},${date},Upload E2E,Set ${ad % 5},"Ad ${ad}, video",${campaignId},${adSet},92000000${String(ad).padStart(3, '0')},"${(1000 + ad * 10).toLocaleString('en-US')}",${2000 + day},1500,1.3,40,${ad % 3},${(ad % 3) * 150000}`,
      );
    }
  }
  return lines.join('\r\n');
}

/** Labels of every progress bar shown from now on (it can be brief on a fast machine, so it is recorded). */
async function recordProgressBars(): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"]'))
        seen.push(`${bar.getAttribute('aria-label')}|${bar.getAttribute('aria-valuenow') ?? ''}`);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

describe('Import from Ads Manager', () => {
  it('previews, imports with a progress bar, shows the summary; the same file twice changes nothing', async () => {
    const csv = exportCsv('120219990000000001');
    await openSignedIn(page, server, admin, '/app/admins/ad-campaigns');
    await page.getByRole('button', { name: 'Import from Ads Manager' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from Ads Manager' });
    await dialog.getByLabel('Ads Manager export (CSV or XLSX)').setInputFiles({
      name: 'ads-manager-september.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const preview = dialog.getByRole('status', { name: 'Preview' });
    await expect
      .poll(() => preview.textContent())
      .toMatch(/3\.000 rows ready to import, summary row skipped \(English headers/);

    await recordProgressBars();
    await dialog.getByRole('button', { name: 'Import' }).click();
    const result = dialog.getByRole('status', { name: 'Imported' });
    await result.waitFor();
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.some((entry) => /^(Uploading|Saving…)\|/.test(entry))).toBe(true);
    const summary = await result.getByRole('definition').allTextContents();
    // Rows, Inserted, Updated, Unchanged, Rejected, Ad sets, Ads (id-ID digits).
    expect(summary).toEqual(['3.000', '3.000', '0', '0', '0', '5', '50']);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Ads Manager import: 3.000 inserted, 0 updated, 0 unchanged.').waitFor();

    const stored = await intakeDb(server.database.db)
      .selectFrom('ad_insights_daily')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', '120219990000000001')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(3000);

    // The same file again: nothing changes.
    await page.getByRole('button', { name: 'Import from Ads Manager' }).click();
    await dialog.getByLabel('Ads Manager export (CSV or XLSX)').setInputFiles({
      name: 'ads-manager-september.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await preview.waitFor();
    await dialog.getByRole('button', { name: 'Import' }).click();
    await result.waitFor();
    expect(await result.getByRole('definition').allTextContents()).toEqual([
      '3.000',
      '0',
      '0',
      '3.000',
      '0',
      '5',
      '50',
    ]);
  });

  it('shows per-row problems in the preview and imports nothing', async () => {
    const previous = page.getByRole('dialog', { name: 'Import from Ads Manager' });
    await previous.getByRole('button', { name: 'Close' }).click();
    await previous.waitFor({ state: 'detached' });
    const bad = `${HEADER}\r\n2026-09-01,2026-09-01,X,Y,Z,120219990000000002,1,2,lots,1,1,1,1,1,1`;
    await page.getByRole('button', { name: 'Import from Ads Manager' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from Ads Manager' });
    await dialog.getByLabel('Ads Manager export (CSV or XLSX)').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad),
    });
    const problems = dialog.getByRole('table', { name: 'Problems in the file' });
    await problems.waitFor();
    expect(await problems.getByRole('row').nth(1).textContent()).toBe(
      '2spendAmount spent (IDR) must be a number, got "lots"',
    );
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => dialog.getByRole('status', { name: 'Imported' }).count()).toBe(0);
  });
});
