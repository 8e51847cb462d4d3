import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { packages, resourcesEndpoints } from '@staff/console-contract';
import { urlOf } from '../../api/http.js';
import { fakeAdapter, type FakeRequest } from '../../api/testAdapter.js';
import { answerPackageList, isRequestOf, shippingPackage } from '../logistics/packageFixture.js';
import { createConsoleServices } from '../../services.js';
import { fakeIo } from '../../test/fakeSocket.js';
import { memoryStorage } from '../../test/memoryStorage.js';
import { loadListForRoute, openingSearch, presetOfView, routePreset } from './loadList.js';
import { renderResourcePage } from './resourcePageHarness.js';
import { parseViewState } from './viewState.js';

afterEach(cleanup);

function setup(routeId: string, options: { search?: string; days?: string } = {}) {
  const { requests, user } = renderResourcePage({
    routeId,
    permissions: [{ permission_key: 'transaction_package_tracking', allow_read: 1, allow_write: 1 }],
    ...(options.search ? { search: options.search } : {}),
    answer: (config) => answerPackageList(config, options.days),
  });
  const lists = () => requests.filter(isPackageList);
  return { requests, lists, user };
}

const isPackageList = (config: FakeRequest) =>
  isRequestOf(config, resourcesEndpoints.list, { params: { entity: 'packages' } });

/** The `or` groups a list request (its full address) or an address carries, decoded. */
const orOf = (search: string) =>
  parseViewState(packages, new URLSearchParams(search.replace(/^[^?]*\?/, ''))).groups;

const PACKAGING_OR = (days: number) => [
  {
    any: [
      [{ field: 'status', op: 'in', values: ['Waiting', 'Ready to Ship'] }],
      [{ field: 'date_sent', op: 'within', days }],
      [{ field: 'date_sent', op: 'empty', empty: true }],
    ],
  },
];
const RECEIPT_OR = (days: number) => [
  {
    any: [
      [{ field: 'status', op: 'in', values: ['Shipping'] }],
      [{ field: 'date_sent', op: 'within', days }],
    ],
  },
];

describe('route presets', () => {
  it('come from the contract views, with the window and the descriptor hidden columns', () => {
    expect(routePreset('package-tracking')).toEqual(presetOfView(packages.views![0]!));
    // The view's alternatives are the preset's one OR group as they are: one vocabulary (ADR 067).
    expect(routePreset('package-tracking')!.filter).toEqual({
      filters: [],
      groups: [{ any: packages.views![0]!.any }],
    });
    expect(JSON.stringify(routePreset('package-tracking')!.filter)).toContain('"days":30');
    const packaging = routePreset('package-tracking', 14)!;
    expect(packaging.id).toBe('packaging');
    expect(packaging.hiddenColumns).toEqual(['cust_notified']);
    expect(JSON.stringify(packaging.filter)).toContain('"days":14');
    expect(routePreset('receipt-confirm')!.hiddenRendering).toEqual(['receipt']);
    expect(routePreset('tribes')).toBeNull();
  });

  it('open an address without a view with the preset; an address with a view is kept', () => {
    const opening = openingSearch(packages, routePreset('package-tracking', 30), '');
    expect(orOf(opening)).toEqual(PACKAGING_OR(30));
    expect(new URLSearchParams(opening).get('hide')).toBe('cust_notified');
    expect(new URLSearchParams(opening).get('preset')).toBe('packaging');
    expect(openingSearch(packages, routePreset('package-tracking', 30), 'f.status.in=Shipping')).toBe(
      'f.status.in=Shipping',
    );
  });

  it('the route preload reads the window config and its first request already carries the preset', async () => {
    const { adapter, requests } = fakeAdapter((config) => {
      const url = config.url ?? '';
      if (url.startsWith('/api/configs/'))
        return {
          status: 200,
          data: { config_name: 'logistics_filter_days', default_value: null, config_value: '7' },
        };
      return { status: 200, data: { rows: [], total: 0, labels: {} } };
    });
    const services = createConsoleServices({ storage: memoryStorage({}), adapter, io: fakeIo().io });
    const loaded = await loadListForRoute(services.api, 'receipt-confirm', '');
    expect(loaded.presetDays).toBe(7);
    const list = requests.filter(isPackageList);
    expect(list).toHaveLength(1);
    expect(orOf(urlOf(list[0]!))).toEqual(RECEIPT_OR(7));
  });
});

describe('logistics pages', () => {
  it('Packaging opens filtered by its preset (config window) with cust_notified hidden', async () => {
    const { lists } = setup('package-tracking', { days: '14' });
    const grid = await screen.findByRole('grid', { name: 'Packages' });
    await within(grid).findByText('INV-1');
    // Every list request, the first one included, carries the preset: no unfiltered flash.
    expect(lists().length).toBeGreaterThan(0);
    for (const request of lists()) expect(orOf(urlOf(request))).toEqual(PACKAGING_OR(14));
    expect(within(grid).queryByRole('columnheader', { name: /Customer notified/ })).toBeNull();
    expect(within(grid).getByRole('columnheader', { name: /Receipt/ })).toBeVisible();
    expect(within(grid).getByText(shippingPackage.receipt)).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('preset=packaging'));
    expect((screen.getByLabelText('Preset') as HTMLSelectElement).value).toBe('packaging');
  });

  it('Receipt Confirmation keeps the receipt column without its values; the preset can be changed and chosen again', async () => {
    const { lists, user } = setup('receipt-confirm');
    const grid = await screen.findByRole('grid', { name: 'Packages' });
    await within(grid).findByText('INV-1');
    for (const request of lists()) expect(orOf(urlOf(request))).toEqual(RECEIPT_OR(30));
    expect(within(grid).getByRole('columnheader', { name: /Receipt/ })).toBeVisible();
    expect(within(grid).getByRole('columnheader', { name: /Customer notified/ })).toBeVisible();
    expect(within(grid).queryByText(shippingPackage.receipt)).toBeNull();

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toContain('preset=receipt-confirmation'),
    );
    expect((screen.getByLabelText('Preset') as HTMLSelectElement).value).toBe('receipt-confirmation');
    // The picker takes a choice once the own presets are in.
    await waitFor(() => expect((screen.getByLabelText('Preset') as HTMLSelectElement).disabled).toBe(false));
    // The user changes the filters: no preset.
    await user.selectOptions(screen.getByLabelText('Preset'), '');
    await waitFor(() => expect(orOf(urlOf(lists().at(-1)!))).toEqual([]));
    // Choosing it again restores it.
    await user.selectOptions(screen.getByLabelText('Preset'), 'receipt-confirmation');
    await waitFor(() => expect(orOf(urlOf(lists().at(-1)!))).toEqual(RECEIPT_OR(30)));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toContain('preset=receipt-confirmation'),
    );
    expect(
      within(screen.getByRole('grid', { name: 'Packages' })).queryByText(shippingPackage.receipt),
    ).toBeNull();
  });

  it('reads own presets kept by console-ui 2.x, sends them as the list filters, and says when one is approximated', async () => {
    // Kept in this browser by a 2.x console: filter trees, one with a condition 3.0 cannot read.
    window.localStorage.setItem(
      'console.presets.packages',
      JSON.stringify([
        {
          id: 'user:mine',
          name: 'Mine',
          filter: {
            match: 'any',
            conditions: [
              { op: 'equals', field: 'status', value: 'Shipping' },
              { op: 'isEmpty', field: 'date_sent' },
            ],
          },
          hiddenColumns: [],
          hiddenRendering: [],
        },
        {
          id: 'user:old',
          name: 'Old',
          filter: {
            match: 'all',
            conditions: [
              { op: 'equals', field: 'status', value: 'Delivered' },
              { op: 'startsWith', field: 'receipt', value: 'JNE' },
            ],
          },
          hiddenColumns: [],
          hiddenRendering: [],
        },
      ]),
    );
    try {
      const { lists, user } = setup('package-tracking');
      await screen.findByRole('grid', { name: 'Packages' });
      // The own presets load after the list can show (the picker says "Loading presets…" until then).
      await screen.findByRole('option', { name: 'Mine' });
      await user.selectOptions(screen.getByLabelText('Preset'), 'user:mine');
      await waitFor(() =>
        expect(orOf(urlOf(lists().at(-1)!))).toEqual([
          {
            any: [
              [{ field: 'status', op: 'eq', value: 'Shipping' }],
              [{ field: 'date_sent', op: 'empty', empty: true }],
            ],
          },
        ]),
      );
      expect(screen.queryByRole('note')).toBeNull();
      await user.selectOptions(screen.getByLabelText('Preset'), 'user:old');
      await waitFor(() => {
        const view = parseViewState(packages, new URLSearchParams(urlOf(lists().at(-1)!).split('?')[1]));
        expect([view.filters, view.groups]).toEqual([
          [{ field: 'status', op: 'eq', value: 'Delivered' }],
          [],
        ]);
      });
      expect(screen.getByRole('note')).toHaveTextContent('“Old” was saved by an older version');
    } finally {
      window.localStorage.removeItem('console.presets.packages');
    }
  });

  it('an address with its own view is kept as it is', async () => {
    const { lists } = setup('package-tracking', { search: '?f.status.in=Shipping' });
    await within(await screen.findByRole('grid', { name: 'Packages' })).findByText('INV-1');
    for (const request of lists()) expect(orOf(urlOf(request))).toEqual([]);
    expect(screen.getByTestId('location').textContent).toBe('?f.status.in=Shipping');
  });

  it('choosing the route preset brings its filters and its hidden column', async () => {
    const { lists, user } = setup('package-tracking', { search: '?f.status.in=Shipping' });
    const grid = await screen.findByRole('grid', { name: 'Packages' });
    await within(grid).findByText('INV-1');
    expect(within(grid).getByRole('columnheader', { name: /Customer notified/ })).toBeVisible();
    await waitFor(() => expect((screen.getByLabelText('Preset') as HTMLSelectElement).disabled).toBe(false));
    await user.selectOptions(screen.getByLabelText('Preset'), 'packaging');
    // The status filter in the address is the user's own: the preset asks before replacing it (ADR 022).
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(orOf(urlOf(lists().at(-1)!))).toEqual(PACKAGING_OR(30)));
    const address = new URLSearchParams(screen.getByTestId('location').textContent!);
    expect(address.get('hide')).toBe('cust_notified');
    expect(address.get('preset')).toBe('packaging');
    expect(address.get('f.status.in')).toBeNull();
    await waitFor(() =>
      expect(
        within(screen.getByRole('grid', { name: 'Packages' })).queryByRole('columnheader', {
          name: /Customer notified/,
        }),
      ).toBeNull(),
    );
  });
});
