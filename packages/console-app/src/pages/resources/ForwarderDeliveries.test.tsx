import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
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

/** The panel for one rule, signed in, over `adapter`'s fake server: `panel(id, writable)` renders it. */
function panelOver(adapter: ReturnType<typeof fakeAdapter>['adapter']) {
  const storage = memoryStorage({
    [STORED_USER_KEY]: JSON.stringify({ token: 'tok', fullname: 'Ayu', last_login: null }),
  });
  const services = createConsoleServices({ storage, adapter, io: fakeIo().io });
  return (forwarderId: string, writable: boolean) => (
    <AppLanguageProvider>
      <ThemeProvider>
        <ServicesContext.Provider value={services}>
          <ForwarderDeliveries forwarderId={forwarderId} writable={writable} />
        </ServicesContext.Provider>
      </ThemeProvider>
    </AppLanguageProvider>
  );
}

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
  render(panelOver(adapter)('7', write));
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

describe('ForwarderDeliveries, another rule', () => {
  it("shows the rule now open when the first rule's answer arrives after it", async () => {
    // The first rule's deliveries are held until the second rule's have answered: a late answer must not win.
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const answer = (forwarder: number, id: number): DeliveriesResponse => ({
      data: [{ ...delivery(id, 'delivered'), forwarder_id: forwarder }],
      counts: { pending: 0, delivered: 1, failed: 0, dead: 0 },
      next_before: null,
    });
    const { adapter } = fakeAdapter(async (config) => {
      if (config.url === '/api/webhook-forwarders/7/deliveries') {
        await firstHeld;
        return { status: 200, data: answer(7, 1) };
      }
      if (config.url === '/api/webhook-forwarders/8/deliveries') return { status: 200, data: answer(8, 2) };
      return { status: 404, data: { message: 'not here' } };
    });
    const panel = panelOver(adapter);
    const { rerender } = render(panel('7', false));
    expect(await screen.findByText('Loading deliveries…')).toBeVisible();
    rerender(panel('8', false));
    const table = await screen.findByRole('table', { name: 'Latest deliveries of this rule' });
    expect(within(table).getByText('payment.received:tx-2')).toBeVisible();
    // Let the first rule's answer go. The fake server, the client and the panel pass it on in microtasks only, so
    // once one macrotask has run the panel has taken it in (or dropped it).
    await act(async () => {
      releaseFirst();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const shownNow = screen.getByRole('table', { name: 'Latest deliveries of this rule' });
    expect(within(shownNow).getByText('payment.received:tx-2')).toBeVisible();
    expect(within(shownNow).queryByText('payment.received:tx-1')).toBeNull();
  });

  it('says why the deliveries could not be loaded, and Retry loads them', async () => {
    let fail = true;
    const { adapter } = fakeAdapter((config) => {
      if (config.url === '/api/webhook-forwarders/7/deliveries')
        return fail
          ? { status: 500, data: { message: 'Database busy' } }
          : {
              status: 200,
              data: {
                data: [delivery(1, 'delivered')],
                counts: { pending: 0, delivered: 1, failed: 0, dead: 0 },
                next_before: null,
              },
            };
      return { status: 404, data: { message: 'not here' } };
    });
    render(panelOver(adapter)('7', false));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database busy');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table', { name: 'Latest deliveries of this rule' });
    expect(within(table).getByText('payment.received:tx-1')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
