import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { ROUTES, type Insight } from '@staff/console-contract';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import type { FakeAnswer, FakeRequest } from '../../api/testAdapter.js';
import { renderConsolePage } from '../common/renderConsolePage.test-utils.js';
import GptInsightsPage from './GptInsightsPage.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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

/** A past insight as the list answers it, under another name. */
const pastRow = (id: number, scopeLabel: string) => {
  const { snapshot: _snapshot, prompt: _prompt, ...row } = insight;
  return { ...row, id, scope_label: scopeLabel };
};

/** Lets answers the fake server already gave reach the page: they pass on in microtasks only. */
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

function renderWith(answer: (config: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  return renderConsolePage(<GptInsightsPage route={route} />, {
    path: route.path,
    language: 'en',
    permissions: [{ permission_key: route.key, allow_read: 1, allow_write: 1 }],
    answer: answer as (config: FakeRequest) => FakeAnswer,
  });
}

describe('GptInsightsPage, answers that come late', () => {
  it("shows the chosen scope's options when the first scope's answer arrives after them", async () => {
    let releaseCampaigns: () => void = () => undefined;
    const campaignsHeld = new Promise<void>((resolve) => (releaseCampaigns = resolve));
    const { user } = renderWith(async (config) => {
      if (config.url === '/api/insights/scopes' && config.params?.scope === 'campaign') {
        await campaignsHeld;
        return { status: 200, data: { options: [{ id: 'C1', label: 'Kelas Excel' }] } };
      }
      if (config.url === '/api/insights/scopes')
        return { status: 200, data: { options: [{ id: 'A1', label: 'Adset Pagi' }] } };
      if (config.url === '/api/insights') return { status: 200, data: { rows: [] } };
      return { status: 404, data: { message: 'not here' } };
    });
    const form = screen.getByRole('form', { name: 'New insight' });
    await user.selectOptions(within(form).getByLabelText('Scope'), 'adset');
    const adSets = within(form).getByLabelText('Ad set');
    expect(await within(adSets).findByRole('option', { name: 'Adset Pagi' })).toBeVisible();
    releaseCampaigns();
    await settle();
    // Dropped: the ad sets stay, chosen, and the form may be sent.
    expect(within(form).getByLabelText('Ad set')).toHaveValue('A1');
    expect(within(form).queryByRole('option', { name: 'Kelas Excel' })).toBeNull();
    expect(within(form).getByRole('button', { name: 'Ask GPT' })).toBeEnabled();
  });

  it("shows the search's insights when the unfiltered list answers after them", async () => {
    let releaseAll: () => void = () => undefined;
    const allHeld = new Promise<void>((resolve) => (releaseAll = resolve));
    const { user } = renderWith(async (config) => {
      if (config.url === '/api/insights/scopes')
        return { status: 200, data: { options: [{ id: 'C1', label: 'Kelas Excel' }] } };
      if (config.url === '/api/insights' && config.params?.q === 'word')
        return { status: 200, data: { rows: [pastRow(41, 'Kelas Word')] } };
      if (config.url === '/api/insights') {
        await allHeld;
        return { status: 200, data: { rows: [pastRow(42, 'Kelas Excel')] } };
      }
      return { status: 404, data: { message: 'not here' } };
    });
    const past = screen.getByRole('region', { name: 'Past insights' });
    await user.type(within(past).getByLabelText('Search'), 'word');
    expect(await within(past).findByRole('row', { name: /Kelas Word/ })).toBeVisible();
    releaseAll();
    await settle();
    expect(within(past).getByRole('row', { name: /Kelas Word/ })).toBeVisible();
    expect(within(past).queryByRole('row', { name: /Kelas Excel/ })).toBeNull();
  });

  it('a run ending after the search changed reloads the searched list', async () => {
    let endRun: () => void = () => undefined;
    const runHeld = new Promise<void>((resolve) => (endRun = resolve));
    vi.stubGlobal('fetch', async () => {
      await runHeld;
      return new Response(JSON.stringify({ message: 'The model is not reachable.' }), { status: 503 });
    });
    let searched = 0;
    const { user } = renderWith((config) => {
      if (config.url === '/api/insights/scopes')
        return { status: 200, data: { options: [{ id: 'C1', label: 'Kelas Excel' }] } };
      if (config.url === '/api/insights' && config.params?.q === 'word') {
        searched += 1;
        // Asked again after the run: the run's insight is in it.
        const rows = [pastRow(41, 'Kelas Word')];
        return { status: 200, data: { rows: searched > 1 ? [pastRow(43, 'Word Lanjutan'), ...rows] : rows } };
      }
      if (config.url === '/api/insights')
        return { status: 200, data: { rows: [pastRow(42, 'Kelas Excel')] } };
      return { status: 404, data: { message: 'not here' } };
    });
    const form = screen.getByRole('form', { name: 'New insight' });
    const past = screen.getByRole('region', { name: 'Past insights' });
    await within(past).findByRole('row', { name: /Kelas Excel/ });
    await user.click(within(form).getByRole('button', { name: 'Ask GPT' }));
    expect(await within(form).findByRole('button', { name: 'Asking…' })).toBeDisabled();
    await user.type(within(past).getByLabelText('Search'), 'word');
    expect(await within(past).findByRole('row', { name: /Kelas Word/ })).toBeVisible();
    endRun();
    expect(await within(form).findByRole('alert')).toHaveTextContent('The model is not reachable.');
    expect(await within(past).findByRole('row', { name: /Word Lanjutan/ })).toBeVisible();
    expect(within(past).getByRole('row', { name: /Kelas Word/ })).toBeVisible();
    expect(within(past).queryByRole('row', { name: /Kelas Excel/ })).toBeNull();
  });

  it("shows the server's message when the past insights cannot be loaded", async () => {
    renderWith((config) => {
      if (config.url === '/api/insights/scopes')
        return { status: 200, data: { options: [{ id: 'C1', label: 'Kelas Excel' }] } };
      if (config.url === '/api/insights') return { status: 500, data: { message: 'Database busy' } };
      return { status: 404, data: { message: 'not here' } };
    });
    const past = screen.getByRole('region', { name: 'Past insights' });
    expect(await within(past).findByRole('alert')).toHaveTextContent('Database busy');
  });
});
