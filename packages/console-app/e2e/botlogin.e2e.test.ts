import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { startFakeWhatsApp } from '../../console-server/test/fakes/whatsapp.js';
import { WA_APP_SECRET, WA_TOKEN, waNumber } from '../../console-server/test/support/whatsapp.js';
import { apiLogin, newPage, openSignedIn, setupConsole, waitForLiveSocket } from './harness.js';

const {
  server,
  browser,
  fakes: { whatsapp: fake },
} = setupConsole({
  fakes: { whatsapp: () => startFakeWhatsApp({ accessToken: WA_TOKEN }) },
  server: ({ whatsapp }) => ({
    whatsapp: { apiUrl: whatsapp.url, apiVersion: whatsapp.version, appSecret: WA_APP_SECRET },
  }),
});

/** Types the digits into the OTP boxes of the named group (focus selects a box, so retyping replaces). */
async function typeOtp(page: Page, group: string, digits: string) {
  const boxes = page.getByRole('group', { name: group }).getByRole('textbox');
  await boxes.first().click();
  await page.keyboard.type(digits);
}

const statusOf = (page: Page) => page.locator('.cui-bot-login [role=status]');

describe('Bot Login', () => {
  it('connects a number through both OTP steps, every tab follows live, then disconnects', async () => {
    const { registryId, number } = await waNumber(server.database, 'bot');
    const user = await apiLogin(server, 'demo-all');
    const first = await newPage(browser, { width: 1280, height: 900 });
    const second = await newPage(browser, { width: 390, height: 844 });
    try {
      for (const { page } of [first, second]) {
        await openSignedIn(page, server, user, '/app/crm/bot-login/');
        await page.getByRole('heading', { level: 1, name: 'Bot Login' }).waitFor();
        await page.getByLabel('WhatsApp number').selectOption(String(registryId));
        await expect.poll(() => statusOf(page).textContent()).toBe('Disconnected');
      }
      // Both tabs' sockets are up before the first change (one before that is not a live one).
      for (const { page } of [first, second]) await waitForLiveSocket(page);
      const { page } = first;

      await page.getByRole('radio', { name: 'SMS' }).check();
      await page.getByRole('button', { name: 'Request code' }).click();
      await page.getByRole('group', { name: 'Verification code' }).waitFor();
      await expect.poll(() => statusOf(second.page).textContent()).toBe('Waiting for verification');

      // A wrong code: named under the boxes, the step stays and the boxes empty for the next code.
      await typeOtp(page, 'Verification code', '000000');
      await page.getByText(/Wrong verification code/).waitFor();
      await typeOtp(page, 'Verification code', fake.registrationCode);

      await page.getByRole('group', { name: 'Two-step verification PIN' }).waitFor();
      await typeOtp(page, 'Two-step verification PIN', '246810');
      await expect.poll(() => statusOf(page).textContent()).toBe('Connected');
      await expect.poll(() => statusOf(second.page).textContent()).toBe('Connected');
      // The other tab's flow moved too: it offers to disconnect.
      await second.page.getByRole('button', { name: 'Disconnect' }).waitFor();

      expect(
        fake.registrations
          .filter((call) => call.phoneNumberId === number.phoneNumberId)
          .map((call) => [call.action, call.body]),
      ).toEqual([
        ['request_code', { code_method: 'SMS', language: 'id' }],
        ['verify_code', { code: fake.registrationCode }],
        ['register', { messaging_product: 'whatsapp', pin: '246810' }],
      ]);

      await page.getByRole('button', { name: 'Disconnect' }).click();
      await expect.poll(() => statusOf(page).textContent()).toBe('Disconnected');
      await expect.poll(() => statusOf(second.page).textContent()).toBe('Disconnected');
      expect(fake.registrations.at(-1)).toMatchObject({ action: 'deregister' });
      await page.getByRole('button', { name: 'Request code' }).waitFor();
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
