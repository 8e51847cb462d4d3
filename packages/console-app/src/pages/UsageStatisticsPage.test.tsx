import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { ROUTES, type MyActivityResponse, type UsageStatisticsResponse } from '@staff/console-contract';
import { LANGUAGE_STORAGE_KEY } from '../i18n.js';
import { renderConsolePage } from './common/renderConsolePage.test-utils.js';
import UsageStatisticsPage from './UsageStatisticsPage.js';
import { shown } from '../test/shown.js';

afterEach(() => {
  cleanup();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const route = ROUTES.find((r) => r.id === 'usage-statistic')!;

const mine: MyActivityResponse = {
  from: '2026-08-01',
  days: 30,
  sign_ins_per_day: [{ date: '2026-08-03', sign_ins: 2, failed: 1 }],
  recent_sign_ins: [{ at: '2026-08-03T17:30:00.000Z', success: true }],
  most_visited_pages: [{ path: null, permission_key: 'statistics', visits: 1200 }],
};

const team: UsageStatisticsResponse = {
  from: '2026-08-01',
  days: 30,
  sign_ins_per_day: [{ date: '2026-08-17', sign_ins: 4, failed: 0 }],
  active_users: 3,
  total_users: 9,
  most_visited_pages: [{ path: '/app/usage-statistic', permission_key: 'statistics', visits: 7 }],
};

function renderUsage(language: 'en' | 'id') {
  return renderConsolePage(<UsageStatisticsPage route={route} />, {
    path: route.path,
    language,
    permissions: [{ permission_key: 'statistics', allow_read: 1, allow_write: 0 }],
    answer: (config) => {
      if (config.url === '/api/statistics/me') return { status: 200, data: mine };
      if (config.url === '/api/statistics/usage') return { status: 200, data: team };
      return { status: 404, data: { message: 'not here' } };
    },
  });
}

describe('UsageStatisticsPage dates', () => {
  it.each(['en', 'id'] as const)('formats days and times id-ID in Asia/Jakarta (%s)', async (language) => {
    renderUsage(language);
    const signIns = await screen.findByRole('table', {
      name: language === 'en' ? 'Your latest sign-ins' : /login terakhir/i,
    });
    // 17:30 UTC is past midnight in Jakarta: the next day, in id-ID's month names and time separator.
    expect(within(signIns).getAllByRole('row')[1]!.textContent).toMatch(/04 Agu 2026,? 00\.30 WIB/);
    const days = await screen.findByRole('table', {
      name: language === 'en' ? 'Sign-ins per day' : /per hari/i,
    });
    expect(within(days).getByText('17 Agu 2026')).toBeVisible();
  });

  it("names a visit without a path in Indonesian, the page title staying the spec's", async () => {
    renderUsage('id');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(route.title);
    await shown(screen.findByText('(halaman tanpa nama) · statistics'));
  });
});
