import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORED_USER_KEY } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { App } from '../../App.js';
import { createConsoleServices } from '../../services.js';
import { fakeAdapter, type FakeAnswer, type FakeRequest } from '../../api/testAdapter.js';
import { fakeIo } from '../../test/fakeSocket.js';
import { memoryStorage } from '../../test/memoryStorage.js';
import { LOGIN_FORM_MESSAGES } from '@staff/console-ui';
import { shown } from '../../test/shown.js';

const OTP_STEP_INTRO = LOGIN_FORM_MESSAGES.codeIntro;

afterEach(cleanup);

const USER: StoredUser = {
  token: 'token-2fa',
  fullname: 'Budi Santoso',
  last_login: '2024-05-01T03:00:00.000Z',
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Staff%20Console:budi?secret=${SECRET}&issuer=Staff%20Console`;
const CODES = Array.from({ length: 10 }, (_, index) => `AAAA-BBBB-CCCC-${String(index).padStart(4, '2')}`);

type Handler = (url: string, body: Record<string, string>) => FakeAnswer | undefined;

function setup(path: string, handler: Handler, user: StoredUser | null = null) {
  const requests: { url: string; body: Record<string, string> }[] = [];
  const { adapter } = fakeAdapter((config: FakeRequest) => {
    const url = config.url ?? '';
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : (config.data ?? {})) as Record<
      string,
      string
    >;
    requests.push({ url, body });
    const answer = handler(url, body);
    if (answer) return answer;
    if (url === '/api/a/verify/___ca')
      return { status: 200, data: { permissions: [{ permission_key: 'statistics', allow_read: 1 }] } };
    if (url === '/api/a/verify/___pc') return { status: 200, data: {} };
    if (url === '/api/statistics/usage') return { status: 500, data: { message: 'not in this test' } };
    if (url === '/api/statistics/me') return { status: 500, data: { message: 'not in this test' } };
    return { status: 404, data: { message: `no ${url}` } };
  });
  const storage = memoryStorage(user ? { [STORED_USER_KEY]: JSON.stringify(user) } : {});
  const services = createConsoleServices({ storage, adapter, io: fakeIo().io });
  render(<App services={services} initialEntries={[path]} />);
  return { requests, storage, services };
}

/** The shell settles (permissions in, the page's guard done) before the sidebar is used. */
const openFromSidebar = async () => {
  await screen.findByText(/Could not load your activity/);
  await userEvent.click(screen.getByRole('button', { name: 'Two-step sign-in' }));
};

const typeCode = async (group: HTMLElement, code: string) => {
  await userEvent.click(within(group).getAllByRole('textbox')[0]!);
  await userEvent.keyboard(code);
};

describe('two-step sign-in in the app', () => {
  it('asks for the code after the password, shows a refusal, then signs in like a normal login', async () => {
    const { requests, storage, services } = setup('/login', (url, body) => {
      if (url === '/api/auth/login')
        return { status: 200, data: { data: { otp_required: true, challenge: 'challenge-1' } } };
      if (url === '/api/auth/login/otp') {
        return body.code === '123456'
          ? { status: 200, data: { data: USER } }
          : { status: 403, data: { message: 'Invalid code.', code: 'INVALID_CODE' } };
      }
      return undefined;
    });
    await userEvent.type(screen.getByLabelText('Username'), 'budi');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');
    await shown(screen.findByText(OTP_STEP_INTRO));
    // No session yet: nothing stored.
    expect(storage.getItem(STORED_USER_KEY)).toBeNull();

    const group = screen.getByRole('group', { name: 'Kode autentikator' });
    await typeCode(group, '654321');
    expect((await screen.findByRole('alert')).textContent).toBe('Error : Invalid code.');
    // The boxes are emptied for the next try.
    await waitFor(() =>
      expect(
        within(group)
          .getAllByRole('textbox')
          .map((box) => (box as HTMLInputElement).value)
          .join(''),
      ).toBe(''),
    );

    await typeCode(group, '123456');
    expect(await screen.findByRole('button', { name: 'Login Sukses, Mohon tunggu' })).toBeVisible();
    await waitFor(() => expect(services.session.getSnapshot().context.user?.token).toBe('token-2fa'));
    expect(requests.filter((r) => r.url === '/api/auth/login/otp').map((r) => r.body)).toEqual([
      { challenge: 'challenge-1', code: '654321' },
      { challenge: 'challenge-1', code: '123456' },
    ]);
  });

  it('accepts a recovery code instead, and goes back to the password form', async () => {
    const { requests } = setup('/login', (url) => {
      if (url === '/api/auth/login')
        return { status: 200, data: { data: { otp_required: true, challenge: 'c-2' } } };
      if (url === '/api/auth/login/otp')
        return { status: 403, data: { message: 'This sign-in step has expired.' } };
      return undefined;
    });
    await userEvent.type(screen.getByLabelText('Username'), 'budi');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Gunakan kode pemulihan' }));
    await userEvent.type(screen.getByLabelText('Kode pemulihan'), 'AAAA-BBBB-CCCC-DDDD{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Error : This sign-in step has expired.');
    expect(requests.at(-1)).toEqual({
      url: '/api/auth/login/otp',
      body: { challenge: 'c-2', code: 'AAAA-BBBB-CCCC-DDDD' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Kembali ke login' }));
    await shown(screen.findByLabelText('Username'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  it('keeps the password login as it was for a user without two-step sign-in', async () => {
    const { services } = setup('/login', (url) =>
      url === '/api/auth/login' ? { status: 200, data: { data: USER } } : undefined,
    );
    await userEvent.type(screen.getByLabelText('Username'), 'ayu');
    await userEvent.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect(await screen.findByRole('button', { name: 'Login Sukses, Mohon tunggu' })).toBeVisible();
    expect(screen.queryByText(OTP_STEP_INTRO)).toBeNull();
    await waitFor(() => expect(services.session.getSnapshot().context.user?.token).toBe('token-2fa'));
  });

  it('sets it up from the sidebar: QR code, secret and URI, a wrong then a right code, recovery codes once', async () => {
    let enabled = false;
    setup(
      '/app/usage-statistic',
      (url, body) => {
        if (url === '/api/auth/2fa')
          return {
            status: 200,
            data: {
              enabled,
              enabled_at: enabled ? '2024-05-02T00:00:00.000Z' : null,
              recovery_codes_left: enabled ? 10 : 0,
            },
          };
        if (url === '/api/auth/2fa/setup') return { status: 200, data: { secret: SECRET, otpauth_uri: URI } };
        if (url === '/api/auth/2fa/enable') {
          if (body.code !== '246810')
            return {
              status: 400,
              data: { message: 'Invalid body', fields: { 'body.code': ['The code does not match.'] } },
            };
          enabled = true;
          return { status: 200, data: { recovery_codes: CODES } };
        }
        return undefined;
      },
      USER,
    );
    await openFromSidebar();
    const dialog = await screen.findByRole('dialog', { name: 'Two-step sign-in' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Set up two-step sign-in' }));
    expect(
      await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    expect(within(dialog).getByTestId('totp-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(within(dialog).getByTestId('totp-uri').textContent).toBe(URI);

    const group = within(dialog).getByRole('group', { name: 'Code from the app' });
    await typeCode(group, '111111');
    await shown(within(dialog).findByText('The code does not match.'));
    await typeCode(group, '246810');
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());

    // Opened again: on, with the count; the codes are not shown again.
    await userEvent.click(screen.getByRole('button', { name: 'Two-step sign-in' }));
    await shown(screen.findByText(/10 recovery code\(s\) left/));
    expect(screen.queryByText(CODES[0]!)).toBeNull();
  });

  it('turns it off with the password, showing a wrong password beside the field', async () => {
    let enabled = true;
    setup(
      '/app/usage-statistic',
      (url, body) => {
        if (url === '/api/auth/2fa')
          return {
            status: 200,
            data: {
              enabled,
              enabled_at: enabled ? '2024-05-02T00:00:00.000Z' : null,
              recovery_codes_left: 7,
            },
          };
        if (url === '/api/auth/2fa/disable') {
          if (body.password !== 'right-password')
            return {
              status: 400,
              data: { message: 'Invalid', fields: { 'body.password': ['The password is not correct.'] } },
            };
          enabled = false;
          return { status: 200, data: { ok: true } };
        }
        return undefined;
      },
      USER,
    );
    await openFromSidebar();
    const dialog = await screen.findByRole('alertdialog', { name: 'Two-step sign-in' });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off two-step sign-in' }));
    await shown(within(dialog).findByText('The password is not correct.'));
    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right-password{Enter}');
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeVisible();
  });
});
