import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { LOGIN_PATH, STORED_USER_KEY, type StoredUser } from '@staff/console-contract';
import { buildServer } from '../../console-server/src/app.js';
import type { LogisticsOptions } from '../../console-server/src/logistics/runtime.js';
import type { WhatsAppOptions } from '../../console-server/src/whatsapp/runtime.js';
import { openDatabase, type DatabaseHandle } from '../../console-server/src/db/database.js';
import { DEMO_PASSWORD, seed } from '../../console-server/src/seed.js';
import type { InsightsOptions } from '../../console-server/src/insights/service.js';
import type { IntakeOptions } from '../../console-server/src/intake/runtime.js';
import type { SheetReportSchedulerOptions } from '../../console-server/src/sheetReports/routes.js';
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

export async function startConsoleServer(
  /** A short idle timeout and a clock the test moves, for the re-authentication tests (ADR 013). */
  options: {
    idleMinutes?: number;
    clock?: () => Date;
    /** Courier tracking and WhatsApp adapters for the logistics flow (their fakes). */
    logistics?: LogisticsOptions;
    insights?: InsightsOptions;
    whatsapp?: WhatsAppOptions;
    sheetReports?: SheetReportSchedulerOptions;
    /** Mayar / Meta adapters and the intake's workers (the Marketing API pull against the fake Graph). */
    intake?: IntakeOptions;
  } = {},
): Promise<ConsoleServer> {
  const appDir = requireBuiltApp();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  const database = await openDatabase({ dataDir });
  await seed(database.db, { adminUsername: ADMIN_USERNAME, demo: true, log: () => undefined });
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
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

/** Puts a signed-in user in the page's local storage (as a login would) and opens `urlPath`. */
export async function openSignedIn(
  page: Page,
  server: ConsoleServer,
  user: StoredUser,
  urlPath: string,
): Promise<void> {
  await page.goto(`${server.baseURL}${LOGIN_PATH}`);
  await page.evaluate(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [STORED_USER_KEY, JSON.stringify(user)],
  );
  await page.goto(`${server.baseURL}${urlPath}`);
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page };
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
