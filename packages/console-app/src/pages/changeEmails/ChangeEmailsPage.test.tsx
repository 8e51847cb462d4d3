import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Language } from '@staff/console-contract';
import type { PermissionEntry } from '@staff/console-ui';
import type { FakeAnswer } from '../../api/testAdapter.js';
import { renderPage, routeOf } from '../../test/renderPage.js';
import { shown } from '../../test/shown.js';
import ChangeEmailsPage from './ChangeEmailsPage.js';
import type { FakeRequest } from '../../api/testAdapter.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const row = (id: number, name: string, status: string) => ({
  id,
  customer_name: name,
  customer_phone: '081234567890',
  old_email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  new_email: `${name.split(' ')[0]!.toLowerCase()}.new@example.com`,
  mayar_transaction_id: null,
  product_id: null,
  reason: 'typo',
  status,
  requested_at: '2026-11-20T03:00:00.000Z',
  processed_at: status === 'pending' ? null : '2026-11-21T03:00:00.000Z',
  notes: null,
  version: 1,
});

const ROWS = [
  row(1, 'Budi Santoso', 'pending'),
  row(2, 'Ayu Lestari', 'pending'),
  row(3, 'Rina Wulan', 'done'),
];

const decision = (id: number, kind: 'approved' | 'rejected', reason: string | null = null) => ({
  change_email_id: id,
  decision: kind,
  reason,
  decided_by: 7,
  decided_by_name: 'Ayu',
  decided_at: '2026-11-29T03:00:00.000Z',
  purchases_moved: kind === 'approved' ? 2 : 0,
  notification: kind === 'approved' ? { status: 'pending', message_id: 5, detail: null } : null,
  mayar_updates: [],
});

const KEY = 'databank_mayar_accounts';
const WRITER: PermissionEntry[] = [{ permission_key: KEY, allow_read: 1, allow_write: 1 }];
const READER: PermissionEntry[] = [{ permission_key: KEY, allow_read: 1, allow_write: 0 }];

function setup(
  language: Language,
  permissions: PermissionEntry[],
  decide: (body: { decision: string; ids: number[]; reason?: string }) => FakeAnswer = () => ({
    status: 500,
    data: { message: 'unexpected' },
  }),
) {
  const route = routeOf('change-emails');
  const decisions: { decision: string; ids: number[]; reason?: string }[] = [];
  const rendered = renderPage(route, <ChangeEmailsPage route={route} />, {
    language,
    permissions,
    handler: (config: FakeRequest) => {
      const url = config.url ?? '';
      if (url.startsWith('/api/views')) return { status: 200, data: { views: [] } };
      // The list: its query comes in `params` (call()), or already in the address.
      if (/^\/api\/resources\/change_emails(\?|$)/.test(url))
        return { status: 200, data: { rows: ROWS, total: ROWS.length, labels: {} } };
      if (url === '/api/change-emails/decisions' && config.method === 'post') {
        const body = JSON.parse(String(config.data)) as { decision: string; ids: number[]; reason?: string };
        decisions.push(body);
        return decide(body);
      }
      return undefined;
    },
  });
  return { ...rendered, decisions };
}

describe('Change Email processing', () => {
  it('approves one pending request from its row and shows the outcome', async () => {
    const { user, decisions } = setup('en', WRITER, (body) => ({
      status: 200,
      data: {
        results: body.ids.map((id) => ({
          id,
          ok: true,
          decision: decision(id, 'approved'),
          status: null,
          code: null,
          message: null,
        })),
      },
    }));
    const approve = await shown(
      screen.findByRole('button', {
        name: 'Approve: Budi Santoso (budi@example.com → budi.new@example.com)',
      }),
    );
    // Only pending requests offer a decision.
    expect(screen.getAllByRole('button', { name: /^Approve: / })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Approve: Rina/ })).toBeNull();

    await user.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'Approve 1 request?' });
    expect(within(dialog).getByText(/tells the customer|told on WhatsApp/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const outcomes = await shown(screen.findByRole('region', { name: 'Approved 1 of 1' }));
    expect(decisions).toEqual([{ decision: 'approve', ids: [1] }]);
    expect(within(outcomes).getByText('2 purchases moved')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('rejects several at once: a reason is required, and each row’s outcome is shown', async () => {
    const { user, decisions } = setup('en', WRITER, (body) => ({
      status: 200,
      data: {
        results: [
          {
            id: body.ids[0],
            ok: true,
            decision: decision(body.ids[0]!, 'rejected', body.reason ?? null),
            status: null,
            code: null,
            message: null,
          },
          {
            id: body.ids[1],
            ok: false,
            decision: null,
            status: 409,
            code: 'ALREADY_PROCESSED',
            message: 'This email change was already approved; it cannot be processed again.',
          },
        ],
      },
    }));
    await shown(screen.findByRole('button', { name: /^Approve: Budi/ }));
    await user.click(screen.getByRole('checkbox', { name: /budi\.new@example\.com/ }));
    await user.click(screen.getByRole('checkbox', { name: /ayu\.new@example\.com/ }));
    await user.click(await screen.findByRole('button', { name: 'Reject (2)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject 2 requests?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason for rejecting')).toBeVisible();
    expect(decisions).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not the buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const outcomes = await shown(screen.findByRole('region', { name: 'Rejected 1 of 2' }));
    expect(decisions).toEqual([{ decision: 'reject', ids: [1, 2], reason: 'Not the buyer' }]);
    expect(within(outcomes).getByText('Rejected: Not the buyer')).toBeVisible();
    expect(within(outcomes).getByText(/already approved/)).toBeVisible();
    expect(within(outcomes).getByRole('status').textContent).toBe('1 done, 1 failed');
  });

  it('read-only users see the requests and the help, in Indonesian, with no decision actions', async () => {
    setup('id', READER);
    await shown(screen.findByText('Budi Santoso'));
    expect(screen.getByText(/Menyetujui memindahkan pembelian pelanggan/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Permintaan tertunda' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Setujui/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Tolak/ })).toBeNull();
  });

  it('speaks Indonesian to writers: row actions and the reject dialog', async () => {
    const { user } = setup('id', WRITER);
    await user.click(await screen.findByRole('button', { name: /^Tolak: Budi Santoso/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Tolak 1 permintaan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Tolak' }));
    expect(await within(dialog).findByText('Tuliskan alasan penolakan')).toBeVisible();
  });
});
