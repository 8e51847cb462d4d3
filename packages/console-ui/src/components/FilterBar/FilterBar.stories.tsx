import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { messagesIn } from '../../../../../.storybook/messages.js';
import { creatorFields, fieldsInChosenLanguage, fixtureLabel } from '../DataTable/DataTable.fixtures.js';
import { loadTribeOptions } from '../ResourceForm/ResourceForm.fixtures.js';
import { FilterBar } from './FilterBar.js';
import type { FilterPreset } from '../../machines/filterPresets.machine.js';
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

/** What the active filters' chips say, without their remove buttons' "×". */
const chipTexts = (canvas: ReturnType<typeof within>, listName: string) =>
  within(canvas.getByRole('list', { name: listName }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent?.replace('×', '').replace(/\s/g, ' '));

/** Search (debounced) and adding an enum filter: any of the chosen options. */
export const Default: Story = {
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const label = (name: string) => fixtureLabel({ globals }, name);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: m.search }), 'budi');
    await waitFor(() => expect(args.onSearchChange).toHaveBeenCalledWith('budi'));
    await expect(args.onSearchChange).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: m.addFilter }));
    await userEvent.click(canvas.getByRole('button', { name: label('platform') }));
    const editor = canvas.getByRole('dialog', { name: m.filterField(label('platform')) });
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'Instagram' }));
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'TikTok' }));
    await userEvent.click(within(editor).getByRole('button', { name: m.apply }));
    await expect(
      canvas.getByRole('button', { name: m.editFilter(`${label('platform')}: Instagram, TikTok`) }),
    ).toBeInTheDocument();
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({
      filters: [{ op: 'in', field: 'platform', values: ['instagram', 'tiktok'] }],
      groups: [],
    });
  },
};

/** Chips for every kind of condition: any of, range, contains, is empty. Chips edit and remove. */
export const WithFilters: Story = {
  args: { defaultFilter: sampleFilter },
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const label = (name: string) => fixtureLabel({ globals }, name);
    const canvas = within(canvasElement);
    await expect(chipTexts(canvas, m.activeFilters)).toEqual([
      `${label('platform')}: Instagram, TikTok`,
      `${label('rate_fee')}: Rp 500.000 – Rp 2.000.000`,
      m.chip.contains(label('city'), 'band'),
      m.chip.isEmpty(label('email')),
    ]);
    await userEvent.click(canvas.getByRole('button', { name: m.removeFilter(label('email')) }));
    await userEvent.click(
      canvas.getByRole('button', { name: m.editFilter(m.chip.contains(label('city'), 'band')) }),
    );
    const editor = canvas.getByRole('dialog', { name: m.filterField(label('city')) });
    const input = within(editor).getByRole('textbox', { name: m.contains(label('city')) });
    await userEvent.clear(input);
    await userEvent.type(input, 'jakarta{Enter}');
    await expect(
      canvas.getByRole('button', { name: m.editFilter(m.chip.contains(label('city'), 'jakarta')) }),
    ).toHaveFocus();
    await expect(args.onFilterChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        filters: expect.arrayContaining([{ op: 'contains', field: 'city', value: 'jakarta' }]),
      }),
    );
  },
};

/** Number, money and date fields filter by range. */
export const RangeFilter: Story = {
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const label = (name: string) => fixtureLabel({ globals }, name);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: m.addFilter }));
    await userEvent.click(canvas.getByRole('button', { name: label('rate_fee') }));
    const editor = canvas.getByRole('dialog', { name: m.filterField(label('rate_fee')) });
    await userEvent.type(within(editor).getByRole('textbox', { name: m.from }), '1.000.000');
    await userEvent.click(within(editor).getByRole('button', { name: m.apply }));
    await expect(
      canvas.getByRole('button', { name: m.editFilter(`${label('rate_fee')} ≥ Rp\u00a01.000.000`) }),
    ).toBeInTheDocument();
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({
      filters: [{ op: 'range', field: 'rate_fee', min: 1000000, max: null }],
      groups: [],
    });
  },
};

/** Any field can be filtered to "is empty". */
export const IsEmpty: Story = {
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const label = (name: string) => fixtureLabel({ globals }, name);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: m.addFilter }));
    await userEvent.click(canvas.getByRole('button', { name: label('joined_on') }));
    const editor = canvas.getByRole('dialog', { name: m.filterField(label('joined_on')) });
    await userEvent.click(within(editor).getByRole('checkbox', { name: m.isEmpty }));
    await expect(within(editor).getByLabelText(m.from)).toBeDisabled();
    await userEvent.click(within(editor).getByRole('button', { name: m.apply }));
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({
      filters: [{ op: 'empty', field: 'joined_on', empty: true }],
      groups: [],
    });
  },
};

/**
 * "Is not empty" (from a link or a saved view) has its chip; removing it clears the condition, and the field's editor
 * makes it again (one of "is empty" and "is not empty" at a time).
 */
export const IsNotEmpty: Story = {
  args: {
    defaultFilter: {
      filters: [
        { op: 'empty', field: 'email', empty: false },
        { op: 'in', field: 'platform', values: ['tiktok'] },
      ],
      groups: [],
    },
  },
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const label = (name: string) => fixtureLabel({ globals }, name);
    const canvas = within(canvasElement);
    await expect(chipTexts(canvas, m.activeFilters)).toEqual([
      m.chip.isNotEmpty(label('email')),
      `${label('platform')}: TikTok`,
    ]);
    await userEvent.click(canvas.getByRole('button', { name: m.removeFilter(label('email')) }));
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({
      filters: [{ op: 'in', field: 'platform', values: ['tiktok'] }],
      groups: [],
    });

    await userEvent.click(canvas.getByRole('button', { name: m.addFilter }));
    await userEvent.click(canvas.getByRole('button', { name: label('email') }));
    const editor = canvas.getByRole('dialog', { name: m.filterField(label('email')) });
    const isEmpty = within(editor).getByRole('checkbox', { name: m.isEmpty });
    const isNotEmpty = within(editor).getByRole('checkbox', { name: m.isNotEmpty });
    await userEvent.click(isEmpty);
    await userEvent.click(isNotEmpty);
    await expect(isEmpty).not.toBeChecked();
    await expect(within(editor).getByRole('textbox', { name: m.contains(label('email')) })).toBeDisabled();
    await userEvent.click(within(editor).getByRole('button', { name: m.apply }));
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({
      filters: [
        { op: 'in', field: 'platform', values: ['tiktok'] },
        { op: 'empty', field: 'email', empty: false },
      ],
      groups: [],
    });
    await expect(
      canvas.getByRole('button', { name: m.editFilter(m.chip.isNotEmpty(label('email'))) }),
    ).toBeInTheDocument();
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
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: m.addFilter }));
    await userEvent.click(canvas.getByRole('button', { name: 'Tribe' }));
    const search = canvas.getByRole('combobox', { name: m.addValue('Tribe') });
    await userEvent.type(search, 'gar');
    await userEvent.click(await canvas.findByRole('option', { name: 'Tribe Garuda' }));
    await userEvent.clear(search);
    await userEvent.type(search, 'kom');
    await userEvent.click(await canvas.findByRole('option', { name: 'Tribe Komodo' }));
    await expect(canvas.getByRole('list', { name: m.chosen('Tribe') })).toHaveTextContent('Tribe Garuda');
    await userEvent.click(canvas.getByRole('button', { name: m.apply }));
    await expect(
      canvas.getByRole('button', { name: m.editFilter('Tribe: Tribe Garuda, Tribe Komodo') }),
    ).toBeInTheDocument();
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({
      filters: [{ op: 'in', field: 'tribe_id', values: ['t2', 't4'] }],
      groups: [],
    });
  },
};

/** Clear all removes every filter and the search text at once. */
export const ClearAll: Story = {
  args: { defaultFilter: sampleFilter, defaultSearch: 'budi' },
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: m.clearAll }));
    await expect(canvas.queryByRole('list', { name: m.activeFilters })).toBeNull();
    await expect(canvas.getByRole('searchbox', { name: m.search })).toHaveValue('');
    await expect(args.onSearchChange).toHaveBeenCalledWith('');
    await expect(args.onFilterChange).toHaveBeenLastCalledWith({ filters: [], groups: [] });
    await expect(canvas.queryByRole('button', { name: m.clearAll })).toBeNull();
  },
};

/** Presets from the filterPresets machine: the Packaging preset's OR group is one chip. */
export const WithPresets: Story = {
  args: { fields: packageFields, label: 'Filter packages' },
  render: (args) => <PresetsHarness {...args} initialPresetId="packaging" />,
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const canvas = within(canvasElement);
    const preset = await canvas.findByRole('combobox', { name: m.preset });
    await waitFor(() => expect(preset).toHaveValue('packaging'));
    await expect(canvas.getByRole('list', { name: m.activeFilters })).toHaveTextContent(
      [
        'Status: Waiting, Ready to Ship',
        m.chip.withinLastDays('Date sent', 30),
        m.chip.isEmpty('Date sent'),
      ].join(m.chip.or),
    );
    await userEvent.selectOptions(preset, 'receipt-confirmation');
    await expect(canvas.getByRole('list', { name: m.activeFilters })).toHaveTextContent(
      ['Status: Shipping', m.chip.withinLastDays('Date sent', 30)].join(m.chip.or),
    );
    // Adding a filter on top keeps the preset's group and marks the preset modified.
    await userEvent.click(canvas.getByRole('button', { name: m.addFilter }));
    await userEvent.click(canvas.getByRole('button', { name: 'Receipt' }));
    await userEvent.type(canvas.getByRole('textbox', { name: m.contains('Receipt') }), 'JNE{Enter}');
    await expect(canvas.getByText(m.modified)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: m.resetTo('Receipt Confirmation') }));
    await expect(canvas.queryByText(m.modified)).toBeNull();
    await expect(canvas.queryByRole('button', { name: new RegExp(m.editFilter('Receipt')) })).toBeNull();
  },
};

/** Saving the current filters as the user's own preset, then deleting it. */
export const SavePreset: Story = {
  args: { fields: packageFields, label: 'Filter packages' },
  render: (args) => <PresetsHarness {...args} />,
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('combobox', { name: m.preset })).toBeEnabled());
    await userEvent.click(canvas.getByRole('button', { name: m.addFilter }));
    await userEvent.click(canvas.getByRole('button', { name: 'Status' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Delivered' }));
    await userEvent.click(canvas.getByRole('button', { name: m.apply }));
    await userEvent.click(canvas.getByRole('button', { name: m.saveAsPreset }));
    const save = canvas.getByRole('button', { name: m.savePreset });
    await userEvent.type(canvas.getByRole('textbox', { name: m.presetName }), 'Packaging');
    await expect(save).toBeDisabled(); // a built-in preset's name
    await userEvent.clear(canvas.getByRole('textbox', { name: m.presetName }));
    await userEvent.type(canvas.getByRole('textbox', { name: m.presetName }), 'Delivered{Enter}');
    await expect(canvas.getByRole('combobox', { name: m.preset })).toHaveValue('user:delivered');
    await userEvent.click(canvas.getByRole('button', { name: m.deletePreset('Delivered') }));
    await expect(canvas.getByRole('combobox', { name: m.preset })).toHaveValue('');
  },
};

/**
 * A user preset stored by console-ui 2.x that could only be approximated (a condition 3.0 cannot read): it opens
 * with what could be read and says so; saving it again under its name keeps it as it is now, and the note goes.
 */
export const ApproximatedPreset: Story = {
  args: {
    fields: packageFields,
    label: 'Filter packages',
  },
  render: (args) => (
    <PresetsHarness
      {...args}
      initialPresetId="user:old"
      storedPresets={[
        {
          id: 'user:old',
          name: 'Old',
          filter: {
            match: 'all',
            conditions: [
              { op: 'equals', field: 'status', value: 'Delivered' },
              { op: 'startsWith', field: 'receipt', value: 'JNE' },
            ],
          },
          hiddenColumns: [],
          hiddenRendering: [],
        } as unknown as FilterPreset,
      ]}
    />
  ),
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const canvas = within(canvasElement);
    const preset = await canvas.findByRole('combobox', { name: m.preset });
    await waitFor(() => expect(preset).toHaveValue('user:old'));
    await expect(canvas.getByRole('note')).toHaveTextContent(m.presetApproximated('Old'));
    await expect(canvas.getByRole('list', { name: m.activeFilters })).toHaveTextContent('Status: Delivered');
    await userEvent.click(canvas.getByRole('button', { name: m.saveAsPreset }));
    await userEvent.type(canvas.getByRole('textbox', { name: m.presetName }), 'Old{Enter}');
    await expect(preset).toHaveValue('user:old');
    await expect(canvas.queryByRole('note')).toBeNull();
  },
};

/** User presets still loading: the picker waits. */
export const PresetsLoading: Story = {
  args: { fields: packageFields, label: 'Filter packages' },
  render: (args) => <PresetsHarness {...args} hangLoading />,
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const preset = within(canvasElement).getByRole('combobox', { name: m.preset });
    await expect(preset).toBeDisabled();
    await expect(preset).toHaveTextContent(m.loadingPresets);
  },
};

/** Saving presets failed: the reason and Retry. */
export const PresetsSaveFailed: Story = {
  args: { fields: packageFields, label: 'Filter packages' },
  render: (args) => <PresetsHarness {...args} failSaving />,
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('combobox', { name: m.preset })).toBeEnabled());
    await userEvent.click(canvas.getByRole('button', { name: m.saveAsPreset }));
    await userEvent.type(canvas.getByRole('textbox', { name: m.presetName }), 'Mine{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      m.presetsError('Browser storage is full'),
    );
    await expect(canvas.getByRole('button', { name: m.retry })).toBeInTheDocument();
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
  play: async ({ canvasElement, args, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: m.activeView('Top TikTok') }));
    const menu = canvas.getByRole('dialog', { name: m.savedViews });
    await expect(within(menu).getByRole('button', { name: 'Top TikTok' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(within(menu).queryByRole('button', { name: m.deleteView('Finance review') })).toBeNull();
    await userEvent.click(within(menu).getByRole('switch', { name: m.shareView('Jakarta creators') }));
    await expect(args.onShareView).toHaveBeenCalledWith('v1', true);
    await userEvent.click(within(menu).getByRole('button', { name: m.deleteView('Jakarta creators') }));
    await expect(args.onDeleteView).toHaveBeenCalledWith('v1');
    await userEvent.type(within(menu).getByRole('textbox', { name: m.saveViewAs }), 'Bandung');
    await userEvent.click(within(menu).getByRole('checkbox', { name: m.shareWithEveryone }));
    await userEvent.click(within(menu).getByRole('button', { name: m.saveView }));
    await expect(args.onSaveView).toHaveBeenCalledWith({ name: 'Bandung', shared: true });
    await expect(canvas.queryByRole('dialog', { name: m.savedViews })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: m.activeView('Top TikTok') }));
    await userEvent.click(within(canvas.getByRole('dialog')).getByRole('button', { name: /Finance review/ }));
    await expect(args.onSelectView).toHaveBeenCalledWith(expect.objectContaining({ id: 'v3' }));
  },
};

/** No saved views yet. */
export const SavedViewsEmpty: Story = {
  args: { savedViews: [], onSaveView: fn() },
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: m.savedViews }));
    await expect(canvas.getByText(m.noSavedViews)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('button', { name: m.savedViews })).toHaveFocus();
  },
};

/** With a DataTable: the preset picks the rows and hides columns (Packaging) or a column's rendering (Receipt). */
export const WithDataTable: Story = {
  render: () => <LogisticsListDemo />,
  play: async ({ canvasElement, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid', { name: 'Packages' });
    const ids = () =>
      within(grid)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    await waitFor(() => expect(ids()).toEqual(['PKG-101', 'PKG-102', 'PKG-103', 'PKG-105']));
    await expect(canvas.queryByRole('columnheader', { name: 'Customer notified' })).toBeNull();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: m.preset }), 'receipt-confirmation');
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
