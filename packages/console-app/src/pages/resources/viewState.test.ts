import { describe, expect, it } from 'vitest';
import { ENTITIES, creators, getEntity, tribeTargets, type EntityDef } from '@staff/console-contract';
import type { FilterGroup } from '@staff/console-ui';
import {
  builtInPresets,
  filtersKey,
  fromFilterGroup,
  parseViewState,
  toFilterGroup,
  viewStateToSearchParams,
  visibleColumns,
} from './viewState.js';

describe('view state in the address', () => {
  it('reads filters, search, sort, page, size, hidden columns and view id, typed by field', () => {
    const view = parseViewState(
      creators,
      new URLSearchParams(
        'q=bandung&f.platform.in=tiktok,instagram&f.rate_fee.range=1000000,&f.email.empty=0&sort=followers:desc&page=3&size=25&hide=city&view=12',
      ),
    );
    expect(view).toEqual({
      q: 'bandung',
      filters: [
        { field: 'platform', op: 'in', values: ['tiktok', 'instagram'] },
        { field: 'rate_fee', op: 'range', min: 1000000, max: null },
        { field: 'email', op: 'empty', empty: false },
      ],
      groups: [],
      sort: { field: 'followers', direction: 'desc' },
      page: 3,
      pageSize: 25,
      hidden: ['city'],
      viewId: '12',
      presetId: null,
    });
  });

  it('leaves out what does not fit the entity instead of failing', () => {
    const view = parseViewState(
      creators,
      new URLSearchParams(
        'f.notes.contains=x&f.platform.in=myspace&f.nope.eq=1&f.followers.contains=2&sort=notes:asc&page=0&size=7&hide=nope',
      ),
    );
    expect(view.filters).toEqual([]);
    expect(view.sort).toEqual(creators.defaultSort);
    expect(view.page).toBe(1);
    expect(view.pageSize).toBe(50);
    expect(view.hidden).toEqual([]);
  });

  it('writes the same view back, defaults left out', () => {
    const text =
      'q=bandung&f.platform.in=tiktok%2Cinstagram&sort=followers%3Adesc&page=2&size=100&hide=city%2Cniche';
    const view = parseViewState(creators, new URLSearchParams(text));
    expect(viewStateToSearchParams(creators, view).toString()).toBe(text);
    expect(
      viewStateToSearchParams(creators, parseViewState(creators, new URLSearchParams())).toString(),
    ).toBe('');
  });

  it('names the visible columns of a view in the entity order (what the export writes)', () => {
    expect(visibleColumns(creators, ['city', 'tier'])).toEqual([
      'name',
      'handle',
      'platform',
      'followers',
      'niche',
      'rate_fee',
      'phone',
      'status',
    ]);
  });
});

describe('FilterBar tree and list filters', () => {
  it('round-trips AND conditions', () => {
    const filters = [
      { field: 'platform', op: 'in' as const, values: ['tiktok'] },
      { field: 'followers', op: 'range' as const, min: 10000, max: null },
      { field: 'city', op: 'contains' as const, value: 'Band' },
      { field: 'email', op: 'empty' as const, empty: true },
    ];
    const group = toFilterGroup(filters);
    expect(group).toEqual({
      match: 'all',
      conditions: [
        { op: 'in', field: 'platform', values: ['tiktok'] },
        { op: 'range', field: 'followers', min: 10000 },
        { op: 'contains', field: 'city', value: 'Band' },
        { op: 'isEmpty', field: 'email' },
      ],
    });
    expect(fromFilterGroup(creators, group)).toEqual({ filters, groups: [], unsupported: 0 });
  });

  it('keeps "is not empty", alone and in an or group, through the bar (its first edit dropped it before)', () => {
    const filters = [
      { field: 'email', op: 'empty' as const, empty: false },
      { field: 'platform', op: 'eq' as const, value: 'tiktok' },
    ];
    const groups = [
      {
        any: [
          [{ field: 'city', op: 'empty' as const, empty: false }],
          [
            { field: 'city', op: 'empty' as const, empty: true },
            { field: 'email', op: 'empty' as const, empty: false },
          ],
        ],
      },
    ];
    const group = toFilterGroup(filters, groups);
    expect(group.conditions[0]).toEqual({ op: 'isNotEmpty', field: 'email' });
    expect(group.conditions[2]).toEqual({
      match: 'any',
      conditions: [
        { op: 'isNotEmpty', field: 'city' },
        {
          match: 'all',
          conditions: [
            { op: 'isEmpty', field: 'city' },
            { op: 'isNotEmpty', field: 'email' },
          ],
        },
      ],
    });
    expect(fromFilterGroup(creators, group)).toEqual({ filters, groups, unsupported: 0 });
  });

  it('keeps "within the last N days" relative (the server counts back from the day the list is read)', () => {
    const now = new Date('2026-11-20T08:00:00Z');
    expect(
      fromFilterGroup(
        creators,
        { match: 'all', conditions: [{ op: 'withinLastDays', field: 'updated_at', days: 7 }] },
        now,
      ),
    ).toEqual({
      filters: [{ field: 'updated_at', op: 'within', days: 7 }],
      groups: [],
      unsupported: 0,
    });
    // Months have no "within": a range from that month.
    const targets = getEntity('monthly_targets') as EntityDef;
    expect(
      fromFilterGroup(
        targets,
        { match: 'all', conditions: [{ op: 'withinLastDays', field: 'period', days: 40 }] },
        now,
      ).filters,
    ).toEqual([{ field: 'period', op: 'range', min: '2026-10', max: null }]);
  });

  it('sends a preset with alternatives (OR) as an or group, nested AND groups as alternatives of several filters', () => {
    const either: FilterGroup = {
      match: 'any',
      conditions: [
        { op: 'in', field: 'platform', values: ['tiktok'] },
        { op: 'isEmpty', field: 'email' },
        {
          match: 'all',
          conditions: [
            { op: 'equals', field: 'status', value: 'active' },
            { op: 'range', field: 'followers', min: 100000 },
          ],
        },
      ],
    };
    expect(fromFilterGroup(creators, either)).toEqual({
      filters: [],
      groups: [
        {
          any: [
            [{ field: 'platform', op: 'in', values: ['tiktok'] }],
            [{ field: 'email', op: 'empty', empty: true }],
            [
              { field: 'status', op: 'eq', value: 'active' },
              { field: 'followers', op: 'range', min: 100000, max: null },
            ],
          ],
        },
      ],
      unsupported: 0,
    });
    // Inside an AND: plain filters plus the group; deeper OR nesting than the server takes is reported.
    const mixed: FilterGroup = {
      match: 'all',
      conditions: [{ op: 'contains', field: 'city', value: 'Band' }, either],
    };
    expect(fromFilterGroup(creators, mixed)).toMatchObject({
      filters: [{ field: 'city', op: 'contains', value: 'Band' }],
      groups: [{ any: expect.any(Array) }],
      unsupported: 0,
    });
    const tooDeep: FilterGroup = {
      match: 'any',
      conditions: [
        { op: 'isEmpty', field: 'email' },
        { match: 'all', conditions: [either] },
      ],
    };
    expect(fromFilterGroup(creators, tooDeep)).toEqual({ filters: [], groups: [], unsupported: 1 });
    // An alternative on a field the list lacks: the whole group is left out (dropping it would narrow the list).
    const unknown: FilterGroup = {
      match: 'any',
      conditions: [
        { op: 'isEmpty', field: 'email' },
        { op: 'isEmpty', field: 'date_sent' },
      ],
    };
    expect(fromFilterGroup(creators, unknown)).toEqual({ filters: [], groups: [], unsupported: 1 });
  });

  it('round-trips a preset with alternatives through the address and back to the FilterBar tree', () => {
    const n8n = getEntity('n8n_creators') as EntityDef;
    const preset: FilterGroup = {
      match: 'any',
      conditions: [
        { op: 'in', field: 'status', values: ['new', 'qualified'] },
        { op: 'withinLastDays', field: 'last_scraped_at', days: 30 },
        { op: 'isEmpty', field: 'last_scraped_at' },
      ],
    };
    const { filters, groups } = fromFilterGroup(n8n, preset);
    const base = parseViewState(n8n, new URLSearchParams());
    const params = viewStateToSearchParams(n8n, { ...base, filters, groups, presetId: 'fresh' });
    expect(params.get('or')).toBe(
      '[{"status.in":["new","qualified"]},{"last_scraped_at.within":30},{"last_scraped_at.empty":true}]',
    );
    const back = parseViewState(n8n, new URLSearchParams(params.toString()));
    expect(back.groups).toEqual(groups);
    expect(back.presetId).toBe('fresh');
    expect(filtersKey(n8n, back.filters, back.groups)).toBe(filtersKey(n8n, filters, groups));
    // The chips' tree: one AND group holding the OR group, which translates to the same request.
    const tree = toFilterGroup(back.filters, back.groups);
    expect(tree).toEqual({ match: 'all', conditions: [preset] });
    expect(fromFilterGroup(n8n, tree)).toEqual({ filters: [], groups, unsupported: 0 });
  });

  it('leaves out or groups in the address that do not fit the entity', () => {
    const params = new URLSearchParams();
    params.append('or', '[{"notes.contains":"x"}]');
    params.append('or', 'not json');
    params.append('or', '[{"platform.eq":"tiktok"},{"email.empty":true}]');
    expect(parseViewState(creators, params).groups).toEqual([
      {
        any: [
          [{ field: 'platform', op: 'eq', value: 'tiktok' }],
          [{ field: 'email', op: 'empty', empty: true }],
        ],
      },
    ]);
  });

  it('handles equality on list-only fields and nulls', () => {
    // Equality on a field that only offers "any of" becomes a one-value list; a null is "is empty".
    expect(
      fromFilterGroup(creators, {
        match: 'all',
        conditions: [
          { op: 'equals', field: 'status', value: 'active' },
          { op: 'equals', field: 'city', value: null },
        ],
      }).filters,
    ).toEqual([
      { field: 'status', op: 'eq', value: 'active' },
      { field: 'city', op: 'empty', empty: true },
    ]);
  });

  it('compares filter lists by their encoding, whatever the order', () => {
    const a = [
      { field: 'platform', op: 'in' as const, values: ['tiktok'] },
      { field: 'city', op: 'contains' as const, value: 'Solo' },
    ];
    expect(filtersKey(creators, a)).toBe(filtersKey(creators, [...a].reverse()));
  });

  it('builds presets from the definition: status values and recent changes', () => {
    const names = builtInPresets(creators).map((preset) => preset.name);
    expect(names).toEqual([
      'Status: Prospect',
      'Status: Negotiating',
      'Status: Active',
      'Status: Inactive',
      'Status: Blacklisted',
      'Changed in the last 7 days',
    ]);
    // Every preset translates to filters the server accepts.
    for (const def of ENTITIES) {
      for (const preset of builtInPresets(def))
        expect(fromFilterGroup(def, preset.filter).unsupported, `${def.name} ${preset.id}`).toBe(0);
    }
    expect(builtInPresets(tribeTargets).map((preset) => preset.id)).toEqual(['recent']);
  });
});
