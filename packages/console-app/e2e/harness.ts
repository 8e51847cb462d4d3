import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { STORED_USER_KEY, type StoredUser } from '@staff/console-contract';
import { buildServer } from '../../console-server/src/app.js';
import type { ConsoleDelays } from '../src/delays.js';
import type { LogisticsOptions } from '../../console-server/src/logistics/runtime.js';
import type { WhatsAppOptions } from '../../console-server/src/whatsapp/runtime.js';
import { openDatabase, type DatabaseHandle } from '../../console-server/src/db/database.js';
import { DEMO_PASSWORD, seed } from '../../console-server/src/seed.js';
import type { InsightsOptions } from '../../console-server/src/insights/service.js';
import type { IntakeOptions } from '../../console-server/src/intake/runtime.js';
import type { SheetReportSchedulerOptions } from '../../console-server/src/sheetReports/routes.js';
import { late } from '../../console-server/test/support/late.js';
import {
  copyPgliteTemplate,
  createPostgresFromTemplate,
  testRunDir,
} from '../../console-server/test/support/templates.js';
import { CHROMIUM_ARGS, requireChromium } from '../../../scripts/chromium.js';

export const APP_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
export { DEMO_PASSWORD };
export const ADMIN_USERNAME = 'admin';

/** The real server, in this process, on a free loopback port with a fresh PGlite folder and the demo data. */
export interface ConsoleServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  baseURL: string;
  port: number;
  stop: () => Promise<void>;
}

export function requireBuiltApp(): string {
  if (!existsSync(path.join(APP_DIST, 'index.html'))) {
    throw new Error(`The built console app is missing (${APP_DIST}): run npm run build first.`);
  }
  return APP_DIST;
}

export interface ConsoleServerOptions {
  /** A short idle timeout and a clock the test moves, for the re-authentication tests (ADR 013). */
  idleMinutes?: number;
  clock?: () => Date;
  /** Courier tracking and WhatsApp adapters for the logistics flow (their fakes). */
  logistics?: LogisticsOptions;
  insights?: InsightsOptions;
  whatsapp?: WhatsAppOptions;
  sheetReports?: SheetReportSchedulerOptions;
  /** Mayar / Meta adapters and the intake's workers (the Marketing API pull against the fake Graph). */
  intake?: IntakeOptions;
}

export async function startConsoleServer(options: ConsoleServerOptions = {}): Promise<ConsoleServer> {
  const appDir = requireBuiltApp();
  const fill = async (database: DatabaseHandle) => {
    await seed(database.db, { adminUsername: ADMIN_USERNAME, demo: true, log: () => undefined });
  };
  // In a vitest run: a copy of the demo database seeded once per run (seeding it costs 15–30 s a file).
  const runDir = testRunDir();
  let database: DatabaseHandle;
  let cleanup: () => Promise<void> | void;
  if (runDir && process.env.CONSOLE_E2E_ENGINE !== 'pglite') {
    const created = await createPostgresFromTemplate(runDir, 'e2e_demo', fill);
    database = await openDatabase({ databaseUrl: created.url });
    cleanup = created.drop;
  } else {
    const dataDir = runDir
      ? await copyPgliteTemplate(runDir, 'e2e_demo', fill, 'console-e2e-')
      : mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
    database = await openDatabase({ dataDir });
    if (!runDir) await fill(database);
    cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  }
  const app = await buildServer({
    database,
    appDir,
    logger: false,
    loginRateLimit: false,
    ...(options.idleMinutes !== undefined ? { idleMinutes: options.idleMinutes } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logistics ? { logistics: options.logistics } : {}),
    ...(options.insights ? { insights: options.insights } : {}),
    ...(options.whatsapp ? { whatsapp: options.whatsapp } : {}),
    ...(options.sheetReports ? { sheetReports: options.sheetReports } : {}),
    ...(options.intake ? { intake: options.intake } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  let stopped = false;
  return {
    app,
    database,
    port: address.port,
    baseURL: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await app.close();
      await database.close();
      await cleanup();
    },
  };
}

let workerBrowser: Promise<Browser> | undefined;
let exitHookInstalled = false;

/**
 * The worker's chromium, launched on first use: with `isolate: false` this module stays loaded for every file a
 * vitest worker runs, so the files share one browser and close only their own contexts (setupConsole); a launch
 * cost 2–3 CPU-s a file. A browser that disconnected (crashed, or closed by a script) is launched afresh.
 */
export function launchChromium(): Promise<Browser> {
  if (!workerBrowser) {
    const launched = chromium.launch({
      executablePath: requireChromium(),
      args: CHROMIUM_ARGS,
      // Playwright's own SIGTERM handler closes chromium but keeps the process alive, so vitest's stop of the
      // worker waited for its SIGKILL; this process exits at once instead, and playwright's exit hook kills chromium.
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    workerBrowser = launched;
    const forget = () => {
      if (workerBrowser === launched) workerBrowser = undefined;
    };
    launched.then((browser) => browser.on('disconnected', forget), forget);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.once(signal, () => process.exit(143));
    }
  }
  return workerBrowser;
}

/** Closes every context of the worker's browser (a file's own: files run one at a time in a worker). */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
}

/** Signs in over the API (the UI login has its own tests) and returns the stored-user record. */
export async function apiLogin(
  server: ConsoleServer,
  username: string,
  password = DEMO_PASSWORD,
): Promise<StoredUser> {
  const response = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok)
    throw new Error(`login of ${username} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: StoredUser }).data;
}

/** A resource row as the API answers it. */
export type ApiRow = Record<string, unknown> & { id: number; version: number };

/**
 * JSON calls to the API as `user` (its token is read at each call, so a setupConsole handle works); a non-2xx
 * answer throws with its text.
 */
export function apiAs(server: ConsoleServer, user: StoredUser) {
  return async <T = ApiRow>(method: string, urlPath: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseURL}${urlPath}`, {
      method,
      headers: {
        authorization: `Bearer ${user.token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

/** Calls the API as a token holder; returns the status. */
export async function apiStatus(
  server: ConsoleServer,
  urlPath: string,
  token: string,
  method = 'GET',
): Promise<number> {
  const response = await fetch(`${server.baseURL}${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status;
}

let signIns = 0;

/**
 * Puts a signed-in user in the page's local storage (as a login would) and opens `urlPath`. The record is
 * written before the page's own scripts run, once per tab (a later sign-out stays signed out): opening /login
 * first only to reach its storage cost a whole page load per test.
 */
export async function openSignedIn(
  page: Page,
  server: ConsoleServer,
  user: StoredUser,
  urlPath: string,
): Promise<void> {
  signIns += 1;
  await page.addInitScript(
    ([key, value, once]) => {
      if (window.location.origin === 'null' || window.sessionStorage.getItem(once!)) return;
      window.sessionStorage.setItem(once!, '1');
      window.localStorage.setItem(key!, value!);
    },
    [STORED_USER_KEY, JSON.stringify(user), `e2e-sign-in-${signIns}`],
  );
  await page.goto(`${server.baseURL}${urlPath}`);
}

/**
 * Records, from the document's first node, whether `text` is ever shown: a screen that lasts 40 ms can come and
 * go before a locator's first poll on a busy machine. Call before the navigation; read with `textWasShown`.
 */
export async function recordText(page: Page, text: string): Promise<void> {
  await page.addInitScript((wanted) => {
    const seen = ((window as unknown as { __shownTexts?: string[] }).__shownTexts ??= []);
    const look = () => {
      if (!seen.includes(wanted) && document.body?.innerText.includes(wanted)) seen.push(wanted);
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
}

/**
 * Watches the current document's notifications (title and message) for `text` from now on, and returns a wait
 * that resolves once one was shown, then or since: a success notification lasts 5 s, which on a busy machine can
 * pass between a locator's polls. Start the watch before the action that notifies.
 */
export async function watchNotification(
  page: Page,
  text: string | RegExp,
): Promise<(message?: string) => Promise<void>> {
  const wanted: { text: string } | { pattern: string; flags: string } =
    typeof text === 'string' ? { text } : { pattern: text.source, flags: text.flags };
  const id = await page.evaluate((wanted) => {
    const seen = ((window as unknown as { __notified?: boolean[] }).__notified ??= []);
    const id = seen.push(false) - 1;
    const matches = (shown: string) =>
      'text' in wanted ? shown.includes(wanted.text) : new RegExp(wanted.pattern, wanted.flags).test(shown);
    const look = () => {
      const parts = document.querySelectorAll('.cui-notification__title, .cui-notification__message');
      if ([...parts].some((part) => matches(part.textContent ?? ''))) {
        seen[id] = true;
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(look);
    observer.observe(document, { subtree: true, childList: true, characterData: true });
    look();
    return id;
  }, wanted);
  return (message = `a notification with ${String(text)}`) =>
    expect
      .poll(
        () =>
          page.evaluate(
            (id) => (window as unknown as { __notified?: boolean[] }).__notified?.[id] === true,
            id,
          ),
        { message },
      )
      .toBe(true);
}

/** Whether `recordText(page, text)` saw the text in the current document. */
export const textWasShown = (page: Page, text: string) =>
  page.evaluate(
    (wanted) => ((window as unknown as { __shownTexts?: string[] }).__shownTexts ?? []).includes(wanted),
    text,
  );

/**
 * The spec's named delays, shortened for the e2e flows (the app reads them from `window.__CONSOLE_DELAYS__`, see
 * src/delays.ts): a flow that opens twenty pages does not wait out twenty 0.75 s floors. Short, not zero, so the
 * machines still pass through the states the delays guard. The tests that check a delay itself open their pages
 * with `{ specDelays: true }`.
 */
export const E2E_DELAYS = {
  PAGE_GUARD_DELAY: 40,
  LOGIN_SUCCESS_HOLD: 40,
  START_REDIRECT: 40,
  REFRESH_SPINNER: 40,
} as const satisfies Required<ConsoleDelays>;

export interface DelayOptions {
  /** Keep the spec's delays (0.75 s guard floor, 2 s login hold, 0.5 s start redirect, 1 s refresh spinner). */
  specDelays?: boolean;
}

/** A browser context with hang guards for actions, waits and navigations (playwright's 30 s ran out on a busy
 * 2-core machine), and the short delays unless `specDelays`. */
export async function newContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
  { specDelays = false }: DelayOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  // Sized for two suites at once on two cores (load 50): a first page load's steps took over 90 s there.
  context.setDefaultTimeout(240_000);
  context.setDefaultNavigationTimeout(240_000);
  if (!specDelays)
    await context.addInitScript((delays) => {
      window.__CONSOLE_DELAYS__ = delays;
    }, E2E_DELAYS);
  return context;
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  delayOptions: DelayOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport }, delayOptions);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Tabs in browser contexts a file reuses, one context per setting (viewport, delays): a new context cost chromium
 * about 2.4 CPU-s, a tab in a warm one 0.5–0.7 (ADR 063). A tab starts with the origin's local storage empty, as
 * a new context does (the stored user, theme and language of the tab before it do not carry over), so two tabs of
 * one setting open at once share one user. Close the tab at the test's end; setupConsole closes the contexts.
 */
export function reusedTabs(browser: Browser) {
  const contexts = new Map<string, Promise<BrowserContext>>();
  let tabs = 0;
  return async (viewport = { width: 1280, height: 800 }, delayOptions: DelayOptions = {}): Promise<Page> => {
    const key = JSON.stringify([viewport, delayOptions.specDelays ?? false]);
    let context = contexts.get(key);
    if (!context) {
      const opened = newContext(browser, { viewport }, delayOptions);
      contexts.set(key, opened);
      void opened.then((ready) => ready.on('close', () => contexts.delete(key)));
      context = opened;
    }
    const page = await (await context).newPage();
    tabs += 1;
    await page.addInitScript((once) => {
      if (window.location.origin === 'null' || window.sessionStorage.getItem(once)) return;
      window.sessionStorage.setItem(once, '1');
      window.localStorage.clear();
    }, `e2e-fresh-tab-${tabs}`);
    return page;
  };
}

/**
 * Waits until the user's socket has joined its room on the server, so a push can reach it. The limit is a hang
 * guard: a page's socket took over 10 s to connect on a busy 2-core machine.
 */
export async function waitForUserSocket(server: ConsoleServer, userId: number): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if ((await server.app.realtime.io.in(`user:${userId}`).fetchSockets()).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no socket of user ${userId} connected`);
}

/**
 * Waits until the shell's realtime connection is up: the sidebar's ConnectionStatus carries
 * `data-state="connected"` once socket.io's `connect` arrived, which the server sends only after the socket joined
 * its user's room (console-server realtime.ts), so a push sent after this reaches the page. The page's own
 * listeners are registered when it mounts (its heading is there). In the DOM at every width (the compact
 * layout's drawer is only moved off screen).
 */
export async function waitForLiveSocket(page: Page): Promise<void> {
  await page.locator('.cui-connection-status[data-state="connected"]').waitFor({ state: 'attached' });
}

/**
 * Waits for two animation frames of the page: React's passive effects of the last commit have run by then, and
 * anything they did synchronously (a router navigation, a request) has happened. For "this must not follow"
 * checks, in place of a fixed sleep.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Waits until the page is still for a screenshot: its fonts loaded, every finite CSS animation or transition
 * finished (a spinner's endless one is left running), then two frames painted.
 */
export async function settledForScreenshot(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  await nextFrames(page);
}

/**
 * Moves the open app to `urlPath` through its own router, as the browser's back/forward does (a history entry
 * and a popstate event), without loading the page again: a full load cost chromium 0.7–2 CPU-s (ADR 063). For
 * pages no link on screen leads to (a denied user's menu is empty); where a link does, click it instead.
 */
export async function navigateInApp(page: Page, urlPath: string): Promise<void> {
  await page.evaluate((to) => {
    const state = window.history.state as { idx?: number } | null;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ usr: null, key, idx: (state?.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, urlPath);
}

/** The path part of the page's URL. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Creates a user with one permission set made of exactly `keys` (read only), for sidebar and guard tests. */
export async function createUserWithKeys(
  server: ConsoleServer,
  username: string,
  keys: readonly string[],
): Promise<number> {
  const { createUser, upsertPermissionSet } = await import('../../console-server/src/services/users.js');
  const setName = `e2e ${username}`;
  await upsertPermissionSet(server.database.db, {
    name: setName,
    description: `e2e: ${keys.join(', ') || 'nothing'}`,
    entries: keys.map((key) => ({ key, read: true, write: false })),
  });
  const user = await createUser(server.database.db, {
    username,
    fullName: `E2E ${username}`,
    password: DEMO_PASSWORD,
    sets: keys.length ? [setName] : [],
  });
  return user.id;
}

type Closable = { close: () => unknown };
type FakeFactories = Record<string, () => Promise<Closable>>;
type StartedFakes<F extends FakeFactories> = { [K in keyof F]: Awaited<ReturnType<F[K]>> };

export interface SetupConsoleOptions<F extends FakeFactories> {
  /** Outside services' fakes, started before the server (in this order) and closed after it. */
  fakes?: F;
  /** The server's adapters and clock; a function when they point at the fakes. */
  server?: ConsoleServerOptions | ((fakes: StartedFakes<F>) => ConsoleServerOptions);
  /** Signs this user in over the API (`user`); the administrator needs `password: DEMO_ADMIN_PASSWORD`. */
  signIn?: { username: string; password?: string };
  /** Opens one browser context and page for the file (`context`, `page`), of this size. */
  page?: DelayOptions & {
    viewport?: { width: number; height: number };
    /** Prints the page's uncaught errors to the test output. */
    logErrors?: boolean;
    /** Opens this path signed in as `user` and waits for the shell's Sign Out button. */
    open?: string;
  };
}

export interface ConsoleHandles<F extends FakeFactories> {
  server: ConsoleServer;
  browser: Browser;
  /** The signed-in user (with `signIn`). */
  user: StoredUser;
  /** The file's browser context and page (with `page`). */
  context: BrowserContext;
  page: Page;
  fakes: StartedFakes<F>;
}

/**
 * The one setup of an e2e file: fakes, the real server on a fresh copy of the demo database, the worker's chromium,
 * and optionally a signed-in user and a page; all closed after the file but the browser, whose contexts are. Each handle is usable inside tests and
 * hooks declared after this call.
 *
 * @example
 * const { server, browser, user: admin, page } = setupConsole({
 *   signIn: { username: 'demo-all' },
 *   page: { viewport: { width: 1440, height: 900 } },
 * });
 */
export function setupConsole<F extends FakeFactories = Record<never, never>>(
  options: SetupConsoleOptions<F> = {},
): ConsoleHandles<F> {
  let server: ConsoleServer | undefined;
  let browser: Browser | undefined;
  let user: StoredUser | undefined;
  let opened: { context: BrowserContext; page: Page } | undefined;
  const started: Partial<Record<keyof F, Closable>> = {};
  const fakeNames = Object.keys(options.fakes ?? {}) as (keyof F & string)[];

  beforeAll(async () => {
    for (const name of fakeNames) started[name] = await options.fakes![name]!();
    const serverOptions =
      typeof options.server === 'function'
        ? options.server(started as StartedFakes<F>)
        : (options.server ?? {});
    server = await startConsoleServer(serverOptions);
    browser = await launchChromium();
    if (options.signIn) user = await apiLogin(server, options.signIn.username, options.signIn.password);
    if (options.page) {
      opened = await newPage(browser, options.page.viewport, options.page);
      if (options.page.logErrors)
        opened.page.on('pageerror', (error) => console.error('page error:', error.message));
      if (options.page.open) {
        if (!user) throw new Error('setupConsole: page.open needs signIn');
        await openSignedIn(opened.page, server, user, options.page.open);
        await opened.page.getByRole('button', { name: 'Sign Out' }).waitFor();
      }
    }
  }, 900_000);

  afterAll(async () => {
    // The browser is the worker's (launchChromium): close what this file opened, even what a failed test left.
    await closeContexts(browser);
    await server?.stop();
    for (const name of fakeNames) await started[name]?.close();
  });

  const fakes = Object.fromEntries(
    fakeNames.map((name) => [name, late(`fake ${name}`, () => started[name])]),
  ) as StartedFakes<F>;
  return {
    server: late('server', () => server),
    browser: late('browser', () => browser),
    user: late('user (signIn)', () => user),
    context: late('context (page)', () => opened?.context),
    page: late('page', () => opened?.page),
    fakes,
  };
}
