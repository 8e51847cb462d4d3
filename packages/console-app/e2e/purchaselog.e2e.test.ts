import { describe, expect, it } from 'vitest';
import { intakeFixture } from '../../console-server/test/support/intake.js';
import { mayarPayment } from '../../console-server/test/fakes/mayar.js';
import { apiLogin, newContext, newPage, openSignedIn, setupConsole, waitForLiveSocket } from './harness.js';

const { server, browser } = setupConsole();

describe('Purchase Log', () => {
  it('shows a purchase posted to the Mayar webhook live, without a reload', async () => {
    const fixture = await intakeFixture(server.database);
    const user = await apiLogin(server, 'demo-all');
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/logs/purchase/');
      await page.getByRole('grid', { name: 'Purchases' }).waitFor();
      // The socket is up before the purchase arrives (a change before that is not a live one).
      await waitForLiveSocket(page);

      const body = mayarPayment({
        productId: fixture.mayarProductId,
        customerEmail: 'Live.Purchase@Example.com',
        customerName: 'Live Purchase E2E',
        createdAt: new Date().toISOString(),
      });
      const response = await fetch(
        `${server.baseURL}/api/webhooks/mayar/${fixture.accountId}?token=${encodeURIComponent(fixture.token)}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
      if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
      await page.getByRole('grid', { name: 'Purchases' }).getByText('live.purchase@example.com').waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows times in Asia/Jakarta in a browser elsewhere, with Amount and Status in view at 1440 px', async () => {
    const fixture = await intakeFixture(server.database);
    await apiLogin(server, 'demo-all');
    // The second sign-in's last_login is the first one's time.
    const user = await apiLogin(server, 'demo-all');
    const context = await newContext(browser, {
      viewport: { width: 1440, height: 900 },
      timezoneId: 'America/New_York',
    });
    try {
      const page = await context.newPage();
      // The browser is in New York.
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
        'America/New_York',
      );
      // 17:30 UTC: 00.30 the next day in Jakarta, 12.30 in New York. Later than any other row, so it is the first.
      const createdAt = '2027-01-15T17:30:00.000Z';
      const body = mayarPayment({
        productId: fixture.mayarProductId,
        customerEmail: 'jakarta.time@example.com',
        customerName: 'Jakarta Time E2E',
        createdAt,
        amount: 1_234_000,
      });
      const response = await fetch(
        `${server.baseURL}/api/webhooks/mayar/${fixture.accountId}?token=${encodeURIComponent(fixture.token)}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
      if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);

      await openSignedIn(page, server, user, '/app/logs/purchase/');
      const grid = page.getByRole('grid', { name: 'Purchases' });
      const row = grid.getByRole('row').filter({ hasText: 'jakarta.time@example.com' });
      await row.getByText('16 Jan 2027, 00.30').first().waitFor();
      expect(await row.getByText('15 Jan 2027, 12.30').count()).toBe(0);

      // The sidebar's last login too.
      const jakarta = new Intl.DateTimeFormat('id-ID', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Jakarta',
      }).format(new Date(user.last_login!));
      await page.getByText(`Last login: ${jakarta}`).waitFor();

      // Amount and Status are in view without scrolling sideways.
      for (const name of ['Amount', 'Status']) {
        const box = await grid.getByRole('columnheader', { name: new RegExp(`^${name}`) }).boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(1440);
      }
      await row.getByText('Rp\u00a01.234.000').waitFor();
    } finally {
      await context.close();
    }
  });
});
