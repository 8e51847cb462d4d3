import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REAUTH_REQUIRED_CODE, STORED_USER_KEY, type OwnSession } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { App } from '../../App.js';
import { createConsoleServices } from '../../services.js';
import { fakeAdapter, type FakeAnswer, type FakeRequest } from '../../api/testAdapter.js';
import { fakeIo } from '../../test/fakeSocket.js';
import { memoryStorage } from '../../test/memoryStorage.js';
import { deviceOf } from './SessionsDialog.js';
import { ACCOUNT_TEXTS } from './texts.js';
import { shown } from '../../test/shown.js';

const EN = ACCOUNT_TEXTS.en.sessions;

afterEach(cleanup);

const USER: StoredUser = { token: 'token-me', fullname: 'Budi Santoso', last_login: null };

type Handler = (url: string, method: string, body: Record<string, string>) => FakeAnswer | undefined;

function setup(handler: Handler) {
  const requests: { url: string; method: string; body: Record<string, string> }[] = [];
  const { adapter } = fakeAdapter((config: FakeRequest) => {
    const url = config.url ?? '';
    const method = (config.method ?? 'get').toUpperCase();
    const body = (typeof config.data === 'string' ? JSON.parse(config.data) : (config.data ?? {})) as Record<
      string,
      string
    >;
    requests.push({ url, method, body });
    const answer = handler(url, method, body);
    if (answer) return answer;
    if (url === '/api/a/verify/___ca')
      return { status: 200, data: { permissions: [{ permission_key: 'statistics', allow_read: 1 }] } };
    if (url === '/api/a/verify/___pc') return { status: 200, data: {} };
    if (url === '/api/statistics/usage') return { status: 500, data: { message: 'not in this test' } };
    if (url === '/api/statistics/me') return { status: 500, data: { message: 'not in this test' } };
    return { status: 404, data: { message: `no ${url}` } };
  });
  const storage = memoryStorage({ [STORED_USER_KEY]: JSON.stringify(USER) });
  const services = createConsoleServices({ storage, adapter, io: fakeIo().io });
  render(<App services={services} initialEntries={['/app/usage-statistic']} />);
  return { requests, services };
}

const SESSIONS: OwnSession[] = [
  {
    id: '7d1c5c0e-1111-4a4a-9b9b-000000000001',
    created_at: '2026-11-23T01:00:00.000Z',
    last_seen_at: '2026-11-23T02:00:00.000Z',
    expires_at: '2026-11-23T13:00:00.000Z',
    ip: '10.0.0.5',
    user_agent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    current: true,
  },
  {
    id: '7d1c5c0e-1111-4a4a-9b9b-000000000002',
    created_at: '2026-11-22T01:00:00.000Z',
    last_seen_at: '2026-11-22T05:00:00.000Z',
    expires_at: '2026-11-22T13:00:00.000Z',
    ip: '36.80.1.2',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1',
    current: false,
  },
];

describe('My sessions', () => {
  it('names devices from their user agent', () => {
    expect(deviceOf(SESSIONS[0]!.user_agent, EN)).toBe('Chrome on Linux');
    expect(deviceOf(SESSIONS[1]!.user_agent, EN)).toBe('Safari on iOS');
    expect(deviceOf(null, EN)).toBe('Unknown device');
    expect(deviceOf(SESSIONS[1]!.user_agent, ACCOUNT_TEXTS.id.sessions)).toBe('Safari di iOS');
  });

  it('lists the sessions with this browser marked and signs another one out', async () => {
    let sessions = SESSIONS;
    const { requests } = setup((url, method) => {
      if (url === '/api/auth/sessions') return { status: 200, data: { sessions } };
      if (method === 'DELETE' && url === `/api/auth/sessions/${SESSIONS[1]!.id}`) {
        sessions = [SESSIONS[0]!];
        return { status: 200, data: { ok: true } };
      }
      return undefined;
    });
    await screen.findByText(/Could not load your activity/);
    await userEvent.click(screen.getByRole('button', { name: 'My sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'My sessions' });
    const list = await within(dialog).findByRole('list', { name: 'Signed-in sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('This browser')).toBeVisible();
    expect(within(list).getByText(/36\.80\.1\.2/)).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: 'Sign out Safari on iOS (36.80.1.2)' }));
    await waitFor(() =>
      expect(within(dialog).getByText('You are signed in on this browser only.')).toBeVisible(),
    );
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });
  it("says why the sessions could not be loaded, in the page's words when the server sent none, and tries again", async () => {
    let fail = true;
    setup((url) => {
      if (url === '/api/auth/sessions')
        return fail
          ? { status: 502, data: '<html>Bad gateway</html>' }
          : { status: 200, data: { sessions: SESSIONS } };
      return undefined;
    });
    await screen.findByText(/Could not load your activity/);
    await userEvent.click(screen.getByRole('button', { name: 'My sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'My sessions' });
    expect(await within(dialog).findByText('The server answered 502.')).toBeVisible();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    const list = await within(dialog).findByRole('list', { name: 'Signed-in sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).queryByText('The server answered 502.')).toBeNull();
  });
});

describe('re-authentication of an idle session', () => {
  it('asks for the password, then the code, over the page and retries the refused call', async () => {
    let idle = false;
    const { requests } = setup((url, _method, body) => {
      if (url === '/api/auth/reauth') {
        if (body.password !== 'Kopi-Tubruk-7')
          return {
            status: 400,
            data: {
              message: 'The password is not correct.',
              code: 'INVALID_INPUT',
              fields: { 'body.password': ['The password is not correct.'] },
            },
          };
        if (!body.code)
          return {
            status: 400,
            data: {
              message: 'Enter the code',
              code: 'CODE_REQUIRED',
              fields: { 'body.code': ['Enter the code'] },
            },
          };
        idle = false;
        return { status: 200, data: { ok: true } };
      }
      if (idle && url !== '/api/auth/reauth')
        return { status: 401, data: { code: REAUTH_REQUIRED_CODE, message: 'Away' } };
      return undefined;
    });
    // Shown, not only found: text queries also find the page under the guard's cover, before its check answers.
    await shown(screen.findByText(/Could not load your activity/));
    idle = true;
    // Any action: here the sidebar's permission refresh.
    await userEvent.click(screen.getAllByRole('button', { name: /refresh/i })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    // The page is still there under the dialog.
    expect(screen.getByText(/Could not load your activity/)).toBeVisible();
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await userEvent.type(password, 'wrong{Enter}');
    await within(dialog).findByText('The password is not correct.');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Kopi-Tubruk-7{Enter}');
    const code = await within(dialog).findByLabelText('Code from the app or a recovery code');
    await userEvent.type(code, '123456{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    const permissionCalls = requests.filter((request) => request.url === '/api/a/verify/___ca');
    // The refused refresh was sent again after the re-authentication and answered.
    expect(permissionCalls.length).toBeGreaterThanOrEqual(3);
    const accepted = requests.map((request) => request.url).lastIndexOf('/api/auth/reauth');
    expect(requests.slice(accepted + 1).some((request) => request.url === '/api/a/verify/___ca')).toBe(true);
  });
});
