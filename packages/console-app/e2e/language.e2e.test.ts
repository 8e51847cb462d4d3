// Issue 10 "Beyond": Bahasa Indonesia or English, the choice kept on the server; the spec's strings never change.
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import { ADMIN_USERNAME, apiLogin, newPage, openSignedIn, setupConsole } from './harness.js';

const { server, browser } = setupConsole();

describe('language choice', () => {
  it('Bahasa Indonesia, chosen beside the theme, is kept on the server across a reload; spec strings stay', async () => {
    const admin = await apiLogin(server, ADMIN_USERNAME, DEMO_ADMIN_PASSWORD);
    const saved = async () =>
      (
        (await (
          await fetch(`${server.baseURL}/api/me/preferences`, {
            headers: { authorization: `Bearer ${admin.token}` },
          })
        ).json()) as { language: string }
      ).language;
    const { context, page } = await newPage(browser);
    try {
      // The contract's Indonesian error texts are a chunk of their own, fetched for Indonesian only (issue 33).
      const catalogueFetched: string[] = [];
      page.on('response', (response) => {
        if (/\/translateId-[^/]*\.js$/.test(new URL(response.url()).pathname))
          catalogueFetched.push(response.url());
      });
      await openSignedIn(page, server, admin, '/app/usage-statistic');
      await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      expect(await saved()).toBe('en');
      expect(catalogueFetched).toEqual([]);

      await page.getByLabel('Language').selectOption('id');
      // Applied at once, before any reload (once the error catalogue is in: no error text shows in English).
      await page.getByRole('navigation', { name: 'Menu utama' }).waitFor();
      expect(catalogueFetched).toHaveLength(1);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
      await expect.poll(saved).toBe('id');

      // Without the browser's cached copy: what shows after the reload comes from the server.
      await page.evaluate(() => window.localStorage.removeItem('console-language'));
      await page.reload();
      await page.getByRole('navigation', { name: 'Menu utama' }).waitFor();
      await page.getByRole('button', { name: 'Ubah kata sandi saya' }).waitFor();
      await page.getByRole('button', { name: 'Muat ulang izin' }).waitFor();
      // The sidebar's connection status too ("Connected" stayed English).
      await page
        .getByRole('status')
        .filter({ hasText: /^Terhubung/ })
        .waitFor();
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /^Connected/ })
          .count(),
      ).toBe(0);
      expect(await page.getByLabel('Bahasa').inputValue()).toBe('id');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
      // The spec's strings as the spec writes them: the page title and Sign Out.
      await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();
      await page.getByRole('button', { name: 'Sign Out' }).waitFor();

      // And back to English, for the next tests on this server.
      await page.getByLabel('Bahasa').selectOption('en');
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      await expect.poll(saved).toBe('en');
    } finally {
      await context.close();
    }
  });
});
