import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { ROUTES, type SheetReportRun, type SheetReportSchedule } from '@staff/console-contract';
import { invalidBody, type FakeAnswer, type FakeRequest } from '../../api/testAdapter.js';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { renderPage } from '../../test/renderPage.js';
import { renderConsolePage } from '../common/renderConsolePage.test-utils.js';
import SheetReportPage from './SheetReportPage.js';

afterEach(() => {
  cleanup();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const route = ROUTES.find((r) => r.id === 'sheet-report')!;

const run: SheetReportRun = {
  id: 11,
  schedule_id: 4,
  trigger: 'manual',
  status: 'succeeded',
  started_at: '2026-11-20T23:30:00.000Z',
  finished_at: '2026-11-20T23:30:02.000Z',
  duration_ms: 1850,
  rows: 1200,
  error: null,
  file_name: 'ads-x-mayar_2026-11-14_2026-11-20.csv',
  sheet_range: null,
};

const schedule: SheetReportSchedule = {
  id: 4,
  name: 'Ads mingguan',
  report: 'ads-x-mayar',
  group_by: null,
  days: 7,
  format: 'csv',
  schedule: { frequency: 'weekly', time: '06:30', weekday: 5 },
  keep: 5,
  active: true,
  next_run_at: '2026-11-27T23:30:00.000Z',
  source: 'report',
  view: null,
  google_sheet: null,
  last_run: run,
  version: 1,
};

function renderSheet(language: 'en' | 'id', create?: FakeAnswer) {
  return renderConsolePage(<SheetReportPage route={route} />, {
    path: route.path,
    language,
    permissions: [{ permission_key: route.key, allow_read: 1, allow_write: 1 }],
    answer: (config) => {
      if (config.url === '/api/sheet-reports' && config.method === 'post' && create) return create;
      if (config.url === '/api/sheet-reports') return { status: 200, data: { schedules: [schedule] } };
      if (config.url === '/api/sheet-reports/4/runs') return { status: 200, data: { runs: [run] } };
      return { status: 404, data: { message: 'not here' } };
    },
  });
}

describe('SheetReportPage', () => {
  it("speaks Indonesian when chosen: form, schedule list and run log; the title stays the spec's", async () => {
    const { user } = renderSheet('id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sheet Report');
    const form = screen.getByRole('form', { name: 'Jadwal baru' });
    expect(within(form).getByLabelText('Rentang (hari terakhir)')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Buat jadwal' })).toBeVisible();
    const list = screen.getByRole('region', { name: 'Jadwal' });
    expect(await within(list).findByRole('cell', { name: 'Mingguan, Jumat 06:30 WIB' })).toBeVisible();
    expect(within(list).getByRole('cell', { name: /Ads X Mayar Report · 7 hari · CSV/ })).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Log Ads mingguan' }));
    const log = await screen.findByRole('table', { name: 'Log jalan' });
    expect(within(log).getByRole('columnheader', { name: 'Durasi (ms)' })).toBeVisible();
    expect(within(log).getByText('Berhasil')).toBeVisible();
    expect(within(log).getByRole('button', { name: `Unduh ${run.file_name}` })).toBeVisible();
  });

  it('speaks English by default, the weekday staying id-ID', async () => {
    renderSheet('en');
    const form = screen.getByRole('form', { name: 'New schedule' });
    expect(within(form).getByRole('button', { name: 'Create schedule' })).toBeVisible();
    const list = screen.getByRole('region', { name: 'Schedules' });
    expect(await within(list).findByRole('cell', { name: 'Weekly, Jumat 06:30 WIB' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Run Ads mingguan now' })).toBeVisible();
    expect(within(list).getByText('Succeeded')).toBeVisible();
  });

  it("shows the server's 400 message under the field it names (schedule.time under the time), not as a banner", async () => {
    const { user, requests } = renderSheet(
      'en',
      invalidBody({ 'schedule.time': ['No runs between 00:00 and 01:00 (the nightly backup)'] }),
    );
    const form = screen.getByRole('form', { name: 'New schedule' });
    await user.type(within(form).getByLabelText('Name'), 'Malam');
    await user.click(within(form).getByRole('button', { name: 'Create schedule' }));
    const time = within(form).getByLabelText('Time (WIB)');
    await waitFor(() =>
      expect(time).toHaveAccessibleDescription('No runs between 00:00 and 01:00 (the nightly backup)'),
    );
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(requests.filter((request) => request.method === 'post')).toHaveLength(1);
  });
});

describe('SheetReportPage, the run log', () => {
  const other: SheetReportSchedule = { ...schedule, id: 5, name: 'Ads harian', last_run: null };
  const otherRun: SheetReportRun = { ...run, id: 12, schedule_id: 5, file_name: 'ads-harian.csv' };

  function renderLog(
    handler: (config: FakeRequest) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>,
  ) {
    return renderPage({ path: `/app${route.path}` }, <SheetReportPage route={route} />, {
      language: 'en',
      permissions: [{ permission_key: route.key, allow_read: 1, allow_write: 1 }],
      handler,
    });
  }

  it("shows the chosen schedule's log when the first one's answer arrives after it", async () => {
    // The first schedule's runs are held until the second's have answered: a late answer must not win.
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const { user } = renderLog(async (config) => {
      if (config.url === '/api/sheet-reports') return { status: 200, data: { schedules: [schedule, other] } };
      if (config.url === '/api/sheet-reports/4/runs') {
        await firstHeld;
        return { status: 200, data: { runs: [run] } };
      }
      if (config.url === '/api/sheet-reports/5/runs') return { status: 200, data: { runs: [otherRun] } };
      return undefined;
    });
    const list = screen.getByRole('region', { name: 'Schedules' });
    await user.click(await within(list).findByRole('button', { name: 'Log Ads mingguan' }));
    expect(await screen.findByRole('heading', { name: /Ads mingguan/, level: 2 })).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Log Ads harian' }));
    const log = await screen.findByRole('table', { name: 'Run log' });
    expect(within(log).getByRole('button', { name: 'Download ads-harian.csv' })).toBeVisible();
    // Let the first schedule's answer go. The fake server, the client and the page pass it on in microtasks only,
    // so once one macrotask has run the page has taken it in (or dropped it).
    await act(async () => {
      releaseFirst();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const shown = screen.getByRole('table', { name: 'Run log' });
    expect(within(shown).getByRole('button', { name: 'Download ads-harian.csv' })).toBeVisible();
    expect(within(shown).queryByRole('button', { name: `Download ${run.file_name}` })).toBeNull();
  });

  it('reads the schedules and the log again after Run now: the new run is shown', async () => {
    let runs: SheetReportRun[] = [];
    const { user } = renderLog((config) => {
      if (config.url === '/api/sheet-reports/4/run' && config.method === 'post') {
        runs = [run];
        return { status: 200, data: run };
      }
      if (config.url === '/api/sheet-reports')
        return { status: 200, data: { schedules: [{ ...schedule, last_run: runs[0] ?? null }] } };
      if (config.url === '/api/sheet-reports/4/runs') return { status: 200, data: { runs } };
      return undefined;
    });
    const list = screen.getByRole('region', { name: 'Schedules' });
    await user.click(await within(list).findByRole('button', { name: 'Log Ads mingguan' }));
    expect(await screen.findByText('Never run yet.')).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Run Ads mingguan now' }));
    const log = await screen.findByRole('table', { name: 'Run log' });
    expect(within(log).getByRole('button', { name: `Download ${run.file_name}` })).toBeVisible();
    expect(await within(list).findByText('Succeeded')).toBeVisible();
  });

  it('says why the log could not be read, and reads it again when it is asked for again', async () => {
    let fail = true;
    const { user } = renderLog((config) => {
      if (config.url === '/api/sheet-reports') return { status: 200, data: { schedules: [schedule] } };
      if (config.url === '/api/sheet-reports/4/runs')
        return fail
          ? { status: 500, data: { message: 'Database busy' } }
          : { status: 200, data: { runs: [run] } };
      return undefined;
    });
    const list = screen.getByRole('region', { name: 'Schedules' });
    await user.click(await within(list).findByRole('button', { name: 'Log Ads mingguan' }));
    expect(await screen.findByText('Database busy')).toBeVisible();
    fail = false;
    await user.click(within(list).getByRole('button', { name: 'Log Ads mingguan' }));
    const log = await screen.findByRole('table', { name: 'Run log' });
    expect(within(log).getByText('Succeeded')).toBeVisible();
    expect(screen.queryByText('Database busy')).toBeNull();
  });
});
