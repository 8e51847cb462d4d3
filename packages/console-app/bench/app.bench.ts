/**
 * App load and navigation timings from headless chromium with 4× CPU throttling, against the real server
 * serving the built app. Run: `npx tsx packages/console-app/bench/app.bench.ts` (after `npm run build`).
 *
 * - time to the login form being usable, compared in the same run with a blank Vite + React page (the floor);
 * - JS bytes (gzip) loaded for /login and for a page;
 * - time from clicking a menu link to the page complete, against the 0.75 s guard floor.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright';
import { LANDING_PATH } from '@staff/console-contract';
import {
  apiLogin,
  launchChromium,
  openSignedIn,
  startConsoleServer,
  type ConsoleServer,
} from '../e2e/harness.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CPU_THROTTLE = 4;
const LOAD_RUNS = 7;
const CLICK_RUNS = 6;
const GUARD_FLOOR_MS = 750;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Builds a blank Vite + React page (one component, one paragraph) into a temp folder and serves it. */
async function blankReactPage(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'blank-vite-react-'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Blank</title></head>' +
      '<body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>',
  );
  writeFileSync(
    path.join(dir, 'main.jsx'),
    "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
      'function App() { return <p id="ready">Ready</p>; }\n' +
      "createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);\n",
  );
  const outDir = path.join(dir, 'dist');
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });

  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = http.createServer((req, res) => {
    const urlPath = (req.url ?? '/').split('?')[0]!;
    let file = path.join(outDir, urlPath === '/' ? 'index.html' : urlPath);
    if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(outDir, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh context (cold cache) with the CPU slowed down 4×. */
async function throttledPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  return { page, close: () => context.close() };
}

// Predicates run in the page as functions (the console's CSP forbids evaluating strings). Each answers the
// page's clock (ms since navigation start) once ready, false before.
const BLANK_READY = () => (document.getElementById('ready') ? performance.now() : false);

/** The login form is usable: both labelled fields and an enabled Login button are on screen. */
const LOGIN_USABLE = () => {
  const labels = [...document.querySelectorAll('label')].map((label) => label.textContent ?? '');
  const button = [...document.querySelectorAll('button')].find(
    (b) => (b.textContent ?? '').trim() === 'Login',
  );
  const ready =
    labels.some((text) => text.includes('Username')) &&
    labels.some((text) => text.includes('Password')) &&
    document.querySelectorAll('input').length >= 2 &&
    !!button &&
    !button.disabled;
  return ready ? performance.now() : false;
};

/** Milliseconds from navigation start until `ready` answers a time (checked every frame). */
async function timeToReady(page: Page, url: string, ready: () => number | false): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(ready, undefined, { polling: 'raf', timeout: 30_000 });
  return (await handle.jsonValue()) as number;
}

/** Sum of gzip sizes of the JavaScript files the page loaded. */
function collectScripts(page: Page) {
  const files = new Map<string, number>();
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    try {
      files.set(new URL(response.url()).pathname, gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a response without a body (redirect) has nothing to count
    }
  });
  return () => ({ files: files.size, gzip: [...files.values()].reduce((a, b) => a + b, 0) });
}

async function main() {
  const server: ConsoleServer = await startConsoleServer();
  const blank = await blankReactPage();
  const browser = await launchChromium();
  const rows: [string, string, string][] = [];
  try {
    // 1. Time to a usable login form vs the blank Vite + React page, alternating, cold cache each run.
    const loginTimes: number[] = [];
    const blankTimes: number[] = [];
    for (let run = 0; run < LOAD_RUNS; run += 1) {
      const a = await throttledPage(browser);
      blankTimes.push(await timeToReady(a.page, blank.url, BLANK_READY));
      await a.close();
      const b = await throttledPage(browser);
      loginTimes.push(await timeToReady(b.page, `${server.baseURL}/login`, LOGIN_USABLE));
      await b.close();
    }
    const login = median(loginTimes);
    const floor = median(blankTimes);
    rows.push(['blank Vite + React page rendered (floor)', ms(floor), `median of ${LOAD_RUNS}, cold cache`]);
    rows.push(['/login form usable', ms(login), `median of ${LOAD_RUNS}, cold cache`]);
    rows.push(['login form / blank page', `${(login / floor).toFixed(2)}×`, 'ratio of medians']);

    // 2. JS (gzip) loaded for /login and for pages.
    {
      const { page, close } = await throttledPage(browser);
      const scripts = collectScripts(page);
      await page.goto(`${server.baseURL}/login`, { waitUntil: 'networkidle' });
      const s = scripts();
      rows.push(['JS loaded for /login (gzip)', kb(s.gzip), `${s.files} files`]);
      await close();
    }
    const user = await apiLogin(server, 'demo-all');
    for (const [label, urlPath, heading] of [
      ['JS loaded for /app/usage-statistic (gzip)', LANDING_PATH, 'Usage Statistics'],
      ['JS loaded for /app/reports/overall (gzip)', '/app/reports/overall', 'Overall Dashboard'],
    ] as const) {
      const { page, close } = await throttledPage(browser);
      const scripts = collectScripts(page);
      await openSignedIn(page, server, user, urlPath);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const s = scripts();
      rows.push([label, kb(s.gzip), `${s.files} files, including /login's`]);
      await close();
    }

    // 3. Menu click → page complete (heading shown; Usage Statistics: its figures shown), warm app.
    {
      const { page, close } = await throttledPage(browser);
      await openSignedIn(page, server, user, '/app/admins/products');
      await page.getByRole('heading', { level: 1, name: 'Product Admin' }).waitFor({ timeout: 30_000 });
      const targets = [
        { group: 'Statistics', link: 'Usage Statistics', done: '[data-page="usage-statistic"] table' },
        { group: 'Reports', link: 'Overall Dashboard', done: '[data-page="overall"] h1' },
      ];
      const times: Record<string, number[]> = { 'Usage Statistics': [], 'Overall Dashboard': [] };
      for (let run = 0; run < CLICK_RUNS; run += 1) {
        for (const target of targets) {
          const group = page.getByRole('button', { name: target.group, exact: true });
          if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
          const link = page
            .getByRole('navigation', { name: 'Main menu' })
            .getByRole('link', { name: target.link, exact: true });
          await link.waitFor();
          const started = (await link.evaluate((a: HTMLElement) => {
            const t0 = performance.now();
            a.click();
            return t0;
          })) as number;
          const handle = await page.waitForFunction(
            (selector) => (document.querySelector(selector) ? performance.now() : false),
            target.done,
            { polling: 'raf', timeout: 30_000 },
          );
          times[target.link]!.push(((await handle.jsonValue()) as number) - started);
        }
      }
      for (const [name, values] of Object.entries(times)) {
        const value = median(values);
        rows.push([
          `menu click → ${name} complete`,
          ms(value),
          `median of ${CLICK_RUNS}; floor ${GUARD_FLOOR_MS} ms, +${Math.round(value - GUARD_FLOOR_MS)} ms over it`,
        ]);
      }
      await close();
    }
  } finally {
    await browser.close();
    await blank.stop();
    await server.stop();
  }

  const widths = [0, 1, 2].map((i) =>
    Math.max(...rows.map((r) => r[i]!.length), ['measure', 'value', 'note'][i]!.length),
  );
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    `\nconsole-app, headless chromium, CPU throttled ${CPU_THROTTLE}×, server and browser on one machine`,
  );
  console.log(line(['measure', 'value', 'note']));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
