import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Language, VennCustomersResponse, VennResponse } from '@staff/console-contract';
import { renderPage, routeOf } from '../../test/renderPage.js';
import VennPage from './VennPage.js';
import { shown } from '../../test/shown.js';
import type { FakeRequest } from '../../api/testAdapter.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const counts: VennResponse = {
  by: 'product',
  from: '2026-10-28',
  to: '2026-11-26',
  sets: [
    { id: 1, label: 'Kelas', total: 3 },
    { id: 2, label: 'Ebook', total: 2 },
  ],
  regions: [
    { mask: 1, count: 2 },
    { mask: 3, count: 1 },
    { mask: 2, count: 1 },
  ],
  customers: 4,
};
const customers: VennCustomersResponse = {
  rows: [
    {
      key: 'both@venn.test',
      name: 'Sari',
      email: 'both@venn.test',
      phone: null,
      purchases: 2,
      amount: 250_000,
      last_paid_at: '2026-11-20T03:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  page_size: 50,
};

function setup(language: Language) {
  const route = routeOf('product-distribution-venn');
  return renderPage(route, <VennPage route={route} />, {
    language,
    keys: ['statistics'],
    handler: (config: FakeRequest) => {
      const url = config.url ?? '';
      if (url === '/api/venn/options')
        return {
          status: 200,
          data: {
            items: [
              { id: 1, label: 'Kelas' },
              { id: 2, label: 'Ebook' },
            ],
          },
        };
      if (url === '/api/venn') return { status: 200, data: counts };
      if (url === '/api/venn/customers') return { status: 200, data: customers };
      return undefined;
    },
  });
}

/** Chooses both products and opens the customers of their overlap. */
async function openOverlap(user: ReturnType<typeof setup>['user'], customersWord: string) {
  await user.click(await screen.findByRole('checkbox', { name: 'Kelas' }));
  await user.click(screen.getByRole('checkbox', { name: 'Ebook' }));
  await user.click(await screen.findByRole('button', { name: `Kelas & Ebook: 1 ${customersWord}` }));
}

describe('Cust Venn Diagram in both languages', () => {
  it('speaks Indonesian: the choices, the diagram and a region’s customers', async () => {
    const { user } = setup('id');
    expect(await screen.findByRole('group', { name: 'Himpunan' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Produk' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Cari produk' })).toBeVisible();
    await shown(screen.findByText('Pilih minimal 2 untuk melihat irisan pelanggan.'));
    // The spec's page title stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Cust Venn Diagram' })).toBeVisible();

    await openOverlap(user, 'pelanggan');
    expect(screen.getByRole('heading', { name: 'Pilih 2–5 produk (2 dipilih)' })).toBeVisible();
    // A region of one set alone is named in Indonesian too.
    expect(screen.getByRole('button', { name: 'Kelas saja: 2 pelanggan' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Pelanggan wilayah ini' });
    expect(within(table).getByRole('columnheader', { name: 'Terakhir bayar (WIB)' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: 'both@venn.test' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Halaman pelanggan' }).textContent).toContain(
      'Halaman 1 dari 1',
    );
    expect(screen.getByRole('button', { name: 'Ekspor CSV' })).toBeVisible();
  });

  it('speaks English in English, the diagram included (it was Indonesian)', async () => {
    const { user } = setup('en');
    expect(await screen.findByRole('group', { name: 'Sets' })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toBeVisible();
    await openOverlap(user, 'customers');
    expect(screen.getByRole('heading', { name: 'Choose 2–5 products (2 chosen)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Kelas only: 2 customers' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Customers in this region' });
    expect(within(table).getByRole('columnheader', { name: 'Last paid (WIB)' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Customer pages' }).textContent).toContain('Page 1 of 1');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  });
});
