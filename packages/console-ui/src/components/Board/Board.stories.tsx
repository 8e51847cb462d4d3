import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Board, type BoardCard } from './Board.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

const COLUMNS = [
  { id: 'open', label: 'Open' },
  { id: 'in_progress', label: 'In progress' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'closed', label: 'Closed' },
];
const CARDS: BoardCard[] = [
  {
    id: '1',
    columnId: 'open',
    title: 'Akses kelas belum masuk',
    subtitle: 'Siti Aminah · Pembayaran / Refund',
    meta: 'Batas SLA 24 Nov 2026 05.30',
    tone: 'danger',
    badge: 'Lewat SLA',
  },
  {
    id: '2',
    columnId: 'open',
    title: 'Minta ganti email',
    subtitle: 'Budi · Akses',
    meta: 'Batas SLA 25 Nov 2026 09.00',
  },
  { id: '3', columnId: 'in_progress', title: 'Paket belum sampai', subtitle: 'Dewi · Pengiriman' },
  { id: '4', columnId: 'resolved', title: 'Invoice ganda', subtitle: 'Rudi · Pembayaran' },
];
/** The problem flow: start, resolve from open or in progress, close, reopen. */
const FLOW: Record<string, string[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['resolved'],
  resolved: ['closed', 'open'],
  closed: ['open'],
};
const canMove = (card: BoardCard, to: string) => (FLOW[card.columnId] ?? []).includes(to);

const meta = {
  title: 'Problems/Board',
  component: Board,
  args: { label: 'Papan masalah', columns: COLUMNS, cards: CARDS, canMove, onMove: fn(), onOpen: fn() },
} satisfies Meta<typeof Board>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Columns by status; the breached card is marked in words and colour. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Open (2)' })).toBeInTheDocument();
    await expect(canvas.getByText('Lewat SLA')).toBeInTheDocument();
  },
};

/** Keyboard: Space picks the card up, the arrow chooses the column, Enter drops it. */
export const KeyboardMove: Story = {
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('button', { name: /Paket belum sampai/ });
    card.focus();
    await userEvent.keyboard(' ');
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'board').target('Resolved'),
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onMove).toHaveBeenCalledWith('3', 'resolved');
  },
};

/** A card picked up by keyboard, its target column highlighted. */
export const Grabbed: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('button', { name: /Invoice ganda/ });
    card.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvasElement.querySelector('[data-column="closed"]')).toHaveAttribute(
      'data-target',
      'true',
    );
  },
};

/** A move being saved. */
export const Busy: Story = { args: { busyCardIds: ['2'] } };
export const Empty: Story = { args: { cards: [] } };
export const Loading: Story = { args: { status: 'loading' } };
export const ErrorState: Story = {
  args: { status: 'error', error: 'Papan tidak dapat dimuat.', onRetry: fn() },
  play: async ({ canvasElement, args, globals }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: messagesIn({ globals }, 'board').retry }),
    );
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Every state side by side, for visual review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24 }}>
      <Board {...args} label="Papan masalah (menyimpan)" busyCardIds={['2']} />
      <Board {...args} label="Papan masalah (kosong)" cards={[]} />
      <Board {...args} status="loading" />
      <Board {...args} status="error" error="Papan tidak dapat dimuat." />
    </div>
  ),
};

/** Strings replaced, here in English, through `ConsoleMessagesProvider` (key `board`). */
export const Messages: Story = {
  args: { cards: CARDS.filter((card) => card.columnId !== 'closed') },
  render: (args) => (
    <ConsoleMessagesProvider
      messages={{
        board: {
          empty: 'Empty',
          instructions:
            'Press Space to pick up a card, Left/Right to choose a column, Enter or Space to drop, Escape to cancel.',
        },
      }}
    >
      <Board {...args} />
    </ConsoleMessagesProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Empty')).toBeInTheDocument();
    await expect(canvas.getByText(/^Press Space to pick up a card/)).toBeInTheDocument();
  },
};
