import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { invalidBody, type FakeAnswer } from '../../api/testAdapter.js';
import { renderPage, routeOf } from '../../test/renderPage.js';
import { ChangePasswordDialog } from './ChangePasswordDialog.js';
import { MATRIX } from './matrixFixture.js';
import UserPermissionsPage from './UserPermissionsPage.js';
import UsersPage from './UsersPage.js';
import type { FakeRequest } from '../../api/testAdapter.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const usersRoute = routeOf('users');

function renderUsers(create: FakeAnswer) {
  return renderPage(usersRoute, <UsersPage route={usersRoute} />, {
    language: 'id',
    keys: [usersRoute.key],
    handler: (config: FakeRequest) => {
      if (config.url === '/api/admin/users' && config.method === 'post') return create;
      if (config.url === '/api/admin/users') return { status: 200, data: { users: [], total: 0 } };
      if (config.url === '/api/admin/permission-sets') return { status: 200, data: { sets: [] } };
      return undefined;
    },
  });
}

/** User Permission Set over MATRIX, the `method` to `url` refused: 409, the name already used. */
function renderMatrixRefusing(method: string, url: string) {
  const route = routeOf('user-permissions');
  return renderPage(route, <UserPermissionsPage route={route} />, {
    language: 'en',
    keys: [route.key],
    handler: (config) =>
      config.url === url && config.method === method
        ? {
            status: 409,
            data: {
              message: 'Taken',
              code: 'CONFLICT',
              fields: { 'body.name': ['This name is already used'] },
            },
          }
        : config.url === '/api/admin/permission-matrix'
          ? { status: 200, data: MATRIX }
          : undefined,
  });
}

describe('the admin forms over useEndpointForm', () => {
  it("Users, new user: the server's 400 naming the username shows under it, in the user's language", async () => {
    const { user, requests } = renderUsers({
      status: 409,
      data: {
        message: 'Invalid body',
        code: 'CONFLICT',
        fields: { 'body.username': ['This username is already taken.'] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pengguna baru' }));
    const form = screen.getByRole('form', { name: 'Pengguna baru' });
    await user.type(within(form).getByLabelText(/^Username/), 'budi');
    await user.type(within(form).getByLabelText(/^Nama lengkap/), 'Budi Santoso');
    await user.click(within(form).getByRole('button', { name: 'Buat pengguna' }));
    const username = within(form).getByLabelText(/^Username/);
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription(expect.stringContaining('Nama pengguna ini sudah dipakai.'));
    // Sent once, without the empty initial password (the server generates one).
    const sent = requests.filter((request) => request.method === 'post');
    expect(sent.map((request) => JSON.parse(String(request.data)) as unknown)).toEqual([
      { username: 'budi', full_name: 'Budi Santoso' },
    ]);
  });

  it("Change my password: the repeat is checked here, the server's 400 lands under the new password", async () => {
    const { user, requests } = renderPage(
      usersRoute,
      <ChangePasswordDialog open onClose={() => undefined} />,
      {
        language: 'en',
        handler: (config) =>
          config.url === '/api/auth/change-password'
            ? invalidBody({ new_password: ['Must not contain your username'] })
            : undefined,
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change my password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'Demo12345!');
    await user.type(within(dialog).getByLabelText('New password'), 'ayu-is-Nice-2026');
    await user.type(within(dialog).getByLabelText('Repeat the new password'), 'ayu-is-nice-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
      'The two new passwords differ.',
    );
    expect(requests).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Repeat the new password'));
    await user.type(within(dialog).getByLabelText('Repeat the new password'), 'ayu-is-Nice-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    const next = within(dialog).getByLabelText('New password');
    await waitFor(() => expect(next).toHaveAccessibleDescription('Must not contain your username'));
    expect(requests).toHaveLength(1);
  });

  it("User Permission Set, new set: the server's 400 naming the name describes the name's input", async () => {
    const { user } = renderMatrixRefusing('post', '/api/admin/permission-sets');
    const name = screen.getByLabelText('New set name');
    await user.type(name, 'Reports');
    await user.click(screen.getByRole('button', { name: 'Create set' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('This name is already used'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it("Users, a user's permission sets: the server's 400 about the sets describes the sets' group", async () => {
    const budi = {
      id: 3,
      username: 'budi',
      full_name: 'Budi Santoso',
      active: true,
      last_login_at: null,
      locked_until: null,
      permission_sets: [],
      created_at: '2026-11-01T02:00:00.000Z',
      version: 1,
      live_sessions: 0,
    };
    const { user, requests } = renderPage(usersRoute, <UsersPage route={usersRoute} />, {
      language: 'en',
      keys: [usersRoute.key],
      handler: (config) => {
        if (config.url === '/api/admin/users/3/permission-sets')
          return invalidBody({ permission_sets: ['Unknown permission set: Reports'] });
        if (config.url === '/api/admin/users')
          return { status: 200, data: { users: [budi], total: 1, page: 1, page_size: 25 } };
        if (config.url === '/api/admin/users/3') return { status: 200, data: budi };
        if (config.url === '/api/admin/users/3/sessions') return { status: 200, data: { sessions: [] } };
        if (config.url === '/api/admin/users/3/activity') return { status: 200, data: { entries: [] } };
        if (config.url === '/api/admin/permission-sets')
          return { status: 200, data: { sets: MATRIX.sets.map((set) => ({ ...set })) } };
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Manage budi' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Reports' }));
    await user.click(screen.getByRole('button', { name: 'Save permission sets' }));
    const sets = screen.getByRole('group', { name: /^Permission sets \(the user gets/ });
    await waitFor(() => expect(sets).toHaveAccessibleDescription('Unknown permission set: Reports'));
    const put = requests.filter((request) => request.method === 'put');
    expect(put.map((request) => JSON.parse(String(request.data)) as unknown)).toEqual([
      { permission_sets: ['Reports'] },
    ]);
  });

  it("User Permission Set, rename: the server's 400 about the name lands under the new name, focused", async () => {
    const { user, requests } = renderMatrixRefusing('patch', '/api/admin/permission-sets/1');
    await user.click(await screen.findByRole('button', { name: 'Rename Reports' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename "Reports"' });
    const name = within(dialog).getByLabelText('New name');
    expect(name).toHaveValue('Reports');
    await user.clear(name);
    await user.type(name, 'Stats');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('This name is already used'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    const patch = requests.filter((request) => request.method === 'patch');
    expect(patch.map((request) => JSON.parse(String(request.data)) as unknown)).toEqual([
      { name: 'Stats', version: 3 },
    ]);
  });
});
