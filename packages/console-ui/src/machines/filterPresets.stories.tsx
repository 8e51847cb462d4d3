import { useId, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import {
  allPresets,
  filterPresetsMachine,
  matchesFilter,
  type FilterPreset,
  type FilterSet,
  type PersistUserPresetsInput,
} from './filterPresets.machine.js';
import { LOGISTICS_PRESETS_FIXTURE } from './filterPresets.fixtures.js';

// A fixed clock keeps the 30-day window, and so the rows shown, the same on every run.
const NOW = new Date('2024-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10);

const COLUMNS = ['id', 'status', 'date_sent', 'cust_notified', 'receipt'] as const;
const ROWS = [
  { id: 'PKG-101', status: 'Waiting', date_sent: null, cust_notified: 'No', receipt: '' },
  { id: 'PKG-102', status: 'Ready to Ship', date_sent: null, cust_notified: 'No', receipt: '' },
  { id: 'PKG-103', status: 'Shipping', date_sent: daysAgo(3), cust_notified: 'Yes', receipt: 'JNE-88123' },
  { id: 'PKG-104', status: 'Shipping', date_sent: daysAgo(45), cust_notified: 'Yes', receipt: 'SICEPAT-551' },
  { id: 'PKG-105', status: 'Delivered', date_sent: daysAgo(12), cust_notified: 'Yes', receipt: 'JNT-2231' },
  { id: 'PKG-106', status: 'Delivered', date_sent: daysAgo(60), cust_notified: 'Yes', receipt: 'JNE-10021' },
];

const ONLY_WAITING: FilterSet = {
  filters: [{ op: 'in', field: 'status', values: ['Waiting'] }],
  groups: [],
};

interface DemoProps {
  initialPresetId?: string;
  storedPresets?: FilterPreset[];
  failSaving?: boolean;
}

/** A bare list page driven by the filterPresets machine, to review presets and every machine state. */
function PresetsDemo({ initialPresetId, storedPresets = [], failSaving = false }: DemoProps) {
  const id = useId();
  const [name, setName] = useState('');
  const machine = useMemo(
    () =>
      filterPresetsMachine.provide({
        actors: {
          loadUserPresets: fromPromise<FilterPreset[], { listId: string }>(async () => storedPresets),
          persistUserPresets: fromPromise<void, PersistUserPresetsInput>(async () => {
            if (failSaving) throw new Error('Browser storage is full');
          }),
        },
      }),
    [storedPresets, failSaving],
  );
  const actor = useActorRef(machine, {
    input: { listId: 'logistics', presets: LOGISTICS_PRESETS_FIXTURE, initialPresetId },
  });
  const snapshot = useSelector(actor, (s) => s);
  if (snapshot.matches('loading')) return <p role="status">Loading presets…</p>;

  const { view, activePresetId, error } = snapshot.context;
  const presets = allPresets(snapshot.context);
  const active = presets.find((preset) => preset.id === activePresetId);
  const selection = snapshot.matches({ ready: { selection: 'modified' } })
    ? `${active?.name} (modified)`
    : snapshot.matches({ ready: { selection: 'preset' } })
      ? active?.name
      : 'No preset';
  const columns = COLUMNS.filter((column) => !view.hiddenColumns.includes(column));
  const rows = ROWS.filter((row) => matchesFilter(row, view.filter, NOW));

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        <label htmlFor={`${id}-preset`}>Preset</label>
        <select
          id={`${id}-preset`}
          value={activePresetId ?? ''}
          onChange={(event) => actor.send({ type: 'PRESET.SELECT', id: event.target.value })}
        >
          <option value="" disabled>
            Choose…
          </option>
          {presets.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.name}
            </option>
          ))}
        </select>
        <span role="status">{selection}</span>
      </div>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <button type="button" onClick={() => actor.send({ type: 'FILTER.SET', filter: ONLY_WAITING })}>
          Only Waiting
        </button>
        <button
          type="button"
          disabled={!snapshot.can({ type: 'FILTER.RESET' })}
          onClick={() => actor.send({ type: 'FILTER.RESET' })}
        >
          Reset to preset
        </button>
        <button type="button" onClick={() => actor.send({ type: 'FILTER.CLEAR' })}>
          Clear filters
        </button>
      </div>
      <fieldset style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <legend>Hidden columns</legend>
        {COLUMNS.map((column) => (
          <label key={column}>
            <input
              type="checkbox"
              checked={view.hiddenColumns.includes(column)}
              onChange={() => actor.send({ type: 'COLUMN.TOGGLE', column })}
            />{' '}
            {column}
          </label>
        ))}
      </fieldset>
      <form
        style={{ display: 'flex', gap: 8, alignItems: 'center' }}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'PRESET.SAVE', name });
          setName('');
        }}
      >
        <label htmlFor={`${id}-name`}>Save as</label>
        <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit" disabled={!snapshot.can({ type: 'PRESET.SAVE', name })}>
          Save preset
        </button>
        <button
          type="button"
          disabled={!snapshot.can({ type: 'PRESET.DELETE' })}
          onClick={() => actor.send({ type: 'PRESET.DELETE' })}
        >
          Delete preset
        </button>
        {snapshot.hasTag('saving') ? <span>Saving…</span> : null}
      </form>
      {snapshot.matches({ ready: { persistence: 'failed' } }) ? (
        <div role="alert">
          Could not save presets: {error}{' '}
          <button type="button" onClick={() => actor.send({ type: 'PERSIST.RETRY' })}>
            Try again
          </button>
        </div>
      ) : null}
      {/* Fixed layout with wrapping cells: the demo fits a 375 px page. */}
      <table style={{ width: '100%', tableLayout: 'fixed', overflowWrap: 'anywhere' }}>
        <caption style={{ textAlign: 'left' }}>Packages ({rows.length})</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" style={{ textAlign: 'left', paddingRight: 16 }}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column} style={{ paddingRight: 16 }}>
                  {view.hiddenRendering.includes(column) ? null : (row[column] ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const meta = {
  title: 'Machines/filterPresets (logistics)',
  component: PresetsDemo,
  args: { initialPresetId: 'packaging' },
} satisfies Meta<typeof PresetsDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const ready = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('combobox', { name: 'Preset' });
const status = (canvasElement: HTMLElement) =>
  within(canvasElement).getByText(/Packaging|Receipt|No preset|Mine/, { selector: '[role="status"]' });
const rowIds = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);
const headers = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

/** Packaging: Waiting / Ready to Ship, or sent in the last 30 days, or unsent; cust_notified hidden. */
export const Packaging: Story = {
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await expect(status(canvasElement)).toHaveTextContent('Packaging');
    await expect(rowIds(canvasElement)).toEqual(['PKG-101', 'PKG-102', 'PKG-103', 'PKG-105']);
    await expect(headers(canvasElement)).not.toContain('cust_notified');
  },
};

/** Receipt Confirmation: Shipping, or sent in the last 30 days; the receipt column's content not rendered. */
export const ReceiptConfirmation: Story = {
  args: { initialPresetId: 'receipt-confirmation' },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await expect(rowIds(canvasElement)).toEqual(['PKG-103', 'PKG-104', 'PKG-105']);
    await expect(headers(canvasElement)).toContain('receipt');
    await expect(within(canvasElement).queryByText('JNE-88123')).toBeNull();
  },
};

/** `modified`: a preset is active but a column or filter was changed. */
export const Modified: Story = {
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('checkbox', { name: 'cust_notified' }));
    await expect(status(canvasElement)).toHaveTextContent('Packaging (modified)');
    await expect(headers(canvasElement)).toContain('cust_notified');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reset to preset' }));
    await expect(status(canvasElement)).toHaveTextContent(/^Packaging$/);
  },
};

/** `custom`: no preset; every row shows. */
export const Custom: Story = {
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Clear filters' }));
    await expect(status(canvasElement)).toHaveTextContent('No preset');
    await expect(rowIds(canvasElement)).toHaveLength(ROWS.length);
    await expect(within(canvasElement).getByRole('button', { name: 'Reset to preset' })).toBeDisabled();
  },
};

/** Saving a user preset selects it; it can then be deleted (built-ins cannot). */
export const SaveUserPreset: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Delete preset' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Only Waiting' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Save as' }), 'Mine{Enter}');
    await expect(status(canvasElement)).toHaveTextContent('Mine');
    await expect(rowIds(canvasElement)).toEqual(['PKG-101']);
    await waitFor(() => expect(canvas.queryByText('Saving…')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Delete preset' }));
    await expect(status(canvasElement)).toHaveTextContent('No preset');
  },
};

/** User presets loaded from storage appear after the built-in ones. */
export const WithStoredPresets: Story = {
  args: {
    initialPresetId: 'user:mine',
    storedPresets: [
      {
        id: 'user:mine',
        name: 'Mine',
        filter: ONLY_WAITING,
        hiddenColumns: ['receipt'],
        hiddenRendering: [],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const select = await ready(canvasElement);
    await expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Packaging', 'Receipt Confirmation', 'Mine']);
    await expect(rowIds(canvasElement)).toEqual(['PKG-101']);
  },
};

/**
 * A user preset stored by console-ui 2.x (its filter a `{ match, conditions }` tree) is read into today's shape on
 * load: "Shipping, or no receipt" is one OR group.
 */
export const WithStored2xPreset: Story = {
  args: {
    initialPresetId: 'user:mine',
    storedPresets: [
      {
        id: 'user:mine',
        name: 'Mine',
        filter: {
          match: 'any',
          conditions: [
            { op: 'equals', field: 'status', value: 'Shipping' },
            { op: 'isEmpty', field: 'receipt' },
          ],
        },
        hiddenColumns: [],
        hiddenRendering: [],
      } as unknown as FilterPreset,
    ],
  },
  play: async ({ canvasElement }) => {
    await ready(canvasElement);
    await expect(status(canvasElement)).toHaveTextContent('Mine');
    await expect(rowIds(canvasElement)).toEqual(['PKG-101', 'PKG-102', 'PKG-103', 'PKG-104']);
  },
};

/** Persistence `failed`: the error is announced with a way to try again. */
export const SaveFailed: Story = {
  args: { failSaving: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ready(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Save as' }), 'Mine{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Browser storage is full');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Both logistics presets side by side, for review. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 32 }}>
      <PresetsDemo initialPresetId="packaging" />
      <PresetsDemo initialPresetId="receipt-confirmation" />
      <PresetsDemo />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getAllByRole('table')).toHaveLength(3));
  },
};
