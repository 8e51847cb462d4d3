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
  ClearAll,
  WithPresets,
  SavePreset,
  PresetsSaveFailed,
  SavedViews,
} = composeStories(stories);

describe('filter model', () => {
  it('keeps an OR group from a preset as one term and ANDs new conditions beside it', () => {
    expect(filterTerms(PACKAGING_PRESET_FIXTURE.filter)).toEqual([PACKAGING_PRESET_FIXTURE.filter]);
    const next = setFieldCondition(PACKAGING_PRESET_FIXTURE.filter, 'receipt', {
      op: 'contains',
      field: 'receipt',
      value: 'JNE',
    });
    expect(next).toEqual({
      match: 'all',
      conditions: [PACKAGING_PRESET_FIXTURE.filter, { op: 'contains', field: 'receipt', value: 'JNE' }],
    });
    expect(removeTerm(next, 0)).toEqual({
      match: 'all',
      conditions: [{ op: 'contains', field: 'receipt', value: 'JNE' }],
    });
    expect(removeTerm(removeTerm(next, 0), 0)).toEqual({ match: 'any', conditions: [] });
  });

  it('replaces a field condition in place and describes terms', () => {
    const one = setFieldCondition({ match: 'any', conditions: [] }, 'followers', {
      op: 'range',
      field: 'followers',
      max: 5000,
    });
    const two = setFieldCondition(one, 'followers', {
      op: 'range',
      field: 'followers',
      min: 1000,
      max: 5000,
    });
    expect(two.conditions).toHaveLength(1);
    expect(describeTerm(two.conditions[0]!, creatorFields)).toBe('Followers: 1.000 – 5.000');
    expect(describeTerm({ op: 'equals', field: 'active', value: true }, creatorFields)).toBe('Active: Yes');
    expect(describeTerm({ op: 'range', field: 'joined_on', max: '2024-05-01' }, creatorFields)).toBe(
      'Joined ≤ 1 Mei 2024',
    );
  });

  it('describes chips in the Indonesian words under the Indonesian messages', () => {
    const m = FILTER_BAR_MESSAGES_ID;
    const id = { ...m.chip, yes: m.yes, no: m.no };
    const chip = (term: FilterTerm) => describeTerm(term, creatorFields, undefined, id);
    expect(chip({ op: 'contains', field: 'city', value: 'band' })).toBe('City mengandung “band”');
    expect(chip({ op: 'isEmpty', field: 'email' })).toBe('Email kosong');
    expect(chip({ op: 'isNotEmpty', field: 'email' })).toBe('Email tidak kosong');
    // A 2.x caller's own chip texts have no "is not empty": English stands in.
    const { isNotEmpty: _left, ...older } = id;
    expect(describeTerm({ op: 'isNotEmpty', field: 'email' }, creatorFields, undefined, older)).toBe(
      'Email is not empty',
    );
    expect(chip({ op: 'withinLastDays', field: 'joined_on', days: 30 })).toBe(
      'Joined dalam 30 hari terakhir',
    );
    expect(chip({ op: 'equals', field: 'active', value: false })).toBe('Active: Tidak');
    expect(
      chip({
        match: 'any',
        conditions: [
          { op: 'in', field: 'platform', values: ['tiktok', null] },
          { op: 'isEmpty', field: 'email' },
        ],
      }),
    ).toBe('Platform: TikTok, kosong atau Email kosong');
    expect(termLabel({ match: 'all', conditions: [] }, creatorFields, m.chip)).toBe('kondisi preset');
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
      match: 'all',
      conditions: [{ op: 'equals', field: 'active', value: false }],
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
    expect(onFilterChange.mock.lastCall![0].conditions).toEqual([
      { op: 'in', field: 'platform', values: ['tiktok'] },
      { op: 'contains', field: 'city', value: 'band' },
      { op: 'isEmpty', field: 'email' },
    ]);
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
    expect(onFilterChange).toHaveBeenLastCalledWith({ match: 'any', conditions: [] });
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
      match: 'all',
      conditions: [{ op: 'in', field: 'tribe_id', values: ['t3'] }],
    });
    expect(screen.getByRole('button', { name: 'Edit filter: Tribe: Tribe Harimau' })).toBeInTheDocument();
  });

  it('offers relation fields only with loadOptions', () => {
    render(<RelationFilter loadOptions={undefined} />);
    return userEvent.click(screen.getByRole('button', { name: 'Add filter' })).then(() => {
      expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Tribe' })).toBeNull();
    });
  });
});
