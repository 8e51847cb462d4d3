import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { ROUTES, resourcesEndpoints, savedViewsEndpoints } from '@staff/console-contract';
import { urlOf } from '../../api/http.js';
import type { FakeAnswer } from '../../api/testAdapter.js';
import { isRequestOf } from '../logistics/packageFixture.js';
import { renderResourcePage } from './resourcePageHarness.js';
import { shown } from '../../test/shown.js';
import type { FakeRequest } from '../../api/testAdapter.js';

afterEach(cleanup);

const route = ROUTES.find((candidate) => candidate.id === 'tribes')!;
const tribe = (id: number, name: string, version = 1) => ({
  id,
  name,
  code: `T${id}`,
  lead_name: null,
  active: true,
  version,
  notes: null,
});

function setup(options: {
  write: boolean;
  search?: string;
  answer?: (config: FakeRequest) => FakeAnswer | undefined;
}) {
  const rows = [tribe(1, 'Tribe Bandung'), tribe(2, 'Tribe Surabaya')];
  return renderResourcePage({
    routeId: 'tribes',
    permissions: [{ permission_key: 'databank_tribes', allow_read: 1, allow_write: options.write ? 1 : 0 }],
    ...(options.search ? { search: options.search } : {}),
    answer: (config) => {
      const own = options.answer?.(config);
      if (own) return own;
      if (isRequestOf(config, savedViewsEndpoints.list)) return { status: 200, data: { views: [] } };
      if (isTribeList(config)) return { status: 200, data: { rows, total: 2, labels: {} } };
      return undefined;
    },
  });
}

const isTribeList = (config: FakeRequest) =>
  isRequestOf(config, resourcesEndpoints.list, { params: { entity: 'tribes' } });

const grid = () => screen.getByRole('grid', { name: 'Tribes' });

// Typing through user-event is slow on a busy 2-core machine; the default 5 s was too tight there.
describe('ResourcePage', () => {
  it('lists rows and offers no edit controls to a user who may only read', async () => {
    setup({ write: false });
    await shown(within(grid()).findByText('Tribe Bandung'));
    expect(screen.getByRole('note').textContent).toContain('You can read tribes but not change them.');
    expect(screen.queryByRole('button', { name: 'New tribe' })).toBeNull();
    expect(within(grid()).queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
    expect(within(grid()).queryByRole('checkbox')).toBeNull();
  });

  it('puts "New tribe" in the page header beside the title, and export in the search toolbar', async () => {
    setup({ write: true });
    await within(grid()).findByText('Tribe Bandung');
    const heading = screen.getByRole('heading', { level: 1, name: route.title });
    const create = screen.getByRole('button', { name: 'New tribe' });
    const header = heading.closest('header')!;
    expect(header.contains(create)).toBe(true);
    const toolbar = screen.getByRole('search', { name: 'Filter tribes' });
    expect(toolbar.contains(create)).toBe(false);
    expect(within(toolbar).getByRole('button', { name: 'Export CSV' })).toBeVisible();
    expect(within(toolbar).getByRole('searchbox')).toBeVisible();
  });

  it('puts the sort in the address and asks the server for it', async () => {
    const { requests, user } = setup({ write: true });
    await within(grid()).findByText('Tribe Bandung');
    await user.click(within(grid()).getByRole('button', { name: /Code/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?sort=code%3Aasc'));
    await waitFor(() =>
      expect(
        requests.some((r) => isTribeList(r) && urlOf(r) === '/api/resources/tribes?sort=code%3Aasc'),
      ).toBe(true),
    );
  });

  it('opens a view from the address: the filter chip is shown and sent', async () => {
    const { requests } = setup({ write: true, search: '?f.active.eq=false&q=band' });
    await within(grid()).findByText('Tribe Bandung');
    expect(
      within(screen.getByRole('list', { name: 'Active filters' })).getByText('Active: No'),
    ).toBeVisible();
    expect(
      requests.some((r) => isTribeList(r) && urlOf(r) === '/api/resources/tribes?q=band&f.active.eq=false'),
    ).toBe(true);
  });

  it('shows server field errors beside the field on create, then creates', async () => {
    let attempts = 0;
    const { requests, user } = setup({
      write: true,
      answer: (config) => {
        if (!isRequestOf(config, resourcesEndpoints.create, { params: { entity: 'tribes' } }))
          return undefined;
        attempts += 1;
        return attempts === 1
          ? {
              status: 409,
              data: {
                message: 'Code is already used',
                code: 'unique',
                fields: { code: ['Another tribe already has this code'] },
              },
            }
          : { status: 201, data: tribe(3, 'Tribe Medan') };
      },
    });
    await within(grid()).findByText('Tribe Bandung');
    await user.click(screen.getByRole('button', { name: 'New tribe' }));
    const form = screen.getByRole('form', { name: 'New tribe' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Tribe Medan');
    await user.type(within(form).getByRole('textbox', { name: /^Code/ }), 'T1');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const code = within(form).getByRole('textbox', { name: /^Code/ });
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(
      code
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    ).toContain('Another tribe already has this code');
    await user.clear(code);
    await user.type(code, 'MDN');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await shown(screen.findByText('Tribe “Tribe Medan” created.'));
    const body = JSON.parse(String(requests.filter((r) => r.method === 'post').at(-1)!.data));
    expect(body).toMatchObject({ name: 'Tribe Medan', code: 'MDN', active: true });
  });

  it('shows a stale edit as a conflict and reloads the current row', async () => {
    const { requests, user } = setup({
      write: true,
      answer: (config) =>
        config.method === 'patch'
          ? JSON.parse(String(config.data)).version === 1
            ? {
                status: 409,
                data: { message: 'changed', code: 'conflict', current: tribe(1, 'Tribe Bandung Raya', 2) },
              }
            : { status: 200, data: tribe(1, 'Tribe Bandung Raya Barat', 3) }
          : undefined,
    });
    await within(grid()).findByText('Tribe Bandung');
    await user.click(within(grid()).getByRole('button', { name: 'Edit Tribe Bandung' }));
    const form = screen.getByRole('form', { name: /^Edit tribe/ });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), ' Timur');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const banner = await within(form).findByText('This record was changed by someone else');
    await user.click(
      within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }),
    );
    const name = within(screen.getByRole('form', { name: /^Edit tribe/ })).getByRole('textbox', {
      name: /^Name/,
    }) as HTMLInputElement;
    expect(name.value).toBe('Tribe Bandung Raya');
    await user.type(name, ' Barat');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await shown(screen.findByText('Tribe “Tribe Bandung Raya Barat” saved.'));
    const patches = requests.filter((r) => r.method === 'patch').map((r) => JSON.parse(String(r.data)));
    // Only the changed field goes with the version the edit started from.
    expect(patches).toEqual([
      { name: 'Tribe Bandung Timur', version: 1 },
      { name: 'Tribe Bandung Raya Barat', version: 2 },
    ]);
  });

  it('reloads the list when another user changes a row of this entity', async () => {
    const { requests, sockets } = setup({ write: true });
    await within(grid()).findByText('Tribe Bandung');
    const lists = () => requests.filter(isTribeList).length;
    const before = lists();
    // The page listens on the shell's socket and opens none of its own.
    expect(sockets).toHaveLength(1);
    const socket = sockets[0]!;
    socket.fire('resource:changed', { entity: 'creators', id: 1, action: 'update', version: 2 });
    socket.fire('resource:changed', { entity: 'tribes', id: 2, action: 'delete', version: 2 });
    await waitFor(() => expect(lists()).toBe(before + 1));
    expect(socket.connectCalls).toBe(0);
  });

  it('reloads the list after the shell socket reconnects, not on its first connection', async () => {
    const { requests, sockets } = setup({ write: true });
    await within(grid()).findByText('Tribe Bandung');
    const lists = () => requests.filter(isTribeList).length;
    const before = lists();
    const socket = sockets[0]!;
    act(() => socket.fire('connect'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lists()).toBe(before);
    act(() => socket.fire('disconnect', 'transport close'));
    act(() => socket.fire('connect'));
    await waitFor(() => expect(lists()).toBe(before + 1));
  });
});
