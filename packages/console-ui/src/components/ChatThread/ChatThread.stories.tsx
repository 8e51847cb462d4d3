import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messagesIn } from '../../../../../.storybook/messages.js';
import { ChatThread, type ChatThreadMessage } from './ChatThread.js';

const at = (minutes: number) => new Date(Date.UTC(2024, 4, 1, 2, minutes)).toISOString();

const CONVERSATION: ChatThreadMessage[] = [
  { id: 1, direction: 'in', body: 'Kak, paket saya sudah dikirim belum?', at: at(0), status: 'received' },
  {
    id: 2,
    direction: 'out',
    body: 'Halo Kak Rina! Pesanan INV-1042 sudah dikirim, resi JNE0123456789.',
    at: at(1),
    status: 'read',
    botRule: 'Cek resi',
  },
  { id: 3, direction: 'in', body: 'Kok belum sampai ya?', at: at(5), status: 'received' },
  {
    id: 4,
    direction: 'out',
    body: 'Kami cek ke kurir dulu ya Kak.',
    at: at(6),
    status: 'delivered',
    author: 'Sari',
  },
  { id: 5, direction: 'out', body: 'Mohon ditunggu.', at: at(7), status: 'sent', author: 'Sari' },
  { id: 6, direction: 'out', body: 'Sudah kami eskalasi.', at: at(8), status: 'pending', author: 'Sari' },
  {
    id: 7,
    direction: 'out',
    body: 'Info terbaru besok.',
    at: at(9),
    status: 'failed',
    author: 'Sari',
    error: 'Message Undeliverable. (code 131026)',
  },
];

const TEMPLATES = [
  { name: 'follow_up', label: 'Tindak lanjut', parameters: 1 },
  { name: 'order_shipped', label: 'Pesanan dikirim', parameters: 2 },
];

const meta = {
  title: 'Chat/ChatThread',
  component: ChatThread,
  args: {
    title: 'Rina Wulandari',
    subtitle: '+62 812-0000-0002 · CS Utama',
    messages: CONVERSATION,
    windowOpen: true,
    onSendText: fn(),
    onSendTemplate: fn(),
    templates: TEMPLATES,
  },
  decorators: [
    (Story) => (
      <div style={{ height: 520, maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ChatThread>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every delivery tick: pending, sent ✓, delivered ✓✓, read ✓✓ (coloured), failed with Meta's reason. */
export const Conversation: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'chatThread');
    await expect(canvas.getByRole('list', { name: m.list('Rina Wulandari') })).toBeInTheDocument();
    for (const label of [
      m.statuses.read,
      m.statuses.delivered,
      m.statuses.sent,
      m.statuses.pending,
      m.statuses.failed,
    ])
      await expect(canvas.getByText(label)).toBeInTheDocument();
    await expect(canvas.getByText(`${m.bot} · Cek resi`)).toBeInTheDocument();
    await expect(canvas.getByText('Message Undeliverable. (code 131026)')).toBeInTheDocument();
  },
};

/** Typing and Enter sends the trimmed text once and clears the box. */
export const Reply: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'chatThread');
    const box = canvas.getByRole('textbox', { name: m.placeholder });
    await expect(canvas.getByRole('button', { name: m.send })).toBeDisabled();
    await userEvent.type(box, '  Baik Kak  {Enter}');
    await expect(args.onSendText).toHaveBeenCalledOnce();
    await expect(args.onSendText).toHaveBeenCalledWith('Baik Kak');
    await expect(box).toHaveValue('');
  },
};

/** Outside the 24-hour window: only a template, with its parameters. */
export const WindowClosed: Story = {
  args: { windowOpen: false },
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'chatThread');
    await expect(canvas.queryByRole('textbox', { name: m.placeholder })).toBeNull();
    await expect(canvas.getByText(m.windowClosed)).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: m.parameter(1) }), 'Rina');
    await userEvent.click(canvas.getByRole('button', { name: m.sendTemplate }));
    await expect(args.onSendTemplate).toHaveBeenCalledWith('follow_up', ['Rina']);
  },
};

export const Sending: Story = {
  args: { sending: true },
  play: async ({ canvasElement, globals }) => {
    const { sending } = messagesIn({ globals }, 'chatThread');
    await expect(within(canvasElement).getByRole('button', { name: sending })).toBeDisabled();
  },
};

/** The server refused the reply (e.g. the window closed meanwhile). */
export const SendError: Story = {
  args: { sendError: 'Lebih dari 24 jam sejak pesan terakhir pelanggan: kirim template, bukan teks bebas' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Lebih dari 24 jam');
  },
};

export const Loading: Story = {
  args: { state: 'loading', messages: [] },
  play: async ({ canvasElement, globals }) => {
    const { loading } = messagesIn({ globals }, 'chatThread');
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(loading);
  },
};

export const LoadError: Story = {
  args: { state: 'error', error: 'Percakapan tidak bisa dimuat.', onRetry: fn(), messages: [] },
  play: async ({ args, canvasElement, globals }) => {
    const { retry } = messagesIn({ globals }, 'chatThread');
    await userEvent.click(within(canvasElement).getByRole('button', { name: retry }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Empty: Story = {
  args: { messages: [] },
  play: async ({ canvasElement, globals }) => {
    const { empty } = messagesIn({ globals }, 'chatThread');
    await expect(within(canvasElement).getByText(empty)).toBeInTheDocument();
  },
};

/** Read access only: no composer. */
export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.getByText(messagesIn({ globals }, 'chatThread').readOnly)).toBeInTheDocument();
  },
};

/**
 * Replies cannot be sent at all (the business number is inactive): the composer says why and what to do before
 * anyone types, with a link for someone who may fix it.
 */
export const Closed: Story = {
  args: {
    closed: {
      reason: 'Nomor CS Utama tidak aktif di WA Registries; administrator dapat mengaktifkannya.',
      action: <a href="#wa-registries">Buka CS Utama di WA Registries</a>,
    },
    sendError: 'tidak ditampilkan saat tertutup',
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'chatThread');
    await expect(canvas.queryByRole('textbox')).toBeNull();
    for (const name of [m.send, m.sendTemplate])
      await expect(canvas.queryByRole('button', { name })).toBeNull();
    const note = canvas.getByRole('note', { name: m.closed });
    await expect(note).toHaveTextContent('tidak aktif di WA Registries');
    await expect(
      within(note).getByRole('link', { name: 'Buka CS Utama di WA Registries' }),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Closed without an action (the user may not change WA Registries): the reason alone. */
export const ClosedNoAction: Story = {
  args: {
    windowOpen: false,
    closed: { reason: 'Nomor CS Utama tidak aktif di WA Registries; minta administrator mengaktifkannya.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await expect(canvas.getByRole('note')).toHaveTextContent('minta administrator');
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** A message pointed at (the one a problem came from): marked as current. */
export const FocusedMessage: Story = {
  args: { focusMessageId: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const focused = canvas.getByText('Kok belum sampai ya?').closest('li')!;
    await expect(focused).toHaveAttribute('aria-current', 'true');
    await expect(
      canvas.getAllByRole('listitem').filter((item) => item.hasAttribute('aria-current')),
    ).toHaveLength(1);
  },
};

/** An action on each customer message: "create a problem" from it. */
export const MessageAction: Story = {
  args: { messageAction: { label: 'Buat masalah', onSelect: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const buttons = canvas.getAllByRole('button', { name: /^Buat masalah:/ });
    await expect(buttons).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Buat masalah: Kok belum sampai ya?' }));
    await expect(args.messageAction!.onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };

/** The thread with every tick, the template composer, loading, error and empty side by side. */
export const AllStates: Story = {
  decorators: [],
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 12 }}>
      <div style={{ height: 600 }}>
        <ChatThread {...args} />
      </div>
      <div style={{ height: 600 }}>
        <ChatThread
          {...args}
          title="Joko (di luar 24 jam)"
          windowOpen={false}
          messages={CONVERSATION.slice(0, 2)}
        />
      </div>
      <div style={{ display: 'grid', gap: 12 }}>
        <ChatThread {...args} title="Memuat" state="loading" messages={[]} />
        <ChatThread
          {...args}
          title="Gagal dimuat"
          state="error"
          error="Percakapan tidak bisa dimuat."
          onRetry={() => undefined}
        />
        <ChatThread {...args} title="Baru (hanya baca)" messages={[]} readOnly />
      </div>
    </div>
  ),
  play: async ({ canvasElement, globals }) => {
    const { loading } = messagesIn({ globals }, 'chatThread');
    await expect(within(canvasElement).getByText(loading)).toBeInTheDocument();
  },
};

/** Every string replaced, here in English, through `texts` (key `chatThread` in `ConsoleMessagesProvider`). */
export const Messages: Story = {
  args: {
    texts: {
      placeholder: 'Write a reply…',
      send: 'Send',
      reply: 'Reply',
      list: (title: string) => `Messages with ${title}`,
      statuses: {
        received: 'Received',
        pending: 'Waiting to send',
        accepted: 'Handed to WhatsApp',
        sent: 'Sent',
        delivered: 'Delivered',
        read: 'Read',
        failed: 'Failed',
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Messages with Rina Wulandari' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    await expect(canvas.getAllByText('Delivered').length).toBeGreaterThan(0);
  },
};
