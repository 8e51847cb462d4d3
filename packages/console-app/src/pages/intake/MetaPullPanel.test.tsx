import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORED_USER_KEY, type MetaAdAccount, type MetaPullRun } from '@staff/console-contract';
import { ThemeProvider } from '@staff/console-ui';
import { type FakeAnswer, fakeAdapter } from '../../api/testAdapter.js';
import { createConsoleServices, ServicesContext } from '../../services.js';
import { fakeIo } from '../../test/fakeSocket.js';
import { memoryStorage } from '../../test/memoryStorage.js';
import { AppLanguageProvider, LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { MetaPullPanel } from './MetaPullPanel.js';
import { shown } from '../../test/shown.js';

afterEach(() => {
  cleanup();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const account: MetaAdAccount = {
  id: 3,
  name: 'Kelas Bunda',
  ad_account_id: 'act_1029384756',
  access_token: '••••f00d',
  pull_enabled: true,
  version: 1,
};

const run = (id: number, overrides: Partial<MetaPullRun> = {}): MetaPullRun => ({
  id,
  account_id: 3,
  ad_account_id: 'act_1029384756',
  trigger: 'schedule',
  since: '2026-11-22',
  until: '2026-11-25',
  status: 'succeeded',
  rows_read: 1200,
  rows_written: 1180,
  inserted: 1000,
  updated: 180,
  unchanged: 20,
  pages: 3,
  attempts: 9,
  throttled_waits: 1,
  waited_ms: 2000,
  max_usage_pct: 40,
  last_error: null,
  created_at: '2026-11-26T02:00:00.000Z',
  started_at: '2026-11-26T02:00:01.000Z',
  finished_at: '2026-11-26T02:01:00.000Z',
  ...overrides,
});

function setup(options: {
  writable: boolean;
  accounts?: MetaAdAccount[];
  runs?: MetaPullRun[];
  answer?: (url: string, method: string, body: unknown) => FakeAnswer | null;
  failLoad?: boolean;
  language?: 'en' | 'id';
}) {
  if (options.language) localStorage.setItem(LANGUAGE_STORAGE_KEY, options.language);
  let failLoad = options.failLoad ?? false;
  const runs = [...(options.runs ?? [])];
  const { adapter, requests } = fakeAdapter((config) => {
    const url = config.url ?? '';
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const custom = options.answer?.(url, config.method ?? 'get', body);
    if (custom) return custom;
    if (failLoad) {
      failLoad = false;
      return { status: 503, data: { message: 'Server is restarting' } };
    }
    if (config.method === 'get' && url === '/api/ad-insights/pull/accounts')
      return { status: 200, data: { data: options.accounts ?? [account] } };
    if (config.method === 'get' && url === '/api/ad-insights/pull/runs')
      return { status: 200, data: { data: runs } };
    if (config.method === 'post' && url === '/api/ad-insights/pull/accounts/3/runs') {
      const queued = run(runs.length + 10, {
        status: 'queued',
        trigger: 'manual',
        rows_read: 0,
        rows_written: 0,
      });
      runs.unshift(queued);
      return { status: 202, data: queued };
    }
    return { status: 404, data: { message: 'not here' } };
  });
  const storage = memoryStorage({
    [STORED_USER_KEY]: JSON.stringify({ token: 'tok', fullname: 'Ayu', last_login: null }),
  });
  const services = createConsoleServices({ storage, adapter, io: fakeIo().io });
  render(
    <ThemeProvider>
      <AppLanguageProvider>
        <ServicesContext.Provider value={services}>
          <MetaPullPanel writable={options.writable} />
        </ServicesContext.Provider>
      </AppLanguageProvider>
    </ThemeProvider>,
  );
  return { requests };
}

describe('MetaPullPanel', () => {
  it('lists recent pulls with status, rows and the error, and queues a pull now', async () => {
    const { requests } = setup({
      writable: true,
      runs: [
        run(2, {
          status: 'failed',
          last_error: 'Meta: Error validating access token (code 190/463)',
          rows_read: 0,
          rows_written: 0,
        }),
        run(1),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Recent pulls from Meta' });
    const failed = within(table).getByText('Failed').closest('tr')!;
    expect(within(failed).getByText(/code 190\/463/)).toBeVisible();
    const done = within(table).getByText('Succeeded').closest('tr')!;
    expect(within(done).getByText('1.180 / 1.200')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Pull now' }));
    await shown(screen.findByText(/Pull queued/));
    expect(
      requests.some(
        (request) => request.method === 'post' && request.url === '/api/ad-insights/pull/accounts/3/runs',
      ),
    ).toBe(true);
    await shown(within(table).findByText('Queued'));
  });

  it('shows the server refusing a backfill range next to the field', async () => {
    setup({
      writable: true,
      answer: (url, method, body) =>
        method === 'post' && url === '/api/ad-insights/pull/accounts/3/runs'
          ? {
              status: 400,
              data: {
                message: 'A backfill covers at most 90 days',
                code: 'INVALID_INPUT',
                fields: { 'body.since': ['A backfill covers at most 90 days'] },
                echo: body,
              },
            }
          : null,
    });
    await screen.findByText(/No pulls yet/);
    const from = screen.getByLabelText('Backfill from');
    await userEvent.type(from, '2026-01-01');
    await userEvent.type(screen.getByLabelText('to'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Backfill (max 90 days)' }));
    await shown(screen.findByText('From: A backfill covers at most 90 days'));
    expect(from.getAttribute('aria-invalid')).toBe('true');
  });

  it('says when no account is set up; readers get no controls', async () => {
    setup({ writable: false, accounts: [] });
    await shown(screen.findByText(/No ad account is set up/));
    expect(screen.queryByRole('button', { name: 'Pull now' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add an ad account' })).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    setup({ writable: true, failLoad: true });
    expect((await screen.findByRole('alert')).textContent).toContain('Server is restarting');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pull now' })).toBeVisible();
  });

  it('speaks Indonesian when chosen, product terms and figures as staff know them', async () => {
    setup({ writable: true, language: 'id', runs: [run(1)] });
    expect(screen.getByRole('heading', { name: 'Tarik dari Meta' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Penarikan terbaru dari Meta' });
    expect(within(table).getByRole('columnheader', { name: 'Baris ditulis / dibaca' })).toBeVisible();
    const done = within(table).getByText('Berhasil').closest('tr')!;
    expect(within(done).getByText('Harian')).toBeVisible();
    expect(within(done).getByText('1.180 / 1.200')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tarik sekarang' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'Tambah akun iklan' })).toBeVisible();
    expect(screen.getByLabelText('Access token')).toBeVisible();
  });

  it('says its load error and retry in Indonesian', async () => {
    setup({ writable: true, failLoad: true, language: 'id' });
    expect((await screen.findByRole('alert')).textContent).toContain('Server is restarting');
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('button', { name: 'Tarik sekarang' })).toBeVisible();
  });
});
