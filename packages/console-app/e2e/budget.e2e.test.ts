// Issue 33: a per-route JS budget, measured as a user receives it: chromium against the built console with the demo
// data, encoded (compressed) bytes of every script the route downloads on a cold load, as in wire.e2e.
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright';
import { LANDING_PATH, LOGIN_PATH, ROUTES, resourceRoutes } from '@staff/console-contract';
import { newPage, openSignedIn, setupConsole } from './harness.js';

const { server, browser, user } = setupConsole({ signIn: { username: 'demo-all' } });

const KB = 1000;
const routeOf = (id: string) => ROUTES.find((route) => route.id === id)!;
const productsList = resourceRoutes('products')[0]!;
const adsXMayar = routeOf('ads-x-mayar');

/**
 * Encoded JS bytes per route. /login, the list and the report: each its figure of 30 Nov 2026 + 5 %, so a change that
 * makes its route download more fails. The landing: issue 33's 150 KB itself (met since session 33). Issue 33's
 * targets are 90 KB for /login, 150 KB for the landing and 300 KB for a report. The landing (148.6 KB) is: React DOM
 * (62 KB), the shared chunk (18 KB: zod/mini with the contract's schemas for parsing answers, app texts), the router
 * and boot (21 KB), the shell (16 KB, with the project's own socket client, `src/realtime/`), xstate (12 KB) and small
 * chunks. No longer on it: socket.io-client (10 KB; session 33), every component's default texts beside the English
 * overrides (4 KB; session 33), zod classic (ADR 064), the Indonesian error catalogue with its label map and
 * console-ui's Indonesian messages (loaded for Indonesian only), styled-components (the shell and the landing's own
 * layout are on static sheets) and the entity definitions (loaded by master-data pages and their frame).
 * Figures: the README's "JS per route".
 */
const BUDGETS = {
  login: 87 * KB,
  landing: 150 * KB,
  list: 235 * KB,
  report: 190 * KB,
};

interface Measured {
  bytes: number;
  files: { name: string; bytes: number; text: string }[];
}

/**
 * Texts that must not reach a signed-in page: react-router's development build (its dev warnings, run on every
 * `<Routes>` render; vite.config.ts takes the production build), axios (the client is on fetch), socket.io-client
 * (the shell speaks Socket.IO itself) and, for an English user (the demo user's language), the contract's
 * Indonesian error catalogue (loaded for Indonesian only).
 */
const NOT_SHIPPED = {
  "react-router's development build": 'You rendered descendant <Routes>',
  axios: 'AxiosError',
  'socket.io-client': 'probe error',
  'the Indonesian error catalogue': 'Terjadi kesalahan pada server',
};

/** The files of `measured` that carry each text of NOT_SHIPPED: none expected. */
const shippedByMistake = (measured: Measured) =>
  Object.entries(NOT_SHIPPED).flatMap(([what, text]) =>
    measured.files.filter((file) => file.text.includes(text)).map((file) => `${what}: ${file.name}`),
  );

/** Opens a route in a fresh context (an empty cache) and sums the encoded bytes of its scripts once it is shown. */
async function measure(open: (page: Page) => Promise<void>): Promise<Measured> {
  const { context, page } = await newPage(browser, { width: 1440, height: 900 });
  try {
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await open(page);
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(
      scripts.map(async (response) => {
        await response.finished();
        const { responseBodySize } = await response.request().sizes();
        const text = (await response.body()).toString();
        return { name: new URL(response.url()).pathname, bytes: responseBodySize, text };
      }),
    );
    return { bytes: files.reduce((sum, file) => sum + file.bytes, 0), files };
  } finally {
    await context.close();
  }
}

function report(name: string, measured: Measured) {
  const lines = measured.files
    .toSorted((a, b) => b.bytes - a.bytes)
    .map((file) => `  ${(file.bytes / KB).toFixed(1).padStart(7)} KB ${file.name}`);
  console.log(
    `${name}: ${(measured.bytes / KB).toFixed(1)} KB of JS in ${measured.files.length} files\n${lines.join('\n')}`,
  );
}

const signedIn = (path: string, heading: string | RegExp) => async (page: Page) => {
  await openSignedIn(page, server, user, path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
};

describe('JS per route, encoded on the wire (issue 33)', () => {
  it(`/login ≤ ${BUDGETS.login / KB} KB`, async () => {
    const measured = await measure(async (page) => {
      await page.goto(`${server.baseURL}${LOGIN_PATH}`);
      await page.getByLabel('Username').waitFor();
    });
    report('/login', measured);
    expect(measured.bytes).toBeLessThanOrEqual(BUDGETS.login);
  });

  it(`Usage Statistics, the signed-in landing, ≤ ${BUDGETS.landing / KB} KB`, async () => {
    const measured = await measure(signedIn(LANDING_PATH, 'Usage Statistics'));
    report('Usage Statistics', measured);
    expect(shippedByMistake(measured)).toEqual([]);
    expect(measured.bytes).toBeLessThanOrEqual(BUDGETS.landing);
  });

  it(`a master-data list (${productsList.title}) ≤ ${BUDGETS.list / KB} KB`, async () => {
    const measured = await measure(signedIn(productsList.path, productsList.title));
    report(productsList.title, measured);
    expect(shippedByMistake(measured)).toEqual([]);
    expect(measured.bytes).toBeLessThanOrEqual(BUDGETS.list);
  });

  // The demo data has no ad insights in the default range, so no chart is drawn and ECharts (158 KB brotli) is not
  // fetched: this measures the report page's own code.
  it(`${adsXMayar.title} ≤ ${BUDGETS.report / KB} KB`, async () => {
    const measured = await measure(signedIn(adsXMayar.path, adsXMayar.title));
    report(adsXMayar.title, measured);
    expect(shippedByMistake(measured)).toEqual([]);
    // If demo data ever draws the chart here, ECharts counts too and this budget needs a new look (issue 33).
    expect(measured.files.filter((file) => /echarts/i.test(file.name)).map((file) => file.name)).toEqual([]);
    expect(measured.bytes).toBeLessThanOrEqual(BUDGETS.report);
  });
});
