import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BulkOutcomes, type BulkOutcomeItem } from './BulkOutcomes.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { BULK_OUTCOMES_MESSAGES_ID } from '../../i18n/messages.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

const DONE: BulkOutcomeItem[] = [
  { id: '1', label: 'Budi Santoso (budi@example.com)', status: 'done', detail: '3 purchases moved' },
  { id: '2', label: 'Ayu Lestari (ayu@example.com)', status: 'done', detail: '1 purchase moved' },
];
const FAILED: BulkOutcomeItem[] = [
  {
    id: '3',
    label: 'Rina Wulandari (rina@example.com)',
    status: 'failed',
    detail: 'This email change was already rejected; it cannot be processed again.',
  },
  {
    id: '4',
    label: 'Dedi Kurniawan (dedi@example.com)',
    status: 'failed',
    detail: 'No purchase under the old email matches this request.',
  },
];
const WORKING: BulkOutcomeItem[] = [
  { id: '5', label: 'Sari Dewi (sari@example.com)', status: 'working' },
  { id: '6', label: 'Agus Pratama (agus@example.com)', status: 'working' },
];

const meta = {
  title: 'Feedback/BulkOutcomes',
  component: BulkOutcomes,
  args: { title: 'Approved 2 requests', items: DONE },
} satisfies Meta<typeof BulkOutcomes>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).getByRole('region', { name });

/** Every row went through. */
export const AllDone: Story = {
  play: async ({ canvasElement, globals }) => {
    const outcomes = region(canvasElement, 'Approved 2 requests');
    await expect(within(outcomes).getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'bulkOutcomes').summary('2', '0', '0'),
    );
    await expect(within(outcomes).getAllByRole('listitem')).toHaveLength(2);
    await expect(outcomes).toHaveAttribute('data-state', 'done');
  },
};

/** Some went through, some were refused with the server's reason. */
export const Mixed: Story = {
  args: { title: 'Approved 2 of 4 requests', items: [...DONE, ...FAILED] },
  play: async ({ canvasElement, globals }) => {
    const outcomes = region(canvasElement, 'Approved 2 of 4 requests');
    await expect(within(outcomes).getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'bulkOutcomes').summary('2', '2', '0'),
    );
    await expect(outcomes).toHaveAttribute('data-state', 'failed');
    await expect(within(outcomes).getByText(/already rejected/)).toBeVisible();
  },
};

/** Every row was refused. */
export const AllFailed: Story = {
  args: { title: 'Rejected 0 of 2 requests', items: FAILED },
  play: async ({ canvasElement, globals }) => {
    const outcomes = region(canvasElement, 'Rejected 0 of 2 requests');
    await expect(within(outcomes).getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'bulkOutcomes').summary('0', '2', '0'),
    );
    await expect(
      within(outcomes).getAllByText(messagesIn({ globals }, 'bulkOutcomes').status.failed),
    ).toHaveLength(2);
  },
};

/** Sent, no answer yet: the region is busy and says how many are still working. */
export const Working: Story = {
  args: { title: 'Approving 3 requests', items: [DONE[0]!, ...WORKING] },
  play: async ({ canvasElement, globals }) => {
    const outcomes = region(canvasElement, 'Approving 3 requests');
    await expect(outcomes).toHaveAttribute('aria-busy', 'true');
    await expect(within(outcomes).getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'bulkOutcomes').summary('1', '0', '2'),
    );
  },
};

/** Nothing selected (an empty list is said, not left blank). */
export const Empty: Story = {
  args: { title: 'Approved 0 requests', items: [] },
  play: async ({ canvasElement, globals }) => {
    const outcomes = region(canvasElement, 'Approved 0 requests');
    await expect(within(outcomes).getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'bulkOutcomes').empty,
    );
    await expect(within(outcomes).queryByRole('list')).toBeNull();
  },
};

/** With a close button: the page removes the outcomes when pressed (keyboard too). */
export const Dismissable: Story = {
  args: { onDismiss: fn() },
  play: async ({ args, canvasElement, globals }) => {
    const close = within(canvasElement).getByRole('button', {
      name: messagesIn({ globals }, 'bulkOutcomes').dismiss,
    });
    close.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

/** In Bahasa Indonesia, through `ConsoleMessagesProvider` (key `bulkOutcomes`). */
export const Indonesian: Story = {
  args: { title: 'Disetujui 2 dari 4 permintaan', items: [...DONE, ...FAILED], onDismiss: fn() },
  render: (args) => (
    <ConsoleMessagesProvider messages={{ bulkOutcomes: BULK_OUTCOMES_MESSAGES_ID }}>
      <BulkOutcomes {...args} />
    </ConsoleMessagesProvider>
  ),
  play: async ({ canvasElement }) => {
    const outcomes = region(canvasElement, 'Disetujui 2 dari 4 permintaan');
    await expect(within(outcomes).getByRole('status')).toHaveTextContent('2 berhasil, 2 gagal');
    await expect(within(outcomes).getAllByText('Berhasil')).toHaveLength(2);
    await expect(within(outcomes).getByRole('button', { name: 'Tutup' })).toBeVisible();
  },
};

/** Every state side by side, for review. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 560 }}>
      <BulkOutcomes title="All done" items={DONE} />
      <BulkOutcomes title="Mixed" items={[...DONE, ...FAILED]} onDismiss={() => undefined} />
      <BulkOutcomes title="All failed" items={FAILED} />
      <BulkOutcomes title="Working" items={[DONE[0]!, ...WORKING]} />
      <BulkOutcomes title="Empty" items={[]} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('region')).toHaveLength(5);
  },
};
