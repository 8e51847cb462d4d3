import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { LANDING_PATH, STORED_USER_KEY } from '@staff/console-contract';
import { totpCode, totpStep } from '../../console-server/src/auth/totp.js';
import { DEMO_ADMIN_PASSWORD } from '../../console-server/src/seed.js';
import {
  ADMIN_USERNAME,
  DEMO_PASSWORD,
  apiLogin,
  createUserWithKeys,
  newPage,
  openSignedIn,
  pathOf,
  setupConsole,
} from './harness.js';

const { server, browser } = setupConsole();

const OTP_INTRO = 'Masukkan kode 6 digit dari aplikasi autentikator';

async function passwordLogin(page: Page, username: string) {
  await page.goto(`${server.baseURL}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByLabel('Password').press('Enter');
}

/** Types a code into an OtpInput group (typing moves from box to box). */
async function typeCode(page: Page, groupName: string, code: string) {
  const group = page.getByRole('group', { name: groupName });
  await group.getByRole('textbox').first().click();
  await page.keyboard.type(code);
}

describe('two-step sign-in in the browser', () => {
  it('enrols from the sidebar, signs out, signs in with password and code, and lands on Usage Statistics; an administrator resets it', async () => {
    const username = 'e2e-totp';
    await createUserWithKeys(server, username, ['statistics']);
    // The spec's delays: the test sees the 2 s "Login Sukses, Mohon tunggu" hold.
    const { context, page } = await newPage(browser, undefined, { specDelays: true });

    // A normal sign-in first: no code asked yet.
    await passwordLogin(page, username);
    await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();

    // Set up from the sidebar.
    await page.getByRole('button', { name: 'Two-step sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two-step sign-in' });
    await dialog.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await dialog.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await dialog.getByTestId('totp-uri').textContent()).toBe(
      `otpauth://totp/Staff%20Console:${username}?secret=${secret}&issuer=Staff%20Console`,
    );
    // The code an authenticator app would show now, computed from the secret on the screen.
    const enableStep = totpStep(Date.now());
    await typeCode(page, 'Code from the app', totpCode(secret, enableStep * 30_000));
    const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const codeItems = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    // allTextContents does not wait: the list fills when the server's answer arrives.
    await codeItems.nth(9).waitFor();
    const codes = await codeItems.allTextContents();
    expect(codes).toHaveLength(10);
    await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
    await codesDialog.waitFor({ state: 'detached' });

    // Sign out, then sign in again: password, then the code step.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${server.baseURL}/login`);
    await passwordLogin(page, username);
    await page.getByText(OTP_INTRO).waitFor();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), STORED_USER_KEY)).toBeNull();

    // A wrong code is refused and the boxes empty for the next try.
    await typeCode(
      page,
      'Kode autentikator',
      '000000' === totpCode(secret, Date.now()) ? '111111' : '000000',
    );
    await page.getByRole('alert').filter({ hasText: 'Error : Invalid code.' }).waitFor();
    // The enabling step's code is spent; the next step's code is within the accepted window (±1 step).
    await typeCode(page, 'Kode autentikator', totpCode(secret, (enableStep + 1) * 30_000));
    await page.getByRole('button', { name: 'Login Sukses, Mohon tunggu' }).waitFor();
    await page.waitForURL(`${server.baseURL}${LANDING_PATH}`);
    expect(pathOf(page)).toBe(LANDING_PATH);
    await page.getByRole('heading', { level: 1, name: 'Usage Statistics' }).waitFor();
    const stored = JSON.parse(
      (await page.evaluate((key) => window.localStorage.getItem(key), STORED_USER_KEY))!,
    );
    expect(stored).toMatchObject({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      fullname: `E2E ${username}`,
    });

    // An administrator resets it from the Users page; the password alone signs in again.
    const adminUser = await apiLogin(server, ADMIN_USERNAME, DEMO_ADMIN_PASSWORD);
    const admin = await newPage(browser, { width: 1400, height: 900 });
    await openSignedIn(admin.page, server, adminUser, '/app/administration/users/');
    await admin.page.getByRole('searchbox').fill(username);
    // What the details asked and got, for the failure message if their buttons never come (v53, session 33: once,
    // on a machine running at about half its usual speed).
    const answered: string[] = [];
    admin.page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/'))
        answered.push(`${response.status()} ${url.pathname}${url.search}`);
    });
    await admin.page.getByRole('button', { name: `Manage ${username}` }).click();
    await admin.page
      .locator(`[data-user="${username}"]`)
      .getByRole('button', { name: 'Reset two-step sign-in' })
      .click()
      .catch(async (error: unknown) => {
        const panels = admin.page.locator('[data-user]');
        const shown = (await panels.count()) > 0 ? await panels.first().textContent() : 'no details panel';
        throw new Error(
          `the details of ${username} never offered "Reset two-step sign-in": answers since the search: ${answered.join('; ') || 'none'}; the panel showed: ${shown?.slice(0, 300)}`,
          { cause: error },
        );
      });
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Reset two-step sign-in' }).click();
    await admin.page.getByText(`Two-step sign-in is off for E2E ${username}`).waitFor();
    expect((await apiLogin(server, username)).token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await admin.context.close();
    await context.close();
  });
});
