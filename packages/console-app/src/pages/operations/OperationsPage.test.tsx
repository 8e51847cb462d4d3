import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { ROUTES, type OperationsOverview } from '@staff/console-contract';
import type { FakeAnswer } from '../../api/testAdapter.js';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { renderConsolePage } from '../common/renderConsolePage.test-utils.js';
import { shown } from '../../test/shown.js';
import OperationsPage from './OperationsPage.js';
import type { FakeRequest } from '../../api/testAdapter.js';

afterEach(() => {
  cleanup();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const route = ROUTES.find((r) => r.id === 'operations')!;

const overview = (failed = 2): OperationsOverview => ({
  generated_at: '2031-03-02T05:00:00.000Z',
  nodes: [
    {
      node_id: 'app-1:41:ab12cd34',
      hostname: 'app-1',
      pid: 41,
      version: '1.0.0',
      started_at: '2031-03-02T01:00:00.000Z',
      last_seen_at: '2031-03-02T04:59:50.000Z',
      connected: true,
      current: true,
    },
    {
      node_id: 'app-2:7:ffee0011',
      hostname: 'app-2',
      pid: 7,
      version: '1.0.0',
      started_at: '2031-03-01T01:00:00.000Z',
      last_seen_at: '2031-03-01T23:00:00.000Z',
      connected: false,
      current: false,
    },
  ],
  jobs: [
    {
      job: 'sessions:prune',
      last_started_at: '2031-03-02T04:00:00.000Z',
      last_finished_at: '2031-03-02T04:00:01.000Z',
      last_ok: false,
      last_seconds: 1.25,
      last_node: 'app-1:41:ab12cd34',
      last_error: 'connection reset',
      runs: 1200,
      failures: 3,
      consecutive_failures: 2,
    },
  ],
  outboxes: [
    {
      outbox: 'forwarder',
      pending: 4,
      failed,
      oldest_pending_at: '2031-03-02T02:00:00.000Z',
      oldest_age_seconds: 3 * 3600 + 5 * 60,
      next_attempt_at: '2031-03-02T05:05:10.000Z',
    },
    {
      outbox: 'whatsapp',
      pending: 0,
      failed: 0,
      oldest_pending_at: null,
      oldest_age_seconds: null,
      next_attempt_at: null,
    },
    {
      outbox: 'notifications',
      pending: 0,
      failed: 0,
      oldest_pending_at: null,
      oldest_age_seconds: null,
      next_attempt_at: null,
    },
  ],
  webhooks: [
    {
      source: 'mayar',
      total: 1500,
      results: [
        { result: 'accepted', count: 1490 },
        { result: 'rejected', count: 10 },
      ],
    },
    { source: 'whatsapp', total: 0, results: [] },
  ],
  backup: {
    last: {
      at: '2031-03-02T03:00:00.000Z',
      ok: false,
      node_id: 'app-1:41:ab12cd34',
      kind: null,
      file: null,
      bytes: null,
      ms: null,
      error: 'pg_dump: connection refused',
    },
    last_success: {
      at: '2031-03-01T21:00:00.000Z',
      ok: true,
      node_id: 'app-1:41:ab12cd34',
      kind: 'postgres',
      file: '/backups/console-postgres-20310301T210000Z.dump',
      bytes: 1_572_864,
      ms: 900,
      error: null,
    },
  },
});

const failedItems = {
  items: [
    {
      id: 91,
      created_at: '2031-03-02T01:00:00.000Z',
      updated_at: '2031-03-02T01:30:00.000Z',
      attempts: 5,
      target: 'Purchase to pixel · meta_capi',
      error: 'Invalid OAuth access token',
    },
    {
      id: 90,
      created_at: '2031-03-02T00:00:00.000Z',
      updated_at: '2031-03-02T00:30:00.000Z',
      attempts: 5,
      target: 'Purchase to pixel · meta_capi',
      error: 'Timeout',
    },
  ],
  total: 2,
};

function renderOperations(options: {
  language?: 'en' | 'id';
  write?: boolean;
  answer?: (config: FakeRequest) => FakeAnswer | undefined;
}) {
  const requests: FakeRequest[] = [];
  const view = renderConsolePage(<OperationsPage route={route} />, {
    path: route.path,
    language: options.language ?? 'en',
    permissions: [{ permission_key: route.key, allow_read: 1, allow_write: options.write === false ? 0 : 1 }],
    answer: (config) => {
      requests.push(config);
      const custom = options.answer?.(config);
      if (custom) return custom;
      if (config.url === '/api/operations') return { status: 200, data: overview() };
      if (config.url === '/api/operations/outboxes/forwarder/failed')
        return { status: 200, data: failedItems };
      return { status: 404, data: { message: 'not here' } };
    },
  });
  return { ...view, requests };
}

describe('OperationsPage', () => {
  it('shows the summary, outboxes, jobs, nodes, intake and backups, id-ID and in WIB', async () => {
    renderOperations({});
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Nodes connected')).toBeVisible();
    const outboxes = await screen.findByRole('grid', { name: 'Outboxes' });
    const forwarder = within(outboxes).getByText('Webhook forwarder (Meta CAPI, HTTP)').closest('tr')!;
    expect(within(forwarder).getByText('3 h 5 min')).toBeVisible();
    // The next try of a waiting item, to the second in WIB.
    expect(within(forwarder).getByText(/12[.:]05[.:]10 WIB/)).toBeVisible();
    expect(within(forwarder).getByRole('button', { name: 'Show 2 failed' })).toBeVisible();
    const jobs = screen.getByRole('grid', { name: 'Jobs' });
    const prune = within(jobs).getByText('sessions:prune').closest('tr')!;
    expect(prune.textContent).toContain('Failed');
    expect(prune.textContent).toContain('1,25 s');
    expect(prune.textContent).toContain('1.200');
    expect(prune.textContent).toContain('3 (2 in a row)');
    expect(prune.textContent).toContain('connection reset');
    const nodes = screen.getByRole('grid', { name: 'Nodes' });
    expect(within(nodes).getByText('app-1:41:ab12cd34 (this node)')).toBeVisible();
    expect(within(nodes).getByText('Not heard from')).toBeVisible();
    // 23:00 UTC on 1 March is 06.00 on 2 March in Jakarta.
    expect(within(nodes).getByText(/02 Mar 2031,? 06\.00\.00 WIB/)).toBeVisible();
    const intake = screen.getByRole('grid', { name: 'Webhook intake, last 24 hours' });
    expect(within(intake).getByText('accepted: 1.490 · rejected: 10')).toBeVisible();
    expect(within(intake).getByText('no calls')).toBeVisible();
    const backups = screen.getByRole('region', { name: 'Backups' });
    expect(within(backups).getByText('pg_dump: connection refused', { exact: false })).toBeVisible();
    expect(within(backups).getByText('1,5 MB')).toBeVisible();
  });

  it('lists an outbox’s failed items and replays the one asked for, then reloads', async () => {
    let failed = 2;
    const { user, requests } = renderOperations({
      answer: (config) => {
        if (config.url === '/api/operations/outboxes/forwarder/91/replay' && config.method === 'post') {
          failed = 1;
          return { status: 200, data: { replayed: 1 } };
        }
        if (config.url === '/api/operations') return { status: 200, data: overview(failed) };
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Show 2 failed' }));
    const list = await screen.findByRole('grid', {
      name: 'Failed items: Webhook forwarder (Meta CAPI, HTTP)',
    });
    expect(within(list).getByText('Invalid OAuth access token')).toBeVisible();
    const overviewCalls = () => requests.filter((request) => request.url === '/api/operations').length;
    const before = overviewCalls();
    await user.click(within(list).getByRole('button', { name: 'Replay item #91' }));
    await shown(screen.findByText('Item #91 is queued again.'));
    const replays = requests.filter((request) => request.method === 'post');
    expect(replays.map((request) => request.url)).toEqual(['/api/operations/outboxes/forwarder/91/replay']);
    await waitFor(() => expect(overviewCalls()).toBeGreaterThan(before));
    const card = screen.getByRole('region', { name: 'Failed outbox items' });
    expect(await within(card).findByText('1')).toBeVisible();
  });

  it('says why a replay was refused', async () => {
    const { user } = renderOperations({
      answer: (config) =>
        config.method === 'post'
          ? {
              status: 409,
              data: { message: 'Only failed items can be replayed; this one is pending', code: 'NOT_FAILED' },
            }
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Show 2 failed' }));
    await user.click(await screen.findByRole('button', { name: 'Replay item #90' }));
    await shown(screen.findByText('Replay failed'));
  });

  it('offers no Replay to a read-only administrator', async () => {
    const { user } = renderOperations({ write: false });
    await user.click(await screen.findByRole('button', { name: 'Show 2 failed' }));
    const list = await screen.findByRole('grid', {
      name: 'Failed items: Webhook forwarder (Meta CAPI, HTTP)',
    });
    expect(within(list).getByText('Timeout')).toBeVisible();
    expect(within(list).queryByRole('button', { name: /Replay/ })).toBeNull();
    expect(screen.getByText('Replaying needs write access to this page.')).toBeVisible();
  });

  it('shows the loading state, then the error with a retry that loads again', async () => {
    let calls = 0;
    const { user } = renderOperations({
      answer: (config) => {
        if (config.url !== '/api/operations') return undefined;
        calls += 1;
        return calls === 1 ? { status: 500, data: { message: 'Internal server error' } } : undefined;
      },
    });
    // The first render, before the (immediate) fake answer: a later look may find the error already.
    expect(screen.getByText('Loading the operations overview…')).toBeVisible();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the operations overview');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('grid', { name: 'Outboxes' })).toBeVisible();
  });

  it('speaks Indonesian when chosen, the title staying the route’s', async () => {
    renderOperations({ language: 'id' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Operations');
    const outboxes = await screen.findByRole('grid', { name: 'Outbox' });
    expect(within(outboxes).getByText('Penerus webhook (Meta CAPI, HTTP)')).toBeVisible();
    expect(within(outboxes).getByText('3 j 5 mnt')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tampilkan 2 gagal' })).toBeVisible();
    expect(screen.getByRole('grid', { name: 'Webhook masuk, 24 jam terakhir' })).toBeVisible();
  });
});
