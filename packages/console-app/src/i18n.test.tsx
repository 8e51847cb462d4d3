import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORED_USER_KEY, type UserPreferences } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { App } from './App.js';
import { createConsoleServices } from './services.js';
import { fakeAdapter, type FakeRequest } from './api/testAdapter.js';
import { fakeIo } from './test/fakeSocket.js';
import { memoryStorage } from './test/memoryStorage.js';
import { APP_TEXTS_EN, APP_TEXTS_ID, LANGUAGE_STORAGE_KEY } from './i18n.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const USER: StoredUser = {
  token: 'token-1',
  fullname: 'Ayu Lestari',
  last_login: '2024-05-01T03:00:00.000Z',
};

/** The shell on Usage Statistics against a fake server keeping the preferences in memory. */
function setup(
  saved: UserPreferences,
  { preferencesAnswered }: { preferencesAnswered?: Promise<void> } = {},
) {
  const preferences = { ...saved };
  const puts: unknown[] = [];
  const { adapter } = fakeAdapter((config: FakeRequest) => {
    const url = config.url ?? '';
    if (url === '/api/a/verify/___ca')
      return {
        status: 200,
        data: { permissions: [{ permission_key: 'statistics', allow_read: 1, allow_write: 0 }] },
      };
    if (url === '/api/a/verify/___pc') return { status: 200, data: {} };
    if (url === '/api/me/preferences' && config.method === 'put') {
      const body = JSON.parse(config.data as string) as Partial<UserPreferences>;
      puts.push(body);
      Object.assign(preferences, body);
      return { status: 200, data: preferences };
    }
    if (url === '/api/me/preferences') {
      // What the server held when asked, answered when the test lets it.
      const answer = { status: 200, data: { ...preferences } };
      return preferencesAnswered ? preferencesAnswered.then(() => answer) : answer;
    }
    if (url === '/api/statistics/me')
      return {
        status: 200,
        data: {
          from: '2024-05-01',
          days: 30,
          sign_ins_per_day: [],
          recent_sign_ins: [],
          most_visited_pages: [],
        },
      };
    return { status: 404, data: { message: `no ${url}` } };
  });
  const storage = memoryStorage({ [STORED_USER_KEY]: JSON.stringify(USER) });
  const { io } = fakeIo();
  const services = createConsoleServices({ storage, adapter, io });
  render(<App services={services} initialEntries={['/app/usage-statistic']} />);
  return { puts, preferences };
}

describe('language choice in the shell', () => {
  it('switching to Bahasa Indonesia changes the shell texts at once, saves it, and keeps the spec strings', async () => {
    const { puts } = setup({ language: 'en', theme: 'system' });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.getByRole('button', { name: APP_TEXTS_EN.changePassword })).toBeVisible();
    // The page in place first: while its lazy module loaded, the shell could render its controls anew and a choice
    // made on the old select was lost (seen on a loaded 2-core machine).
    await screen.findByRole('heading', { level: 2, name: 'Your activity' });

    await userEvent.selectOptions(screen.getByLabelText('Language'), 'id');

    await screen.findByRole('navigation', { name: 'Menu utama' });
    const account = screen.getByRole('list', { name: APP_TEXTS_ID.myAccount });
    expect(
      within(account)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([APP_TEXTS_ID.changePassword, APP_TEXTS_ID.twoStep, APP_TEXTS_ID.mySessions]);
    expect(screen.getByRole('button', { name: 'Cari halaman dan data (Ctrl+K)' })).toBeVisible();
    expect(screen.getByLabelText('Tema')).toBeVisible();
    expect(document.documentElement.lang).toBe('id');
    await waitFor(() => expect(puts).toEqual([{ language: 'id' }]));
    expect(globalThis.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('id');
    // The spec's strings as the spec writes them.
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage Statistics' })).toBeVisible();
    // The page's own texts follow too.
    expect(await screen.findByRole('heading', { level: 2, name: 'Aktivitas Anda' })).toBeVisible();
    expect(screen.getByText(/^30 hari terakhir, sejak /)).toBeVisible();

    // An account dialog in the chosen language.
    await userEvent.click(within(account).getByRole('button', { name: APP_TEXTS_ID.changePassword }));
    const dialog = await screen.findByRole('dialog', { name: APP_TEXTS_ID.changePassword });
    expect(within(dialog).getByLabelText('Kata sandi baru')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.selectOptions(screen.getByLabelText('Bahasa'), 'en');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(puts).toEqual([{ language: 'id' }, { language: 'en' }]));
  });

  it("keeps a language chosen before the sign-in read of the preferences answers (the read's older value)", async () => {
    let answer!: () => void;
    const preferencesAnswered = new Promise<void>((resolve) => (answer = resolve));
    const { puts } = setup({ language: 'en', theme: 'dark' }, { preferencesAnswered });
    await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'id');
    await screen.findByRole('navigation', { name: 'Menu utama' });
    answer();
    // The answer has been read: the theme nobody changed here follows the server's.
    await waitFor(() => expect(document.querySelector('[data-theme="dark"]')).not.toBeNull());
    // The language chosen while it was on its way stands, and is the one saved.
    expect(screen.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
    expect((screen.getByLabelText('Bahasa') as HTMLSelectElement).value).toBe('id');
    await waitFor(() => expect(puts).toEqual([{ language: 'id' }]));
  });

  it("applies the server's saved language at sign-in, without a choice in this browser", async () => {
    setup({ language: 'id', theme: 'system' });
    await screen.findByRole('navigation', { name: 'Menu utama' });
    expect(screen.getByRole('button', { name: APP_TEXTS_ID.twoStep })).toBeVisible();
    expect((screen.getByLabelText('Bahasa') as HTMLSelectElement).value).toBe('id');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });
});
