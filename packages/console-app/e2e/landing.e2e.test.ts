// Issue 10 item 7: sign-in lands on Usage Statistics, so it must be useful to everyone signed in: their own
// activity and the pages they can open; the team's figures only for holders of `statistics`.
import { describe, expect, it } from 'vitest';
import { LOGIN_PATH } from '@staff/console-contract';
import { DEMO_PASSWORD, createUserWithKeys, pathOf, reusedTabs, setupConsole } from './harness.js';

const { server, browser } = setupConsole();
/** Each sign-in in its own tab (empty storage) of one context the file reuses. */
const newTab = reusedTabs(browser);

/** Signs in through the login form, as staff do, and waits for the landing page's heading. */
async function signInThroughTheForm(username: string) {
  const page = await newTab({ width: 1440, height: 900 });
  const teamCalls: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/statistics/usage') teamCalls.push(response.status());
  });
  await page.goto(`${server.baseURL}${LOGIN_PATH}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();
  return { page, teamCalls };
}

describe('issue 10 item 7: the landing page is useful to everyone signed in', () => {
  it('a user without `statistics` sees their own activity and the pages they can open, not a denial', async () => {
    await createUserWithKeys(server, 'e2e-tribes-only', ['databank_tribes']);
    const { page, teamCalls } = await signInThroughTheForm('e2e-tribes-only');
    try {
      expect(pathOf(page)).toBe('/app/usage-statistic');
      const mine = page.getByRole('region', { name: 'Your activity' });
      await mine.getByRole('term').filter({ hasText: 'Your sign-ins' }).waitFor();
      expect(await mine.getByRole('definition').first().textContent()).toBe('1');
      await expect
        .poll(() => mine.getByRole('table', { name: 'Your latest sign-ins' }).locator('tbody tr').count())
        .toBe(1);
      expect(await page.getByText("You don't have permission to access this page").count()).toBe(0);

      // The pages they can open, as links that work.
      const pages = page.getByRole('navigation', { name: 'Pages you can open' });
      await pages.getByRole('link', { name: 'Tribe Admin' }).waitFor();
      expect(await pages.getByRole('link', { name: 'Purchase Log' }).count()).toBe(0);
      await pages.getByRole('link', { name: 'Tribe Admin' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tribe Admin' }).waitFor();

      // Back on the landing page, the visit shows among their own pages; the team figures stay hidden and
      // were never asked for.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();
      const visited = page.getByRole('table', { name: 'Your most visited pages' });
      await visited.getByRole('cell', { name: 'Tribe Admin' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Team activity' }).count()).toBe(0);
      expect(teamCalls).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a holder of `statistics` also sees the team, with active users never above the total', async () => {
    const { page, teamCalls } = await signInThroughTheForm('demo-statistics');
    try {
      const team = page.getByRole('region', { name: 'Team activity' });
      const active = team.getByRole('definition').first();
      await active.waitFor();
      const [shown, total] = ((await active.textContent()) ?? '').split(' of ').map((n) => Number(n.trim()));
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThanOrEqual(total!);
      expect(teamCalls).toEqual([200]);
      await page.getByRole('region', { name: 'Your activity' }).getByRole('term').first().waitFor();
    } finally {
      await page.close();
    }
  });
});
