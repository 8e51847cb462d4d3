// Story and test fixtures: logistics fields and a FilterBar wired to a real filterPresets machine.
import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  LOGISTICS_PRESETS,
  filterPresetsMachine,
  type FilterGroup,
  type FilterPreset,
  type PersistUserPresetsInput,
} from '../../machines/filterPresets.machine.js';
import type { ResourceField } from '../../resource.js';
import { FilterBar, type FilterBarProps, type SavedView } from './FilterBar.js';

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

export const sampleFilter: FilterGroup = {
  match: 'all',
  conditions: [
    { op: 'in', field: 'platform', values: ['instagram', 'tiktok'] },
    { op: 'range', field: 'rate_fee', min: 500000, max: 2000000 },
    { op: 'contains', field: 'city', value: 'band' },
    { op: 'isEmpty', field: 'email' },
  ],
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
    input: { listId: 'logistics', presets: LOGISTICS_PRESETS, initialPresetId },
  });
  return <FilterBar {...props} presets={actor} />;
}
