import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { ROUTES, type HookGeneration } from '@staff/console-contract';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { renderConsolePage } from '../common/renderConsolePage.test-utils.js';
import HookGenerationsPage from './HookGenerationsPage.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const route = ROUTES.find((r) => r.id === 'hook-generations')!;

const generation: HookGeneration = {
  id: 7,
  product_id: 3,
  target_audience: 'Ibu muda',
  pain_point: 'Bayi susah tidur',
  formula: 'problem_callout',
  language: 'id',
  model: 'gpt-test',
  hook_count: 2,
  prompt: '…',
  outputs: ['Capek begadang tiap malam?', 'Stop buang uang untuk popok!'],
  selected_hook: null,
  selected_hooks: null,
  status: 'generated',
  prompt_tokens: 1200,
  completion_tokens: 300,
  cost_idr: 32,
  generated_at: '2026-11-29T07:00:00.000Z',
  version: 1,
};

const sse = (events: [string, unknown][]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const [event, data] of events)
          controller.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

function renderHooks(language: 'en' | 'id', picks: unknown[] = []) {
  return renderConsolePage(<HookGenerationsPage route={route} />, {
    path: route.path,
    language,
    permissions: [{ permission_key: route.key, allow_read: 1, allow_write: 1 }],
    answer: (config) => {
      if (config.url?.startsWith('/api/resources/products'))
        return {
          status: 200,
          data: { rows: [{ id: 3, name: 'Kelas Tidur Bayi', version: 1 }], total: 1, labels: {} },
        };
      if (config.url === '/api/hook-generations/7/pick') {
        const body = JSON.parse(String(config.data)) as { hooks: string[]; send_to_drafts: boolean };
        picks.push(body);
        return {
          status: 200,
          data: {
            generation: { ...generation, status: body.send_to_drafts ? 'used' : 'selected', version: 2 },
            drafts: body.send_to_drafts ? [101, 102] : [],
          },
        };
      }
      return { status: 404, data: { message: 'not here' } };
    },
  });
}

async function fillBrief(
  user: ReturnType<typeof renderHooks>['user'],
  labels: { audience: string; pain: string },
) {
  const form = screen.getByRole('form', { name: /hook/i });
  await within(form).findByRole('option', { name: 'Kelas Tidur Bayi' });
  await user.type(within(form).getByLabelText(labels.audience), 'Ibu muda');
  await user.type(within(form).getByLabelText(labels.pain), 'Bayi susah tidur');
  return form;
}

describe('HookGenerationsPage', () => {
  it('streams the hooks in with their formula, then sends the picked and edited ones to drafts', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      sse([
        ['start', { model: 'gpt-test', count: 2 }],
        ['hook', { index: 0, text: generation.outputs[0], formula: 'problem_callout' }],
        ['hook', { index: 1, text: generation.outputs[1], formula: 'problem_callout' }],
        ['done', generation],
      ]),
    );
    vi.stubGlobal('fetch', fetch);
    const picks: unknown[] = [];
    const { user } = renderHooks('en', picks);
    const form = await fillBrief(user, { audience: 'Target audience', pain: 'Pain point' });
    await user.selectOptions(within(form).getByLabelText('Formula'), 'problem_callout');
    await user.clear(within(form).getByLabelText('Number of hooks (1–10)'));
    await user.type(within(form).getByLabelText('Number of hooks (1–10)'), '2');
    await user.click(within(form).getByRole('button', { name: 'Generate' }));

    const results = screen.getByRole('region', { name: 'Hooks' });
    await within(results).findByText('2 hooks, 0 picked');
    expect(within(results).getAllByText('Formula: Problem call-out')).toHaveLength(2);
    expect(results.textContent).toContain('gpt-test · 1.200 prompt + 300 answer tokens · Rp');
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(String(init.body))).toEqual({
      product_id: 3,
      target_audience: 'Ibu muda',
      pain_point: 'Bayi susah tidur',
      formula: 'problem_callout',
      language: 'id',
      model: '',
      count: 2,
    });

    const send = within(results).getByRole('button', { name: 'Send to Master Ad Creative as drafts' });
    expect(send).toBeDisabled();
    await user.click(within(results).getByRole('checkbox', { name: 'Pick hook 1' }));
    const second = within(results).getByRole('textbox', { name: 'Hook 2' });
    await user.clear(second);
    await user.type(second, 'Stop buang uang, Bun!');
    await user.click(send);
    await within(results).findByText(/2 drafts sent to Master Ad Creative\./);
    expect(picks).toEqual([
      { version: 1, hooks: ['Capek begadang tiap malam?', 'Stop buang uang, Bun!'], send_to_drafts: true },
    ]);
    expect(within(results).getByRole('link', { name: 'Open Master Ad Creative' })).toBeVisible();
  });

  it('says in Indonesian that the model was too slow, with the server’s words, and keeps nothing', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({ message: 'The language model did not answer in time.', code: 'UPSTREAM_TIMEOUT' }),
          { status: 504, headers: { 'content-type': 'application/json' } },
        ),
    );
    const { user } = renderHooks('id');
    const form = await fillBrief(user, { audience: 'Target audiens', pain: 'Pain point' });
    await user.click(within(form).getByRole('button', { name: 'Buat' }));
    const results = screen.getByRole('region', { name: 'Hook' });
    const alert = await within(results).findByRole('alert');
    expect(alert.textContent).toBe(
      'Model bahasa terlalu lama menjawab. Coba lagi, atau minta lebih sedikit hook. Model bahasa tidak menjawab tepat waktu.',
    );
    expect(within(results).queryByRole('button', { name: /Kirim ke Master Ad Creative/ })).toBeNull();
  });

  it('shows a stream that broke off after the first hook as failed, the hook kept on screen', async () => {
    vi.stubGlobal('fetch', async () =>
      sse([
        ['start', { model: 'gpt-test', count: 3 }],
        ['hook', { index: 0, text: 'Hook satu', formula: 'question' }],
        ['failed', { code: 'UPSTREAM_BROKEN', message: 'The language model stream broke off.' }],
      ]),
    );
    const { user } = renderHooks('en');
    const form = await fillBrief(user, { audience: 'Target audience', pain: 'Pain point' });
    await user.click(within(form).getByRole('button', { name: 'Generate' }));
    const results = screen.getByRole('region', { name: 'Hooks' });
    const alert = await within(results).findByRole('alert');
    expect(alert.textContent).toBe(
      'The answer broke off; nothing was saved. Try again. The language model stream broke off.',
    );
    expect(within(results).getByRole('textbox', { name: 'Hook 1' })).toHaveValue('Hook satu');
  });
});

describe('HookGenerationsPage, the products', () => {
  it('says why the products could not be loaded and offers none to generate for', async () => {
    renderConsolePage(<HookGenerationsPage route={route} />, {
      path: route.path,
      language: 'en',
      permissions: [{ permission_key: route.key, allow_read: 1, allow_write: 1 }],
      answer: (config) =>
        config.url?.startsWith('/api/resources/products')
          ? { status: 500, data: { message: 'Database busy' } }
          : { status: 404, data: { message: 'not here' } },
    });
    const form = screen.getByRole('form', { name: /hook/i });
    expect(await within(form).findByText('Database busy')).toBeVisible();
    const product = within(form).getByRole('combobox', { name: 'Product' });
    expect(product).toBeDisabled();
    expect(within(product).getByRole('option', { name: 'Loading…' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Generate' })).toBeDisabled();
  });
});
