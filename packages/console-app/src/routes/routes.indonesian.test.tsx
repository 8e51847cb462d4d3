import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { StoredUser } from '@staff/console-ui';
import type { FakeAnswer } from '../api/testAdapter.js';
import { renderSignedIn } from '../test/renderSignedIn.js';
import { LANGUAGE_STORAGE_KEY } from '../i18n.js';

beforeEach(() => globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id'));
afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const USER: StoredUser = { token: 'token-id', fullname: 'Ayu Lestari', last_login: null };

const setup = (path: string, pageCheck: () => FakeAnswer) =>
  renderSignedIn(path, {
    user: USER,
    permissions: [{ permission_key: 'statistics', allow_read: 1, allow_write: 0 }],
    pageCheck,
    language: 'id',
  });

describe('the routed shell in Bahasa Indonesia', () => {
  it('shows the not-found page in Indonesian, linking to the landing page by its spec title', async () => {
    setup('/app/tidak-ada', () => ({ status: 200, data: {} }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Halaman tidak ditemukan' })).toBeVisible();
    // The title is set by an effect, which may run after the heading is first found.
    await waitFor(() => expect(document.title).toBe('Halaman tidak ditemukan'));
    expect(screen.getByText('/app/tidak-ada').parentElement?.textContent).toBe(
      'Tidak ada halaman di /app/tidak-ada. Periksa alamatnya, atau buka Usage Statistics.',
    );
    expect(screen.getByRole('navigation', { name: 'Halaman yang dapat Anda buka' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  it('tells in Indonesian that the session ended, on the spec start screen', async () => {
    setup('/app/customer-chats', () => ({ status: 401, data: { message: 'expired' } }));
    // Both are watched from the start: the start screen lasts 0.5 s and the notice a few seconds, so on a loaded
    // machine one may be gone by the time a second look began.
    const [waiting, notice] = await Promise.all([
      screen.findByText('Please Wait...'),
      screen.findByText('Sesi berakhir'),
    ]);
    expect(waiting.closest('[role="status"]')?.textContent).toBe('Please Wait...');
    expect(notice.closest('[role="alert"]')?.textContent).toContain(
      'Sesi Anda sudah tidak berlaku. Silakan login lagi.',
    );
  });
});
