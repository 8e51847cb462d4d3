import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { LANDING_PATH, MENU_GROUPS } from '@staff/console-contract';
import { replaceUserSets } from '../../console-server/src/services/users.js';
import { silentEvents } from '../../console-server/src/services/events.js';
import { authenticate } from '../../console-server/src/auth/sessions.js';
import {
  apiLogin,
  createUserWithKeys,
  newPage,
  type DelayOptions,
  openSignedIn,
  setupConsole,
  waitForUserSocket,
} from './harness.js';

const { server, browser } = setupConsole();

const ALWAYS_SHOWN = ['General Affairs', 'Automation Database', 'Operation Data'];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function groupLabels(page: Page): Promise<string[]> {
  const buttons = menu(page).locator('button[aria-expanded]');
  await buttons.first().waitFor();
  return (await buttons.allTextContents()).map((text) => text.trim());
}

async function itemsOf(page: Page, group: string): Promise<string[]> {
  const button = menu(page).getByRole('button', { name: group, exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const list = menu(page).getByRole('list', { name: group, exact: true });
  await list.waitFor();
  return (await list.getByRole('link').allTextContents()).map((text) => text.trim());
}

/** Signs a user in and opens the console on a page every user may at least see the shell of. */
async function openConsole(
  username: string,
  path: string = LANDING_PATH,
  delayOptions: DelayOptions = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const user = await apiLogin(server, username);
  const { context, page } = await newPage(browser, undefined, delayOptions);
  await openSignedIn(page, server, user, path);
  await page.getByRole('button', { name: 'Sign Out' }).waitFor();
  return { page, close: () => context.close() };
}

async function waitForGroups(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => groupLabels(page)).toEqual(expected);
}

describe('sidebar groups by permission', () => {
  it('shows only the three always-shown groups to a user with no keys, with all their items', async () => {
    const { page, close } = await openConsole('demo-none');
    await waitForGroups(page, ALWAYS_SHOWN);
    expect(await itemsOf(page, 'General Affairs')).toEqual(['Meeting Room Dashboard']);
    expect(await itemsOf(page, 'Automation Database')).toEqual(['N8N Creator Database']);
    expect(await itemsOf(page, 'Operation Data')).toHaveLength(14);
    await close();
  });

  it('shows every group to a user with every key, one open at a time', async () => {
    const { page, close } = await openConsole('demo-all');
    await waitForGroups(
      page,
      MENU_GROUPS.map((group) => group.label),
    );
    expect(await itemsOf(page, 'Statistics')).toEqual(['Usage Statistics', 'Chat List', 'Cust Venn Diagram']);
    expect(await itemsOf(page, 'Finance')).toEqual(['Companies', 'Bank Accounts', 'Monthly Target']);
    const open = await menu(page).locator('button[aria-expanded="true"]').allTextContents();
    expect(open.map((text) => text.trim())).toEqual(['Finance']);
    expect(await itemsOf(page, 'Logistics')).toEqual(['Packaging', 'Receipt Confirmation']);
    await close();
  });

  it('needs both keys for the double-keyed items: KOL Report and Companies', async () => {
    await createUserWithKeys(server, 'e2e-reports', ['ad_daily_tracker']);
    await createUserWithKeys(server, 'e2e-reports-kol', ['ad_daily_tracker', 'finance_kol_report']);
    await createUserWithKeys(server, 'e2e-bank', ['finance_manage_bank_accounts']);
    await createUserWithKeys(server, 'e2e-bank-companies', [
      'finance_manage_bank_accounts',
      'finance_manage_companies',
    ]);
    await createUserWithKeys(server, 'e2e-kol-only', ['finance_kol_report', 'finance_manage_companies']);

    const reports = await openConsole('e2e-reports');
    await waitForGroups(reports.page, [
      'General Affairs',
      'Automation Database',
      'Operation Data',
      'Reports',
    ]);
    expect(await itemsOf(reports.page, 'Reports')).not.toContain('KOL Report');
    expect(await itemsOf(reports.page, 'Reports')).toHaveLength(7);
    await reports.close();

    const kol = await openConsole('e2e-reports-kol');
    await waitForGroups(kol.page, ['General Affairs', 'Automation Database', 'Operation Data', 'Reports']);
    expect(await itemsOf(kol.page, 'Reports')).toContain('KOL Report');
    await kol.close();

    const bank = await openConsole('e2e-bank');
    await waitForGroups(bank.page, ['General Affairs', 'Automation Database', 'Operation Data', 'Finance']);
    expect(await itemsOf(bank.page, 'Finance')).toEqual(['Bank Accounts', 'Monthly Target']);
    await bank.close();

    const companies = await openConsole('e2e-bank-companies');
    await waitForGroups(companies.page, [
      'General Affairs',
      'Automation Database',
      'Operation Data',
      'Finance',
    ]);
    expect(await itemsOf(companies.page, 'Finance')).toEqual([
      'Companies',
      'Bank Accounts',
      'Monthly Target',
    ]);
    await companies.close();

    // The item keys alone do not show a group that needs another key.
    const kolOnly = await openConsole('e2e-kol-only');
    await waitForGroups(kolOnly.page, ALWAYS_SHOWN);
    await kolOnly.close();
  });
});

describe('permission changes', () => {
  it('the refresh icon reloads ___ca with a spinner of at least 1 s', async () => {
    const userId = await createUserWithKeys(server, 'e2e-refresh', []);
    // The spinner's 1 s floor is what this test checks: the spec's delays.
    const { page, close } = await openConsole('e2e-refresh', LANDING_PATH, { specDelays: true });
    await waitForGroups(page, ALWAYS_SHOWN);
    // Changed in the database without telling anyone: only the refresh finds out.
    await replaceUserSets(server.database.db, userId, ['Logs'], { events: silentEvents });
    const refresh = page.getByRole('button', { name: 'Refresh permissions' });
    const reload = page.waitForResponse('**/api/a/verify/___ca');
    // Timed in the page's own clock: the button's states are recorded in the page from the click on, so a slow
    // round trip from the test to the page cannot miss the spinner.
    await refresh.evaluate((button: HTMLElement) => {
      const log: Array<[string | null, number]> = [['click', performance.now()]];
      (window as unknown as { refreshStates: typeof log }).refreshStates = log;
      new MutationObserver(() => log.push([button.getAttribute('data-state'), performance.now()])).observe(
        button,
        { attributes: true, attributeFilter: ['data-state'] },
      );
      button.click();
    });
    expect((await reload).status()).toBe(200);
    const recorded = () =>
      page.evaluate(
        () => (window as unknown as { refreshStates: Array<[string | null, number]> }).refreshStates,
      );
    await expect.poll(async () => (await recorded()).some(([state]) => state === 'idle')).toBe(true);
    const states = await recorded();
    const clickedAt = states[0]![1];
    expect(states[1]?.[0]).toBe('refreshing');
    const idle = states.find(([state]) => state === 'idle');
    expect(idle).toBeDefined();
    expect(idle![1] - clickedAt).toBeGreaterThanOrEqual(1000);
    await waitForGroups(page, [...ALWAYS_SHOWN, 'Logs']);
    await page.getByText('Permissions refreshed.').waitFor();
    await close();
  });

  it('a change pushed over the socket updates the sidebar and re-checks the open page live', async () => {
    const userId = await createUserWithKeys(server, 'e2e-live', []);
    // Usage Statistics opens for everyone signed in (issue 10 item 7): a keyed page shows the re-check.
    const { page, close } = await openConsole('e2e-live', '/app/administration/users/');
    // The page is denied at first.
    await page.getByRole('alert').filter({ hasText: "You don't have permission" }).waitFor();
    await waitForGroups(page, ALWAYS_SHOWN);
    await waitForUserSocket(server, userId);
    // The sidebar footer shows the socket's state.
    await page.getByText('Connected', { exact: true }).waitFor();
    await replaceUserSets(server.database.db, userId, ['Statistics', 'Users'], {
      events: server.app.realtime,
    });
    await waitForGroups(page, ['Statistics', ...ALWAYS_SHOWN, 'Users']);
    // The open page re-checked and now opens.
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByText('Your permissions were changed by an administrator.').waitFor();
    await close();
  });

  it('a session revoked elsewhere signs the user out over the socket', async () => {
    const user = await apiLogin(server, 'demo-users');
    const { context, page } = await newPage(browser);
    await openSignedIn(page, server, user, '/app/administration/users/');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    const session = await authenticate(server.database.db, user.token, new Date());
    await waitForUserSocket(server, session!.userId);
    // The same token signs out from another client: the server pushes session:revoked.
    const response = await fetch(`${server.baseURL}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(200);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    // Nothing of the session stays; only the device's theme and language choices (ADR 028), no account data.
    expect(
      await page.evaluate(() =>
        Object.keys(window.localStorage).filter(
          (key) => key !== 'console-theme' && key !== 'console-language',
        ),
      ),
    ).toEqual([]);
    await context.close();
  });
});
