import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../console-server/test/fakes/openai.js';
import { apiLogin, newPage, openSignedIn, setupConsole } from './harness.js';

const {
  server,
  browser,
  fakes: { openai: fake },
} = setupConsole({
  // Pieces a few hundred ms apart: the page shows the answer growing before it is done.
  fakes: {
    openai: () =>
      startFakeOpenAi({ chunkDelayMs: 400, usage: { prompt_tokens: 1200, completion_tokens: 300 } }),
  },
  server: ({ openai }) => ({ insights: { baseUrl: openai.url, model: 'gpt-e2e', apiKey: 'sk-e2e' } }),
});

beforeAll(async () => {
  const yesterday = new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  await sql`
    insert into ad_insights_daily (date, campaign_id, campaign_name, adset_id, ad_id, ad_name, impressions, clicks, spend, source)
    values (${yesterday}, 'cmp-e2e', 'AAA Kampanye E2E', 'as-e2e', 'ad-e2e', 'Hook E2E', 5000, 120, 350000, 'seed')`.execute(
    server.database.db,
  );
});

describe('GPT Insights', () => {
  it('streams an answer into the page, then keeps it with tokens and cost in the searchable list', async () => {
    const user = await apiLogin(server, 'demo-all');
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/logs/gpt-insights/');
      const form = page.getByRole('form', { name: 'New insight' });
      await form.getByLabel('Campaign', { exact: true }).selectOption('cmp-e2e');
      await form.getByRole('button', { name: 'Ask GPT' }).click();

      const answer = page.getByRole('region', { name: 'Answer' });
      // Part of the answer is on the page while the model is still writing.
      await answer.getByText('Streaming…').waitFor();
      await answer.getByRole('heading', { name: 'Ringkasan' }).waitFor();
      expect(await answer.getByText('Streaming…').isVisible()).toBe(true);

      const done = page.getByRole('region', { name: /^Campaign: AAA Kampanye E2E/ });
      await done.getByText('Done', { exact: true }).waitFor();
      await expect(done.getByRole('listitem').first().textContent()).resolves.toBe(
        'Hentikan iklan dengan CPA tertinggi',
      );
      // Markdown as elements: bold is <strong>, no raw HTML.
      expect(await done.locator('strong').first().textContent()).toBe('ROAS');
      await done.getByText(/gpt-e2e · 1\.200 prompt \+ 300 answer tokens/).waitFor();
      expect(fake.calls.at(-1)!.body.messages[1]!.content).toContain('AAA Kampanye E2E');

      const past = page.getByRole('region', { name: 'Past insights' });
      await past.getByLabel('Search').fill('kampanye e2e');
      await past.getByRole('cell', { name: /AAA Kampanye E2E/ }).waitFor();
    } finally {
      await context.close();
    }
  });
});
