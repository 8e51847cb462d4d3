// Issue #32: Hook Generations writes hooks. The brief goes to the fake OpenAI (pieces a few hundred ms apart, so the
// hooks arrive one by one), picked and edited hooks go to Master Ad Creative as drafts; a refusal is said in words.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FAKE_HOOKS, startFakeOpenAi } from '../../console-server/test/fakes/openai.js';
import { apiLogin, openSignedIn, reusedTabs, setupConsole } from './harness.js';

// The fake holds the answer after its first hook until the test has seen it on the page: the half-written state is
// an event to wait for, not a window of a few hundred ms a busy machine can miss (it did once).
let releaseAnswer!: () => void;
const answerReleased = new Promise<void>((resolve) => (releaseAnswer = resolve));

const {
  server,
  browser,
  fakes: { openai: fake },
} = setupConsole({
  fakes: {
    openai: () => startFakeOpenAi({ chunkDelayMs: 300, holdAfter: { pieces: 1, until: answerReleased } }),
  },
  server: ({ openai }) => ({ insights: { baseUrl: openai.url, model: 'gpt-e2e', apiKey: 'sk-e2e' } }),
});
/** Each test's own tab, in one context the file reuses (a new one cost chromium about 2.4 CPU-s). */
const newTab = reusedTabs(browser);

describe('Hook Generations', () => {
  it('streams hooks into the page, then sends the picked and edited ones to Master Ad Creative as drafts', async () => {
    const edited = `Hook E2E diedit ${Date.now()}`;
    const user = await apiLogin(server, 'demo-all');
    const page = await newTab({ width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/admins/hook-generations');
      const form = page.getByRole('form', { name: 'Generate hooks' });
      // The first product is chosen once the products are there.
      await expect.poll(() => form.getByLabel('Product').inputValue()).not.toBe('');
      await form.getByLabel('Target audience').fill('Ibu muda 25–35 yang baru punya anak');
      await form.getByLabel('Pain point').fill('Bayi rewel dan susah tidur malam');
      await form.getByLabel('Formula').selectOption('question');
      await form.getByLabel('Number of hooks (1–10)').fill('3');
      await form.getByRole('button', { name: 'Generate' }).click();

      const results = page.getByRole('region', { name: 'Hooks' });
      // Part of the answer is on the page while the model is still writing.
      await results.getByText('Writing hooks… 1 of 3').waitFor();
      releaseAnswer();
      await results.getByText('3 hooks, 0 picked').waitFor();
      expect(await results.getByText('Formula: Question').count()).toBe(3);
      expect(await results.getByRole('textbox', { name: 'Hook 1' }).inputValue()).toBe(FAKE_HOOKS[0]);
      await results.getByText(/gpt-e2e · \d[\d.]* prompt \+ \d[\d.]* answer tokens · Rp/).waitFor();

      await results.getByRole('checkbox', { name: 'Pick hook 1' }).check();
      await results.getByRole('textbox', { name: 'Hook 3' }).fill(edited);
      await results.getByRole('button', { name: 'Send to Master Ad Creative as drafts' }).click();
      await results.getByText('2 drafts sent to Master Ad Creative.').waitFor();

      const drafts = await sql<{ hook_text: string; status: string; creative_id: string | null }>`
        select hook_text, status, creative_id from master_ad_creatives where hook_text in (${FAKE_HOOKS[0]!}, ${edited})
          and status = 'DRAFT' order by id`.execute(server.database.db);
      expect(drafts.rows.map((row) => row.hook_text)).toContain(edited);
      expect(drafts.rows.every((row) => row.creative_id === null)).toBe(true);

      // The drafts are in Master Ad Creative's list.
      await results.getByRole('link', { name: 'Open Master Ad Creative' }).click();
      await page.getByRole('search', { name: 'Filter ad creatives' }).getByRole('searchbox').fill(edited);
      const row = page.locator('tbody tr[data-index]').filter({ hasText: edited }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Draft');
    } finally {
      releaseAnswer();
      await page.close();
    }
  });

  it('says so in words when the language model refuses, and keeps nothing', async () => {
    fake.set({ failWith: { status: 429, message: 'Rate limit reached for gpt-e2e' } });
    const before = await sql<{ n: string }>`select count(*) as n from hook_generations`.execute(
      server.database.db,
    );
    const user = await apiLogin(server, 'demo-all');
    const page = await newTab({ width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/admins/hook-generations');
      const form = page.getByRole('form', { name: 'Generate hooks' });
      await expect.poll(() => form.getByLabel('Product').inputValue()).not.toBe('');
      await form.getByLabel('Target audience').fill('Mahasiswa tingkat akhir');
      await form.getByLabel('Pain point').fill('Skripsi tidak selesai-selesai');
      await form.getByRole('button', { name: 'Generate' }).click();
      const alert = page.getByRole('region', { name: 'Hooks' }).getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        'The language model refused the request. The language model answered 429: Rate limit reached for gpt-e2e.',
      );
      const after = await sql<{ n: string }>`select count(*) as n from hook_generations`.execute(
        server.database.db,
      );
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    } finally {
      fake.set({ chunkDelayMs: 300 });
      await page.close();
    }
  });
});
