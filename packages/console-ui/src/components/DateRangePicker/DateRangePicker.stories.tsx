import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DateRangePicker, dateRangeFromPreset } from './DateRangePicker.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

// 23 Nov 2026, 18:00 UTC: already 24 Nov 01:00 in Jakarta.
const NOW = new Date('2026-11-23T18:00:00Z');

const meta = {
  title: 'Reports/DateRangePicker',
  component: DateRangePicker,
  args: { now: NOW, onValueChange: fn(), defaultValue: dateRangeFromPreset('last7', NOW) },
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default: the 7 days before today in Jakarta. */
export const Last7Days: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('17–23 Nov 2026');
  },
};

/** Choosing a preset reports its days. */
export const ChoosePreset: Story = {
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', {
        name: messagesIn({ globals }, 'dateRangePicker').presetSelect(
          messagesIn({ globals }, 'dateRangePicker').label,
        ),
      }),
      messagesIn({ globals }, 'dateRangePicker').presets.lastMonth,
    );
    await expect(args.onValueChange).toHaveBeenCalledWith({
      preset: 'lastMonth',
      from: '2026-10-01',
      to: '2026-10-31',
    });
    await expect(canvas.getByRole('status')).toHaveTextContent('1–31 Okt 2026');
  },
};

/** Custom days. */
export const Custom: Story = {
  args: { defaultValue: { preset: 'custom', from: '2026-10-28', to: '2026-11-03' } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(messagesIn({ globals }, 'dateRangePicker').from)).toHaveValue(
      '2026-10-28',
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('28 Okt – 3 Nov 2026');
  },
};

/** A custom range in the wrong order is refused with a message. */
export const InvalidCustom: Story = {
  args: { defaultValue: { preset: 'custom', from: '2026-11-10', to: '2026-11-12' } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const from = canvas.getByLabelText(messagesIn({ globals }, 'dateRangePicker').from);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-20');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      messagesIn({ globals }, 'dateRangePicker').firstAfterLast,
    );
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const LongLabel: Story = {
  args: { label: 'Periode laporan pembelanjaan iklan dan pendapatan Mayar' },
};

export const Phone: Story = {
  args: { defaultValue: { preset: 'custom', from: '2026-10-28', to: '2026-11-03' } },
  render: (args) => (
    <div style={{ width: 375 }}>
      <DateRangePicker {...args} />
    </div>
  ),
};

export const Dark: Story = { ...Phone, globals: { theme: 'dark' } };

/** Every state side by side, for visual review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <DateRangePicker {...args} label="Preset" />
      <DateRangePicker
        {...args}
        label="Custom"
        defaultValue={{ preset: 'custom', from: '2026-10-28', to: '2026-11-03' }}
      />
      <DateRangePicker {...args} label="Disabled" disabled />
      <div style={{ width: 375 }}>
        <DateRangePicker {...args} label="Periode laporan pembelanjaan iklan dan pendapatan Mayar" />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('status')[0]).toHaveTextContent('17–23 Nov 2026');
  },
};

/** Every string replaced, here in English, through `messages` (key `dateRangePicker` in the provider). */
export const Messages: Story = {
  args: {
    defaultValue: { preset: 'custom', from: '2026-11-01', to: '2026-11-05' },
    messages: {
      label: 'Period',
      presetSelect: (label: string) => `${label}: preset`,
      presets: {
        today: 'Today',
        yesterday: 'Yesterday',
        last7: 'Last 7 days',
        last14: 'Last 14 days',
        last30: 'Last 30 days',
        thisMonth: 'This month',
        lastMonth: 'Last month',
        custom: 'Custom',
      },
      from: 'From',
      to: 'To',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole('combobox', { name: 'Period: preset' });
    await expect(within(select).getByRole('option', { name: 'Last 7 days' })).toBeInTheDocument();
    await expect(canvas.getByLabelText('From')).toBeInTheDocument();
  },
};
