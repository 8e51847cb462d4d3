import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import type { FakeAnswer } from '../../api/testAdapter.js';
import { renderPage, routeOf } from '../../test/renderPage.js';
import { ChangePasswordDialog } from './ChangePasswordDialog.js';
import { MATRIX } from './matrixFixture.js';
import UserPermissionsPage from './UserPermissionsPage.js';
import UsersPage from './UsersPage.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const usersRoute = routeOf('users');

function renderUsers(create: FakeAnswer) {
  return renderPage(usersRoute, <UsersPage route={usersRoute} />, {
    language: 'id',
    keys: [usersRoute.key],
    handler: (config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/admin/users' && config.method === 'post') return create;
      if (config.url === '/api/admin/users') return { status: 200, data: { users: [], total: 0 } };
      if (config.url === '/api/admin/permission-sets') return { status: 200, data: { sets: [] } };
      return undefined;
    },
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
            ? {
                status: 400,
                data: {
                  message: 'Invalid body',
                  code: 'INVALID_INPUT',
                  fields: { 'body.new_password': ['Must not contain your username'] },
                },
              }
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
    const route = routeOf('user-permissions');
    const { user } = renderPage(route, <UserPermissionsPage route={route} />, {
      language: 'en',
      keys: [route.key],
      handler: (config) =>
        config.url === '/api/admin/permission-sets' && config.method === 'post'
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
    const name = screen.getByLabelText('New set name');
    await user.type(name, 'Reports');
    await user.click(screen.getByRole('button', { name: 'Create set' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('This name is already used'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });
});
