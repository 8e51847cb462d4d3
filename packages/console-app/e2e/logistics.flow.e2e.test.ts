// The logistics flow in chromium (issue 15): a package goes Waiting → Ready to Ship → (receipt entered) →
// Shipping → customer notified on WhatsApp (the fake received it) → tracking from the fake courier → Delivered,
// seen live in a second tab; another is confirmed by hand; the packing labels PDF opens.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import { startFakeCourier } from '../../console-server/test/fakes/courier.js';
import { startFakeWhatsApp } from '../../console-server/test/fakes/whatsapp.js';
import { ADMIN_USERNAME, apiAs, openSignedIn, setupConsole, type ApiRow } from './harness.js';

const {
  server,
  user: admin,
  page,
  context,
  fakes: { courier, whatsapp },
} = setupConsole({
  fakes: { courier: () => startFakeCourier(), whatsapp: () => startFakeWhatsApp() },
  server: ({ courier, whatsapp }) => ({
    logistics: {
      courierTrackingUrl: courier.url,
      // The token also as the environment's fallback (WHATSAPP_ACCESS_TOKEN).
      whatsappApi: { baseUrl: whatsapp.url, version: whatsapp.version, accessToken: 'EAAG-e2e' },
      workers: true,
      trackingEveryMinutes: false,
      notifyIntervalMs: 200,
    },
  }),
  signIn: { username: ADMIN_USERNAME, password: DEMO_ADMIN_PASSWORD },
  page: { viewport: { width: 1440, height: 1000 }, logErrors: true },
});
let second: Page;
const consoleErrors: string[] = [];

type Row = ApiRow;

const api = apiAs(server, admin);

const create = (ref: string, name: string) =>
  api('POST', '/api/resources/packages', {
    order_ref: ref,
    recipient_name: name,
    phone: '081234567890',
    address: 'Jl. Merdeka 1, Jakarta',
    qty: 1,
  });

beforeAll(async () => {
  // The number customer notifications go from.
  await api('POST', '/api/resources/wa_registries', {
    name: 'Notifikasi e2e',
    phone: '6281100000002',
    purpose: 'notification',
    provider: 'cloud_api',
    provider_token: 'EAAG-e2e',
    active: true,
  });
  await create('LPF-FLOW-1', 'Sari Wulandari');
  const other = await create('LPF-FLOW-2', 'Agus Salim');
  for (const action of ['ready', 'ship'])
    await api('POST', `/api/resources/packages/${other.id}/actions/${action}`, {});
  second = await context.newPage();
  second.on('pageerror', (error) => console.error('page error:', error.message));
});

const grid = (tab: Page) => tab.getByRole('grid', { name: 'Packages' });
const rowOf = (tab: Page, ref: string) => grid(tab).locator('tbody tr', { hasText: ref });

/** Opens a logistics page searched down to this test's packages; `shown` is one the preset lists. */
async function open(tab: Page, path: string, shown = 'LPF-FLOW-1') {
  await openSignedIn(tab, server, admin, path);
  await grid(tab).waitFor();
  await tab.getByRole('search', { name: 'Filter packages' }).getByRole('searchbox').fill('LPF-FLOW');
  await expect.poll(() => rowOf(tab, shown).count()).toBe(1);
}

describe('logistics flow', () => {
  it('a package goes through the whole flow, the customer notified and tracking from the courier', async () => {
    await open(page, '/app/logistics/package-tracking/');
    // A second tab on Receipt Confirmation (Shipping, or sent within the window) sees the changes live.
    await open(second, '/app/logistics/receipt-confirm/', 'LPF-FLOW-2');
    expect(await rowOf(second, 'LPF-FLOW-1').count()).toBe(0);

    await page.getByRole('button', { name: 'Ready to ship: LPF-FLOW-1' }).click();
    await expect.poll(() => rowOf(page, 'LPF-FLOW-1').innerText()).toContain('Ready to Ship');

    // Receipt by the bulk dialog: the selected package, courier and resi.
    await page.getByRole('checkbox', { name: 'Select row LPF-FLOW-1' }).check();
    await page.getByRole('button', { name: 'Enter receipts (1)' }).click();
    const receipts = page.getByRole('dialog', { name: 'Receipt numbers' });
    await receipts.getByRole('combobox', { name: 'Courier of LPF-FLOW-1' }).selectOption('jne');
    await receipts.getByRole('textbox', { name: 'Receipt of LPF-FLOW-1' }).fill('bad resi');
    await receipts.getByRole('button', { name: 'Save receipts' }).click();
    await expect
      .poll(() => receipts.getByRole('alert').first().innerText())
      .toMatch(/A JNE receipt is 10–16 letters or digits|8–30 letters/);
    await receipts.getByRole('textbox', { name: 'Receipt of LPF-FLOW-1' }).fill('jne7770001');
    await receipts.getByRole('button', { name: 'Save receipts' }).click();
    await receipts.waitFor({ state: 'detached' });
    await expect.poll(() => rowOf(page, 'LPF-FLOW-1').innerText()).toContain('JNE7770001');

    await page.getByRole('button', { name: 'Ship: LPF-FLOW-1' }).click();
    await expect.poll(() => rowOf(page, 'LPF-FLOW-1').innerText()).toContain('Shipping');
    await expect.poll(() => rowOf(second, 'LPF-FLOW-1').innerText()).toContain('Shipping');

    // The customer on WhatsApp, through the outbox.
    await page.getByRole('button', { name: 'Notify customer on WhatsApp: LPF-FLOW-1' }).click();
    await expect
      .poll(async () => {
        if (whatsapp.sent.length > 0) return whatsapp.sent.length;
        // While waiting, what the outbox says (shown if it never arrives).
        return JSON.stringify(await api('GET', '/api/logistics/notifications'));
      })
      .toBe(1);
    expect(whatsapp.sent[0]).toMatchObject({
      to: '6281234567890',
      type: 'template',
      template: {
        name: 'package_shipped',
        parameters: ['Sari Wulandari', 'JNE', 'JNE7770001', `${courier.url}/tracking/jne/JNE7770001`],
      },
    });
    // Receipt Confirmation shows cust_notified (Packaging hides it).
    await expect.poll(() => rowOf(second, 'LPF-FLOW-1').innerText()).toMatch(/Yes|Ya|✓/);

    // Tracking: not yet trackable, then delivered by the courier.
    await page.getByRole('button', { name: 'Tracking: LPF-FLOW-1' }).click();
    const tracking = page.getByRole('dialog', { name: 'Tracking LPF-FLOW-1' });
    await tracking.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => tracking.innerText()).toContain('Not yet trackable');
    courier.set('jne', 'JNE7770001', {
      status: 'delivered',
      history: [
        {
          note: 'Paket diterima kurir',
          status: 'picked',
          updated_at: new Date(Date.now() - 7_200_000).toISOString(),
        },
        {
          note: 'Diterima oleh SARI',
          status: 'delivered',
          updated_at: new Date(Date.now() - 60_000).toISOString(),
        },
      ],
    });
    await tracking.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => tracking.innerText()).toContain('Diterima oleh SARI');
    await tracking.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => rowOf(page, 'LPF-FLOW-1').innerText()).toContain('Delivered');
    await expect.poll(() => rowOf(second, 'LPF-FLOW-1').innerText()).toContain('Delivered');
  });

  it('confirms receipt by hand with the receiver and the day', async () => {
    await open(second, '/app/logistics/receipt-confirm/', 'LPF-FLOW-2');
    await second.getByRole('button', { name: 'Confirm receipt: LPF-FLOW-2' }).click();
    const dialog = second.getByRole('dialog', { name: 'Confirm receipt of LPF-FLOW-2' });
    await dialog.getByRole('textbox', { name: 'Received by' }).fill('Pak RT');
    await dialog.getByRole('button', { name: 'Confirm receipt' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rowOf(second, 'LPF-FLOW-2').innerText()).toContain('Delivered');
    const stored = await api('GET', `/api/resources/packages?q=LPF-FLOW-2`);
    expect((stored as unknown as { rows: Row[] }).rows[0]).toMatchObject({ receiver_name: 'Pak RT' });
  });

  it('prints the packing labels of the selection as a PDF that opens', async () => {
    await open(page, '/app/logistics/package-tracking/');
    await page.getByRole('checkbox', { name: 'Select row LPF-FLOW-1' }).check();
    await page.getByRole('checkbox', { name: 'Select row LPF-FLOW-2' }).check();
    // The answer's bytes as the page receives them: a fetch read as a blob goes straight to blob storage, so
    // DevTools keeps no body for it (response.body() is empty), and the page's CSP keeps blob: from fetch.
    let pdf: Buffer = Buffer.alloc(0);
    const labelsUrl = (url: URL) => url.pathname === '/api/logistics/labels.pdf';
    await page.route(labelsUrl, async (route) => {
      const fetched = await route.fetch();
      pdf = await fetched.body();
      await route.fulfill({ response: fetched, body: pdf });
    });
    const answer = page.waitForResponse((response) => response.url().includes('/api/logistics/labels.pdf'));
    await page.getByRole('button', { name: 'Print labels (2)' }).click();
    const response = await answer;
    await page.unroute(labelsUrl);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const dialog = page.getByRole('dialog', { name: 'Packing labels (2)' });
    const frame = dialog.locator('iframe[title="Packing labels PDF"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
    // The frame may show it: no content-security refusal.
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    await expect.poll(() => dialog.getByRole('link', { name: 'Download the labels (PDF)' }).count()).toBe(1);
  });
});
