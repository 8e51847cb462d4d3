import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from './ProgressBar.js';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  args: { label: 'Mengunggah laporan', value: 0 },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

const bar = (canvasElement: HTMLElement) => within(canvasElement).getByRole('progressbar');

/** Nothing sent yet. */
export const Start: Story = {
  play: async ({ canvasElement }) => {
    await expect(bar(canvasElement)).toHaveAccessibleName('Mengunggah laporan');
    await expect(bar(canvasElement)).toHaveAttribute('aria-valuenow', '0');
  },
};

/** Part way, with a value text of its own. */
export const Active: Story = {
  args: { value: 1_200_000, max: 3_400_000, valueText: '1,2 MB dari 3,4 MB' },
  play: async ({ canvasElement }) => {
    await expect(bar(canvasElement)).toHaveAttribute('aria-valuenow', '35');
    await expect(bar(canvasElement)).toHaveAttribute('aria-valuetext', '1,2 MB dari 3,4 MB');
  },
};

/** The total is not known yet (the server is working): no value, a sliding fill. */
export const Indeterminate: Story = {
  args: { value: null, label: 'Menyimpan ke database' },
  play: async ({ canvasElement }) => {
    await expect(bar(canvasElement)).not.toHaveAttribute('aria-valuenow');
    await expect(canvasElement.querySelector('.cui-progress-bar')).toHaveAttribute('data-indeterminate');
  },
};

/** Finished. */
export const Done: Story = {
  args: { value: 1, status: 'done', label: 'Selesai' },
  play: async ({ canvasElement }) => {
    await expect(bar(canvasElement)).toHaveAttribute('aria-valuenow', '100');
    await expect(canvasElement.querySelector('.cui-progress-bar')).toHaveAttribute('data-status', 'done');
  },
};

/** Stopped by an error. */
export const Failed: Story = {
  args: { value: 0.6, status: 'error', label: 'Gagal mengunggah' },
  play: async ({ canvasElement }) => {
    await expect(bar(canvasElement)).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Every state side by side, for review. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24, maxWidth: 420 }}>
      <ProgressBar label="Start" value={0} />
      <ProgressBar label="Active" value={0.35} valueText="1,2 MB dari 3,4 MB" />
      <ProgressBar label="Indeterminate" value={null} />
      <ProgressBar label="Done" value={1} status="done" />
      <ProgressBar label="Failed" value={0.6} status="error" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('progressbar')).toHaveLength(5);
  },
};
