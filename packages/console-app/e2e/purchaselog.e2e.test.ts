import { describe, it } from 'vitest';
import { intakeFixture } from '../../console-server/test/support/intake.js';
import { mayarPayment } from '../../console-server/test/fakes/mayar.js';
import { apiLogin, newPage, openSignedIn, setupConsole } from './harness.js';

const { server, browser } = setupConsole();

describe('Purchase Log', () => {
  it('shows a purchase posted to the Mayar webhook live, without a reload', async () => {
    const fixture = await intakeFixture(server.database);
    const user = await apiLogin(server, 'demo-all');
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    try {
      await openSignedIn(page, server, user, '/app/logs/purchase/');
      await page.getByRole('grid', { name: 'Purchases' }).waitFor();
      // Let the socket connect before the purchase arrives (a change before that is not a live one).
      await page.waitForTimeout(1000);

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
});
