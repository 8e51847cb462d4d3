import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright';
import { PAGE_DENIED_MESSAGE, ROUTES, SPEC_ROUTES, type RouteDef } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { apiLogin, newContext, openSignedIn, pathOf, setupConsole } from './harness.js';

// demo-all signed in once for the file (a sign-in is a password hash on the server).
const { server, browser, user: everyKey } = setupConsole({ signIn: { username: 'demo-all' } });

let fileContext: Promise<BrowserContext> | undefined;

/**
 * A new tab in the file's one browser context (a context cost chromium about 2.4 CPU-s, a tab in it 0.5-0.7: ADR
 * 063); setupConsole closes the context after the file. The tests run one after another and each signs its tab in
 * (openSignedIn), so the stored user of a test before does not carry over; the tabs of one walk share its user.
 */
async function newTab(): Promise<Page> {
  if (!fileContext) {
    const opened = newContext(browser, { viewport: { width: 1280, height: 800 } });
    fileContext = opened;
    void opened.then((context) =>
      context.on('close', () => {
        if (fileContext === opened) fileContext = undefined;
      }),
    );
  }
  const page = await (await fileContext).newPage();
  // A visit's hang guard: at load 50-60 on two cores a page's check came more than 60 s after the wait for it
  // began, and a page's heading once took over 90 s after its check (issue 34's probe, ADR 063). A test's own
  // guard is its length.
  page.setDefaultTimeout(300_000);
  return page;
}

interface Visit {
  route: RouteDef;
  title: string;
  heading: string | null;
  denied: boolean;
  check: { key: string | null; mode: string | null; path: string | null; status: number } | null;
}

/** Opens a route in a fresh load and waits for the guard to settle (a page heading or the denial alert). */
async function visit(page: Page, user: StoredUser, route: RouteDef): Promise<Visit> {
  const checkResponse = page.waitForResponse((response) => response.url().includes('/api/a/verify/___pc'));
  await openSignedIn(page, server, user, route.path);
  const response = await checkResponse;
  const url = new URL(response.url());
  const denialAlert = page.getByRole('alert').filter({ hasText: PAGE_DENIED_MESSAGE });
  const heading = page.getByRole('heading', { level: 1 });
  // One wait for either: a race of two waits left the loser polling in the tab through every later visit, until
  // the tab closed (a denied user's heading, an allowed user's alert, never came).
  await heading.or(denialAlert).first().waitFor();
  return {
    route,
    title: await page.title(),
    heading: (await heading.count()) > 0 ? await heading.textContent() : null,
    denied: (await denialAlert.count()) > 0,
    check: {
      key: url.searchParams.get('key'),
      mode: url.searchParams.get('mode'),
      path: url.searchParams.get('path'),
      status: response.status(),
    },
  };
}

/**
 * Visits every route with a few tabs at once, each tab a fresh load per route (each visit waits out the guard
 * floor, short here: E2E_DELAYS). Two by default: the walk is chromium's work, and on two cores four tabs were
 * no faster (walk 80 s with 4, 74 s with 2, at load 12) and cost more (file 167 CPU-s with 4, 159 with 2).
 */
async function visitAll(user: StoredUser, routes: readonly RouteDef[], tabs = 2): Promise<Visit[]> {
  const queue = [...routes];
  const results: Visit[] = [];
  await Promise.all(
    Array.from({ length: Math.min(tabs, routes.length) }, async () => {
      const page = await newTab();
      for (let route = queue.shift(); route; route = queue.shift())
        results.push(await visit(page, user, route));
      await page.close();
    }),
  );
  return results.sort((a, b) => ROUTES.indexOf(a.route) - ROUTES.indexOf(b.route));
}

describe('every route of the table', () => {
  it('has the 41 spec pages plus Usage Statistics, ad sets, ads, Operations and Audit Log', () => {
    expect(SPEC_ROUTES).toHaveLength(41);
    expect(ROUTES).toHaveLength(46);
  });

  /** Every page but those open to everyone signed in (Usage Statistics: e2e/landing.e2e.test.ts). */
  const KEY_CHECKED = ROUTES.filter((route) => route.access !== 'signed-in');
  // A hang guard for a walk of every page, by its length (the config's 300 s is for one flow): a fresh load of
  // each page took up to 25 s on a loaded 2-core machine.
  const WALK_GUARD = KEY_CHECKED.length * 30_000;

  it(
    'sets its title, checks its own key with the server and opens for a user holding every key',
    async () => {
      const visits = await visitAll(everyKey, KEY_CHECKED);
      for (const v of visits) {
        expect({ path: v.route.path, title: v.title, heading: v.heading, denied: v.denied }).toEqual({
          path: v.route.path,
          title: v.route.title,
          heading: v.route.title,
          denied: false,
        });
        expect(v.check).toEqual({ key: v.route.key, mode: 'read', path: v.route.path, status: 200 });
      }
    },
    WALK_GUARD,
  );

  /**
   * The denied half of the walk runs for every key-checked route in jsdom (src/routes/routes.denied.test.tsx,
   * with a server double's 403); here, for the first route of each page kind, the real server's 403 for a user
   * with no keys, over the wire, in chromium.
   */
  const ONE_OF_EACH_KIND = (['resource', 'report', 'custom'] as const).map((kind) =>
    KEY_CHECKED.find((route) => route.page.kind === kind)!,
  );

  it('shows the denial alert (and still the title) for a user with no keys: a list, a report, a custom page', async () => {
    expect(ONE_OF_EACH_KIND.map((route) => route.page.kind)).toEqual(['resource', 'report', 'custom']);
    const user = await apiLogin(server, 'demo-none');
    const visits = await visitAll(user, ONE_OF_EACH_KIND, ONE_OF_EACH_KIND.length);
    expect(visits).toHaveLength(ONE_OF_EACH_KIND.length);
    for (const v of visits) {
      expect({ path: v.route.path, title: v.title, denied: v.denied, heading: v.heading }).toEqual({
        path: v.route.path,
        title: v.route.title,
        denied: true,
        heading: null,
      });
      expect(v.check).toEqual({ key: v.route.key, mode: 'read', path: v.route.path, status: 403 });
    }
  });

  it('opens a page only for the key that guards it', async () => {
    // demo-finance holds the Finance group's keys: bank accounts but not kol-report or statistics.
    const user = await apiLogin(server, 'demo-finance');
    const visits = await visitAll(
      user,
      ROUTES.filter((r) =>
        ['monthly-target', 'bank-accounts', 'companies', 'kol-report', 'customer-chats'].includes(r.id),
      ),
      2,
    );
    expect(Object.fromEntries(visits.map((v) => [v.route.id, v.denied]))).toEqual({
      'customer-chats': true,
      'kol-report': true,
      companies: false,
      'bank-accounts': false,
      'monthly-target': false,
    });
  });
});

describe('paths', () => {
  it('moves a listed path reached without its trailing slash to the listed one', async () => {
    const page = await newTab();
    await openSignedIn(page, server, everyKey, '/app/logs/purchase');
    await page.getByRole('heading', { level: 1, name: 'Purchase Log' }).waitFor();
    expect(pathOf(page)).toBe('/app/logs/purchase/');
    await page.close();
  });

  it('shows a not-found page inside the shell for an unknown /app path', async () => {
    const page = await newTab();
    await openSignedIn(page, server, everyKey, '/app/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found');
    expect(await page.getByText('/app/no-such-page').count()).toBe(1);
    // Inside the shell: the sidebar is there.
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.close();
  });

  it('highlights the menu link of the open page and opens its group', async () => {
    const page = await newTab();
    await openSignedIn(page, server, everyKey, '/app/finance/monthly-target/');
    await page.getByRole('heading', { level: 1, name: 'Monthly Target' }).waitFor();
    const current = page.getByRole('navigation', { name: 'Main menu' }).locator('a[aria-current="page"]');
    // The menu marks its link in a commit of its own, which can land after the page's heading under load (a fresh
    // clone beside another, session 36): wait for the mark, then check that it is the only one.
    await current.filter({ hasText: 'Monthly Target' }).waitFor();
    expect(await current.allTextContents()).toEqual(['Monthly Target']);
    await page.getByRole('button', { name: 'Finance', expanded: true }).waitFor();
    await page.close();
  });
});
