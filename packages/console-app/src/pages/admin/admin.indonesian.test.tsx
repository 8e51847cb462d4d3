import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAGE_DENIED_MESSAGE, STORED_USER_KEY, type AdminUserRow } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { App } from '../../App.js';
import { createConsoleServices } from '../../services.js';
import { fakeAdapter, type FakeAnswer, type FakeRequest } from '../../api/testAdapter.js';
import { fakeIo } from '../../test/fakeSocket.js';
import { memoryStorage } from '../../test/memoryStorage.js';
import { LANGUAGE_STORAGE_KEY } from '../../i18n.js';
import { renderMatrix } from './matrixFixture.js';
import { shown } from '../../test/shown.js';

beforeEach(() => globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id'));
afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const ADMIN: StoredUser = { token: 'token-admin', fullname: 'Sari Admin', last_login: null };

const BUDI: AdminUserRow = {
  id: 7,
  username: 'budi',
  full_name: 'Budi Santoso',
  active: false,
  last_login_at: null,
  locked_until: null,
  permission_sets: [],
  created_at: '2024-05-01T03:00:00.000Z',
  version: 1,
  live_sessions: 0,
};

/** The console at `path` for an administrator, in Indonesian, over a fake server (`answer`, then 404). */
function renderConsole(path: string, answer: (url: string) => FakeAnswer | undefined) {
  const { adapter } = fakeAdapter((config: FakeRequest) => {
    const url = config.url ?? '';
    if (url === '/api/me/preferences') return { status: 200, data: { language: 'id', theme: 'system' } };
    return answer(url) ?? { status: 404, data: { message: `no ${url}` } };
  });
  const services = createConsoleServices({
    storage: memoryStorage({ [STORED_USER_KEY]: JSON.stringify(ADMIN) }),
    adapter,
    io: fakeIo().io,
  });
  render(<App services={services} initialEntries={[path]} />);
}

describe('administration in Bahasa Indonesia', () => {
  it('shows the Users page in Indonesian, with the spec title as it is', async () => {
    renderConsole('/app/administration/users/', (url) => {
      if (url === '/api/a/verify/___ca')
        return {
          status: 200,
          data: { permissions: [{ permission_key: 'admin_manage_user', allow_read: 1, allow_write: 1 }] },
        };
      if (url === '/api/a/verify/___pc') return { status: 200, data: {} };
      if (url === '/api/admin/users')
        return { status: 200, data: { users: [BUDI], total: 1, page: 1, page_size: 25 } };
      if (url === '/api/admin/permission-sets') return { status: 200, data: { sets: [] } };
      return undefined;
    });

    // The spec's title stays as the spec writes it.
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const grid = await screen.findByRole('grid', { name: 'Users' });
    expect(within(grid).getByRole('columnheader', { name: /Nama lengkap/ })).toBeVisible();
    await shown(within(grid).findByText('Nonaktif'));
    expect(within(grid).getByText('Belum pernah')).toBeVisible();
    expect(within(grid).getByText('Tidak ada')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Kelola budi' }).textContent).toBe('Kelola');
    expect(screen.getByPlaceholderText('Cari username atau nama…')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Pengguna baru' }));
    const form = await screen.findByRole('region', { name: 'Pengguna baru' });
    expect(within(form).getByLabelText(/Kata sandi awal/)).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Buat pengguna' })).toBeVisible();
  });

  it('shows the permission matrix in Indonesian', async () => {
    renderMatrix(() => ({ status: 500, data: { message: 'not in this test' } }));
    const matrix = await screen.findByRole('table', { name: 'Matriks izin' });
    expect(
      within(matrix)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Kunci izin', 'Membuka', 'Baca', 'Tulis']);
    expect(within(matrix).getByText('Halaman: Adset Report · Menu: Reports')).toBeVisible();
    expect(screen.getByText('2 pengguna · 1 kunci')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Simpan perubahan' })).toHaveProperty('disabled', true);
    // The spec's title as it is.
    expect(screen.getByRole('heading', { level: 1, name: 'User Permission Set' })).toBeVisible();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Tulis ad_daily_tracker di Reports' }));
    expect(screen.getByRole('button', { name: 'Simpan perubahan (1 set)' })).toBeVisible();
    expect(screen.getByText('Belum disimpan: Reports')).toBeVisible();
  });

  it('denies the Users page with the spec alert and lists the open pages in Indonesian', async () => {
    renderConsole('/app/administration/users/', (url) => {
      if (url === '/api/a/verify/___ca') return { status: 200, data: { permissions: [] } };
      if (url === '/api/a/verify/___pc') return { status: 403, data: { message: PAGE_DENIED_MESSAGE } };
      return undefined;
    });
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((alert) => alert.textContent === PAGE_DENIED_MESSAGE)).toBe(
        true,
      ),
    );
    const nav = screen.getByRole('navigation', { name: 'Halaman yang dapat Anda buka' });
    expect(within(nav).getByRole('link', { name: 'Usage Statistics' })).toBeVisible();
  });
});
