import { describe, expect, it } from 'vitest';
import { ROUTES } from '@staff/console-contract';
import { DEMO_PASSWORD, apiLogin, openSignedIn, setupConsole } from './harness.js';

// A 1-minute idle timeout instead of 30 (CONSOLE_IDLE_MINUTES), and the server's clock moved past it rather
// than waiting: page loads on a busy machine never count as being away.
const IDLE_MINUTES = 1;
let clockOffsetMs = 0;
const awayFromTheDesk = () => {
  clockOffsetMs += IDLE_MINUTES * 60_000 + 5_000;
};

const { server, page } = setupConsole({
  server: { idleMinutes: IDLE_MINUTES, clock: () => new Date(Date.now() + clockOffsetMs) },
  page: { viewport: { width: 1440, height: 900 }, logErrors: true },
});

describe('an idle session', () => {
  it('asks for the password over a half-filled form, then saves it without losing a keystroke', async () => {
    const user = await apiLogin(server, 'demo-all');
    const creators = ROUTES.find((route) => route.path.endsWith('/admins/creators'))!;
    await openSignedIn(page, server, user, creators.path);
    await page.getByRole('heading', { level: 1, name: creators.title }).waitFor();

    await page.getByRole('button', { name: 'New creator', exact: true }).click();
    const form = page.getByRole('form', { name: 'New creator' });
    const handle = `e2e.idle${String(Date.now()).slice(-6)}`;
    await form.locator('[name="name"]').fill('Rahma Idle Pratiwi');
    await form.locator('[name="handle"]').fill(handle);
    await form.locator('[name="platform"]').selectOption('tiktok');

    // Away from the desk for longer than the idle timeout, then Create.
    awayFromTheDesk();
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/resources/creators') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    const first = await refused;
    expect(first.status()).toBe(401);
    expect(((await first.json()) as { code: string }).code).toBe('REAUTH_REQUIRED');

    // The dialog is over the page; the page and its form are still there with what was typed.
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    expect(await form.locator('[name="name"]').inputValue()).toBe('Rahma Idle Pratiwi');
    expect(await form.locator('[name="handle"]').inputValue()).toBe(handle);
    expect(new URL(page.url()).pathname).toBe(creators.path);

    // A wrong password is said so in the dialog; nothing is lost.
    const password = dialog.getByLabel('Password');
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    await password.fill('not-my-password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('The password is not correct.').waitFor();
    expect(await form.locator('[name="name"]').inputValue()).toBe('Rahma Idle Pratiwi');

    // The right one: the dialog closes and the very same Create goes through.
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/resources/creators') && r.request().method() === 'POST' && r.status() === 201,
    );
    await password.fill(DEMO_PASSWORD);
    await password.press('Enter');
    const created = (await (await saved).json()) as { name: string; handle: string };
    expect(created).toMatchObject({ name: 'Rahma Idle Pratiwi', handle });
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(creators.path);

    // Saved on the server, once.
    const list = await fetch(`${server.baseURL}/api/resources/creators?q=${encodeURIComponent(handle)}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { total: number }).total).toBe(1);
  });

  it('goes to the start when the user chooses to sign out instead', async () => {
    const user = await apiLogin(server, 'demo-all');
    await openSignedIn(page, server, user, '/app/usage-statistic');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    // The page's own calls finish first: a late one would open the dialog before the click below.
    await page.getByText('Active users', { exact: true }).waitFor();
    awayFromTheDesk();
    // Any action now meets the idle session: the permission refresh in the sidebar.
    await page
      .getByRole('button', { name: /refresh/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/');
  });
});
