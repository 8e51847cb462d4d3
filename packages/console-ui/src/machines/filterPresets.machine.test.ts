import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  EMPTY_FILTER,
  filterPresetsMachine,
  isFilterPreset,
  matchesCondition,
  matchesFilter,
  matchesPreset,
  migratePresetFilter,
  readFilterPreset,
  userPresetId,
  type FilterCondition,
  type FilterPreset,
  type FilterSet,
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
  const one = (condition: FilterCondition): FilterSet => ({ filters: [condition], groups: [] });

  it('eq compares typed values, so numeric strings from the server match numbers', () => {
    expect(matchesFilter({ qty: '5' }, one({ op: 'eq', field: 'qty', value: 5 }), NOW)).toBe(true);
    expect(matchesFilter({ qty: '6' }, one({ op: 'eq', field: 'qty', value: 5 }), NOW)).toBe(false);
    // 2.x's `equals null` is `empty: true`.
    expect(matchesFilter({ qty: null }, one({ op: 'empty', field: 'qty', empty: true }), NOW)).toBe(true);
  });

  it('eq with a number matches the number and its numeric text, not other text', () => {
    const five = one({ op: 'eq', field: 'qty', value: 5 });
    expect(matchesFilter({ qty: 5 }, five, NOW)).toBe(true);
    expect(matchesFilter({ qty: '5' }, five, NOW)).toBe(true);
    expect(matchesFilter({ qty: ' 5 ' }, five, NOW)).toBe(true);
    expect(matchesFilter({ qty: '05x' }, five, NOW)).toBe(false);
    expect(matchesFilter({ qty: 6 }, five, NOW)).toBe(false);
    expect(matchesFilter({ qty: null }, five, NOW)).toBe(false);
    expect(matchesFilter({}, five, NOW)).toBe(false);
  });

  it('eq with a boolean matches the boolean and its text, nothing else', () => {
    const yes = one({ op: 'eq', field: 'active', value: true });
    expect(matchesFilter({ active: true }, yes, NOW)).toBe(true);
    expect(matchesFilter({ active: 'true' }, yes, NOW)).toBe(true);
    expect(matchesFilter({ active: false }, yes, NOW)).toBe(false);
    expect(matchesFilter({ active: 'false' }, yes, NOW)).toBe(false);
    expect(matchesFilter({ active: 1 }, yes, NOW)).toBe(false);
    expect(matchesFilter({ active: null }, yes, NOW)).toBe(false);
    const no = one({ op: 'eq', field: 'active', value: false });
    expect(matchesFilter({ active: false }, no, NOW)).toBe(true);
    expect(matchesFilter({ active: 'false' }, no, NOW)).toBe(true);
    expect(matchesFilter({ active: null }, no, NOW)).toBe(false);
  });

  it('eq with text compares text: a number matches its text', () => {
    const tiktok = one({ op: 'eq', field: 'platform', value: 'tiktok' });
    expect(matchesFilter({ platform: 'tiktok' }, tiktok, NOW)).toBe(true);
    expect(matchesFilter({ platform: 'TikTok' }, tiktok, NOW)).toBe(false);
    expect(matchesFilter({ qty: 5 }, one({ op: 'eq', field: 'qty', value: '5' }), NOW)).toBe(true);
  });

  it('empty: true holds for null, undefined or blank; empty: false for a value', () => {
    const empty = one({ op: 'empty', field: 'email', empty: true });
    const notEmpty = one({ op: 'empty', field: 'email', empty: false });
    for (const email of [null, undefined, '', '  ']) {
      expect(matchesFilter({ email }, empty, NOW), String(email)).toBe(true);
      expect(matchesFilter({ email }, notEmpty, NOW), String(email)).toBe(false);
    }
    expect(matchesFilter({}, empty, NOW)).toBe(true);
    for (const email of ['a@b.id', 0, false]) {
      expect(matchesFilter({ email }, empty, NOW), String(email)).toBe(false);
      expect(matchesFilter({ email }, notEmpty, NOW), String(email)).toBe(true);
    }
  });

  it('is not empty holds a value: not null, undefined or blank', () => {
    const filter = one({ op: 'empty', field: 'email', empty: false });
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
    const dates = one({ op: 'range', field: 'd', min: '2024-06-01', max: null });
    expect(matchesFilter({ d: '2024-06-01' }, dates, NOW)).toBe(true);
    expect(matchesFilter({ d: '2024-05-31' }, dates, NOW)).toBe(false);
  });

  it('range with one null bound is open on that side', () => {
    const atMost = one({ op: 'range', field: 'amount', min: null, max: 100 });
    expect(matchesFilter({ amount: -1_000_000 }, atMost, NOW)).toBe(true);
    expect(matchesFilter({ amount: '100' }, atMost, NOW)).toBe(true);
    expect(matchesFilter({ amount: 100.01 }, atMost, NOW)).toBe(false);
    const atLeast = one({ op: 'range', field: 'amount', min: 100, max: null });
    expect(matchesFilter({ amount: 1e12 }, atLeast, NOW)).toBe(true);
    expect(matchesFilter({ amount: 99 }, atLeast, NOW)).toBe(false);
    // Open on one side still needs a value to compare.
    expect(matchesFilter({ amount: null }, atMost, NOW)).toBe(false);
    expect(matchesFilter({}, atLeast, NOW)).toBe(false);
    const until = one({ op: 'range', field: 'd', min: null, max: '2024-06-01' });
    expect(matchesFilter({ d: '2024-06-01' }, until, NOW)).toBe(true);
    expect(matchesFilter({ d: '2024-06-02' }, until, NOW)).toBe(false);
  });

  it('within counts back days from now', () => {
    const recent = one({ op: 'within', field: 'at', days: 7 });
    expect(matchesFilter({ at: daysAgo(7) }, recent, NOW)).toBe(true);
    expect(matchesFilter({ at: daysAgo(7, 1) }, recent, NOW)).toBe(false);
    expect(matchesFilter({ at: null }, recent, NOW)).toBe(false);
  });

  it('matchesCondition tests one condition on its own', () => {
    expect(matchesCondition({ qty: '5' }, { op: 'eq', field: 'qty', value: 5 }, NOW)).toBe(true);
    expect(matchesCondition({ qty: '5' }, { op: 'in', field: 'qty', values: [4, 6] }, NOW)).toBe(false);
    expect(matchesCondition({ qty: '5' }, { op: 'in', field: 'qty', values: [4, 5] }, NOW)).toBe(true);
  });

  it('ANDs filters with OR groups: all = AND, any = OR; an empty filter keeps every row', () => {
    const filter: FilterSet = {
      filters: [{ op: 'eq', field: 'status', value: 'Shipping' }],
      groups: [
        {
          any: [
            [{ op: 'empty', field: 'receipt', empty: true }],
            [{ op: 'contains', field: 'receipt', value: 'jne' }],
          ],
        },
      ],
    };
    expect(matchesFilter({ status: 'Shipping', receipt: '' }, filter, NOW)).toBe(true);
    expect(matchesFilter({ status: 'Shipping', receipt: 'JNE-123' }, filter, NOW)).toBe(true);
    expect(matchesFilter({ status: 'Shipping', receipt: 'SICEPAT-1' }, filter, NOW)).toBe(false);
    expect(matchesFilter({ status: 'Waiting', receipt: '' }, filter, NOW)).toBe(false);
    expect(matchesFilter({ anything: 1 }, EMPTY_FILTER, NOW)).toBe(true);
    expect(matchesFilter({}, { filters: [], groups: [] }, NOW)).toBe(true);
  });

  it('an OR group holds when every condition of one of its AND alternatives holds', () => {
    // (status = Shipping and receipt contains "jne") or (status = Waiting) or (cost ≥ 50 000 and no receipt)
    const filter: FilterSet = {
      filters: [],
      groups: [
        {
          any: [
            [
              { op: 'eq', field: 'status', value: 'Shipping' },
              { op: 'contains', field: 'receipt', value: 'jne' },
            ],
            [{ op: 'eq', field: 'status', value: 'Waiting' }],
            [
              { op: 'range', field: 'cost', min: 50_000, max: null },
              { op: 'empty', field: 'receipt', empty: true },
            ],
          ],
        },
      ],
    };
    const match = (row: Record<string, unknown>) => matchesFilter(row, filter, NOW);
    expect(match({ status: 'Shipping', receipt: 'JNE-1' })).toBe(true);
    expect(match({ status: 'Shipping', receipt: 'SICEPAT-1' })).toBe(false);
    expect(match({ status: 'Waiting', receipt: 'SICEPAT-1' })).toBe(true);
    expect(match({ status: 'Delivered', cost: 60_000, receipt: null })).toBe(true);
    expect(match({ status: 'Delivered', cost: 60_000, receipt: 'JNT-1' })).toBe(false);
    expect(match({ status: 'Delivered', cost: 40_000, receipt: null })).toBe(false);
  });

  it('every OR group must hold, beside every filter; a group without alternatives keeps every row', () => {
    const filter: FilterSet = {
      filters: [{ op: 'empty', field: 'email', empty: false }],
      groups: [
        { any: [[{ op: 'eq', field: 'a', value: 1 }], [{ op: 'eq', field: 'b', value: 1 }]] },
        { any: [[{ op: 'eq', field: 'c', value: 1 }], [{ op: 'eq', field: 'd', value: 1 }]] },
        { any: [] },
      ],
    };
    expect(matchesFilter({ email: 'x@y.id', a: 1, d: 1 }, filter, NOW)).toBe(true);
    expect(matchesFilter({ email: 'x@y.id', b: '1', c: '1' }, filter, NOW)).toBe(true);
    expect(matchesFilter({ email: 'x@y.id', a: 1, b: 1 }, filter, NOW)).toBe(false);
    expect(matchesFilter({ email: '', a: 1, c: 1 }, filter, NOW)).toBe(false);
  });
});

describe('migratePresetFilter (console-ui 2.x stored trees)', () => {
  const status = { op: 'in', field: 'status', values: ['Waiting'] } as const;
  const a = { op: 'contains', field: 'a', value: 'x' } as const;
  const b = { op: 'contains', field: 'b', value: 'x' } as const;
  const c = { op: 'contains', field: 'c', value: 'x' } as const;
  const d = { op: 'contains', field: 'd', value: 'x' } as const;
  const e = { op: 'contains', field: 'e', value: 'x' } as const;

  it('reads a flat AND tree as filters', () => {
    expect(
      migratePresetFilter({
        match: 'all',
        conditions: [status, { op: 'range', field: 'cost', min: 10, max: 20 }],
      }),
    ).toEqual({
      filter: { filters: [status, { op: 'range', field: 'cost', min: 10, max: 20 }], groups: [] },
      approximated: false,
    });
    // 2.x's empty filter and a one-condition `any` are AND trees too.
    expect(migratePresetFilter({ match: 'any', conditions: [] })).toEqual({
      filter: EMPTY_FILTER,
      approximated: false,
    });
    expect(migratePresetFilter({ match: 'any', conditions: [status] })).toEqual({
      filter: { filters: [status], groups: [] },
      approximated: false,
    });
  });

  it('reads an `any` tree of a condition and an `all` group as one OR group', () => {
    expect(
      migratePresetFilter({ match: 'any', conditions: [a, { match: 'all', conditions: [b, c] }] }),
    ).toEqual({ filter: { filters: [], groups: [{ any: [[a], [b, c]] }] }, approximated: false });
  });

  it('reads the 2.x logistics preset (an OR of three conditions) as the 3.0 one', () => {
    expect(
      migratePresetFilter({
        match: 'any',
        conditions: [
          { op: 'in', field: 'status', values: ['Waiting', 'Ready to Ship'] },
          { op: 'withinLastDays', field: 'date_sent', days: 30 },
          { op: 'isEmpty', field: 'date_sent' },
        ],
      }),
    ).toEqual({ filter: PACKAGING_PRESET_FIXTURE.filter, approximated: false });
  });

  it('spreads a deeper tree into its list filter: all[a, any[b, all[c, any[d, e]]]]', () => {
    const tree = {
      match: 'all',
      conditions: [
        a,
        {
          match: 'any',
          conditions: [b, { match: 'all', conditions: [c, { match: 'any', conditions: [d, e] }] }],
        },
      ],
    };
    const migrated = migratePresetFilter(tree);
    expect(migrated).toEqual({
      filter: { filters: [a], groups: [{ any: [[b], [c, d], [c, e]] }] },
      approximated: false,
    });
    // The same rows as the tree: a and (b or (c and (d or e))).
    const rows = [
      { a: 'x', b: 'x' },
      { a: 'x', c: 'x', d: 'x' },
      { a: 'x', c: 'x', e: 'x' },
      { a: 'x', c: 'x' },
      { a: 'x', d: 'x' },
      { b: 'x', c: 'x', d: 'x' },
    ];
    expect(rows.map((row) => matchesFilter(row, migrated!.filter, NOW))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('flags approximated when a condition cannot be read, and leaves it out', () => {
    expect(
      migratePresetFilter({
        match: 'all',
        conditions: [status, { op: 'startsWith', field: 'name', value: 'A' }],
      }),
    ).toEqual({ filter: { filters: [status], groups: [] }, approximated: true });
    // In an OR group an unreadable alternative would hold for every row: the group goes (more rows, never fewer).
    expect(migratePresetFilter({ match: 'any', conditions: [status, { op: 'equals', field: 'x' }] })).toEqual(
      { filter: EMPTY_FILTER, approximated: true },
    );
  });

  it('leaves out, flagged, an OR subtree that spreads past 32 alternatives, without spreading it further', () => {
    const anyOf = (field: string, count: number) => ({
      match: 'any' as const,
      conditions: Array.from({ length: count }, (_, i) => ({ op: 'contains', field, value: String(i) })),
    });
    // (6 ways) and (6 ways) = 36 alternatives: more than a group keeps.
    expect(
      migratePresetFilter({
        match: 'all',
        conditions: [
          status,
          { match: 'any', conditions: [{ match: 'all', conditions: [anyOf('a', 6), anyOf('b', 6)] }, c] },
        ],
      }),
    ).toEqual({ filter: { filters: [status], groups: [] }, approximated: true });
    // 2^40 alternatives if spread: it answers at once, with the subtree left out.
    const deep = {
      match: 'all' as const,
      conditions: Array.from({ length: 40 }, (_, i) => anyOf(`f${i}`, 2)),
    };
    expect(migratePresetFilter({ match: 'any', conditions: [deep, d] })).toEqual({
      filter: EMPTY_FILTER,
      approximated: true,
    });
  });

  it('reads a 2.x `in` that lists null (an empty value) as its values or "is empty"', () => {
    const migrated = migratePresetFilter({
      match: 'all',
      conditions: [
        { op: 'in', field: 'courier', values: ['jne', null] },
        { op: 'in', field: 'receipt', values: [null] },
      ],
    });
    expect(migrated).toEqual({
      filter: {
        filters: [{ op: 'empty', field: 'receipt', empty: true }],
        groups: [
          {
            any: [
              [{ op: 'in', field: 'courier', values: ['jne'] }],
              [{ op: 'empty', field: 'courier', empty: true }],
            ],
          },
        ],
      },
      approximated: false,
    });
    const match = (row: Record<string, unknown>) => matchesFilter(row, migrated!.filter, NOW);
    expect(match({ courier: 'jne', receipt: null })).toBe(true);
    expect(match({ courier: null, receipt: '' })).toBe(true);
    expect(match({ courier: 'tiki', receipt: null })).toBe(false);
    expect(match({ courier: 'jne', receipt: 'JNE-1' })).toBe(false);
  });

  it('returns null for anything but a 2.x tree', () => {
    for (const value of [
      null,
      undefined,
      'all',
      42,
      [],
      {},
      { match: 'some', conditions: [] },
      { match: 'all' },
      { match: 'all', conditions: 'status' },
      { filters: [], groups: [] },
    ])
      expect(migratePresetFilter(value), JSON.stringify(value)).toBeNull();
  });

  it('maps isEmpty, isNotEmpty, equals (null too) and withinLastDays to the 3.0 operators', () => {
    const migrated = migratePresetFilter({
      match: 'all',
      conditions: [
        { op: 'isEmpty', field: 'receipt' },
        { op: 'isNotEmpty', field: 'email' },
        { op: 'equals', field: 'active', value: true },
        { op: 'equals', field: 'qty', value: 5 },
        { op: 'equals', field: 'courier', value: null },
        { op: 'withinLastDays', field: 'date_sent', days: 30 },
        { op: 'range', field: 'cost', max: 5000 },
        { op: 'contains', field: 'city', value: 'band' },
      ],
    });
    expect(migrated).toEqual({
      filter: {
        filters: [
          { op: 'empty', field: 'receipt', empty: true },
          { op: 'empty', field: 'email', empty: false },
          { op: 'eq', field: 'active', value: true },
          { op: 'eq', field: 'qty', value: 5 },
          { op: 'empty', field: 'courier', empty: true },
          { op: 'within', field: 'date_sent', days: 30 },
          { op: 'range', field: 'cost', min: null, max: 5000 },
          { op: 'contains', field: 'city', value: 'band' },
        ],
        groups: [],
      },
      approximated: false,
    });
  });
});

describe('readFilterPreset', () => {
  const preset: FilterPreset = {
    id: 'user:mine',
    name: 'Mine',
    filter: { filters: [{ op: 'in', field: 'status', values: ['Waiting'] }], groups: [] },
    hiddenColumns: ['receipt'],
    hiddenRendering: [],
  };

  it('keeps a 3.0 preset as it is, and isFilterPreset accepts only that shape', () => {
    expect(readFilterPreset(preset)).toBe(preset);
    expect(isFilterPreset(preset)).toBe(true);
    const old = { ...preset, filter: { match: 'all', conditions: [{ op: 'isEmpty', field: 'receipt' }] } };
    expect(isFilterPreset(old)).toBe(false);
    expect(readFilterPreset(old)).toEqual({
      ...preset,
      filter: { filters: [{ op: 'empty', field: 'receipt', empty: true }], groups: [] },
    });
  });

  it('flags a preset whose 2.x tree could only be approximated', () => {
    const old = {
      ...preset,
      filter: { match: 'all', conditions: [{ op: 'regex', field: 'name', value: '^A' }] },
    };
    expect(readFilterPreset(old)).toEqual({ ...preset, filter: EMPTY_FILTER, approximated: true });
  });

  it('returns null for a garbled preset', () => {
    for (const value of [
      null,
      'junk',
      { id: 'x' },
      { ...preset, filter: null },
      { ...preset, filter: { match: 'all' } },
      { ...preset, hiddenColumns: undefined },
      { ...preset, name: 3 },
    ])
      expect(readFilterPreset(value), JSON.stringify(value)).toBeNull();
  });
});

describe('filterPresetsMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const statusFilter: FilterSet = {
    filters: [{ op: 'in', field: 'status', values: ['Waiting'] }],
    groups: [],
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

  it('reads 2.x presets returned by loadUserPresets into the 3.0 shape, and drops garbled ones', async () => {
    const { actor } = start({
      stored: [
        {
          id: 'user:old',
          name: 'Old',
          filter: {
            match: 'any',
            conditions: [
              { op: 'isNotEmpty', field: 'receipt' },
              { match: 'all', conditions: [{ op: 'equals', field: 'status', value: 'Waiting' }] },
            ],
          },
          hiddenColumns: ['receipt'],
          hiddenRendering: [],
        },
        {
          id: 'user:deep',
          name: 'Deep',
          filter: {
            match: 'all',
            conditions: [
              { op: 'withinLastDays', field: 'date_sent', days: 7 },
              { op: 'someday', field: 'x' },
            ],
          },
          hiddenColumns: [],
          hiddenRendering: [],
        },
        {
          id: 'user:garbled',
          name: 'Garbled',
          filter: { match: 'all' },
          hiddenColumns: [],
          hiddenRendering: [],
        },
      ],
      initialPresetId: 'user:old',
    });
    await vi.runAllTimersAsync();
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.userPresets).toEqual([
      {
        id: 'user:old',
        name: 'Old',
        filter: {
          filters: [],
          groups: [
            {
              any: [
                [{ op: 'empty', field: 'receipt', empty: false }],
                [{ op: 'eq', field: 'status', value: 'Waiting' }],
              ],
            },
          ],
        },
        hiddenColumns: ['receipt'],
        hiddenRendering: [],
        builtIn: false,
      },
      {
        id: 'user:deep',
        name: 'Deep',
        filter: { filters: [{ op: 'within', field: 'date_sent', days: 7 }], groups: [] },
        hiddenColumns: [],
        hiddenRendering: [],
        approximated: true,
        builtIn: false,
      },
    ]);
    expect(snapshot.matches({ ready: { selection: 'preset' } })).toBe(true);
    expect(snapshot.context.view.filter).toEqual(snapshot.context.userPresets[0]!.filter);
    expect(matchesFilter({ status: 'Waiting', receipt: '' }, snapshot.context.view.filter, NOW)).toBe(true);
    expect(matchesFilter({ status: 'Shipping', receipt: '' }, snapshot.context.view.filter, NOW)).toBe(false);
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
