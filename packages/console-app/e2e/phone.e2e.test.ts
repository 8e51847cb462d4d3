// Issue 10 items 10 and 11 as a user meets them in chromium: lists on a phone (cards with their actions in
// reach, the filters behind a "Filter" button), and the smaller defects: "0 of 0" while loading and on error,
// the plural delete confirmation, the favicon, and hinted locked links in Operation Data.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { tribes } from '@staff/console-contract';
import { apiLogin, openSignedIn, reusedTabs, setupConsole } from './harness.js';

const { server, browser, user } = setupConsole({ signIn: { username: 'demo-all' } });

/** Each test's tab is in a context the file reuses, one per viewport (a new one cost chromium about 2.4 CPU-s). */
const newTab = reusedTabs(browser);

async function withPage(
  path: string,
  viewport: { width: number; height: number },
  run: (page: Page) => Promise<void>,
  who = user,
) {
  const page = await newTab(viewport);
  try {
    await openSignedIn(page, server, who, path);
    await run(page);
  } finally {
    await page.close();
  }
}

describe('issue 10 item 11: lists on a phone (390×844)', () => {
  it('shows cards with the key columns and actions in reach, filters behind a "Filter" button', async () => {
    await withPage('/app/admins/projects', { width: 390, height: 844 }, async (page) => {
      const grid = page.getByRole('grid', { name: 'Projects' });
      const first = grid.locator('tbody tr[data-index]').first();
      await first.waitFor();
      expect(await page.locator('.cui-data-table').getAttribute('data-layout')).toBe('cards');

      // Nothing scrolls sideways, and the list is not a box scrolling inside the page.
      const overflow = await page.evaluate(() => {
        const root = document.scrollingElement!;
        const scroll = document.querySelector('.cui-data-table-scroll')!;
        return {
          page: root.scrollWidth - root.clientWidth,
          nestedY: scroll.scrollHeight - scroll.clientHeight,
          nestedX: scroll.scrollWidth - scroll.clientWidth,
        };
      });
      expect(overflow).toEqual({ page: 0, nestedY: 0, nestedX: 0 });

      // The first card is on the first screen, with Edit and Delete inside it.
      const card = (await first.boundingBox())!;
      expect(card.y).toBeLessThan(844);
      expect(card.x + card.width).toBeLessThanOrEqual(390);
      for (const name of [/^Edit /, /^Delete /]) {
        const button = (await first.getByRole('button', { name }).boundingBox())!;
        expect(button.x).toBeGreaterThanOrEqual(0);
        expect(button.x + button.width).toBeLessThanOrEqual(390);
        expect(button.y + button.height).toBeLessThanOrEqual(card.y + card.height);
      }
      // Key columns are labelled in the card.
      expect(await first.locator('td[data-label]:visible').count()).toBeGreaterThanOrEqual(2);

      // Search stays; the rest of the filters open behind "Filter".
      const bar = page.getByRole('search');
      await bar.getByRole('searchbox').waitFor();
      expect(await bar.getByRole('button', { name: 'Add filter' }).isVisible()).toBe(false);
      const toggle = bar.getByRole('button', { name: /^Filter/ });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await bar.getByRole('button', { name: 'Add filter' }).waitFor();
    });
  });

  it('keeps the table with its filters in view on a desktop', async () => {
    await withPage('/app/admins/projects', { width: 1440, height: 900 }, async (page) => {
      const grid = page.getByRole('grid', { name: 'Projects' });
      await grid.locator('tbody tr[data-index]').first().waitFor();
      expect(await page.locator('.cui-data-table').getAttribute('data-layout')).not.toBe('cards');
      await page.getByRole('search').getByRole('button', { name: 'Add filter' }).waitFor();
      expect(
        await page
          .getByRole('search')
          .getByRole('button', { name: /^Filter/ })
          .count(),
      ).toBe(0);
    });
  });
});

describe('issue 10 item 10: the smaller defects', () => {
  it('never says "0 of 0" while the first page loads or after it failed', async () => {
    await withPage('/app/usage-statistic', { width: 1440, height: 900 }, async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();
      // Hold the list's answer, then fail it.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) => url.pathname === '/api/resources/tribes',
        async (route) => {
          await held;
          await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' });
        },
      );
      await page.goto(`${server.baseURL}/app/admins/tribes`);
      const grid = page.getByRole('grid', { name: 'Tribes' });
      await grid.waitFor();
      const footer = page.locator('.cui-data-table');
      await expect.poll(() => grid.getAttribute('aria-busy')).toBe('true');
      expect(await footer.textContent()).not.toMatch(/\b0 of 0\b/);
      release();
      await page
        .getByRole('alert')
        .filter({ hasText: /Boom|status 500/ })
        .first()
        .waitFor();
      expect(await footer.textContent()).not.toMatch(/\b0 of 0\b/);
    });
  });

  it('asks before a preset replaces filters the user set, and keeps them when told to', async () => {
    await withPage(
      '/app/admins/creators?f.platform.in=tiktok',
      { width: 1440, height: 900 },
      async (page) => {
        const chips = page.getByRole('list', { name: 'Active filters' });
        await chips.getByText('Platform: TikTok').waitFor();
        const select = page.getByRole('combobox', { name: 'Preset' });
        await select.selectOption({ label: 'Changed in the last 7 days' });
        const ask = page.getByRole('group', { name: 'Preset: Changed in the last 7 days' });
        await ask
          .getByText('“Changed in the last 7 days” replaces the filter you set. Replace it?')
          .waitFor();
        // Kept: the chip stays and the preset is not applied.
        await ask.getByRole('button', { name: 'Keep mine' }).click();
        expect(await chips.getByText('Platform: TikTok').count()).toBe(1);
        expect(await select.inputValue()).toBe('');
        // Replaced, on purpose.
        await select.selectOption({ label: 'Changed in the last 7 days' });
        await page
          .getByRole('group', { name: 'Preset: Changed in the last 7 days' })
          .getByRole('button', { name: 'Replace' })
          .click();
        await expect.poll(() => chips.getByText('Platform: TikTok').count()).toBe(0);
        expect(await select.inputValue()).toBe('recent');
      },
    );
  });

  it('asks about two companies in the plural', async () => {
    await withPage('/app/finance/companies/', { width: 1440, height: 900 }, async (page) => {
      const grid = page.getByRole('grid', { name: 'Companies' });
      const rows = grid.locator('tbody tr[data-index]');
      await rows.nth(1).waitFor();
      await rows.nth(0).getByRole('checkbox').check();
      await rows.nth(1).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Delete selected (2)' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      const text = (await dialog.textContent()) ?? '';
      expect(text).toContain('Delete 2 companies?');
      expect(text).toContain('They disappear from the list; their history is kept.');
      expect(text).not.toContain('It disappears');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });
  });

  it('shows notices clear of the toolbar', async () => {
    await withPage('/app/admins/tribes', { width: 1440, height: 900 }, async (page) => {
      await page.getByRole('grid', { name: 'Tribes' }).locator('tbody tr[data-index]').first().waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await download;
      const notice = page.getByText(/^Exported \d+ tribes as CSV\.$/);
      await notice.waitFor();
      const toast = (await notice.boundingBox())!;
      for (const name of ['Export CSV', 'New tribe']) {
        const control = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
        const overlaps =
          toast.x < control.x + control.width &&
          control.x < toast.x + toast.width &&
          toast.y < control.y + control.height &&
          control.y < toast.y + toast.height;
        expect(overlaps, `the notice covers ${name}`).toBe(false);
      }
    });
  });

  it("lists a new record's fields in the history in the form's order", async () => {
    const name = `Tribe Urutan ${Date.now().toString(36)}`;
    const response = await fetch(`${server.baseURL}/api/resources/tribes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        description: 'Dibuat untuk uji urutan riwayat.',
        members: ['Ayu', 'Budi'],
        leader_name: 'Sari',
        code: `UR-${Date.now().toString(36).slice(-4).toUpperCase()}`,
        name,
      }),
    });
    expect(response.status).toBe(201);
    await withPage(
      `/app/admins/tribes?q=${encodeURIComponent(name)}`,
      { width: 1440, height: 900 },
      async (page) => {
        await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
        await page.getByRole('button', { name: 'Show history' }).click();
        const created = page.locator('[data-action="create"]').first();
        await created.waitFor();
        const labels = (await created.locator('ul > li').allTextContents()).map((text) =>
          text.split(':')[0]!.trim(),
        );
        const order = tribes.fields.map((field) => field.label);
        const known = labels.filter((label) => order.includes(label));
        expect(known.slice(0, 5)).toEqual(['Name', 'Code', 'Leader', 'Members', 'Description']);
        expect(known).toEqual([...known].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
      },
    );
  });

  it('has a favicon', async () => {
    await withPage('/login', { width: 1440, height: 900 }, async (page) => {
      const href = await page.locator('link[rel="icon"]').getAttribute('href');
      expect(href).toBeTruthy();
      const response = await page.request.get(new URL(href!, server.baseURL).toString());
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('image/svg+xml');
    });
  });

  it('marks the Operation Data links a user cannot open as locked, with a hint', async () => {
    const none = await apiLogin(server, 'demo-none');
    await withPage(
      '/app/usage-statistic',
      { width: 1440, height: 900 },
      async (page) => {
        const menu = page.getByRole('navigation', { name: 'Main menu' });
        await menu.getByRole('button', { name: 'Operation Data' }).click();
        const link = menu.getByRole('link', { name: 'Creator Admin', exact: true });
        await link.waitFor();
        expect(await link.getAttribute('data-locked')).toBe('true');
        const hintId = await link.getAttribute('aria-describedby');
        expect(await page.locator(`[id="${hintId}"]`).textContent()).toMatch(/No access/);
        // The landing page, open to everyone, is not locked.
        expect(await menu.locator('[data-locked]').count()).toBeGreaterThan(5);
      },
      none,
    );
  });
});
