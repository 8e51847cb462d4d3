import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  EMPTY_FILTER,
  filterPresetsMachine,
  matchesFilter,
  matchesPreset,
  userPresetId,
  type FilterGroup,
  type FilterPreset,
  type PersistUserPresetsInput,
} from './filterPresets.machine.js';
import {
  LOGISTICS_PRESETS_FIXTURE,
  PACKAGING_PRESET_FIXTURE,
  RECEIPT_CONFIRMATION_PRESET_FIXTURE,
} from './filterPresets.fixtures.js';

const NOW = new Date('2024-06-30T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, extraMs = 0) => new Date(NOW.getTime() - days * DAY - extraMs).toISOString();

describe('matchesPreset: Packaging', () => {
  const match = (row: Record<string, unknown>) => matchesPreset(row, PACKAGING_PRESET_FIXTURE, NOW);

  it('keeps Waiting and Ready to Ship rows whatever their date', () => {
    expect(match({ status: 'Waiting', date_sent: daysAgo(400) })).toBe(true);
    expect(match({ status: 'Ready to Ship', date_sent: daysAgo(90) })).toBe(true);
  });

  it('keeps rows sent up to exactly 30 days ago and drops one a millisecond older', () => {
    expect(match({ status: 'Shipping', date_sent: daysAgo(30) })).toBe(true);
    expect(match({ status: 'Shipping', date_sent: daysAgo(30, 1) })).toBe(false);
    expect(match({ status: 'Shipping', date_sent: daysAgo(29) })).toBe(true);
    expect(match({ status: 'Shipping', date_sent: daysAgo(31) })).toBe(false);
  });

  it('counts a calendar day (date_sent as the server sends it) in Asia/Jakarta days, whatever the hour', () => {
    // 2024-06-30T20:00Z is already 1 July in Jakarta: 30 days back is 1 June, inclusive.
    const late = new Date('2024-06-30T20:00:00.000Z');
    const at = (day: string) =>
      matchesPreset({ status: 'Delivered', date_sent: day }, PACKAGING_PRESET_FIXTURE, late);
    expect(at('2024-06-01')).toBe(true);
    expect(at('2024-05-31')).toBe(false);
    // 12:00 UTC is 19:00 on 30 June in Jakarta: the edge is 31 May, though it is more than 30 × 24 h ago.
    expect(match({ status: 'Delivered', date_sent: '2024-05-31' })).toBe(true);
    expect(match({ status: 'Delivered', date_sent: '2024-05-30' })).toBe(false);
  });

  it('keeps rows without a date_sent (null, undefined, blank)', () => {
    expect(match({ status: 'Shipping', date_sent: null })).toBe(true);
    expect(match({ status: 'Shipping' })).toBe(true);
    expect(match({ status: 'Shipping', date_sent: '  ' })).toBe(true);
  });

  it('drops other statuses with an old or unparsable date', () => {
    expect(match({ status: 'Shipping', date_sent: daysAgo(45) })).toBe(false);
    expect(match({ status: 'Delivered', date_sent: 'not a date' })).toBe(false);
  });

  it('hides the cust_notified column and nothing else', () => {
    expect(PACKAGING_PRESET_FIXTURE.hiddenColumns).toEqual(['cust_notified']);
    expect(PACKAGING_PRESET_FIXTURE.hiddenRendering).toEqual([]);
  });
});

describe('matchesPreset: Receipt Confirmation', () => {
  const match = (row: Record<string, unknown>) =>
    matchesPreset(row, RECEIPT_CONFIRMATION_PRESET_FIXTURE, NOW);

  it('keeps Shipping rows whatever their date, and recent rows whatever their status', () => {
    expect(match({ status: 'Shipping', date_sent: daysAgo(200) })).toBe(true);
    expect(match({ status: 'Shipping', date_sent: null })).toBe(true);
    expect(match({ status: 'Waiting', date_sent: daysAgo(30) })).toBe(true);
  });

  it('cuts at 30 days and does not keep undated rows of other statuses', () => {
    expect(match({ status: 'Waiting', date_sent: daysAgo(30, 1) })).toBe(false);
    expect(match({ status: 'Waiting', date_sent: null })).toBe(false);
  });

  it('hides only the rendering of the receipt column', () => {
    expect(RECEIPT_CONFIRMATION_PRESET_FIXTURE.hiddenRendering).toEqual(['receipt']);
    expect(RECEIPT_CONFIRMATION_PRESET_FIXTURE.hiddenColumns).toEqual([]);
  });

  it('accepts Date objects and epoch numbers as dates', () => {
    expect(match({ status: 'Waiting', date_sent: new Date(NOW.getTime() - 30 * DAY) })).toBe(true);
    expect(match({ status: 'Waiting', date_sent: NOW.getTime() - 31 * DAY })).toBe(false);
  });
});

describe('matchesFilter operators', () => {
  const one = (condition: FilterGroup['conditions'][number]): FilterGroup => ({
    match: 'any',
    conditions: [condition],
  });

  it('equals compares as text so numeric strings from the server match numbers', () => {
    expect(matchesFilter({ qty: '5' }, one({ op: 'equals', field: 'qty', value: 5 }), NOW)).toBe(true);
    expect(matchesFilter({ qty: '6' }, one({ op: 'equals', field: 'qty', value: 5 }), NOW)).toBe(false);
    expect(matchesFilter({ qty: null }, one({ op: 'equals', field: 'qty', value: null }), NOW)).toBe(true);
  });

  it('is not empty holds a value: not null, undefined or blank', () => {
    const filter = one({ op: 'isNotEmpty', field: 'email' });
    expect(matchesFilter({ email: 'a@b.id' }, filter, NOW)).toBe(true);
    for (const email of [null, undefined, '', '  '])
      expect(matchesFilter({ email }, filter, NOW), String(email)).toBe(false);
  });

  it('in is exact (case-sensitive) membership', () => {
    const filter = one({ op: 'in', field: 'status', values: ['Waiting'] });
    expect(matchesFilter({ status: 'waiting' }, filter, NOW)).toBe(false);
    expect(matchesFilter({ status: 'Waiting' }, filter, NOW)).toBe(true);
  });

  it('contains is a case-insensitive substring test and never matches empty values', () => {
    const filter = one({ op: 'contains', field: 'name', value: 'ACME' });
    expect(matchesFilter({ name: 'PT Acme Jaya' }, filter, NOW)).toBe(true);
    expect(matchesFilter({ name: null }, filter, NOW)).toBe(false);
  });

  it('range is inclusive, numeric for numbers and numeric strings, date-wise otherwise', () => {
    const amount = one({ op: 'range', field: 'amount', min: 10, max: '20.5' });
    expect(matchesFilter({ amount: '10' }, amount, NOW)).toBe(true);
    expect(matchesFilter({ amount: 20.5 }, amount, NOW)).toBe(true);
    expect(matchesFilter({ amount: '20.51' }, amount, NOW)).toBe(false);
    expect(matchesFilter({ amount: 'n/a' }, amount, NOW)).toBe(false);
    const dates = one({ op: 'range', field: 'd', min: '2024-06-01' });
    expect(matchesFilter({ d: '2024-06-01' }, dates, NOW)).toBe(true);
    expect(matchesFilter({ d: '2024-05-31' }, dates, NOW)).toBe(false);
  });

  it('nests groups: all = AND, any = OR; an empty group keeps every row', () => {
    const filter: FilterGroup = {
      match: 'all',
      conditions: [
        { op: 'equals', field: 'status', value: 'Shipping' },
        {
          match: 'any',
          conditions: [
            { op: 'isEmpty', field: 'receipt' },
            { op: 'contains', field: 'receipt', value: 'jne' },
          ],
        },
      ],
    };
    expect(matchesFilter({ status: 'Shipping', receipt: '' }, filter, NOW)).toBe(true);
    expect(matchesFilter({ status: 'Shipping', receipt: 'JNE-123' }, filter, NOW)).toBe(true);
    expect(matchesFilter({ status: 'Shipping', receipt: 'SICEPAT-1' }, filter, NOW)).toBe(false);
    expect(matchesFilter({ status: 'Waiting', receipt: '' }, filter, NOW)).toBe(false);
    expect(matchesFilter({ anything: 1 }, EMPTY_FILTER, NOW)).toBe(true);
  });
});

describe('filterPresetsMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const statusFilter: FilterGroup = {
    match: 'any',
    conditions: [{ op: 'in', field: 'status', values: ['Waiting'] }],
  };

  function start(
    options: {
      initialPresetId?: string;
      stored?: unknown;
      loadError?: Error;
      persist?: (input: PersistUserPresetsInput) => Promise<void>;
    } = {},
  ) {
    const persisted: PersistUserPresetsInput[] = [];
    const machine = filterPresetsMachine.provide({
      actors: {
        loadUserPresets: fromPromise<FilterPreset[], { listId: string }>(async () => {
          if (options.loadError) throw options.loadError;
          return (options.stored ?? []) as FilterPreset[];
        }),
        persistUserPresets: fromPromise<void, PersistUserPresetsInput>(async ({ input }) => {
          persisted.push(input);
          if (options.persist) await options.persist(input);
        }),
      },
    });
    const actor = createActor(machine, {
      input: {
        listId: 'logistics',
        presets: LOGISTICS_PRESETS_FIXTURE,
        initialPresetId: options.initialPresetId,
      },
    });
    actor.start();
    return { actor, persisted };
  }

  it('loads user presets, then opens on the initial preset', async () => {
    const { actor } = start({ initialPresetId: 'packaging' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await vi.runAllTimersAsync();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: { selection: 'preset', persistence: 'idle' } })).toBe(true);
    expect(snapshot.context.activePresetId).toBe('packaging');
    expect(snapshot.context.view.hiddenColumns).toEqual(['cust_notified']);
    expect(snapshot.context.view.filter).toEqual(PACKAGING_PRESET_FIXTURE.filter);
  });

  it('opens with no preset (custom, empty filter) when none or an unknown one is asked for', async () => {
    const { actor } = start({ initialPresetId: 'does-not-exist' });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().matches({ ready: { selection: 'custom' } })).toBe(true);
    expect(actor.getSnapshot().context.activePresetId).toBeNull();
    expect(actor.getSnapshot().context.view.filter).toEqual(EMPTY_FILTER);
  });

  it('keeps valid stored presets, drops garbled ones and any that claim a built-in id', async () => {
    const mine: FilterPreset = {
      id: 'user:mine',
      name: 'Mine',
      filter: statusFilter,
      hiddenColumns: [],
      hiddenRendering: [],
    };
    const { actor } = start({
      stored: [mine, { id: 'x' }, 'junk', { ...mine, id: 'packaging', name: 'Hijack' }],
      initialPresetId: 'user:mine',
    });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().context.userPresets.map((p) => p.id)).toEqual(['user:mine']);
    expect(actor.getSnapshot().matches({ ready: { selection: 'preset' } })).toBe(true);
  });

  it('still opens the built-in preset when loading user presets fails, and records why', async () => {
    const { actor } = start({
      initialPresetId: 'receipt-confirmation',
      loadError: new Error('storage blocked'),
    });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().matches({ ready: { selection: 'preset' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('storage blocked');
    expect(actor.getSnapshot().context.view.hiddenRendering).toEqual(['receipt']);
  });

  it('PRESET.SELECT switches presets; an unknown id is ignored', async () => {
    const { actor } = start({ initialPresetId: 'packaging' });
    await vi.runAllTimersAsync();
    actor.send({ type: 'PRESET.SELECT', id: 'receipt-confirmation' });
    expect(actor.getSnapshot().context.activePresetId).toBe('receipt-confirmation');
    expect(actor.getSnapshot().context.view.hiddenColumns).toEqual([]);
    expect(actor.getSnapshot().context.view.hiddenRendering).toEqual(['receipt']);
    actor.send({ type: 'PRESET.SELECT', id: 'nope' });
    expect(actor.getSnapshot().context.activePresetId).toBe('receipt-confirmation');
  });

  it('FILTER.SET and COLUMN.TOGGLE mark the preset modified; undoing them returns to preset', async () => {
    const { actor } = start({ initialPresetId: 'packaging' });
    await vi.runAllTimersAsync();
    actor.send({ type: 'COLUMN.TOGGLE', column: 'cust_notified' });
    expect(actor.getSnapshot().matches({ ready: { selection: 'modified' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('modified')).toBe(true);
    expect(actor.getSnapshot().context.view.hiddenColumns).toEqual([]);
    actor.send({ type: 'COLUMN.TOGGLE', column: 'cust_notified' });
    expect(actor.getSnapshot().matches({ ready: { selection: 'preset' } })).toBe(true);

    actor.send({ type: 'FILTER.SET', filter: statusFilter });
    expect(actor.getSnapshot().matches({ ready: { selection: 'modified' } })).toBe(true);
    actor.send({ type: 'FILTER.SET', filter: PACKAGING_PRESET_FIXTURE.filter });
    expect(actor.getSnapshot().matches({ ready: { selection: 'preset' } })).toBe(true);

    actor.send({ type: 'COLUMN.TOGGLE_RENDERING', column: 'receipt' });
    expect(actor.getSnapshot().matches({ ready: { selection: 'modified' } })).toBe(true);
    expect(actor.getSnapshot().context.view.hiddenRendering).toEqual(['receipt']);
  });

  it('FILTER.RESET restores the active preset; FILTER.CLEAR drops the preset and every filter', async () => {
    const { actor } = start({ initialPresetId: 'packaging' });
    await vi.runAllTimersAsync();
    actor.send({ type: 'FILTER.SET', filter: statusFilter });
    actor.send({ type: 'FILTER.RESET' });
    expect(actor.getSnapshot().matches({ ready: { selection: 'preset' } })).toBe(true);
    expect(actor.getSnapshot().context.view.filter).toEqual(PACKAGING_PRESET_FIXTURE.filter);

    actor.send({ type: 'FILTER.CLEAR' });
    expect(actor.getSnapshot().matches({ ready: { selection: 'custom' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      activePresetId: null,
      view: { filter: EMPTY_FILTER, hiddenColumns: [], hiddenRendering: [] },
    });
    // Nothing to reset to without a preset; editing stays custom.
    expect(actor.getSnapshot().can({ type: 'FILTER.RESET' })).toBe(false);
    actor.send({ type: 'FILTER.SET', filter: statusFilter });
    expect(actor.getSnapshot().matches({ ready: { selection: 'custom' } })).toBe(true);
  });

  it('PRESET.SAVE stores the current view as a user preset, selects it and persists all user presets', async () => {
    const { actor, persisted } = start({ initialPresetId: 'packaging' });
    await vi.runAllTimersAsync();
    actor.send({ type: 'FILTER.SET', filter: statusFilter });
    actor.send({ type: 'PRESET.SAVE', name: '  Only waiting ' });
    let snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: { selection: 'preset', persistence: 'saving' } })).toBe(true);
    expect(snapshot.hasTag('saving')).toBe(true);
    expect(snapshot.context.activePresetId).toBe('user:only-waiting');
    expect(snapshot.context.userPresets).toEqual([
      {
        id: 'user:only-waiting',
        name: 'Only waiting',
        filter: statusFilter,
        hiddenColumns: ['cust_notified'],
        hiddenRendering: [],
        builtIn: false,
      },
    ]);
    await vi.runAllTimersAsync();
    snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: { persistence: 'idle' } })).toBe(true);
    expect(persisted).toEqual([{ listId: 'logistics', presets: snapshot.context.userPresets }]);
  });

  it('saving under an existing user preset name overwrites it rather than adding a second', async () => {
    const { actor } = start();
    await vi.runAllTimersAsync();
    actor.send({ type: 'FILTER.SET', filter: statusFilter });
    actor.send({ type: 'PRESET.SAVE', name: 'Mine' });
    actor.send({ type: 'COLUMN.TOGGLE', column: 'receipt' });
    expect(actor.getSnapshot().matches({ ready: { selection: 'modified' } })).toBe(true);
    actor.send({ type: 'PRESET.SAVE', name: 'mine' });
    await vi.runAllTimersAsync();
    const { userPresets } = actor.getSnapshot().context;
    expect(userPresets).toHaveLength(1);
    expect(userPresets[0]).toMatchObject({
      id: userPresetId('Mine'),
      name: 'mine',
      hiddenColumns: ['receipt'],
    });
    expect(actor.getSnapshot().matches({ ready: { selection: 'preset' } })).toBe(true);
  });

  it('refuses to save a blank name or the name of a built-in preset', async () => {
    const { actor, persisted } = start();
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().can({ type: 'PRESET.SAVE', name: '   ' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'PRESET.SAVE', name: 'packaging' })).toBe(false);
    actor.send({ type: 'PRESET.SAVE', name: 'Packaging' });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().context.userPresets).toEqual([]);
    expect(persisted).toEqual([]);
  });

  it('PRESET.DELETE removes a user preset (the active one by default) and persists; built-ins stay', async () => {
    const { actor, persisted } = start({ initialPresetId: 'packaging' });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().can({ type: 'PRESET.DELETE' })).toBe(false);
    actor.send({ type: 'PRESET.DELETE', id: 'packaging' });
    expect(actor.getSnapshot().context.activePresetId).toBe('packaging');

    actor.send({ type: 'PRESET.SAVE', name: 'Mine' });
    await vi.runAllTimersAsync();
    actor.send({ type: 'PRESET.DELETE' });
    expect(actor.getSnapshot().matches({ ready: { selection: 'custom', persistence: 'saving' } })).toBe(true);
    expect(actor.getSnapshot().context.activePresetId).toBeNull();
    // The view stays as it was; only the preset is gone.
    expect(actor.getSnapshot().context.view.hiddenColumns).toEqual(['cust_notified']);
    await vi.runAllTimersAsync();
    expect(persisted.at(-1)).toEqual({ listId: 'logistics', presets: [] });
    expect(actor.getSnapshot().matches({ ready: { persistence: 'idle' } })).toBe(true);
  });

  it('deleting a user preset that is not active keeps the active one', async () => {
    const { actor } = start();
    await vi.runAllTimersAsync();
    actor.send({ type: 'PRESET.SAVE', name: 'First' });
    actor.send({ type: 'PRESET.SAVE', name: 'Second' });
    actor.send({ type: 'PRESET.DELETE', id: 'user:first' });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().context.activePresetId).toBe('user:second');
    expect(actor.getSnapshot().context.userPresets.map((p) => p.id)).toEqual(['user:second']);
  });

  it('a failed persist goes to failed with the error; PERSIST.RETRY saves again', async () => {
    let fail = true;
    const { actor, persisted } = start({
      persist: async () => {
        if (fail) throw new Error('quota exceeded');
      },
    });
    await vi.runAllTimersAsync();
    actor.send({ type: 'PRESET.SAVE', name: 'Mine' });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().matches({ ready: { persistence: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('quota exceeded');
    fail = false;
    actor.send({ type: 'PERSIST.RETRY' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().matches({ ready: { persistence: 'idle' } })).toBe(true);
    expect(persisted).toHaveLength(2);
  });

  it('a save during a save restarts persisting with the newest list', async () => {
    const { actor, persisted } = start({ persist: () => new Promise((resolve) => setTimeout(resolve, 100)) });
    await vi.runAllTimersAsync();
    actor.send({ type: 'PRESET.SAVE', name: 'One' });
    actor.send({ type: 'PRESET.SAVE', name: 'Two' });
    await vi.runAllTimersAsync();
    expect(persisted.map((p) => p.presets.map((preset) => preset.id))).toEqual([
      ['user:one'],
      ['user:one', 'user:two'],
    ]);
    expect(actor.getSnapshot().matches({ ready: { persistence: 'idle' } })).toBe(true);
  });
});
