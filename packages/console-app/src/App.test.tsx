import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAGE_DENIED_MESSAGE,
  STORED_USER_KEY,
  type MyActivityResponse,
  type UsageStatisticsResponse,
} from '@staff/console-contract';
import type { PermissionEntry, StoredUser } from '@staff/console-ui';
import { App } from './App.js';
import { createConsoleServices } from './services.js';
import { fakeAdapter, type FakeAnswer, type FakeRequest } from './api/testAdapter.js';
import { fakeIo } from './test/fakeSocket.js';
import { memoryStorage } from './test/memoryStorage.js';
import { shown } from './test/shown.js';

afterEach(cleanup);

const USER: StoredUser = {
  token: 'token-1',
  fullname: 'Ayu Lestari',
  last_login: '2024-05-01T03:00:00.000Z',
};

const STATS: UsageStatisticsResponse = {
  from: '2024-05-01',
  days: 30,
  sign_ins_per_day: [
    { date: '2024-05-01', sign_ins: 3, failed: 1 },
    { date: '2024-05-02', sign_ins: 0, failed: 0 },
  ],
  active_users: 2,
  total_users: 5,
  most_visited_pages: [{ path: '/app/admins/creators', permission_key: 'databank_creators', visits: 7 }],
};

const MINE: MyActivityResponse = {
  from: '2024-05-01',
  days: 30,
  sign_ins_per_day: [{ date: '2024-05-01', sign_ins: 2, failed: 0 }],
  recent_sign_ins: [{ at: '2024-05-01T03:00:00.000Z', success: true }],
  most_visited_pages: [{ path: '/app/admins/tribes', permission_key: 'databank_tribes', visits: 4 }],
};

const read = (...keys: string[]): PermissionEntry[] =>
  keys.map((key) => ({ permission_key: key, allow_read: 1, allow_write: 0 }));

interface BackendOptions {
  permissions?: PermissionEntry[];
  /** Answers for ___pc by key; default: allowed when the key is in `permissions`. */
  pageCheck?: (key: string) => FakeAnswer | Promise<FakeAnswer>;
  stats?: () => FakeAnswer | Promise<FakeAnswer>;
}

function setup(path: string, options: BackendOptions = {}, user: StoredUser | null = USER, strict = false) {
  const state = { permissions: options.permissions ?? read('statistics') };
  const log: { url: string; params: Record<string, string>; auth: string | null; at: number }[] = [];
  const { adapter } = fakeAdapter((config: FakeRequest) => {
    const url = config.url ?? '';
    log.push({
      url,
      params: (config.params ?? {}) as Record<string, string>,
      auth: config.headers.get('Authorization') as string | null,
      at: performance.now(),
    });
    if (url === '/api/a/verify/___ca') return { status: 200, data: { permissions: state.permissions } };
    if (url === '/api/a/verify/___pc') {
      const key = (config.params as { key: string }).key;
      if (options.pageCheck) return options.pageCheck(key);
      return state.permissions.some((p) => p.permission_key === key && p.allow_read > 0)
        ? { status: 200, data: {} }
        : { status: 403, data: { message: PAGE_DENIED_MESSAGE } };
    }
    if (url === '/api/statistics/usage')
      return options.stats ? options.stats() : { status: 200, data: STATS };
    if (url === '/api/statistics/me') return { status: 200, data: MINE };
    if (url === '/api/auth/logout') return { status: 200, data: { ok: true } };
    return { status: 404, data: { message: `no ${url}` } };
  });
  const storage = memoryStorage(user ? { [STORED_USER_KEY]: JSON.stringify(user) } : {});
  const { io, sockets } = fakeIo();
  const services = createConsoleServices({ storage, adapter, io });
  const app = <App services={services} initialEntries={[path]} />;
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return {
    log,
    storage,
    sockets,
    services,
    state,
    calls: (url: string) => log.filter((entry) => entry.url === url),
  };
}

const menu = () => screen.getByRole('navigation', { name: 'Main menu' });
const groupLabels = () =>
  within(menu())
    .queryAllByRole('button')
    .map((b) => b.textContent?.trim());

describe('routed console', () => {
  it('starts the page data and the permission check together, and shows the page when the guard allows', async () => {
    let allow: (answer: FakeAnswer) => void = () => undefined;
    const { calls } = setup('/app/administration/users/', {
      permissions: read('admin_manage_user'),
      pageCheck: () => new Promise<FakeAnswer>((resolve) => (allow = resolve)),
    });
    await waitFor(() => expect(calls('/api/a/verify/___pc')).toHaveLength(1));
    expect(calls('/api/a/verify/___pc')[0]!.params).toEqual({
      key: 'admin_manage_user',
      mode: 'read',
      path: '/app/administration/users/',
    });
    expect(screen.queryByRole('heading', { level: 1, name: 'Users' })).toBeNull();
    allow({ status: 200, data: {} });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    expect(document.title).toBe('Users');
  });

  it('opens Usage Statistics to every signed-in user: own activity at once, no page check, team figures for holders', async () => {
    const { calls } = setup('/app/usage-statistic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage Statistics' })).toBeVisible();
    expect(calls('/api/a/verify/___pc')).toHaveLength(0);
    expect(calls('/api/statistics/me')).toHaveLength(1);
    expect(screen.getByRole('cell', { name: 'Tribe Admin' })).toBeVisible();
    // The team's figures, for a holder of `statistics`.
    await shown(screen.findByText('Active users'));
    expect(screen.getByRole('table', { name: 'Most visited pages' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Creator Admin' })).toBeVisible();
    expect(document.title).toBe('Usage Statistics');
  });

  it('shows the error state of Usage Statistics with a retry', async () => {
    let fail = true;
    setup('/app/usage-statistic', {
      stats: () =>
        fail ? { status: 500, data: { message: 'Database unavailable' } } : { status: 200, data: STATS },
    });
    const alert = (await screen.findByText(/Could not load usage statistics/)).closest('[role="alert"]')!;
    expect(alert.textContent).toContain(
      'Could not load usage statistics. Database unavailable (status 500).',
    );
    fail = false;
    // Found while the page is still covered by the guard: the button is reachable once it is uncovered.
    await userEvent.click(await within(alert as HTMLElement).findByRole('button', { name: 'Try again' }));
    await shown(screen.findByText('Active users'));
  });

  it('shows the empty state when nothing was recorded', async () => {
    setup('/app/usage-statistic', {
      stats: () => ({
        status: 200,
        data: {
          ...STATS,
          sign_ins_per_day: [{ date: '2024-05-01', sign_ins: 0, failed: 0 }],
          most_visited_pages: [],
          active_users: 0,
        },
      }),
    });
    // Found while the page is still under the guard's cover; it is shown once the cover lifts.
    const empty = await screen.findByText('No sign-ins or page visits were recorded in this period.');
    await waitFor(() => expect(empty).toBeVisible());
    expect(screen.getByText('No page visits recorded yet.')).toBeVisible();
  });

  it('denies a page without its key and links to the pages the user may open', async () => {
    setup('/app/administration/users/', { permissions: read('transaction_read_purchase_logs') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(PAGE_DENIED_MESSAGE);
    const links = within(screen.getByRole('navigation', { name: 'Pages you can open' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Usage Statistics', '/app/usage-statistic'],
      ['Purchase Log', '/app/logs/purchase/'],
      ['Sheet Report', '/app/logs/sheet-report/'],
      ['GPT Insights', '/app/logs/gpt-insights/'],
    ]);
  });

  it('shows a page with its title (every route of the table has its page: pages/registry.test.ts)', async () => {
    setup('/app/logs/sheet-report/', { permissions: read('transaction_read_purchase_logs') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sheet Report' })).toBeVisible();
    expect(document.title).toBe('Sheet Report');
  });

  it('has a not-found page inside the shell', async () => {
    setup('/app/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText('/app/nothing-here')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  it('sends a visitor without a session from /app to the start screen', async () => {
    setup('/app/usage-statistic', {}, null);
    await shown(screen.findByText('Please Wait...'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeVisible();
  });

  it('ends the session on a 401 and goes to /', async () => {
    const { storage } = setup('/app/administration/users/', {
      pageCheck: () => ({ status: 401, data: { message: 'expired' } }),
    });
    await shown(screen.findByText('Please Wait...'));
    expect(storage.getItem(STORED_USER_KEY)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Your session is no longer valid.');
  });

  it('signs out: clears the stored user, revokes the token, goes to /', async () => {
    const { storage, calls } = setup('/app/usage-statistic');
    await waitFor(() => expect(groupLabels()).toContain('Statistics'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(storage.getItem(STORED_USER_KEY)).toBeNull();
    await shown(screen.findByText('Please Wait...'));
    await waitFor(() => expect(calls('/api/auth/logout')).toHaveLength(1));
    expect(calls('/api/auth/logout')[0]!.auth).toBe('Bearer token-1');
    await shown(screen.findByText('You have signed out.'));
  });

  it('refreshes permissions from the refresh icon and reports it', async () => {
    const { state, calls } = setup('/app/usage-statistic');
    await waitFor(() =>
      expect(groupLabels()).toEqual([
        'Statistics',
        'General Affairs',
        'Automation Database',
        'Operation Data',
      ]),
    );
    state.permissions = read('statistics', 'admin_manage_user');
    const before = calls('/api/a/verify/___ca').length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh permissions' }));
    await waitFor(() => expect(calls('/api/a/verify/___ca').length).toBe(before + 1));
    await shown(screen.findByText('Permissions refreshed.'));
    expect(groupLabels()).toContain('Users');
  });

  it('applies a permission change pushed over the socket and re-checks the open page', async () => {
    const { state, sockets, calls } = setup('/app/administration/users/', { permissions: [] });
    expect(await screen.findByRole('alert')).toBeVisible();
    const socket = sockets[0]!;
    expect(socket.options.auth).toBeTypeOf('function');
    state.permissions = read('admin_manage_user');
    act(() => socket.fire('permissions:changed', {}));
    await waitFor(() => expect(groupLabels()).toContain('Users'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    expect(calls('/api/a/verify/___pc').length).toBeGreaterThanOrEqual(2);
    // The notice follows the permission load's answer; it may come after the page's re-check.
    await shown(screen.findByText('Your permissions were changed by an administrator.'));
  });

  it('keeps the connection status apart from the account actions in the sidebar footer', async () => {
    const { sockets } = setup('/app/usage-statistic');
    await screen.findByRole('button', { name: 'Sign Out' });
    act(() => sockets[0]!.fire('connect'));
    const status = await waitFor(() => {
      const found = screen.getAllByRole('status').find((element) => element.textContent === 'Connected');
      expect(found).toBeTruthy();
      return found!;
    });
    const account = screen.getByRole('list', { name: 'My account' });
    expect(account.contains(status)).toBe(false);
    const actions = within(account)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('button').textContent);
    expect(actions).toEqual(['Change my password', 'Two-step sign-in', 'My sessions']);
    // A real button: Enter opens the dialog.
    within(account).getByRole('button', { name: 'Change my password' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Change my password' })).toBeVisible();
  });

  it('runs under StrictMode: the guarded page opens and the shell socket connects after the effect replay', async () => {
    const { sockets } = setup('/app/usage-statistic', {}, USER, true);
    // The guard's first check is aborted by the replay; its "canceled" must not become the page's error.
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage Statistics' })).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Your most visited pages' })).toBeVisible();
    expect(screen.queryByText(/canceled/i)).toBeNull();
    // The replay closed the socket once; the shell opened it again instead of waiting for the connect timeout.
    const socket = sockets.find((candidate) => candidate.connectCalls > 0)!;
    expect(socket.connectCalls).toBeGreaterThan(socket.disconnectCalls);
    act(() => socket.fire('connect'));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((element) => element.textContent === 'Connected')).toBe(true),
    );
    // The shell's own actions still work after the replay.
    await userEvent.click(screen.getByRole('button', { name: 'Two-step sign-in' }));
    expect(await screen.findByRole('dialog', { name: 'Two-step sign-in' })).toBeVisible();
  });

  it('signs out when the server revokes the session over the socket', async () => {
    const { sockets, storage } = setup('/app/usage-statistic');
    await screen.findByRole('button', { name: 'Sign Out' });
    act(() => sockets[0]!.fire('session:revoked', { reason: 'logout' }));
    await shown(screen.findByText('Please Wait...'));
    expect(storage.getItem(STORED_USER_KEY)).toBeNull();
  });
});
