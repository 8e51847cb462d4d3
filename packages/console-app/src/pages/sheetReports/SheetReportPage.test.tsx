import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { ROUTES, type SheetReportRun, type SheetReportSchedule } from '@staff/console-contract';
import { invalidBody, type FakeAnswer } from '../../api/testAdapter.js';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
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
