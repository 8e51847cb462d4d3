import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Language } from '@staff/console-contract';
import { renderPage, routeOf } from '../../test/renderPage.js';
import LogisticsPage from './LogisticsPage.js';
import { answerPackageList } from './packageFixture.js';
import { shown } from '../../test/shown.js';
import { invalidBody, type FakeRequest } from '../../api/testAdapter.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const failedMessage = {
  id: 9,
  package_id: 1,
  order_ref: 'INV-1',
  phone: '0812',
  status: 'failed',
  attempts: 3,
  last_error: 'Meta refused',
  next_attempt_at: '2026-11-20T03:00:00.000Z',
  sent_at: null,
  created_at: '2026-11-20T03:00:00.000Z',
};

function setup(language: Language) {
  const route = routeOf('package-tracking');
  return renderPage(route, <LogisticsPage route={route} />, {
    language,
    keys: ['transaction_package_tracking'],
    handler: (config: FakeRequest) => {
      const list = answerPackageList(config);
      if (list) return list;
      const url = config.url ?? '';
      if (url === '/api/logistics/confirm')
        return invalidBody({ receiver_name: ['Nama penerima tidak dikenal'] });
      if (url === '/api/logistics/notifications') return { status: 200, data: { data: [failedMessage] } };
      if (url === '/api/logistics/packages/1/tracking')
        return {
          status: 200,
          data: {
            package_id: 1,
            state: 'in_transit',
            courier_status: 'ON PROCESS',
            message: null,
            checked_at: '2026-11-20T03:00:00.000Z',
            link: null,
            events: [{ at: '2026-11-20T02:00:00.000Z', description: 'Manifested', location: 'Jakarta' }],
          },
        };
      return undefined;
    },
  });
}

describe('Logistic Tracker in both languages', () => {
  it('speaks Indonesian: row actions, the failed messages notice and the tracking dialog', async () => {
    const { user } = setup('id');
    const notice = await screen.findByRole('status', { name: 'Pesan WhatsApp yang gagal' });
    expect(notice.textContent).toContain('Satu pesan WhatsApp gagal');
    expect(within(notice).getByRole('button', { name: 'Kirim ulang: INV-1' })).toBeVisible();
    expect(await screen.findByRole('button', { name: /^Konfirmasi terima: / })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Retur: / }).textContent).toBe('Retur');
    expect(screen.getByRole('button', { name: /^Kabari pelanggan lewat WhatsApp: / })).toBeVisible();
    // The spec's title and status values stay as they are.
    expect(screen.getByRole('heading', { level: 1, name: 'Logistic Tracker' })).toBeVisible();
    expect(screen.getAllByText('Shipping').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: /^Pelacakan: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Pelacakan INV-1' });
    await shown(within(dialog).findByText(/Dalam perjalanan\. Dicek /));
    expect(within(dialog).getByRole('list', { name: 'Riwayat pelacakan' }).textContent).toContain(
      'Manifested (Jakarta)',
    );
    expect(within(dialog).getByRole('button', { name: 'Cek sekarang' })).toBeVisible();
  });

  it('keeps its English texts in English', async () => {
    const { user } = setup('en');
    const notice = await screen.findByRole('status', { name: 'WhatsApp messages that failed' });
    expect(notice.textContent).toContain('A WhatsApp message failed');
    expect(await screen.findByRole('button', { name: /^Confirm receipt: / })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /^Tracking: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Tracking INV-1' });
    await shown(within(dialog).findByText(/On the way\. Checked /));
  });

  it("confirming receipt: the server's 400 about the receiver shows under it, focused", async () => {
    const { user, requests } = setup('en');
    await user.click(await screen.findByRole('button', { name: /^Confirm receipt: / }));
    const dialog = await screen.findByRole('dialog', { name: /^Confirm receipt of / });
    const receiver = within(dialog).getByRole('textbox', { name: /^Received by/ });
    await user.type(receiver, 'Pak RT');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm receipt' }));
    await waitFor(() => expect(receiver).toHaveAccessibleDescription('Nama penerima tidak dikenal'));
    expect(receiver).toHaveAttribute('aria-invalid', 'true');
    expect(receiver).toHaveFocus();
    const sent = requests.filter((request) => request.url === '/api/logistics/confirm');
    expect(sent.map((request) => JSON.parse(String(request.data)) as { receiver_name: string })).toEqual([
      expect.objectContaining({ receiver_name: 'Pak RT' }),
    ]);
  });
});
