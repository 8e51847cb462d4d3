import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright';
import { LANDING_PATH } from '@staff/console-contract';
import { PRECOMPRESS_MIN_BYTES } from '../precompress.js';
import { DEMO_PASSWORD, newPage, pathOf, setupConsole } from './harness.js';

const { server, browser } = setupConsole();

/** Texts only the router and the HTTP client carry: neither belongs in what /login downloads. */
const ROUTER_TEXT = 'in the context of a <Router>';
const HTTP_CLIENT_TEXT = 'AxiosError';
/**
 * The Indonesian error catalogue and the entity labels it fills in (ADR 043, amended by issue 33): a chunk loaded
 * only for Indonesian, so neither /login nor an English console downloads it.
 */
const CATALOGUE_TEXTS = ['{label} wajib diisi', 'Sub kategori masalah'];
/** styled-components' attribute on its style elements: /login's form has static sheets instead (ADR 048). */
const STYLED_COMPONENTS_TEXT = 'data-styled-version';

describe('/login over the wire (docs/adr/011-wire.md)', () => {
  it('downloads only the login screen, compressed and cacheable, and the console once the user types', async () => {
    const { context, page } = await newPage(browser);
    try {
      const scripts: Response[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response);
      });
      const document = await page.goto(`${server.baseURL}/login`, { waitUntil: 'networkidle' });
      expect(document?.headers()['cache-control']).toBe('no-cache');
      expect(document?.headers()['content-encoding']).toBe('br');
      await page.getByLabel('Username').waitFor();

      const loginAll = [...scripts];
      // The pre-paint theme script (ADR 028) is not content-hashed: revalidated (no-cache), compressed.
      const themeBoot = loginAll.filter((response) => new URL(response.url()).pathname === '/theme-boot.js');
      expect(themeBoot).toHaveLength(1);
      expect(themeBoot[0]!.headers()['cache-control']).toBe('no-cache');
      expect(themeBoot[0]!.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
      const loginScripts = loginAll.filter((response) => !themeBoot.includes(response));
      expect(loginScripts.length).toBeGreaterThan(0);
      for (const response of loginScripts) {
        const headers = response.headers();
        const body = (await response.body()).toString();
        // A file under the threshold has no compressed copy by design (it would save less than its headers).
        if (Buffer.byteLength(body) >= PRECOMPRESS_MIN_BYTES) {
          expect(headers['content-encoding'], response.url()).toMatch(/^(br|gzip)$/);
          expect(headers.vary, response.url()).toMatch(/accept-encoding/i);
        }
        expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
        expect(body.includes(ROUTER_TEXT), response.url()).toBe(false);
        expect(body.includes(HTTP_CLIENT_TEXT), response.url()).toBe(false);
        expect(body.includes(STYLED_COMPONENTS_TEXT), response.url()).toBe(false);
        for (const text of CATALOGUE_TEXTS)
          expect(body.includes(text), `${text}: ${response.url()}`).toBe(false);
      }

      // Typing fetches the console; signing in hands over to it at the landing page.
      const consoleScript = page.waitForResponse((response) =>
        /\/assets\/boot-[^/]+\.js$/.test(response.url()),
      );
      await page.getByLabel('Username').fill('demo-all');
      expect((await consoleScript).status()).toBe(200);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();
      expect(pathOf(page)).toBe(LANDING_PATH);
      const later = scripts.slice(loginAll.length);
      const bodies = await Promise.all(later.map(async (response) => (await response.body()).toString()));
      expect(bodies.some((body) => body.includes(ROUTER_TEXT))).toBe(true);
      // The console in English: the Indonesian catalogue stays on the server until someone picks Indonesian.
      for (const text of CATALOGUE_TEXTS)
        expect(
          bodies.some((body) => body.includes(text)),
          text,
        ).toBe(false);
      // The reports' charts (ECharts, ~190 KB gzip) load with a report page only: not for /login nor the landing.
      expect(scripts.filter((response) => /echarts/i.test(response.url())).map((r) => r.url())).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
