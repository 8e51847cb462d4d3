import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { STORED_USER_KEY } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { App } from '../App.js';
import { createConsoleServices } from '../services.js';
import { fakeAdapter, type FakeAnswer, type FakeRequest } from '../api/testAdapter.js';
import { fakeIo } from '../test/fakeSocket.js';
import { memoryStorage } from '../test/memoryStorage.js';
import { LANGUAGE_STORAGE_KEY } from '../i18n.js';

beforeEach(() => globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id'));
afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const USER: StoredUser = { token: 'token-id', fullname: 'Ayu Lestari', last_login: null };

function setup(path: string, pageCheck: () => FakeAnswer) {
  const { adapter } = fakeAdapter((config: FakeRequest) => {
    const url = config.url ?? '';
    if (url === '/api/a/verify/___ca')
      return { status: 200, data: { permissions: [{ permission_key: 'statistics', allow_read: 1 }] } };
    if (url === '/api/a/verify/___pc') return pageCheck();
    if (url === '/api/me/preferences') return { status: 200, data: { language: 'id', theme: 'system' } };
    return { status: 404, data: { message: `no ${url}` } };
  });
  const storage = memoryStorage({ [STORED_USER_KEY]: JSON.stringify(USER) });
  render(
    <App services={createConsoleServices({ storage, adapter, io: fakeIo().io })} initialEntries={[path]} />,
  );
}

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
