// The server answers in English; the app shows its texts in the user's language, the labels in them too
// (docs/adr/043-error-texts-translated-in-the-app.md).
import { describe, expect, it } from 'vitest';
import { resourceRoutes } from '@staff/console-contract';
import { apiAs, newPage, openSignedIn, setupConsole } from './harness.js';

const { server, browser, user } = setupConsole({ signIn: { username: 'demo-all' } });

describe('a 400 from the server in Bahasa Indonesia', () => {
  it('shows the field message beside its field in Indonesian, with the Indonesian label in it', async () => {
    const api = apiAs(server, user);
    await api('PUT', '/api/me/preferences', { language: 'id' });
    const name = `Kategori E2E ${Date.now() % 100_000}`;
    const category = await api('POST', '/api/resources/problem_categories', { name });
    const { context, page } = await newPage(browser, { width: 1400, height: 900 });
    try {
      await openSignedIn(page, server, user, resourceRoutes('problem_subcategories')[0]!.path);
      await page.getByRole('button', { name: 'Tambah sub kategori masalah', exact: true }).click();
      const form = page.getByRole('form', { name: 'Sub kategori masalah baru' });
      await form.locator('[name="name"]').fill('Sub kategori E2E');
      const picker = form.locator('[name="category_id"]');
      await picker.click();
      await picker.fill(name);
      await page
        .getByRole('listbox', { name: 'Kategori', exact: true })
        .getByRole('option', { name })
        .click();

      // The category goes away between the choice and the save: only the server can tell.
      await api('DELETE', `/api/resources/problem_categories/${category.id}`);
      const answer = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/resources/problem_subcategories' &&
          response.request().method() === 'POST',
      );
      await form.getByRole('button', { name: 'Buat', exact: true }).click();
      const response = await answer;
      expect(response.status()).toBe(400);
      // On the wire: English, the entity's English label in it.
      const body = (await response.json()) as { fields: Record<string, string[]> };
      expect(body.fields.category_id).toEqual([`There is no problem category with id ${category.id}`]);

      await expect.poll(() => picker.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await picker.getAttribute('aria-describedby'))!.split(' ')[0]!;
      expect(await form.locator(`[id="${describedBy}"]`).textContent()).toContain(
        `Tidak ada kategori masalah dengan id ${category.id}`,
      );
    } finally {
      await context.close();
    }
  });
});
