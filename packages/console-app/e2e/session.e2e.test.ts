import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { LANDING_PATH, PAGE_DENIED_MESSAGE, STORED_USER_KEY } from '@staff/console-contract';
import { authenticate, revokeSession } from '../../console-server/src/auth/sessions.js';
import { LOGIN_SUCCESS_HOLD_MS } from '../../console-ui/src/machines/loginButton.texts.js';
import {
  apiLogin,
  apiStatus,
  DEMO_PASSWORD,
  openSignedIn,
  pathOf,
  recordText,
  textWasShown,
  reusedTabs,
  setupConsole,
} from './harness.js';

const { server, browser } = setupConsole();
/** Each test's own tab, with empty storage, in one of two contexts (short and spec delays) the file reuses. */
const newTab = reusedTabs(browser);
const SPEC_DELAYS = { specDelays: true };

const storedUser = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), STORED_USER_KEY);

describe('start screen', () => {
  it('shows "Please Wait..." and goes to /login without a stored session, after about 0.5 s', async () => {
    const page = await newTab(undefined, SPEC_DELAYS);
    await recordText(page, 'Please Wait...');
    const started = Date.now();
    await page.goto(`${server.baseURL}/`);
    await page.waitForURL('**/login');
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await textWasShown(page, 'Please Wait...')).toBe(true);
    await page.close();
  });

  it('goes to /app/customer-chats with a valid stored session', async () => {
    const user = await apiLogin(server, 'demo-statistics');
    const page = await newTab();
    // The e2e start screen lasts 40 ms (E2E_DELAYS), so it is recorded rather than polled for.
    await recordText(page, 'Please Wait...');
    await openSignedIn(page, server, user, '/');
    await page.waitForURL('**/app/customer-chats');
    await page.getByRole('heading', { level: 1, name: 'Chat List' }).waitFor();
    expect(await page.title()).toBe('Chat List');
    expect(await textWasShown(page, 'Please Wait...')).toBe(true);
    await page.close();
  });

  it('treats a stored token the server refuses as no session and clears it', async () => {
    const page = await newTab();
    await openSignedIn(page, server, { token: 'x'.repeat(43), fullname: 'Nobody', last_login: null }, '/');
    await page.waitForURL('**/login');
    expect(await storedUser(page)).toBeNull();
    await page.close();
  });
});

describe('login', () => {
  it('shows Login, then Memuat..., then "Login Sukses, Mohon tunggu" and lands on Usage Statistics', async () => {
    const page = await newTab(undefined, SPEC_DELAYS);
    // The answer is held until the page's clock is paused, so the loading label can be seen and the 2 s hold
    // starts on the paused clock; the server answers for real.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    // The page's clock runs as usual until paused, so the 2 s hold is counted in page time, not by this process.
    await page.clock.install();
    await page.goto(`${server.baseURL}/login`);
    await page.getByLabel('Username').fill('demo-all');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('button', { name: 'Memuat...' }).waitFor();
    // Stop the page's timers, then let the answer through. The page's time runs on while this process asks
    // for it, so a moment already past is asked again a second later.
    for (;;) {
      const soon = (await page.evaluate(() => Date.now())) + 1_000;
      const paused = await page.clock.pauseAt(soon).then(
        () => true,
        (error: Error) => (error.message.includes('to the past') ? false : Promise.reject(error)),
      );
      if (paused) break;
    }
    release();
    const success = page.getByRole('button', { name: 'Login Sukses, Mohon tunggu' });
    await success.waitFor();
    // The success label holds for 2 s before the console opens: not a moment earlier, then at once.
    await page.clock.runFor(LOGIN_SUCCESS_HOLD_MS - 1);
    expect(pathOf(page)).toBe('/login');
    expect(await success.isVisible()).toBe(true);
    await page.clock.runFor(1);
    await page.clock.resume();
    await page.waitForURL(`**${LANDING_PATH}`);
    await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();
    await page.getByText('Active users', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Most visited pages', exact: true }).waitFor();
    expect(await page.title()).toBe('Usage Statistics');
    const stored = JSON.parse((await storedUser(page)) ?? 'null') as {
      token: string;
      fullname: string;
    } | null;
    expect(stored?.fullname).toBe('Demo All Access');
    expect(await apiStatus(server, '/api/a/verify/___ca', stored!.token)).toBe(200);
    await page.close();
  });

  it('shows "Error : " and the server message on a 403', async () => {
    const page = await newTab();
    await page.goto(`${server.baseURL}/login`);
    await page.getByLabel('Username').fill('demo-all');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error : ' });
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text).toMatch(/^Error : \S/);
    expect(text).not.toContain('Komunikasi');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await page.close();
  });

  it('sends empty values as they are (no client-side validation) and shows the server answer', async () => {
    const page = await newTab();
    await page.goto(`${server.baseURL}/login`);
    const request = page.waitForRequest('**/api/auth/login');
    await page.getByRole('button', { name: 'Login' }).click();
    expect((await request).postDataJSON()).toEqual({ username: '', password: '' });
    await page
      .getByRole('alert')
      .filter({ hasText: /^Error : / })
      .waitFor();
    await page.close();
  });
});

describe('a user who lacks the landing page key', () => {
  it('sees the denial alert and links to the pages they may open', async () => {
    const user = await apiLogin(server, 'demo-logs');
    const page = await newTab();
    // Usage Statistics opens for everyone signed in (issue 10 item 7): a keyed page is denied.
    await openSignedIn(page, server, user, '/app/administration/users/');
    await page.getByRole('alert').filter({ hasText: PAGE_DENIED_MESSAGE }).waitFor();
    const links = page.getByRole('navigation', { name: 'Pages you can open' }).getByRole('link');
    await links.first().waitFor();
    expect(await links.allTextContents()).toEqual([
      'Usage Statistics',
      'Purchase Log',
      'Sheet Report',
      'GPT Insights',
    ]);
    await links.filter({ hasText: 'Purchase Log' }).click();
    await page.waitForURL('**/app/logs/purchase/');
    await page.getByRole('heading', { level: 1, name: 'Purchase Log' }).waitFor();
    await page.close();
  });
});

describe('sign out', () => {
  it('clears the stored user, revokes the token on the server and goes to /', async () => {
    const user = await apiLogin(server, 'demo-all');
    const page = await newTab();
    await openSignedIn(page, server, user, LANDING_PATH);
    await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();
    const logout = page.waitForResponse('**/api/auth/logout');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect((await logout).status()).toBe(200);
    expect(await storedUser(page)).toBeNull();
    await page.waitForURL('**/login');
    expect(await apiStatus(server, '/api/a/verify/___ca', user.token)).toBe(401);
    await page.close();
  });
});

describe('a 401 on any call', () => {
  it('sends the user to / (and on to the login form) when the token stops being accepted', async () => {
    const user = await apiLogin(server, 'demo-all');
    const page = await newTab();
    await openSignedIn(page, server, user, LANDING_PATH);
    await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();
    // Revoke in the database only, with no socket event: the next HTTP call is what finds out.
    const session = await authenticate(server.database.db, user.token, new Date());
    expect(session).not.toBeNull();
    const refused = page.waitForResponse((response) => response.status() === 401);
    await revokeSession(server.database.db, session!.sessionId, 'e2e', new Date());
    // The sidebar's link asks the server (the page check). A call the landing page was still making may find out
    // first and end the session before the link is reached, so the clicks are not awaited on their own.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const navigating = (async () => {
      await menu.getByRole('button', { name: 'Operation Data' }).click();
      await menu.getByRole('link', { name: 'Creator Admin' }).click();
    })().catch(() => undefined);
    expect(new URL((await refused).url()).pathname).toMatch(/^\/api\//);
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect(await storedUser(page)).toBeNull();
    await page.waitForURL('**/login');
    // A click still waiting for a sidebar the sign-out removed ends with the tab.
    await page.close();
    await navigating;
  });
});

describe('server down', () => {
  it('shows "Error : Komunikasi dengan server bermasalah" when the server cannot be reached', async () => {
    const page = await newTab();
    await page.goto(`${server.baseURL}/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // The browser's connections are refused, as they are when the server is down (the server's own stop is
    // the file's teardown).
    await page.route(`${server.baseURL}/api/**`, (route) => route.abort('connectionrefused'));
    await page.getByLabel('Username').fill('demo-all');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error : ' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Error : Komunikasi dengan server bermasalah');
    await page.close();
  });
});
