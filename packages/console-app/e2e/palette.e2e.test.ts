// Issue 10 "Beyond": a command palette (Ctrl/⌘-K) that opens any page the user may open and finds records across
// entities, only of the entities the user may read.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import {
  ADMIN_USERNAME,
  apiLogin,
  createUserWithKeys,
  newPage,
  openSignedIn,
  pathOf,
  setupConsole,
} from './harness.js';

const {
  server,
  browser,
  user: admin,
} = setupConsole({ signIn: { username: ADMIN_USERNAME, password: DEMO_ADMIN_PASSWORD } });
let tribeId: number;

async function create(entity: string, body: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${server.baseURL}/api/resources/${entity}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`create ${entity}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

beforeAll(async () => {
  tribeId = await create('tribes', { name: 'Tribe Paletta', code: 'PLT' });
  // Matches too, but the user below may not read companies.
  await create('companies', { name: 'Paletta Niaga', legal_name: 'PT Paletta Niaga' });
  await createUserWithKeys(server, 'e2e-palette', ['databank_tribes']);
});

describe('command palette', () => {
  it('Ctrl-K, type, arrows and Enter open a page, then a record; Escape closes and focus returns', async () => {
    const { context, page } = await newPage(browser);
    try {
      await openSignedIn(page, server, await apiLogin(server, 'e2e-palette'), '/app/usage-statistic');
      await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();

      // A page: Ctrl-K from anywhere, type, ↓ to the second match, Enter.
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: 'Command palette' });
      const field = dialog.getByRole('combobox', { name: 'Search pages and records' });
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      await field.pressSequentially('tribe');
      const pages = dialog.getByRole('group', { name: 'Pages' });
      await pages.getByRole('option', { name: /Tribe Admin/ }).waitFor();
      const labels = await pages.getByRole('option').allTextContents();
      expect(labels.every((label) => /tribe/i.test(label))).toBe(true);
      // The first match is active; ↓ walks to Tribe Admin.
      const target = labels.findIndex((label) => label.startsWith('Tribe Admin'));
      for (let i = 0; i < target; i += 1) await page.keyboard.press('ArrowDown');
      expect(await pages.getByRole('option', { name: /Tribe Admin/ }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/app/admins/tribes');
      expect(await dialog.count()).toBe(0);

      // A record: only the tribe (companies are not the user's), opened on its list page filtered to it.
      await page.keyboard.press('Meta+k');
      await field.waitFor();
      await field.pressSequentially('paletta');
      const records = dialog.getByRole('group', { name: 'Records' });
      await records.getByRole('option').first().waitFor();
      expect(await records.getByRole('option').allTextContents()).toEqual(['Tribe PalettaTribes']);
      expect(await dialog.getByText('Paletta Niaga').count()).toBe(0);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.search.includes(`f.id.eq=${tribeId}`));
      expect(pathOf(page)).toBe('/app/admins/tribes');
      // The list shows that row alone.
      const main = page.getByRole('main');
      await main.getByText('Tribe Paletta', { exact: true }).waitFor();
      await main.getByText('1–1 of 1').waitFor();

      // The sidebar button opens it too; Escape closes it and focus goes back to the button.
      const opener = page.getByRole('button', { name: 'Search pages and records (Ctrl+K)' });
      await opener.click();
      await field.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
