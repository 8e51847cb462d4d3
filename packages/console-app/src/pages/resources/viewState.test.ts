import { describe, expect, it } from 'vitest';
import {
  ENTITIES,
  creators,
  getEntity,
  tribeTargets,
  type EntityDef,
  type ListFilter,
  type ListFilterGroup,
} from '@staff/console-contract';
import type { FilterSet } from '@staff/console-ui';
import {
  builtInPresets,
  filtersKey,
  filterSetOf,
  fitFilters,
  parseViewState,
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

describe('FilterBar filters fitted to an entity', () => {
  it('are the view filters as they are: the bar holds the list vocabulary (ADR 067)', () => {
    const filters: ListFilter[] = [
      { field: 'platform', op: 'in', values: ['tiktok'] },
      { field: 'followers', op: 'range', min: 10000, max: null },
      { field: 'city', op: 'contains', value: 'Band' },
      { field: 'email', op: 'empty', empty: true },
    ];
    const set = filterSetOf({ filters, groups: [] });
    expect(set).toEqual({ filters, groups: [] });
    expect(fitFilters(creators, set)).toEqual({ filters, groups: [], unsupported: 0 });
  });

  it('keep "is not empty", alone and in an or group (its first edit dropped it in the two-vocabulary days)', () => {
    const filters: ListFilter[] = [
      { field: 'email', op: 'empty', empty: false },
      { field: 'platform', op: 'eq', value: 'tiktok' },
    ];
    const groups: ListFilterGroup[] = [
      {
        any: [
          [{ field: 'city', op: 'empty', empty: false }],
          [
            { field: 'city', op: 'empty', empty: true },
            { field: 'email', op: 'empty', empty: false },
          ],
        ],
      },
    ];
    expect(fitFilters(creators, { filters, groups })).toEqual({ filters, groups, unsupported: 0 });
  });

  it('keep "within the last N days" relative (the server counts back from the day the list is read)', () => {
    const now = new Date('2026-11-20T08:00:00Z');
    expect(
      fitFilters(creators, { filters: [{ op: 'within', field: 'updated_at', days: 7 }], groups: [] }, now),
    ).toEqual({
      filters: [{ field: 'updated_at', op: 'within', days: 7 }],
      groups: [],
      unsupported: 0,
    });
    // Months have no "within": a range from that month.
    const targets = getEntity('monthly_targets') as EntityDef;
    expect(
      fitFilters(targets, { filters: [{ op: 'within', field: 'period', days: 40 }], groups: [] }, now)
        .filters,
    ).toEqual([{ field: 'period', op: 'range', min: '2026-10', max: null }]);
  });

  it('type values by their field and leave out, counted, what the list cannot send', () => {
    const projects = getEntity('projects') as EntityDef;
    const relation = projects.fields.find((field) => field.type === 'relation' && field.filterable)!;
    // A relation id picked as text is the row id the list compares.
    expect(
      fitFilters(projects, { filters: [{ op: 'in', field: relation.name, values: ['12', 7] }], groups: [] })
        .filters,
    ).toEqual([{ field: relation.name, op: 'in', values: [12, 7] }]);
    expect(
      fitFilters(creators, {
        filters: [
          { op: 'range', field: 'followers', min: '5000', max: null },
          // Not a status this entity has, not a field it has, a number where a number cannot be read.
          { op: 'eq', field: 'status', value: 'archived' },
          { op: 'eq', field: 'date_sent', value: '2026-11-01' },
          { op: 'range', field: 'followers', min: 'many', max: null },
        ],
        groups: [],
      }),
    ).toEqual({
      filters: [{ field: 'followers', op: 'range', min: 5000, max: null }],
      groups: [],
      unsupported: 3,
    });
  });

  it('leave out a whole or group when one alternative does not fit (dropping it would narrow the list)', () => {
    const groups: ListFilterGroup[] = [
      {
        any: [
          [{ op: 'empty', field: 'email', empty: true }],
          [{ op: 'empty', field: 'date_sent', empty: true }],
        ],
      },
    ];
    expect(fitFilters(creators, { filters: [], groups })).toEqual({
      filters: [],
      groups: [],
      unsupported: 1,
    });
    // An alternative with no condition holds for every row: the group filters nothing out.
    expect(
      fitFilters(creators, {
        filters: [],
        groups: [{ any: [[{ op: 'empty', field: 'email', empty: true }], []] }],
      }),
    ).toEqual({ filters: [], groups: [], unsupported: 0 });
  });

  it('round-trip a preset with alternatives through the address', () => {
    const n8n = getEntity('n8n_creators') as EntityDef;
    const preset: FilterSet = {
      filters: [],
      groups: [
        {
          any: [
            [{ op: 'in', field: 'status', values: ['new', 'qualified'] }],
            [{ op: 'within', field: 'last_scraped_at', days: 30 }],
            [{ op: 'empty', field: 'last_scraped_at', empty: true }],
          ],
        },
      ],
    };
    const { filters, groups } = fitFilters(n8n, preset);
    expect({ filters, groups }).toEqual(preset);
    const base = parseViewState(n8n, new URLSearchParams());
    const params = viewStateToSearchParams(n8n, { ...base, filters, groups, presetId: 'fresh' });
    expect(params.get('or')).toBe(
      '[{"status.in":["new","qualified"]},{"last_scraped_at.within":30},{"last_scraped_at.empty":true}]',
    );
    const back = parseViewState(n8n, new URLSearchParams(params.toString()));
    expect(back.groups).toEqual(groups);
    expect(back.presetId).toBe('fresh');
    expect(filterSetOf(back)).toEqual(preset);
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
        expect(fitFilters(def, preset.filter).unsupported, `${def.name} ${preset.id}`).toBe(0);
    }
    expect(builtInPresets(tribeTargets).map((preset) => preset.id)).toEqual(['recent']);
  });
});
