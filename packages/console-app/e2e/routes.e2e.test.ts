import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { PAGE_DENIED_MESSAGE, ROUTES, SPEC_ROUTES, type RouteDef } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { apiLogin, newContext, newPage, openSignedIn, pathOf, setupConsole } from './harness.js';

const { server, browser } = setupConsole();

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
  await Promise.race([denialAlert.waitFor(), heading.waitFor()]);
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

/** Visits every route with a few tabs at once (each visit waits out the guard floor, short here: E2E_DELAYS). */
async function visitAll(user: StoredUser, routes: readonly RouteDef[], tabs = 4): Promise<Visit[]> {
  const context = await newContext(browser, { viewport: { width: 1280, height: 800 } });
  // A visit's hang guard: at load 50-60 on two cores a page's check came more than 60 s after the wait for it
  // began, and a page's heading once took over 90 s after its check (issue 34's probe, ADR 063). The test's own
  // guard is the walk's length.
  context.setDefaultTimeout(300_000);
  const queue = [...routes];
  const results: Visit[] = [];
  await Promise.all(
    Array.from({ length: tabs }, async () => {
      const page = await context.newPage();
      for (let route = queue.shift(); route; route = queue.shift())
        results.push(await visit(page, user, route));
    }),
  );
  await context.close();
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
      const user = await apiLogin(server, 'demo-all');
      const visits = await visitAll(user, KEY_CHECKED);
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
    const user = await apiLogin(server, 'demo-all');
    const { context, page } = await newPage(browser);
    await openSignedIn(page, server, user, '/app/logs/purchase');
    await page.getByRole('heading', { level: 1, name: 'Purchase Log' }).waitFor();
    expect(pathOf(page)).toBe('/app/logs/purchase/');
    await context.close();
  });

  it('shows a not-found page inside the shell for an unknown /app path', async () => {
    const user = await apiLogin(server, 'demo-all');
    const { context, page } = await newPage(browser);
    await openSignedIn(page, server, user, '/app/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found');
    expect(await page.getByText('/app/no-such-page').count()).toBe(1);
    // Inside the shell: the sidebar is there.
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await context.close();
  });

  it('highlights the menu link of the open page and opens its group', async () => {
    const user = await apiLogin(server, 'demo-all');
    const { context, page } = await newPage(browser);
    await openSignedIn(page, server, user, '/app/finance/monthly-target/');
    await page.getByRole('heading', { level: 1, name: 'Monthly Target' }).waitFor();
    const current = page.getByRole('navigation', { name: 'Main menu' }).locator('a[aria-current="page"]');
    expect(await current.allTextContents()).toEqual(['Monthly Target']);
    expect(await page.getByRole('button', { name: 'Finance' }).getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });
});
