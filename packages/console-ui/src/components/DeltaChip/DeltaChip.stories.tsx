import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { messagesIn } from '../../../../../.storybook/messages.js';
import { DeltaChip } from './DeltaChip.js';
import { formatDelta } from './formatMeasure.js';

const meta = {
  title: 'Reports/DeltaChip',
  component: DeltaChip,
  args: { delta: 12.5 },
} satisfies Meta<typeof DeltaChip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Up: Story = {
  play: async (context) => {
    const m = messagesIn(context, 'deltaChip');
    await expect(
      within(context.canvasElement).getByText(m.up(formatDelta(12.5), m.previousPeriod)),
    ).toBeInTheDocument();
  },
};
export const Down: Story = { args: { delta: -3 } };
export const CostDown: Story = { args: { delta: -3, trend: 'lower' } };
export const Flat: Story = { args: { delta: 0 } };
/** Nothing to compare with (no previous figure, or zero). */
export const NoComparison: Story = { args: { delta: null } };
export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <p>
      <DeltaChip delta={10} /> <DeltaChip delta={-10} /> <DeltaChip delta={-10} trend="lower" />{' '}
      <DeltaChip delta={null} />
    </p>
  ),
};

/** Every state side by side, for visual review. */
export const AllStates: Story = {
  render: () => (
    <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <DeltaChip delta={12.5} /> <DeltaChip delta={-3} /> <DeltaChip delta={-3} trend="lower" />{' '}
      <DeltaChip delta={3} trend="lower" /> <DeltaChip delta={0} /> <DeltaChip delta={null} />
    </p>
  ),
  // In any language (the visual test shows it in Indonesian too): the figures are id-ID in both.
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(formatDelta(12.5))).toBeInTheDocument();
    await expect(within(canvasElement).getAllByText(formatDelta(-3))).toHaveLength(2);
  },
};

/** The screen-reader text replaced through `messages` (key `deltaChip` in the provider). */
export const Messages: Story = {
  args: {
    delta: -3,
    messages: {
      previousPeriod: 'periode sebelumnya',
      down: (change: string, comparedTo: string) => `turun ${change} dari ${comparedTo}`,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(`turun ${formatDelta(-3)} dari periode sebelumnya`),
    ).toBeInTheDocument();
  },
};
