import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORED_USER_KEY, type OwnSession } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { App } from '../../App.js';
import { createConsoleServices } from '../../services.js';
import { fakeAdapter, type FakeAnswer, type FakeRequest } from '../../api/testAdapter.js';
import { fakeIo } from '../../test/fakeSocket.js';
import { memoryStorage } from '../../test/memoryStorage.js';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { shown } from '../../test/shown.js';

beforeEach(() => globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id'));
afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const USER: StoredUser = { token: 'token-id', fullname: 'Budi Santoso', last_login: null };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Staff%20Console:budi?secret=${SECRET}&issuer=Staff%20Console`;

/** The shell on Usage Statistics in Indonesian, against a fake server; `answer` serves the dialog's calls. */
function setup(answer: (url: string) => FakeAnswer | undefined) {
  const { adapter } = fakeAdapter((config: FakeRequest) => {
    const url = config.url ?? '';
    const own = answer(url);
    if (own) return own;
    if (url === '/api/a/verify/___ca')
      return { status: 200, data: { permissions: [{ permission_key: 'statistics', allow_read: 1 }] } };
    if (url === '/api/me/preferences') return { status: 200, data: { language: 'id', theme: 'system' } };
    if (url === '/api/statistics/me' || url === '/api/statistics/usage')
      return { status: 500, data: { message: 'not in this test' } };
    return { status: 404, data: { message: `no ${url}` } };
  });
  const storage = memoryStorage({ [STORED_USER_KEY]: JSON.stringify(USER) });
  const services = createConsoleServices({ storage, adapter, io: fakeIo().io });
  render(<App services={services} initialEntries={['/app/usage-statistic']} />);
}

describe('account dialogs in Bahasa Indonesia', () => {
  it('sets up two-step sign-in in Indonesian', async () => {
    setup((url) => {
      if (url === '/api/auth/2fa')
        return { status: 200, data: { enabled: false, enabled_at: null, recovery_codes_left: 0 } };
      if (url === '/api/auth/2fa/setup') return { status: 200, data: { secret: SECRET, otpauth_uri: URI } };
      return undefined;
    });
    await screen.findByRole('heading', { level: 1, name: 'Usage Statistics' });
    // The spec's button as it is, beside the translated account actions.
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Login dua langkah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login dua langkah' });
    await shown(within(dialog).findByText(/^Login dua langkah nonaktif\. Bila aktif/));
    expect(within(dialog).getByRole('button', { name: 'Tutup' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Siapkan login dua langkah' }));
    expect(
      await within(dialog).findByRole('img', { name: 'Kode QR untuk aplikasi authenticator Anda' }),
    ).toBeVisible();
    expect(within(dialog).getByText('Tautan untuk aplikasi')).toBeVisible();
    expect(within(dialog).getByRole('group', { name: 'Kode dari aplikasi' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Aktifkan' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Batal' })).toBeVisible();
  });

  it('lists the sessions in Indonesian', async () => {
    const sessions: OwnSession[] = [
      {
        id: '7d1c5c0e-1111-4a4a-9b9b-000000000001',
        created_at: '2026-11-23T01:00:00.000Z',
        last_seen_at: '2026-11-23T02:00:00.000Z',
        expires_at: '2026-11-23T09:00:00.000Z',
        ip: '127.0.0.1',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36',
        current: true,
      },
      {
        id: '7d1c5c0e-1111-4a4a-9b9b-000000000002',
        created_at: '2026-11-22T01:00:00.000Z',
        last_seen_at: '2026-11-22T05:00:00.000Z',
        expires_at: '2026-11-22T13:00:00.000Z',
        ip: null,
        user_agent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1',
        current: false,
      },
    ];
    setup((url) => (url === '/api/auth/sessions' ? { status: 200, data: { sessions } } : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Usage Statistics' });
    await userEvent.click(screen.getByRole('button', { name: 'Sesi saya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sesi saya' });
    const list = await within(dialog).findByRole('list', { name: 'Sesi yang sedang login' });
    expect(within(list).getByText('Browser ini')).toBeVisible();
    expect(within(list).getByText('Safari di iOS')).toBeVisible();
    expect(
      within(list).getByRole('button', { name: 'Keluarkan Safari di iOS (alamat tidak dikenal)' }),
    ).toBeVisible();
    expect(within(list).getByText(/^Alamat tidak dikenal · terakhir aktif .+ · login /)).toBeVisible();
    expect(within(dialog).getByText(/^Anda login di 2 perangkat atau browser\./)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Selesai' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sesi saya' })).toBeNull());
  });
});
