import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { creatorFields, fieldsInChosenLanguage } from '../DataTable/DataTable.fixtures.js';
import { loadTribeOptions } from '../ResourceForm/ResourceForm.fixtures.js';
import { FilterBar } from './FilterBar.js';
import {
  LogisticsListDemo,
  PresetsHarness,
  packageFields,
  sampleFilter,
  sampleViews,
} from './FilterBar.fixtures.js';

const creatorFilterFields = creatorFields.map((field) =>
  ['city', 'email'].includes(field.name) ? { ...field, filterable: true } : field,
);

const meta = {
  title: 'Data/FilterBar',
  component: FilterBar,
  decorators: [fieldsInChosenLanguage],
  args: {
    fields: creatorFilterFields,
    label: 'Filter creators',
    searchDebounceMs: 150,
    onSearchChange: fn(),
    onFilterChange: fn(),
  },
} satisfies Meta<typeof FilterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Search (debounced) and adding an enum filter: any of the chosen options. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'budi');
    await waitFor(() => expect(args.onSearchChange).toHaveBeenCalledWith('budi'));
    await expect(args.onSearchChange).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Platform' }));
    const editor = canvas.getByRole('dialog', { name: 'Filter Platform' });
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'Instagram' }));
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'TikTok' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    await expect(
      canvas.getByRole('button', { name: 'Edit filter: Platform: Instagram, TikTok' }),
    ).toBeInTheDocument();
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({
      match: 'all',
      conditions: [{ op: 'in', field: 'platform', values: ['instagram', 'tiktok'] }],
    });
  },
};

/** Chips for every kind of condition: any of, range, contains, is empty. Chips edit and remove. */
export const WithFilters: Story = {
  args: { defaultFilter: sampleFilter },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const chips = within(canvas.getByRole('list', { name: 'Active filters' })).getAllByRole('listitem');
    await expect(chips.map((chip) => chip.textContent?.replace('×', '').replace(/\s/g, ' '))).toEqual([
      'Platform: Instagram, TikTok',
      'Rate per post: Rp 500.000 – Rp 2.000.000',
      'City contains “band”',
      'Email is empty',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove filter Email' }));
    await userEvent.click(canvas.getByRole('button', { name: /Edit filter: City/ }));
    const editor = canvas.getByRole('dialog', { name: 'Filter City' });
    const input = within(editor).getByRole('textbox', { name: 'City contains' });
    await userEvent.clear(input);
    await userEvent.type(input, 'jakarta{Enter}');
    await expect(canvas.getByRole('button', { name: 'Edit filter: City contains “jakarta”' })).toHaveFocus();
    await expect(args.onFilterChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        conditions: expect.arrayContaining([{ op: 'contains', field: 'city', value: 'jakarta' }]),
      }),
    );
  },
};

/** Number, money and date fields filter by range. */
export const RangeFilter: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Rate per post' }));
    const editor = canvas.getByRole('dialog', { name: 'Filter Rate per post' });
    await userEvent.type(within(editor).getByRole('textbox', { name: 'From' }), '1.000.000');
    await userEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    await expect(
      canvas.getByRole('button', { name: /^Edit filter: Rate per post ≥ Rp\s1\.000\.000$/ }),
    ).toBeInTheDocument();
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({
      match: 'all',
      conditions: [{ op: 'range', field: 'rate_fee', min: 1000000 }],
    });
  },
};

/** Any field can be filtered to "is empty". */
export const IsEmpty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Joined' }));
    const editor = canvas.getByRole('dialog', { name: 'Filter Joined' });
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'Is empty' }));
    await expect(within(editor).getByLabelText('From')).toBeDisabled();
    await userEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({
      match: 'all',
      conditions: [{ op: 'isEmpty', field: 'joined_on' }],
    });
  },
};

/** With `loadOptions`, relation fields filter by any of the rows picked through a search. */
export const RelationFilter: Story = {
  args: {
    fields: [
      ...creatorFilterFields,
      {
        name: 'tribe_id',
        label: 'Tribe',
        type: 'relation',
        filterable: true,
        relation: { entity: 'tribes', labelField: 'name' },
      },
    ],
    loadOptions: loadTribeOptions,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Tribe' }));
    const search = canvas.getByRole('combobox', { name: 'Add Tribe' });
    await userEvent.type(search, 'gar');
    await userEvent.click(await canvas.findByRole('option', { name: 'Tribe Garuda' }));
    await userEvent.clear(search);
    await userEvent.type(search, 'kom');
    await userEvent.click(await canvas.findByRole('option', { name: 'Tribe Komodo' }));
    await expect(canvas.getByRole('list', { name: 'Chosen Tribe' })).toHaveTextContent('Tribe Garuda');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await expect(
      canvas.getByRole('button', { name: 'Edit filter: Tribe: Tribe Garuda, Tribe Komodo' }),
    ).toBeInTheDocument();
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({
      match: 'all',
      conditions: [{ op: 'in', field: 'tribe_id', values: ['t2', 't4'] }],
    });
  },
};

/** Clear all removes every filter and the search text at once. */
export const ClearAll: Story = {
  args: { defaultFilter: sampleFilter, defaultSearch: 'budi' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear all' }));
    await expect(canvas.queryByRole('list', { name: 'Active filters' })).toBeNull();
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await expect(args.onSearchChange).toHaveBeenCalledWith('');
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({ match: 'any', conditions: [] });
    await expect(canvas.queryByRole('button', { name: 'Clear all' })).toBeNull();
  },
};

/** Presets from the filterPresets machine: the Packaging preset's OR group is one chip. */
export const WithPresets: Story = {
  args: { fields: packageFields, label: 'Filter packages' },
  render: (args) => <PresetsHarness {...args} initialPresetId="packaging" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const preset = await canvas.findByRole('combobox', { name: 'Preset' });
    await waitFor(() => expect(preset).toHaveValue('packaging'));
    await expect(canvas.getByRole('list', { name: 'Active filters' })).toHaveTextContent(
      'Status: Waiting, Ready to Ship or Date sent within the last 30 days or Date sent is empty',
    );
    await userEvent.selectOptions(preset, 'receipt-confirmation');
    await expect(canvas.getByRole('list', { name: 'Active filters' })).toHaveTextContent(
      'Status: Shipping or Date sent within the last 30 days',
    );
    // Adding a filter on top keeps the preset's group and marks the preset modified.
    await userEvent.click(canvas.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Receipt' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Receipt contains' }), 'JNE{Enter}');
    await expect(canvas.getByText('Modified')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset to Receipt Confirmation' }));
    await expect(canvas.queryByText('Modified')).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Edit filter: Receipt/ })).toBeNull();
  },
};

/** Saving the current filters as the user's own preset, then deleting it. */
export const SavePreset: Story = {
  args: { fields: packageFields, label: 'Filter packages' },
  render: (args) => <PresetsHarness {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Preset' })).toBeEnabled());
    await userEvent.click(canvas.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Status' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Delivered' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save as preset…' }));
    const save = canvas.getByRole('button', { name: 'Save preset' });
    await userEvent.type(canvas.getByRole('textbox', { name: 'Preset name' }), 'Packaging');
    await expect(save).toBeDisabled(); // a built-in preset's name
    await userEvent.clear(canvas.getByRole('textbox', { name: 'Preset name' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Preset name' }), 'Delivered{Enter}');
    await expect(canvas.getByRole('combobox', { name: 'Preset' })).toHaveValue('user:delivered');
    await userEvent.click(canvas.getByRole('button', { name: 'Delete preset Delivered' }));
    await expect(canvas.getByRole('combobox', { name: 'Preset' })).toHaveValue('');
  },
};

/** User presets still loading: the picker waits. */
export const PresetsLoading: Story = {
  args: { fields: packageFields, label: 'Filter packages' },
  render: (args) => <PresetsHarness {...args} hangLoading />,
  play: async ({ canvasElement }) => {
    const preset = within(canvasElement).getByRole('combobox', { name: 'Preset' });
    await expect(preset).toBeDisabled();
    await expect(preset).toHaveTextContent('Loading presets…');
  },
};

/** Saving presets failed: the reason and Retry. */
export const PresetsSaveFailed: Story = {
  args: { fields: packageFields, label: 'Filter packages' },
  render: (args) => <PresetsHarness {...args} failSaving />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Preset' })).toBeEnabled());
    await userEvent.click(canvas.getByRole('button', { name: 'Save as preset…' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Preset name' }), 'Mine{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Presets: Browser storage is full');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/** Saved views: open, share, delete, save the current one. */
export const SavedViews: Story = {
  args: {
    savedViews: sampleViews,
    activeViewId: 'v2',
    onSelectView: fn(),
    onSaveView: fn(),
    onShareView: fn(),
    onDeleteView: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'View: Top TikTok' }));
    const menu = canvas.getByRole('dialog', { name: 'Saved views' });
    await expect(within(menu).getByRole('button', { name: 'Top TikTok' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(within(menu).queryByRole('button', { name: 'Delete view Finance review' })).toBeNull();
    await userEvent.click(within(menu).getByRole('switch', { name: 'Share Jakarta creators' }));
    await expect(args.onShareView).toHaveBeenCalledWith('v1', true);
    await userEvent.click(within(menu).getByRole('button', { name: 'Delete view Jakarta creators' }));
    await expect(args.onDeleteView).toHaveBeenCalledWith('v1');
    await userEvent.type(within(menu).getByRole('textbox', { name: 'Save current view as' }), 'Bandung');
    await userEvent.click(
      within(menu).getByRole('checkbox', { name: 'Share with everyone who can read this list' }),
    );
    await userEvent.click(within(menu).getByRole('button', { name: 'Save view' }));
    await expect(args.onSaveView).toHaveBeenCalledWith({ name: 'Bandung', shared: true });
    await expect(canvas.queryByRole('dialog', { name: 'Saved views' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'View: Top TikTok' }));
    await userEvent.click(within(canvas.getByRole('dialog')).getByRole('button', { name: /Finance review/ }));
    await expect(args.onSelectView).toHaveBeenCalledWith(expect.objectContaining({ id: 'v3' }));
  },
};

/** No saved views yet. */
export const SavedViewsEmpty: Story = {
  args: { savedViews: [], onSaveView: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Saved views' }));
    await expect(canvas.getByText('No saved views yet')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: 'Saved views' })).toHaveFocus();
  },
};

/** With a DataTable: the preset picks the rows and hides columns (Packaging) or a column's rendering (Receipt). */
export const WithDataTable: Story = {
  render: () => <LogisticsListDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid', { name: 'Packages' });
    const ids = () =>
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    await waitFor(() => expect(ids()).toEqual(['PKG-101', 'PKG-102', 'PKG-103', 'PKG-105']));
    await expect(canvas.queryByRole('columnheader', { name: 'Customer notified' })).toBeNull();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Preset' }), 'receipt-confirmation');
    await expect(ids()).toEqual(['PKG-103', 'PKG-104', 'PKG-105']);
    await expect(canvas.getByRole('columnheader', { name: 'Customer notified' })).toBeInTheDocument();
    await expect(canvas.getByRole('columnheader', { name: 'Receipt' })).toBeInTheDocument();
    await expect(grid).not.toHaveTextContent('JNE-88123');
  },
};

/** Every state for visual review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <FilterBar {...args} label="Empty" />
      <FilterBar {...args} label="With filters" defaultFilter={sampleFilter} defaultSearch="budi" />
      <FilterBar
        {...args}
        label="With saved views"
        savedViews={sampleViews}
        activeViewId="v1"
        onSaveView={() => {}}
      />
      <PresetsHarness {...args} fields={packageFields} label="Preset" initialPresetId="packaging" />
      <PresetsHarness {...args} fields={packageFields} label="Presets loading" hangLoading />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('search')).toHaveLength(5);
  },
};

/** The same states on the dark tokens (axe checks contrast there too). */
export const AllStatesDark: Story = {
  ...AllStates,
  globals: { theme: 'dark' },
  play: async (context) => {
    await expect(context.canvasElement.querySelector('[data-theme]')).toHaveAttribute('data-theme', 'dark');
    await AllStates.play?.(context);
  },
};
