import { Suspense } from 'react';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES, type MyActivityResponse, type UsageStatisticsResponse } from '@staff/console-contract';
import { renderConsolePage } from '../pages/common/renderConsolePage.test-utils.js';
import { GuardedPage } from './GuardedPage.js';

afterEach(cleanup);

const route = ROUTES.find((r) => r.id === 'usage-statistic')!;
const mine: MyActivityResponse = {
  from: '2026-08-01',
  days: 30,
  sign_ins_per_day: [],
  recent_sign_ins: [],
  most_visited_pages: [],
};
const team: UsageStatisticsResponse = {
  from: '2026-08-01',
  days: 30,
  sign_ins_per_day: [],
  active_users: 3,
  total_users: 9,
  most_visited_pages: [],
};

/** Suspends until released: React throws away what it rendered beside it, and renders it again later. */
function suspender() {
  const gate = { open: false, release: () => {} };
  const promise = new Promise<void>((resolve) => (gate.release = resolve)).then(
    () => void (gate.open = true),
  );
  function SuspendsOnce() {
    if (!gate.open) throw promise;
    return null;
  }
  return { SuspendsOnce, release: () => act(async () => (gate.release(), await promise)) };
}

describe('GuardedPage', () => {
  it('asks the server once for a visit whose first render React threw away', async () => {
    const { SuspendsOnce, release } = suspender();
    const { requests } = renderConsolePage(
      <Suspense fallback={<p>waiting</p>}>
        <SuspendsOnce />
        <GuardedPage route={route} />
      </Suspense>,
      {
        path: route.path,
        permissions: [{ permission_key: 'statistics', allow_read: 1, allow_write: 0 }],
        answer: (config) => {
          if (config.url === '/api/statistics/me') return { status: 200, data: mine };
          if (config.url === '/api/statistics/usage') return { status: 200, data: team };
          return { status: 404, data: { message: 'not here' } };
        },
      },
    );
    await release();
    const teamFigures = await screen.findByRole('region', { name: 'Team activity' });
    await waitFor(() => expect(teamFigures.textContent).toMatch(/3\s*of\s*9/));
    const calls = (url: string) => requests.filter((request) => request.url === url).length;
    expect(calls('/api/statistics/me')).toBe(1);
    expect(calls('/api/statistics/usage')).toBe(1);
  });
});
