import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORED_USER_KEY, type DeliveriesResponse } from '@staff/console-contract';
import { ThemeProvider } from '@staff/console-ui';
import { fakeAdapter } from '../../api/testAdapter.js';
import { createConsoleServices, ServicesContext } from '../../services.js';
import { fakeIo } from '../../test/fakeSocket.js';
import { memoryStorage } from '../../test/memoryStorage.js';
import { AppLanguageProvider, LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { ForwarderDeliveries } from './ForwarderDeliveries.js';
import { shown } from '../../test/shown.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const delivery = (id: number, status: 'delivered' | 'failed' | 'pending') => ({
  id,
  forwarder_id: 7,
  purchase_id: id,
  source_key: `payment.received:tx-${id}`,
  destination: 'meta_capi' as const,
  status,
  attempts: 1,
  next_attempt_at: '2026-11-20T09:35:43.635Z',
  last_status: status === 'failed' ? 400 : 200,
  last_response: null,
  last_error: status === 'failed' ? 'Invalid parameter (code 100)' : null,
  event_time: '2026-11-20T09:35:43.635Z',
  created_at: '2026-11-20T09:35:43.635Z',
  delivered_at: null,
});

function setup(write: boolean) {
  let failed = true;
  const { adapter, requests } = fakeAdapter((config) => {
    const url = config.url ?? '';
    if (config.method === 'get' && url === '/api/webhook-forwarders/7/deliveries') {
      const data: DeliveriesResponse = {
        data: [
          { ...delivery(3, 'pending'), next_attempt_at: '2026-11-20T09:35:53.000Z', last_status: 503 },
          delivery(2, failed ? 'failed' : 'delivered'),
          delivery(1, 'delivered'),
        ],
        counts: { pending: 0, delivered: failed ? 1 : 2, failed: failed ? 1 : 0, dead: 0 },
        next_before: null,
      };
      return { status: 200, data };
    }
    if (config.method === 'post' && url === '/api/webhook-forwarders/7/deliveries/2/replay') {
      failed = false;
      return { status: 200, data: { replayed: 1 } };
    }
    return { status: 404, data: { message: 'not here' } };
  });
  const storage = memoryStorage({
    [STORED_USER_KEY]: JSON.stringify({ token: 'tok', fullname: 'Ayu', last_login: null }),
  });
  const services = createConsoleServices({ storage, adapter, io: fakeIo().io });
  render(
    <AppLanguageProvider>
      <ThemeProvider>
        <ServicesContext.Provider value={services}>
          <ForwarderDeliveries forwarderId="7" writable={write} />
        </ServicesContext.Provider>
      </ThemeProvider>
    </AppLanguageProvider>,
  );
  return { requests };
}

describe('ForwarderDeliveries', () => {
  it('lists the deliveries with counts and the last answer, and replays a failed one', async () => {
    const { requests } = setup(true);
    const table = await screen.findByRole('table', { name: 'Latest deliveries of this rule' });
    expect(screen.getByText(/Failed: 1/)).toBeVisible();
    const failedRow = within(table).getByText('payment.received:tx-2').closest('tr')!;
    expect(within(failedRow).getByText(/Invalid parameter \(code 100\)/)).toBeVisible();
    await userEvent.click(
      within(failedRow).getByRole('button', { name: 'Replay delivery payment.received:tx-2' }),
    );
    await shown(screen.findByText('1 delivery queued again.'));
    expect(requests.some((request) => request.url === '/api/webhook-forwarders/7/deliveries/2/replay')).toBe(
      true,
    );
    await shown(screen.findByText(/Failed: 0/));
  });

  it('shows when a pending delivery is tried next, to the second in Jakarta time', async () => {
    setup(false);
    const table = await screen.findByRole('table', { name: 'Latest deliveries of this rule' });
    const pendingRow = within(table).getByText('payment.received:tx-3').closest('tr')!;
    expect(within(pendingRow).getByText(/next attempt .*16[.:]35[.:]53 WIB/)).toBeVisible();
  });

  it('shows no replay controls to readers', async () => {
    setup(false);
    await screen.findByRole('table', { name: 'Latest deliveries of this rule' });
    expect(screen.queryByRole('button', { name: /Replay/ })).toBeNull();
  });

  it('speaks Indonesian when it is chosen; event names and the receiver’s answer stay as they came', async () => {
    globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
    setup(true);
    const table = await screen.findByRole('table', { name: 'Pengiriman terbaru aturan ini' });
    expect(screen.getByRole('heading', { name: 'Pengiriman' })).toBeVisible();
    expect(screen.getByText(/Gagal: 1/)).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: 'Percobaan' })).toBeVisible();
    const failedRow = within(table).getByText('payment.received:tx-2').closest('tr')!;
    expect(within(failedRow).getByText(/Invalid parameter \(code 100\)/)).toBeVisible();
    await userEvent.click(
      within(failedRow).getByRole('button', { name: 'Kirim ulang pengiriman payment.received:tx-2' }),
    );
    await shown(screen.findByText('1 pengiriman dimasukkan lagi ke antrean.'));
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeVisible();
  });
});
