import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DeltaChip } from './DeltaChip.js';

const meta = {
  title: 'Reports/DeltaChip',
  component: DeltaChip,
  args: { delta: 12.5 },
} satisfies Meta<typeof DeltaChip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Up: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('up +12,50% from the previous period')).toBeInTheDocument();
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
    await expect(within(canvasElement).getByText('+12,50%')).toBeInTheDocument();
    await expect(within(canvasElement).getAllByText('-3,00%')).toHaveLength(2);
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
    await expect(within(canvasElement).getByText('turun -3,00% dari periode sebelumnya')).toBeInTheDocument();
  },
};
