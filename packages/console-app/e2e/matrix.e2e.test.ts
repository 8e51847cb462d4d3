// Issue 10 item 8: the permission matrix at 1440×900 and 390×844: no sideways scroll of sets, a readable
// "Opens" column, uncrowded headers, and a phone layout where each key is a card with its boxes in reach.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { PERMISSION_KEYS } from '@staff/console-contract';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import { ADMIN_USERNAME, apiLogin, newPage, openSignedIn, setupConsole } from './harness.js';

const { server, browser } = setupConsole();

async function openMatrix(viewport: { width: number; height: number }) {
  const admin = await apiLogin(server, ADMIN_USERNAME, DEMO_ADMIN_PASSWORD);
  const { context, page } = await newPage(browser, viewport);
  await openSignedIn(page, server, admin, '/app/administration/user-permissions/');
  await page.getByRole('table', { name: 'Permission matrix' }).locator('tbody tr').first().waitFor();
  return { context, page };
}

/** Horizontal overflow of the page and of every box inside the matrix's part of it. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    const boxes = [...document.querySelectorAll('main *')].filter((element) => {
      const style = getComputedStyle(element);
      return /(auto|scroll)/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
    });
    return { page: root.scrollWidth - root.clientWidth, scrollingBoxes: boxes.length };
  });

describe('issue 10 item 8: the permission matrix is usable', () => {
  it('1440×900: every set within reach without sideways scroll, "Opens" readable, headers on one line', async () => {
    const { context, page } = await openMatrix({ width: 1440, height: 900 });
    try {
      expect(await sidewaysOverflow(page)).toEqual({ page: 0, scrollingBoxes: 0 });
      const sets = page.getByRole('group', { name: 'Permission sets' }).getByRole('radio');
      expect(await sets.count()).toBeGreaterThanOrEqual(10);
      for (const radio of await sets.all()) expect(await radio.isVisible()).toBe(true);

      const matrix = page.getByRole('table', { name: 'Permission matrix' });
      expect(await matrix.locator('tbody tr').count()).toBe(PERMISSION_KEYS.length);
      // "Opens" is wide (it was 80 px, its cells five or six lines).
      const opens = await matrix.locator('thead th', { hasText: 'Opens' }).boundingBox();
      expect(opens!.width).toBeGreaterThanOrEqual(300);
      const lineHeights = await matrix.locator('td.opens').evaluateAll((cells) =>
        cells.map((cell) => {
          const style = getComputedStyle(cell);
          const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.25;
          const content =
            cell.getBoundingClientRect().height -
            parseFloat(style.paddingTop) -
            parseFloat(style.paddingBottom);
          return content / line;
        }),
      );
      // Most keys' pages fit on one or two lines (the key that opens 14 report and CRM pages takes more).
      const sorted = [...lineHeights].sort((a, b) => a - b);
      expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThanOrEqual(2.5);
      // Headers on one line each.
      const headerHeights = await matrix
        .locator('thead th')
        .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().height));
      expect(Math.max(...headerHeights)).toBeLessThan(40);

      // Another set is one click away, its boxes in view and working.
      await page.getByRole('radio', { name: 'Reports', exact: true }).check();
      const box = page.getByRole('checkbox', { name: 'Read ad_daily_tracker in Reports' });
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
      await page.getByRole('button', { name: 'Save changes (1 set)' }).waitFor();
      await page.getByRole('button', { name: 'Discard changes' }).click();
      expect(await box.isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('390×844: keys as cards, boxes in reach, no sideways scroll', async () => {
    const { context, page } = await openMatrix({ width: 390, height: 844 });
    try {
      expect(await sidewaysOverflow(page)).toEqual({ page: 0, scrollingBoxes: 0 });
      const matrix = page.getByRole('table', { name: 'Permission matrix' });
      const rows = await matrix.locator('tbody tr').all();
      for (const row of rows.slice(0, 5)) {
        const rowBox = (await row.boundingBox())!;
        expect(rowBox.x).toBeGreaterThanOrEqual(0);
        expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(390);
        for (const box of await row.getByRole('checkbox').all()) {
          const b = (await box.boundingBox())!;
          expect(b.x + b.width).toBeLessThanOrEqual(390);
        }
      }
      // The column headers give way to the flags' names beside each box.
      expect(await matrix.locator('thead').isVisible()).toBe(false);
      expect(await rows[0]!.getByText('Read', { exact: true }).isVisible()).toBe(true);
      await page.getByRole('radio', { name: 'Reports', exact: true }).check();
      await page.getByRole('checkbox', { name: 'Read ad_daily_tracker in Reports' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
