import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { LANDING_PATH, ROUTES } from '@staff/console-contract';
import { ADMIN_MESSAGES } from '../../console-server/src/admin/service.js';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import {
  ADMIN_USERNAME,
  apiLogin,
  newPage,
  openSignedIn,
  reusedTabs,
  pathOf,
  setupConsole,
  waitForUserSocket,
  watchNotification,
} from './harness.js';

const { server, browser } = setupConsole();

const ALWAYS_SHOWN = ['General Affairs', 'Automation Database', 'Operation Data'];
const USERS_PATH = '/app/administration/users/';
const SETS_PATH = '/app/administration/user-permissions/';

async function groupLabels(page: Page, menuName = 'Main menu'): Promise<string[]> {
  const buttons = page.getByRole('navigation', { name: menuName }).locator('button[aria-expanded]');
  await buttons.first().waitFor();
  return (await buttons.allTextContents()).map((text) => text.trim());
}

async function waitForGroups(page: Page, expected: string[], menuName?: string): Promise<void> {
  await expect.poll(() => groupLabels(page, menuName)).toEqual(expected);
}

/** The administrator's tabs share one context (a new one cost chromium about 2.4 CPU-s); each test closes its tab. */
const newTab = reusedTabs(browser);

async function openAsAdmin(path: string) {
  const user = await apiLogin(server, ADMIN_USERNAME, DEMO_ADMIN_PASSWORD);
  const page = await newTab({ width: 1400, height: 900 });
  await openSignedIn(page, server, user, path);
  return { page, close: () => page.close() };
}

/** Finds a user in the list by search and opens their details. */
async function manage(page: Page, username: string) {
  await page.getByRole('searchbox').fill(username);
  await page.getByRole('button', { name: `Manage ${username}` }).click();
  await page.locator(`[data-user="${username}"]`).waitFor();
}

async function setMatrixCell(page: Page, label: string, checked: boolean) {
  // The matrix shows one set at a time: pick the label's set ("Read <key> in <set>") first.
  const setName = label.slice(label.indexOf(' in ') + 4);
  await page.getByRole('radio', { name: setName, exact: true }).check();
  const box = page.getByRole('checkbox', { name: label });
  if (checked) await box.check();
  else await box.uncheck();
}

describe('administration in the browser', () => {
  it('creates a set and a user; the user sees exactly the granted menu, loses a revoked key live, and is thrown out when disabled', async () => {
    const admin = await openAsAdmin(SETS_PATH);
    const { page } = admin;

    // A set with read on ad_daily_tracker (the Reports group).
    await page.getByRole('heading', { level: 1, name: 'User Permission Set' }).waitFor();
    await page.getByLabel('New set name').fill('E2E Reports');
    await page.getByRole('button', { name: 'Create set' }).click();
    await page.getByRole('checkbox', { name: 'Read ad_daily_tracker in E2E Reports' }).waitFor();
    await setMatrixCell(page, 'Read ad_daily_tracker in E2E Reports', true);
    await page.getByRole('button', { name: 'Save changes (1 set)' }).click();
    await page.getByText('E2E Reports changed; 0 users holding it updated at once.').waitFor();

    // A user with a generated password, then the set.
    await page.goto(`${server.baseURL}${USERS_PATH}`);
    await page.getByRole('button', { name: 'New user' }).click();
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByLabel('Username').fill('e2e.budi');
    await form.getByLabel('Full name').fill('Budi Santoso');
    await form.getByRole('button', { name: 'Create user' }).click();
    const secret = page.getByTestId('one-time-secret');
    await secret.waitFor();
    const password = (await secret.textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{18}$/);
    await page.getByRole('checkbox', { name: 'E2E Reports' }).check();
    const saved = await watchNotification(
      page,
      'Permission sets of Budi Santoso saved. Their open tabs update at once.',
    );
    await page.getByRole('button', { name: 'Save permission sets' }).click();
    await saved();
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    expect(await secret.count()).toBe(0);

    // The user, in a second browser context, signs in through the login form.
    const second = await newPage(browser);
    const userPage = second.page;
    await userPage.goto(`${server.baseURL}/login`);
    await userPage.getByLabel('Username').fill('e2e.budi');
    await userPage.getByLabel('Password').fill(password);
    await userPage.getByLabel('Password').press('Enter');
    await userPage.waitForURL((url) => url.pathname === LANDING_PATH);
    await waitForGroups(userPage, [...ALWAYS_SHOWN, 'Reports']);
    const budiId = (
      await server.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'e2e.budi')
        .executeTakeFirstOrThrow()
    ).id;
    await waitForUserSocket(server, budiId);

    // Revoke the key: the user's sidebar changes without a reload.
    await page.goto(`${server.baseURL}${SETS_PATH}`);
    await setMatrixCell(page, 'Read ad_daily_tracker in E2E Reports', false);
    await page.getByRole('button', { name: 'Save changes (1 set)' }).click();
    await page.getByText('E2E Reports changed; 1 user holding it updated at once.').waitFor();
    await waitForGroups(userPage, ALWAYS_SHOWN);
    await userPage.getByText('Your permissions were changed by an administrator.').waitFor();

    // Disable the user: they land on the start screen at once.
    await page.goto(`${server.baseURL}${USERS_PATH}`);
    await manage(page, 'e2e.budi');
    await page.getByRole('button', { name: 'Disable user' }).click();
    await page
      .getByRole('alertdialog', { name: 'Disable Budi Santoso?' })
      .getByRole('button', { name: 'Disable', exact: true })
      .click();
    await page.getByText('Budi Santoso is disabled and was signed out everywhere.').waitFor();
    await userPage.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect(['/', '/login']).toContain(pathOf(userPage));

    await second.context.close();
    await admin.close();
  });

  it('views the console as another user, read-only, with an exit', async () => {
    const { page, close } = await openAsAdmin(USERS_PATH);
    await page.getByRole('searchbox').fill('demo-reports');
    // "Manage" and "View as" sit on one line in the row (they wrapped under each other).
    // Polled: the list re-renders as the search applies; wrapped buttons never share a line.
    const manageButton = page.getByRole('button', { name: 'Manage demo-reports' });
    const viewAsButton = page.getByRole('button', { name: 'View as demo-reports' });
    await expect
      .poll(async () => {
        const manageBox = await manageButton.boundingBox();
        const viewAsBox = await viewAsButton.boundingBox();
        if (!manageBox || !viewAsBox) return 'not shown';
        return viewAsBox.y === manageBox.y && viewAsBox.x > manageBox.x + manageBox.width
          ? 'one line'
          : `Manage at ${manageBox.x},${manageBox.y}; View as at ${viewAsBox.x},${viewAsBox.y}`;
      })
      .toBe('one line');
    await page.getByRole('button', { name: 'View as demo-reports' }).click();
    const view = page.getByRole('dialog', { name: 'Viewing as Demo Reports (read-only)' });
    await view.waitFor();
    await view.getByText('read-only preview').waitFor();
    await waitForGroups(page, [...ALWAYS_SHOWN, 'Reports'], 'Menu of Demo Reports');
    // The server's answer marks locked items, and the preview shows them as the user's own Sidebar would: a page
    // shown to everyone whose key this user lacks has the padlock's data-locked; the Reports pages do not.
    const previewMenu = view.getByRole('navigation', { name: 'Menu of Demo Reports' });
    expect(
      await previewMenu
        .locator('a[href="/app/general-affairs/meeting-room-dashboard"][data-locked="true"]')
        .count(),
    ).toBe(1);
    expect(await previewMenu.locator('a[href="/app/reports/adset"]').count()).toBe(1);
    expect(await previewMenu.locator('a[href="/app/reports/adset"][data-locked]').count()).toBe(0);
    await expect
      .poll(() => view.getByRole('list', { name: 'Page access' }).locator('[data-allowed="true"]').count())
      .toBe(
        ROUTES.filter(
          (route) =>
            // Usage Statistics opens for everyone signed in (issue 10 item 7).
            route.access === 'signed-in' ||
            route.key === 'ad_daily_tracker' ||
            route.key === 'finance_kol_report',
        ).length,
      );
    await view.getByText('Users (/app/administration/users/): denied — needs admin_manage_user').waitFor();
    // The admin's own menu is untouched underneath.
    await view.getByRole('button', { name: 'Exit view as' }).click();
    expect(await view.count()).toBe(0);
    await waitForGroups(page, [
      'Statistics',
      'General Affairs',
      'Automation Database',
      'Customer Retention',
      'Operation Data',
      'Reports',
      'Logistics',
      'Logs',
      'Finance',
      'Users',
    ]);
    const audit = await server.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'view-as')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
    await close();
  });

  it('keeps the Users list in the address: search, sort, rows per page survive a reload and go back', async () => {
    const { page, close } = await openAsAdmin(USERS_PATH);
    const grid = page.getByRole('grid', { name: 'Users' });
    await grid.locator('tbody tr[data-index]').first().waitFor();
    const listed = (test: (url: URL) => boolean) =>
      page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/admin/users' && test(url);
      });
    const searched = listed((url) => url.searchParams.get('q') === 'demo');
    await page.getByRole('searchbox').fill('demo');
    await searched;
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('demo');
    const sorted = listed((url) => url.searchParams.get('sort') === 'full_name');
    await grid.getByRole('columnheader', { name: 'Full name' }).getByRole('button').click();
    await sorted;
    const sized = listed((url) => url.searchParams.get('page_size') === '10');
    await page.getByLabel('Rows per page').selectOption('10');
    await sized;
    await expect.poll(() => new URL(page.url()).searchParams.get('size')).toBe('10');
    const address = new URL(page.url());
    expect(address.pathname).toBe(USERS_PATH);
    expect(address.searchParams.get('sort')).toBe('full_name:asc');

    // A reload (or a shared link) opens the same view and asks the server for it.
    const reloaded = listed(
      (url) =>
        url.searchParams.get('q') === 'demo' &&
        url.searchParams.get('sort') === 'full_name' &&
        url.searchParams.get('page_size') === '10',
    );
    await page.reload();
    const answer = (await (await reloaded).json()) as { users: { username: string }[] };
    expect(answer.users.length).toBeGreaterThan(0);
    expect(answer.users.every((user) => user.username.includes('demo'))).toBe(true);
    expect(await page.getByRole('searchbox').inputValue()).toBe('demo');
    expect(await page.getByLabel('Rows per page').inputValue()).toBe('10');

    // Back undoes the last change of the view.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('size')).toBeNull();
    expect(await page.getByLabel('Rows per page').inputValue()).toBe('25');
    await close();
  });

  it('refuses to disable the last administrator, with the server’s reason', async () => {
    const { page, close } = await openAsAdmin(USERS_PATH);
    // demo-all holds "All access" too: take it away so "admin" is the last administrator.
    await manage(page, 'demo-all');
    await page.getByRole('checkbox', { name: 'All access' }).uncheck();
    const saved = await watchNotification(
      page,
      'Permission sets of Demo All Access saved. Their open tabs update at once.',
    );
    await page.getByRole('button', { name: 'Save permission sets' }).click();
    await saved();
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    await manage(page, ADMIN_USERNAME);
    await page.getByRole('button', { name: 'Disable user' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Disable Administrator?' });
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await dialog.getByText(ADMIN_MESSAGES.lastAdmin('Disabling this user')).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Still signed in and still an administrator.
    expect(pathOf(page)).toBe(USERS_PATH);
    await page
      .locator(`[data-user="${ADMIN_USERNAME}"]`)
      .getByRole('button', { name: 'Disable user' })
      .waitFor();
    const row = await server.database.db
      .selectFrom('users')
      .select('active')
      .where('username', '=', ADMIN_USERNAME)
      .executeTakeFirstOrThrow();
    expect(row.active).toBe(true);
    await close();
  });

  it('changes my own password from the sidebar', async () => {
    const user = await apiLogin(server, 'demo-none');
    const { context, page } = await newPage(browser);
    await openSignedIn(page, server, user, LANDING_PATH);
    await page.getByRole('button', { name: 'Change my password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change my password' });
    await dialog.getByLabel('Current password').fill('wrong');
    await dialog.getByLabel('New password', { exact: true }).fill('A-new-password-42');
    await dialog.getByLabel('Repeat the new password').fill('A-new-password-42');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.getByText('The current password is not correct.').waitFor();
    await dialog.getByLabel('Current password').fill('Demo12345!');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed.').waitFor();
    const relogin = await fetch(`${server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo-none', password: 'A-new-password-42' }),
    });
    expect(relogin.status).toBe(200);
    await context.close();
  });
});
