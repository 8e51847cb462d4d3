import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { ROUTES, type Insight } from '@staff/console-contract';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { renderConsolePage } from '../common/renderConsolePage.test-utils.js';
import GptInsightsPage from './GptInsightsPage.js';

afterEach(() => {
  cleanup();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const route = ROUTES.find((r) => r.id === 'gpt-insights')!;

const insight: Insight = {
  id: 42,
  scope: 'campaign',
  scope_id: 'C1',
  scope_label: 'Kelas Excel',
  from: '2026-11-10',
  to: '2026-11-16',
  question: '',
  status: 'done',
  model: 'gpt-test',
  prompt: '…',
  snapshot: null,
  answer: '## Ringkasan\n\nSpend naik.',
  prompt_tokens: 1200,
  completion_tokens: 300,
  cost_usd: 0.0123,
  error: null,
  created_by: 'Ayu',
  created_at: '2026-11-17T02:05:00.000Z',
  finished_at: '2026-11-17T02:05:09.000Z',
};

function renderInsights(language: 'en' | 'id') {
  return renderConsolePage(<GptInsightsPage route={route} />, {
    path: route.path,
    language,
    permissions: [{ permission_key: route.key, allow_read: 1, allow_write: 1 }],
    answer: (config) => {
      if (config.url === '/api/insights/scopes')
        return { status: 200, data: { options: [{ id: 'C1', label: 'Kelas Excel' }] } };
      if (config.url === '/api/insights') {
        const { snapshot: _snapshot, prompt: _prompt, ...row } = insight;
        return { status: 200, data: { rows: [row] } };
      }
      if (config.url === '/api/insights/42') return { status: 200, data: insight };
      return { status: 404, data: { message: 'not here' } };
    },
  });
}

describe('GptInsightsPage', () => {
  it("speaks Indonesian when chosen, dates and figures id-ID, the title staying the spec's", async () => {
    const { user } = renderInsights('id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('GPT Insights');
    const form = screen.getByRole('form', { name: 'Insight baru' });
    expect(within(form).getByLabelText('Pertanyaan (opsional)')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Tanya GPT' })).toBeVisible();
    const past = screen.getByRole('region', { name: 'Insight sebelumnya' });
    const row = await within(past).findByRole('row', { name: /Kelas Excel/ });
    expect(row.textContent).toMatch(/17 Nov,? 09\.05/);
    expect(row.textContent).toContain('selesai');
    expect(row.textContent).toContain('US$0,0123');
    await user.click(within(row).getByRole('button', { name: 'Buka insight #42' }));
    const answer = await screen.findByRole('region', { name: /^Campaign: Kelas Excel/ });
    expect(within(answer).getByText('Selesai')).toBeVisible();
    expect(answer.textContent).toMatch(/gpt-test · 1\.200 prompt \+ 300 token jawaban/);
    expect(within(answer).getByRole('button', { name: 'Jalankan lagi' })).toBeVisible();
  });

  it('keeps its English texts by default', async () => {
    renderInsights('en');
    expect(screen.getByRole('form', { name: 'New insight' })).toBeVisible();
    const past = screen.getByRole('region', { name: 'Past insights' });
    const row = await within(past).findByRole('row', { name: /Kelas Excel/ });
    expect(row.textContent).toContain('done');
    expect(within(row).getByRole('button', { name: 'Open insight #42' })).toBeVisible();
  });
});
