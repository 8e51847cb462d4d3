import type { FilterPreset } from './filterPresets.model.js';

/*
 * FIXTURES for console-ui's own stories and tests, not product rules: console-ui defines no presets. The
 * console's logistics presets are its contract's `packages.views`, which the app turns into presets and passes
 * to the FilterBar / filterPresets machine. These are shaped like them so the stories read true.
 */

/** Fixture: Packaging — Waiting or Ready to Ship, OR date_sent within 30 days, OR not sent; cust_notified hidden. */
export const PACKAGING_PRESET_FIXTURE: FilterPreset = {
  id: 'packaging',
  name: 'Packaging',
  builtIn: true,
  filter: {
    filters: [],
    groups: [
      {
        any: [
          [{ op: 'in', field: 'status', values: ['Waiting', 'Ready to Ship'] }],
          [{ op: 'within', field: 'date_sent', days: 30 }],
          [{ op: 'empty', field: 'date_sent', empty: true }],
        ],
      },
    ],
  },
  hiddenColumns: ['cust_notified'],
  hiddenRendering: [],
};

/** Fixture: Receipt Confirmation — Shipping, OR date_sent within 30 days; the receipt's rendering hidden. */
export const RECEIPT_CONFIRMATION_PRESET_FIXTURE: FilterPreset = {
  id: 'receipt-confirmation',
  name: 'Receipt Confirmation',
  builtIn: true,
  filter: {
    filters: [],
    groups: [
      {
        any: [
          [{ op: 'in', field: 'status', values: ['Shipping'] }],
          [{ op: 'within', field: 'date_sent', days: 30 }],
        ],
      },
    ],
  },
  hiddenColumns: [],
  hiddenRendering: ['receipt'],
};

/** Fixture: both presets, as a caller passes them in the machine's input. */
export const LOGISTICS_PRESETS_FIXTURE: readonly FilterPreset[] = [
  PACKAGING_PRESET_FIXTURE,
  RECEIPT_CONFIRMATION_PRESET_FIXTURE,
];
