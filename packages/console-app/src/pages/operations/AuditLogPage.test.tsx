import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { ROUTES, type AuditEntry } from '@staff/console-contract';
import type { FakeAnswer } from '../../api/testAdapter.js';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { renderConsolePage } from '../common/renderConsolePage.test-utils.js';
import { shown } from '../../test/shown.js';
import AuditLogPage from './AuditLogPage.js';
import type { FakeRequest } from '../../api/testAdapter.js';

afterEach(() => {
  cleanup();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const route = ROUTES.find((r) => r.id === 'audit-log')!;

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2031-03-01T17:30:00.000Z',
  actor_id: 5,
  actor_name: 'Ayu Lestari',
  actor_username: 'ayu',
  action: 'update',
  entity: 'products',
  entity_id: '12',
  before: { name: 'Kelas Excel', price: 150000 },
  after: { name: 'Kelas Excel Lanjut', price: 150000 },
  ip: '10.0.0.8',
  ...over,
});

const facets = {
  entities: ['products', 'forwarder_deliveries'],
  actions: ['create', 'replay', 'update'],
  users: [{ id: 5, name: 'Ayu Lestari', username: 'ayu' }],
};

type Params = Record<string, string | number | undefined>;

function renderAudit(options: { language?: 'en' | 'id'; list?: (params: Params) => FakeAnswer }) {
  const requests: FakeRequest[] = [];
  const view = renderConsolePage(<AuditLogPage route={route} />, {
    path: route.path,
    language: options.language ?? 'en',
    permissions: [{ permission_key: route.key, allow_read: 1, allow_write: 0 }],
    answer: (config) => {
      requests.push(config);
      if (config.url === '/api/audit/facets') return { status: 200, data: facets };
      if (config.url === '/api/audit') {
        const params = (config.params ?? {}) as Params;
        return (
          options.list?.(params) ?? {
            status: 200,
            data: {
              rows: [
                entry(3),
                entry(2, {
                  action: 'replay',
                  entity: 'forwarder_deliveries',
                  actor_id: null,
                  actor_name: null,
                  actor_username: null,
                  before: { status: 'failed' },
                  after: { status: 'pending' },
                }),
              ],
              total: 60,
              page: Number(params.page ?? 1),
              page_size: Number(params.page_size ?? 50),
            },
          }
        );
      }
      return { status: 404, data: { message: 'not here' } };
    },
  });
  const listCalls = () =>
    requests.filter((request) => request.url === '/api/audit').map((request) => request.params as Params);
  return { ...view, listCalls };
}

describe('AuditLogPage', () => {
  it('lists entries with who, what and the changed fields, times in WIB, the last 30 Jakarta days', async () => {
    const { listCalls } = renderAudit({});
    const grid = await screen.findByRole('grid', { name: 'Audit log entries' });
    const first = (await within(grid).findByText('1 fields: name')).closest('tr')!;
    // 17:30 UTC is 00.30 the next day in Jakarta.
    expect(first.textContent).toMatch(/02 Mar 2031,? 00\.30\.00 WIB/);
    expect(first.textContent).toContain('Ayu Lestari');
    expect(within(grid).getByText('System')).toBeVisible();
    const query = listCalls()[0]!;
    expect(query).toMatchObject({ page: 1, page_size: 50 });
    expect(String(query.from)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String(query.to)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('filters by user, entity and action, and pages on the server', async () => {
    const { user, listCalls } = renderAudit({});
    await screen.findByRole('grid', { name: 'Audit log entries' });
    const filters = screen.getByRole('form', { name: 'Filters' });
    await within(filters).findByRole('option', { name: 'Ayu Lestari (ayu)' });
    await user.selectOptions(within(filters).getByLabelText('User'), '5');
    await user.selectOptions(within(filters).getByLabelText('Entity'), 'products');
    await user.selectOptions(within(filters).getByLabelText('Action'), 'update');
    await waitFor(() =>
      expect(listCalls().at(-1)).toMatchObject({ user: 5, entity: 'products', action: 'update', page: 1 }),
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ user: 5, page: 2 }));
  });

  it('opens an entry’s change field by field', async () => {
    const { user } = renderAudit({});
    await screen.findByRole('grid', { name: 'Audit log entries' });
    await user.click(await screen.findByRole('button', { name: 'Show the changes of entry #3' }));
    const diff = await screen.findByRole('table', { name: 'Entry #3' });
    const rows = within(diff).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'FieldBeforeAfter',
      'nameKelas ExcelKelas Excel Lanjut',
    ]);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Entry #3' })).toBeNull());
  });

  it('says when nothing matches, and shows a failure with a retry', async () => {
    let calls = 0;
    const { user } = renderAudit({
      list: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, data: { message: 'Internal server error' } }
          : { status: 200, data: { rows: [], total: 0, page: 1, page_size: 50 } };
      },
    });
    await shown(screen.findByText('Internal server error'));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await shown(screen.findByText('No entries match these filters.'));
  });

  it('speaks Indonesian when chosen', async () => {
    renderAudit({ language: 'id' });
    const grid = await screen.findByRole('grid', { name: 'Entri log audit' });
    expect(await within(grid).findByText('1 kolom: name')).toBeVisible();
    expect(within(grid).getByText('Sistem')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ekspor CSV' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Audit Log');
  });
});
