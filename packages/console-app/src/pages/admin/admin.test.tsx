import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '../../api/client.js';
import { fakeAdapter } from '../../api/testAdapter.js';
import { ApiError } from '../../api/apiError.js';
import { formFields, toAdminError } from './adminApi.js';
import { filterToParams } from './UsersPage.js';
import { toHistory } from './UserDetails.js';
import { MATRIX, renderMatrix } from './matrixFixture.js';
import { ADMIN_TEXTS } from './texts.js';

afterEach(cleanup);

describe('filterToParams', () => {
  it('turns the FilterBar chips into the list query', () => {
    expect(
      filterToParams({
        filters: [
          { op: 'eq', field: 'active', value: false },
          { op: 'in', field: 'permission_sets', values: ['Reports', 'Logs'] },
          { op: 'range', field: 'last_login_at', min: '2024-05-01', max: '2024-05-31' },
        ],
        groups: [],
      }),
    ).toEqual({
      active: false,
      permission_set: ['Reports', 'Logs'],
      last_login_from: '2024-05-01',
      last_login_to: '2024-05-31',
    });
    expect(
      filterToParams({ filters: [{ op: 'empty', field: 'last_login_at', empty: true }], groups: [] }),
    ).toEqual({ never_logged_in: true });
    // "Is not empty" has no list parameter of its own: it is not read as "never logged in".
    expect(
      filterToParams({ filters: [{ op: 'empty', field: 'last_login_at', empty: false }], groups: [] }),
    ).toEqual({});
    expect(filterToParams({ filters: [], groups: [] })).toEqual({});
  });
});

describe('toAdminError', () => {
  it('keys field messages by form field and keeps the code', async () => {
    const { adapter } = fakeAdapter(() => ({
      status: 409,
      data: {
        message: 'Taken',
        code: 'CONFLICT',
        fields: { 'body.username': ['This username is already taken.'] },
      },
    }));
    const error = await createApiClient({ adapter, getToken: () => null, onUnauthorized: () => undefined })
      .post('/api/admin/users')
      .catch((failure: unknown) => failure);
    const failure = toAdminError(error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, message: 'Taken', code: 'CONFLICT' });
    expect(formFields(failure)).toEqual({ username: ['This username is already taken.'] });
  });

  it("says in the pages' words when the server sent none", async () => {
    const { adapter } = fakeAdapter(() => ({ network: true }));
    const error = await createApiClient({ adapter, getToken: () => null, onUnauthorized: () => undefined })
      .get('/api/admin/users')
      .catch((failure: unknown) => failure);
    const unreachable = Object.values(ADMIN_TEXTS).map((texts) => texts.serverUnreachable);
    expect(unreachable).toContain(toAdminError(error).message);
  });
});

describe('toHistory', () => {
  it('names each event and lists only the fields that changed', () => {
    const [disable, viewAs] = toHistory(
      [
        {
          id: '2',
          at: '2024-05-01T10:00:00Z',
          action: 'disable',
          entity: 'user',
          entity_id: '7',
          role: 'subject',
          actor: { id: 1, username: 'admin', full_name: 'Administrator' },
          before: { id: 7, active: true, full_name: 'Budi' },
          after: { id: 7, active: false, full_name: 'Budi' },
          ip: null,
        },
        {
          id: '1',
          at: '2024-05-01T09:00:00Z',
          action: 'view-as',
          entity: 'user',
          entity_id: '7',
          role: 'subject',
          actor: null,
          before: null,
          after: null,
          ip: null,
        },
      ],
      ADMIN_TEXTS.en.details,
    );
    expect(disable).toMatchObject({
      action: 'update',
      actor: 'Administrator (admin)',
      changes: [
        { field: 'event', after: 'Account disabled' },
        { field: 'active', before: true, after: false },
      ],
    });
    expect(viewAs).toMatchObject({
      actor: 'system',
      changes: [{ field: 'event', after: 'An administrator viewed the console as this user' }],
    });
  });
});

describe('UserPermissionsPage', () => {
  it('shows keys with what they open, ticks read with write, and saves only the changed set', async () => {
    const requests = renderMatrix(() => ({
      status: 200,
      data: { sets: MATRIX.sets, changed_sets: ['Stats'], notified_users: 0 },
    }));
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Permission matrix' });
    expect(screen.getByText('Pages: Adset Report · Menu: Reports')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Read ad_daily_tracker in Reports' })).toHaveProperty(
      'checked',
      true,
    );
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toHaveProperty('disabled', true);

    // One set at a time: the first is open; another is picked from the list of sets.
    expect(screen.queryByRole('checkbox', { name: 'Write statistics in Stats' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Stats' }));
    await user.click(screen.getByRole('checkbox', { name: 'Write statistics in Stats' }));
    expect(screen.getByRole('checkbox', { name: 'Read statistics in Stats' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Save changes (1 set)' }));
    const put = requests.find((request) => request.method === 'put');
    expect(JSON.parse(put!.data as string)).toEqual({
      sets: [{ id: 2, version: 1, entries: [{ key: 'statistics', read: true, write: true }] }],
    });
    await screen.findByText('Stats changed; 0 users holding it updated at once.');
  });

  it("shows the server's refusal when a save would leave no administrator", async () => {
    const message =
      'This change to the permission sets would leave no active administrator (a user with admin_manage_user read and write). At least one must remain.';
    renderMatrix(() => ({ status: 409, data: { message, code: 'LAST_ADMIN' } }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Read ad_daily_tracker in Reports' }));
    await user.click(screen.getByRole('button', { name: 'Save changes (1 set)' }));
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(1));
    // The edit is kept, so the administrator can change it.
    expect(screen.getByRole('checkbox', { name: 'Read ad_daily_tracker in Reports' })).toHaveProperty(
      'checked',
      false,
    );
  });
});
