import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import {
  localizeEntity,
  packages,
  projects,
  resourcesEndpoints,
  savedViewsEndpoints,
  type Language,
} from '@staff/console-contract';
import { ApiError } from '../../api/apiError.js';
import { createResourcesApi } from '../../api/resources.js';
import { fakeClient, type FakeAnswer } from '../../api/testAdapter.js';
import { isRequestOf } from '../logistics/packageFixture.js';
import { saveErrorOf } from './resourcePageValues.js';
import { RESOURCE_TEXTS } from './texts.js';
import { LANGUAGE_STORAGE_KEY, useLanguage } from '../../i18n.js';
import { definitionMessages, errorText } from './messages.js';
import { renderResourcePage } from './resourcePageHarness.js';
import { shown } from '../../test/shown.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

const creator = {
  id: 1,
  name: 'Nadia Putri',
  handle: 'nadia.glow',
  platform: 'instagram',
  followers: 12000,
  tier: 'micro',
  niche: 'beauty',
  status: 'prospect',
  phone: '6281234567890',
  city: 'Bandung',
  version: 2,
};

/** The sidebar's language choice, reduced to one button. */
function ToIndonesian() {
  const { setLanguage } = useLanguage();
  return (
    <button type="button" onClick={() => setLanguage('id')}>
      Bahasa Indonesia
    </button>
  );
}

function setup(language: Language) {
  return renderResourcePage({
    routeId: 'creators',
    language,
    beside: <ToIndonesian />,
    permissions: [{ permission_key: 'databank_creators', allow_read: 1, allow_write: 1 }],
    answer: (config) => {
      if (isRequestOf(config, savedViewsEndpoints.list)) return { status: 200, data: { views: [] } };
      if (isRequestOf(config, resourcesEndpoints.list, { params: { entity: 'creators' } }))
        return { status: 200, data: { rows: [creator], total: 1, labels: {} } };
      if (isRequestOf(config, resourcesEndpoints.history, { params: { entity: 'creators', id: 1 } }))
        return {
          status: 200,
          data: {
            entries: [
              {
                id: '9',
                at: '2026-11-20T03:00:00.000Z',
                actor: 'Ayu',
                actor_type: 'user',
                action: 'update',
                changes: [{ field: 'status', before: 'prospect', after: 'negotiating' }],
                before: null,
                after: null,
              },
            ],
          },
        };
      return undefined;
    },
  });
}

const headings = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    // The sort glyph sits inside the heading's button.
    .map((cell) => (cell.textContent ?? '').replace(/[▲▼↕]/g, '').trim());

describe('master-data list in both languages', () => {
  it('shows the entity in Indonesian: headings, choices, buttons, dialogs, form, history; the spec title stays', async () => {
    const { user } = setup('id');
    const grid = await screen.findByRole('grid', { name: 'Kreator' });
    await within(grid).findByText('Nadia Putri');
    expect(headings(grid)).toEqual(expect.arrayContaining(['Nama', 'Pengikut', 'Kota', 'Status']));
    // A choice label in a cell, from the Indonesian text set.
    expect(within(grid).getByText('Prospek')).toBeVisible();
    // The page title is the spec's, in both languages.
    expect(screen.getByRole('heading', { level: 1, name: 'Creator Admin' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tambah kreator' })).toBeVisible();
    const toolbar = screen.getByRole('search', { name: 'Filter kreator' });
    expect(within(toolbar).getByRole('button', { name: 'Ekspor CSV' })).toBeVisible();
    expect(within(toolbar).getByPlaceholderText('Cari kreator…')).toBeVisible();
    expect(
      screen.getByText('Kreator (KOL) yang kami kontrak untuk konten: kontak, tarif, dan detail pembayaran.'),
    ).toBeVisible();

    await user.click(within(grid).getByRole('button', { name: 'Hapus Nadia Putri' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hapus kreator “Nadia Putri”?' });
    expect(within(dialog).getByText('Data hilang dari daftar; riwayatnya tetap disimpan.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));

    await user.click(within(grid).getByRole('button', { name: 'Ubah Nadia Putri' }));
    const form = await screen.findByRole('form', { name: 'Ubah kreator Nadia Putri' });
    expect(within(form).getByRole('textbox', { name: /^Nama\b(?! pemilik)/ })).toBeVisible();
    expect(within(form).getByText(/^Diisi dari Pengikut bila sudah ada/)).toBeVisible();
    const status = within(form).getByRole('combobox', { name: /^Status/ });
    expect(within(status).getByRole('option', { name: 'Negosiasi' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Tampilkan riwayat' }));
    const history = await screen.findByRole('region', { name: 'Riwayat' });
    await shown(within(history).findByText('Negosiasi'));
    expect(within(history).getByText('Status')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tutup panel' })).toBeVisible();
  });

  it('keeps English exactly as before', async () => {
    const { user } = setup('en');
    const grid = await screen.findByRole('grid', { name: 'Creators' });
    await within(grid).findByText('Nadia Putri');
    expect(headings(grid)).toEqual(expect.arrayContaining(['Name', 'Followers', 'City', 'Status']));
    expect(within(grid).getByText('Prospect')).toBeVisible();
    expect(screen.getByRole('button', { name: 'New creator' })).toBeVisible();
    expect(screen.getByRole('search', { name: 'Filter creators' })).toBeVisible();
    await user.click(within(grid).getByRole('button', { name: 'Delete Nadia Putri' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete creator “Nadia Putri”?' });
    expect(within(dialog).getByText('It disappears from the list; its history is kept.')).toBeVisible();
  });

  it('shows the server’s English rule and pattern messages in the page’s language', () => {
    const local = definitionMessages(projects, localizeEntity(projects, 'id'));
    expect(local('Post date cannot be before the brief date')).toBe(
      'Tanggal posting tidak boleh sebelum tanggal brief',
    );
    expect(local('Use 3–30 capital letters, digits, - or _')).toBe(
      'Gunakan 3–30 huruf kapital, angka, - atau _',
    );
    expect(local('Something else')).toBe('Something else');
    expect(definitionMessages(projects, projects)('Post date cannot be before the brief date')).toBe(
      'Post date cannot be before the brief date',
    );
  });

  it('puts the page entity’s Indonesian labels into the server’s other field messages', () => {
    const local = definitionMessages(packages, localizeEntity(packages, 'id'), 'id');
    // "Order" is Urutan on other pages; on packages (the field it is on, the entity of the page) it is Pesanan.
    expect(local('Order is required', 'order_ref')).toBe('Pesanan wajib diisi');
    expect(local('There is no package with id 5', 'package_id')).toBe('Tidak ada paket dengan id 5');
    expect(definitionMessages(packages, packages, 'en')('Order is required', 'order_ref')).toBe(
      'Order is required',
    );
  });

  it("words a failed save from the server's own field messages: the entity's Indonesian rules; a stale one offers the row", async () => {
    globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
    const refused = async (answer: FakeAnswer) => {
      const api = createResourcesApi(fakeClient(() => answer).client);
      const error = await api
        .update(projects, 5, { post_date: '2026-11-01' }, 3)
        .catch((caught: unknown) => caught);
      if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
      return saveErrorOf(error, projects, localizeEntity(projects, 'id'), RESOURCE_TEXTS.id);
    };
    const rule = 'Post date cannot be before the brief date';
    expect(
      await refused({
        status: 400,
        data: {
          message: `1 field is invalid: post_date (${rule})`,
          code: 'INVALID_INPUT',
          fields: { post_date: [rule] },
        },
      }),
    ).toEqual({ fields: { post_date: [localizeEntity(projects, 'id').rules![0]!.message] } });
    const current = { id: 5, version: 9, title: 'Review serum' };
    expect(await refused({ status: 409, data: { message: 'changed', code: 'conflict', current } })).toEqual({
      conflict: current,
    });
  });

  it('words a failed call outside React in the stored language, naming the entity in it', () => {
    globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
    expect(errorText({ status: 403 }, packages)).toBe('Anda tidak punya izin untuk paket.');
    expect(errorText({ status: 404 }, packages)).toBe('Paket ini sudah tidak ada.');
    globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(errorText({ status: 403 }, packages)).toBe("You don't have permission for packages.");
    expect(errorText({}, packages)).toBe(
      'The server could not be reached. Check the connection and try again.',
    );
  });

  it('follows a language change at once, presets included, and keeps the view in the address', async () => {
    const { user } = setup('en');
    await within(await screen.findByRole('grid', { name: 'Creators' })).findByText('Nadia Putri');
    await user.click(within(screen.getByRole('grid')).getByRole('button', { name: /^Followers/ }));
    expect(screen.getByRole('option', { name: 'Changed in the last 7 days' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('sort=followers'));
    const search = screen.getByTestId('location').textContent;
    await user.click(screen.getByRole('button', { name: 'Bahasa Indonesia' }));
    const grid = await screen.findByRole('grid', { name: 'Kreator' });
    await shown(within(grid).findByText('Prospek'));
    expect(screen.getByRole('option', { name: 'Diubah dalam 7 hari terakhir' })).toBeVisible();
    expect(screen.getByRole('option', { name: 'Status: Negosiasi' })).toBeVisible();
    expect(screen.getByTestId('location').textContent).toBe(search);
  });
});
