// Story and test fixtures: logistics fields and a FilterBar wired to a real filterPresets machine.
import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  filterPresetsMachine,
  matchesFilter,
  type FilterPreset,
  type FilterSet,
  type PersistUserPresetsInput,
} from '../../machines/filterPresets.machine.js';
import type { ResourceField } from '../../resource.js';
import { DataTable } from '../DataTable/DataTable.js';
import { FilterBar, type FilterBarProps, type SavedView } from './FilterBar.js';
import { LOGISTICS_PRESETS_FIXTURE } from '../../machines/filterPresets.fixtures.js';

export const packageFields: ResourceField[] = [
  { name: 'receipt', label: 'Receipt', type: 'text', filterable: true },
  {
    name: 'status',
    label: 'Status',
    type: 'enum',
    filterable: true,
    options: [
      { value: 'Waiting', label: 'Waiting' },
      { value: 'Ready to Ship', label: 'Ready to Ship' },
      { value: 'Shipping', label: 'Shipping' },
      { value: 'Delivered', label: 'Delivered' },
    ],
  },
  { name: 'date_sent', label: 'Date sent', type: 'date', filterable: true },
  { name: 'cust_notified', label: 'Customer notified', type: 'boolean', filterable: true },
  { name: 'shipping_cost', label: 'Shipping cost', type: 'money', filterable: true },
];

export const sampleFilter: FilterSet = {
  filters: [
    { op: 'in', field: 'platform', values: ['instagram', 'tiktok'] },
    { op: 'range', field: 'rate_fee', min: 500000, max: 2000000 },
    { op: 'contains', field: 'city', value: 'band' },
    { op: 'empty', field: 'email', empty: true },
  ],
  groups: [],
};

export const sampleViews: SavedView[] = [
  { id: 'v1', name: 'Jakarta creators', shared: false },
  { id: 'v2', name: 'Top TikTok', shared: true },
  { id: 'v3', name: 'Finance review', shared: true, mine: false, owner: 'Dewi Lestari' },
];

export interface PresetsHarnessProps extends Omit<FilterBarProps, 'presets'> {
  initialPresetId?: string;
  storedPresets?: FilterPreset[];
  /** Never finish loading user presets (to show the loading state). */
  hangLoading?: boolean;
  failSaving?: boolean;
}

/** FilterBar over a running filterPresets machine with the logistics presets. */
export function PresetsHarness({
  initialPresetId,
  storedPresets,
  hangLoading = false,
  failSaving = false,
  ...props
}: PresetsHarnessProps) {
  const machine = useMemo(
    () =>
      filterPresetsMachine.provide({
        actors: {
          loadUserPresets: fromPromise<FilterPreset[], { listId: string }>(() =>
            hangLoading ? new Promise<FilterPreset[]>(() => {}) : Promise.resolve(storedPresets ?? []),
          ),
          persistUserPresets: fromPromise<void, PersistUserPresetsInput>(async () => {
            if (failSaving) throw new Error('Browser storage is full');
          }),
        },
      }),
    [storedPresets, hangLoading, failSaving],
  );
  const actor = useActorRef(machine, {
    input: { listId: 'logistics', presets: LOGISTICS_PRESETS_FIXTURE, initialPresetId },
  });
  return <FilterBar {...props} presets={actor} />;
}

// A fixed clock keeps the 30-day window, and so the rows shown, the same on every run.
export const LOGISTICS_NOW = new Date('2024-06-30T12:00:00Z');
const daysAgo = (days: number) =>
  new Date(LOGISTICS_NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10);

export const packageRows = [
  {
    id: 'PKG-101',
    receipt: null,
    status: 'Waiting',
    date_sent: null,
    cust_notified: false,
    shipping_cost: 18000,
  },
  {
    id: 'PKG-102',
    receipt: null,
    status: 'Ready to Ship',
    date_sent: null,
    cust_notified: false,
    shipping_cost: 22000,
  },
  {
    id: 'PKG-103',
    receipt: 'JNE-88123',
    status: 'Shipping',
    date_sent: daysAgo(3),
    cust_notified: true,
    shipping_cost: 35000,
  },
  {
    id: 'PKG-104',
    receipt: 'SICEPAT-551',
    status: 'Shipping',
    date_sent: daysAgo(45),
    cust_notified: true,
    shipping_cost: 27000,
  },
  {
    id: 'PKG-105',
    receipt: 'JNT-2231',
    status: 'Delivered',
    date_sent: daysAgo(12),
    cust_notified: true,
    shipping_cost: 15000,
  },
  {
    id: 'PKG-106',
    receipt: 'JNE-10021',
    status: 'Delivered',
    date_sent: daysAgo(60),
    cust_notified: true,
    shipping_cost: 41000,
  },
];

/**
 * The logistics page in miniature: the preset's filter picks the rows, its hidden columns and hidden
 * rendering drive the table (Packaging hides cust_notified; Receipt Confirmation hides the receipt's
 * rendering).
 */
export function LogisticsListDemo({ initialPresetId = 'packaging' }: { initialPresetId?: string }) {
  const actor = useActorRef(filterPresetsMachine, {
    input: { listId: 'logistics', presets: LOGISTICS_PRESETS_FIXTURE, initialPresetId },
  });
  const view = useSelector(actor, (snapshot) => snapshot.context.view);
  const rows = packageRows.filter((row) => matchesFilter(row, view.filter, LOGISTICS_NOW));
  return (
    <DataTable
      label="Packages"
      fields={packageFields}
      columns={[
        { id: 'id', header: 'Package', hideable: false },
        ...packageFields.map((field) => ({ id: field.name, header: field.label, field })),
      ]}
      rows={rows}
      total={rows.length}
      hiddenColumns={view.hiddenColumns}
      onHiddenColumnsChange={(next) => {
        const changed = [
          ...next.filter((c) => !view.hiddenColumns.includes(c)),
          ...view.hiddenColumns.filter((c) => !next.includes(c)),
        ];
        for (const column of changed) actor.send({ type: 'COLUMN.TOGGLE', column });
      }}
      hiddenRendering={view.hiddenRendering}
      toolbar={<FilterBar fields={packageFields} label="Filter packages" presets={actor} />}
    />
  );
}
