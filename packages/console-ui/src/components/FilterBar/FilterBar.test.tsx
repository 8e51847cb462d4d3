import { composeStories } from '@storybook/react-vite';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { fn, userEvent } from 'storybook/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creatorFields } from '../DataTable/DataTable.fixtures.js';
import {
  describeTerm,
  filterTerms,
  removeTerm,
  setFieldCondition,
  termLabel,
  type ChipTexts,
  type FilterTerm,
} from './filterModel.js';
import { FILTER_BAR_MESSAGES_ID } from '../../i18n/messages.js';
import * as stories from './FilterBar.stories.js';
import { PACKAGING_PRESET_FIXTURE } from '../../machines/filterPresets.fixtures.js';

const {
  Default,
  WithDataTable,
  RelationFilter,
  WithFilters,
  RangeFilter,
  IsNotEmpty,
  ClearAll,
  WithPresets,
  SavePreset,
  PresetsSaveFailed,
  SavedViews,
} = composeStories(stories);

describe('filter model', () => {
  it('keeps an OR group from a preset as one term and ANDs new conditions beside it', () => {
    const [group] = PACKAGING_PRESET_FIXTURE.filter.groups;
    expect(filterTerms(PACKAGING_PRESET_FIXTURE.filter)).toEqual([group]);
    const next = setFieldCondition(PACKAGING_PRESET_FIXTURE.filter, 'receipt', {
      op: 'contains',
      field: 'receipt',
      value: 'JNE',
    });
    expect(next).toEqual({
      filters: [{ op: 'contains', field: 'receipt', value: 'JNE' }],
      groups: [group],
    });
    // The chips: the conditions first, then the OR groups.
    expect(filterTerms(next)).toEqual([{ op: 'contains', field: 'receipt', value: 'JNE' }, group]);
    expect(removeTerm(next, 1)).toEqual({
      filters: [{ op: 'contains', field: 'receipt', value: 'JNE' }],
      groups: [],
    });
    expect(removeTerm(removeTerm(next, 1), 0)).toEqual({ filters: [], groups: [] });
    expect(removeTerm(next, 0)).toEqual({ filters: [], groups: [group] });
  });

  it('replaces a field condition in place and describes terms', () => {
    const one = setFieldCondition({ filters: [], groups: [] }, 'followers', {
      op: 'range',
      field: 'followers',
      min: null,
      max: 5000,
    });
    const two = setFieldCondition(one, 'followers', {
      op: 'range',
      field: 'followers',
      min: 1000,
      max: 5000,
    });
    expect(two.filters).toHaveLength(1);
    expect(two.groups).toEqual([]);
    expect(describeTerm(two.filters[0]!, creatorFields)).toBe('Followers: 1.000 – 5.000');
    expect(describeTerm({ op: 'eq', field: 'active', value: true }, creatorFields)).toBe('Active: Yes');
    expect(
      describeTerm({ op: 'range', field: 'joined_on', min: null, max: '2024-05-01' }, creatorFields),
    ).toBe('Joined ≤ 1 Mei 2024');
  });

  it('describes chips in the Indonesian words under the Indonesian messages', () => {
    const m = FILTER_BAR_MESSAGES_ID;
    const id = { ...m.chip, yes: m.yes, no: m.no };
    const chip = (term: FilterTerm) => describeTerm(term, creatorFields, undefined, id);
    expect(chip({ op: 'contains', field: 'city', value: 'band' })).toBe('City mengandung “band”');
    expect(chip({ op: 'empty', field: 'email', empty: true })).toBe('Email kosong');
    expect(chip({ op: 'empty', field: 'email', empty: false })).toBe('Email tidak kosong');
    // 3.0: a caller's own chip texts must say "is not empty" (2.x let them leave it out, and English stood in).
    const { isNotEmpty: _left, ...older } = id;
    // @ts-expect-error isNotEmpty is required
    const olderTexts: ChipTexts = older;
    expect(olderTexts.isNotEmpty).toBeUndefined();
    expect(chip({ op: 'within', field: 'joined_on', days: 30 })).toBe('Joined dalam 30 hari terakhir');
    expect(chip({ op: 'eq', field: 'active', value: false })).toBe('Active: Tidak');
    expect(chip({ op: 'eq', field: 'active', value: 'true' })).toBe('Active: Ya');
    expect(
      chip({
        any: [
          [
            { op: 'in', field: 'platform', values: ['tiktok', 'instagram'] },
            { op: 'empty', field: 'email', empty: false },
          ],
          [{ op: 'empty', field: 'email', empty: true }],
        ],
      }),
    ).toBe('Platform: TikTok, Instagram dan Email tidak kosong atau Email kosong');
    expect(termLabel({ any: [] }, creatorFields, m.chip)).toBe('kondisi preset');
  });
});

describe('FilterBar', () => {
  afterEach(() => vi.useRealTimers());

  it('debounces the search and reports it once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onSearchChange = fn();
    render(<Default onSearchChange={onSearchChange} searchDebounceMs={300} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'siti');
    expect(onSearchChange).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(onSearchChange).toHaveBeenCalledTimes(1);
    expect(onSearchChange).toHaveBeenCalledWith('siti');
  });

  it('adds a multi-select enum filter and a boolean filter', async () => {
    const onFilterChange = fn();
    render(<Default onFilterChange={onFilterChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const fields = within(screen.getByRole('dialog', { name: 'Add filter' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(fields).toEqual(['Platform', 'Followers', 'Rate per post', 'Active', 'Joined', 'City', 'Email']);
    await userEvent.click(screen.getByRole('button', { name: 'Active' }));
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onFilterChange).toHaveBeenLastCalledWith({
      filters: [{ op: 'eq', field: 'active', value: false }],
      groups: [],
    });
    expect(screen.getByRole('button', { name: 'Edit filter: Active: No' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add filter' })).toHaveFocus();
  });

  it('edits and removes chips', async () => {
    const onFilterChange = fn();
    render(<WithFilters onFilterChange={onFilterChange} />);
    await userEvent.click(screen.getByRole('button', { name: /Edit filter: Platform/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Instagram' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('button', { name: 'Edit filter: Platform: TikTok' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Rate per post' }));
    expect(onFilterChange.mock.lastCall![0].filters).toEqual([
      { op: 'in', field: 'platform', values: ['tiktok'] },
      { op: 'contains', field: 'city', value: 'band' },
      { op: 'empty', field: 'email', empty: true },
    ]);
    expect(onFilterChange.mock.lastCall![0].groups).toEqual([]);
  });

  it('rejects a non-numeric range and closes editors with Escape', async () => {
    render(<RangeFilter />);
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Followers' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'From' }), 'banyak');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter numbers for the range');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add filter' })).toHaveFocus();
  });

  it('clears filters and search together', async () => {
    const onSearchChange = fn();
    const onFilterChange = fn();
    render(<ClearAll onSearchChange={onSearchChange} onFilterChange={onFilterChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onSearchChange).toHaveBeenCalledWith('');
    expect(onFilterChange).toHaveBeenLastCalledWith({ filters: [], groups: [] });
  });

  it('drives presets through the filterPresets machine', async () => {
    render(<WithPresets />);
    const preset = await screen.findByRole('combobox', { name: 'Preset' });
    await waitFor(() => expect(preset).toHaveValue('packaging'));
    expect(screen.getByRole('button', { name: 'Remove filter preset conditions' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter preset conditions' }));
    expect(screen.getByText('Modified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to Packaging' }));
    expect(screen.getByRole('list', { name: 'Active filters' })).toHaveTextContent(
      'Status: Waiting, Ready to Ship',
    );
    await userEvent.selectOptions(preset, '');
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });

  it('saves and deletes a user preset', async () => {
    render(<SavePreset />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Preset' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Save as preset…' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Preset name' }), 'Semua{Enter}');
    expect(
      within(screen.getByRole('group', { name: 'My presets' })).getByRole('option', { name: 'Semua' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete preset Semua' }));
    expect(screen.queryByRole('group', { name: 'My presets' })).toBeNull();
  });

  it('shows a failed preset save with Retry', async () => {
    render(<PresetsSaveFailed />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Preset' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Save as preset…' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Preset name' }), 'Mine{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Browser storage is full');
  });

  it('lists saved views with share, delete and save', async () => {
    const onSaveView = fn();
    const onShareView = fn();
    render(<SavedViews onSaveView={onSaveView} onShareView={onShareView} />);
    await userEvent.click(screen.getByRole('button', { name: 'View: Top TikTok' }));
    const menu = screen.getByRole('dialog', { name: 'Saved views' });
    expect(within(menu).getByRole('switch', { name: 'Share Top TikTok' })).toBeChecked();
    await userEvent.click(within(menu).getByRole('switch', { name: 'Share Top TikTok' }));
    expect(onShareView).toHaveBeenCalledWith('v2', false);
    expect(within(menu).getByText('Shared', { selector: '.cui-saved-views-badge' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Save view' })).toBeDisabled();
    await userEvent.type(
      within(menu).getByRole('textbox', { name: 'Save current view as' }),
      'Private one{Enter}',
    );
    expect(onSaveView).toHaveBeenCalledWith({ name: 'Private one', shared: false });
  });

  it('drives a DataTable from the preset view: rows, hidden columns and hidden rendering', async () => {
    render(<WithDataTable />);
    const grid = screen.getByRole('grid', { name: 'Packages' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(5));
    expect(screen.queryByRole('columnheader', { name: 'Customer notified' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Customer notified' }));
    expect(screen.getByRole('columnheader', { name: 'Customer notified' })).toBeInTheDocument();
    expect(screen.getByText('Modified')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Preset' }), 'receipt-confirmation');
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(grid).not.toHaveTextContent('SICEPAT-551');
  });

  it('filters a relation by ids picked with the keyboard; Enter in the search does not apply', async () => {
    const onFilterChange = fn();
    render(<RelationFilter onFilterChange={onFilterChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tribe' }));
    const search = screen.getByRole('combobox', { name: 'Add Tribe' });
    await userEvent.type(search, 'har');
    await screen.findByRole('option', { name: 'Tribe Harimau' });
    await userEvent.keyboard('{Enter}');
    expect(onFilterChange).not.toHaveBeenCalled();
    expect(screen.getByRole('list', { name: 'Chosen Tribe' })).toHaveTextContent('Tribe Harimau');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onFilterChange).toHaveBeenLastCalledWith({
      filters: [{ op: 'in', field: 'tribe_id', values: ['t3'] }],
      groups: [],
    });
    expect(screen.getByRole('button', { name: 'Edit filter: Tribe: Tribe Harimau' })).toBeInTheDocument();
  });

  it('filters a relation by numeric ids as numbers, as the list types a row id', async () => {
    const onFilterChange = fn();
    const loadOptions = async () => [
      { value: '12', label: 'Tribe Dua Belas' },
      { value: 'x7', label: 'Tribe Lain' },
    ];
    render(<RelationFilter onFilterChange={onFilterChange} loadOptions={loadOptions} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tribe' }));
    const search = screen.getByRole('combobox', { name: 'Add Tribe' });
    await userEvent.type(search, 'tribe');
    await userEvent.click(await screen.findByRole('option', { name: 'Tribe Dua Belas' }));
    await userEvent.clear(search);
    await userEvent.type(search, 'lain');
    await userEvent.click(await screen.findByRole('option', { name: 'Tribe Lain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onFilterChange).toHaveBeenLastCalledWith({
      filters: [{ op: 'in', field: 'tribe_id', values: [12, 'x7'] }],
      groups: [],
    });
    expect(
      screen.getByRole('button', { name: 'Edit filter: Tribe: Tribe Dua Belas, Tribe Lain' }),
    ).toBeInTheDocument();
  });

  it("names each chip's kind by its condition's op, or group for an OR group", async () => {
    const { unmount } = render(<IsNotEmpty />);
    const kinds = () =>
      within(screen.getByRole('list', { name: 'Active filters' }))
        .getAllByRole('listitem')
        .map((chip) => chip.dataset.kind);
    expect(kinds()).toEqual(['empty', 'in']);
    unmount();
    render(<WithPresets />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Preset' })).toHaveValue('packaging'));
    expect(kinds()).toEqual(['group']);
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Customer notified' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // Conditions come before the OR groups.
    expect(kinds()).toEqual(['eq', 'group']);
  });

  it('offers relation fields only with loadOptions', () => {
    render(<RelationFilter loadOptions={undefined} />);
    return userEvent.click(screen.getByRole('button', { name: 'Add filter' })).then(() => {
      expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Tribe' })).toBeNull();
    });
  });
});
