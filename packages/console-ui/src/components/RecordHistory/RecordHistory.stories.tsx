import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { creatorFields } from '../DataTable/DataTable.fixtures.js';
import { RecordHistory, type AuditEntry } from './RecordHistory.js';
import { messagesIn, textOf } from '../../../../../.storybook/messages.js';

export const auditEntries: AuditEntry[] = [
  {
    id: 'a4',
    at: '2025-02-03T07:15:00.000Z',
    actor: 'Dewi Lestari',
    action: 'update',
    changes: [
      { field: 'rate_fee', before: '2500000', after: '3000000' },
      { field: 'active', before: false, after: true },
      { field: 'api_key', before: '••••ab12', after: '••••9f3c' },
    ],
  },
  { id: 'a3', at: '2025-01-20T02:00:00.000Z', actor: 'Agus Pratama', action: 'restore', changes: [] },
  { id: 'a2', at: '2025-01-19T09:45:00.000Z', actor: 'Agus Pratama', action: 'delete', changes: [] },
  {
    id: 'a1',
    at: '2025-01-05T03:30:00.000Z',
    actor: 'Budi Santoso',
    action: 'create',
    changes: [
      { field: 'name', before: null, after: 'Nadia Permata' },
      { field: 'platform', before: null, after: 'tiktok' },
      { field: 'joined_on', before: null, after: '2025-01-05' },
    ],
  },
];

const meta = {
  title: 'Data/RecordHistory',
  component: RecordHistory,
  args: {
    entries: auditEntries,
    fields: creatorFields,
    formatOptions: { timeZone: 'Asia/Jakarta' },
    onRetry: fn(),
  },
} satisfies Meta<typeof RecordHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Entries with labels and id-ID formats; secrets only say they changed. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const panel = canvas.getByRole('region', { name: messagesIn({ globals }, 'recordHistory').title });
    const items = within(panel)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('cui-record-history-entry'));
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveTextContent(
      `${textOf(messagesIn({ globals }, 'recordHistory').by(messagesIn({ globals }, 'recordHistory').actions.update, 'Dewi Lestari'))} · 3 Feb 2025, 14.15`,
    );
    await expect(items[0]).toHaveTextContent('Rate per post: Rp 2.500.000 → Rp 3.000.000');
    await expect(items[0]).toHaveTextContent(
      textOf(messagesIn({ globals }, 'recordHistory').secretChanged('API key')),
    );
    await expect(items[0]).not.toHaveTextContent('9f3c');
    await expect(items[3]).toHaveTextContent('Platform: TikTok');
  },
};

/** Loading: skeleton, `aria-busy`. */
export const Loading: Story = {
  args: { loading: true, entries: [] },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('region', { name: messagesIn({ globals }, 'recordHistory').title }),
    ).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'recordHistory').loading,
    );
  },
};

/** No entries yet. */
export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvasElement, globals }) => {
    await expect(
      within(canvasElement).getByText(messagesIn({ globals }, 'recordHistory').empty),
    ).toBeInTheDocument();
  },
};

/** The audit log failed to load. */
export const ErrorState: Story = {
  name: 'Error',
  args: { entries: [], error: 'Could not load the history.' },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load the history.');
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'recordHistory').retry }),
    );
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Every state for visual review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
      <RecordHistory {...args} title="Ready" />
      <RecordHistory {...args} title="Loading" loading entries={[]} />
      <RecordHistory {...args} title="Empty" entries={[]} />
      <RecordHistory {...args} title="Error" entries={[]} error="Could not load the history." />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('region')).toHaveLength(4);
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

/** Every string replaced, here in Indonesian, through `messages` (key `recordHistory` in the provider). */
export const Messages: Story = {
  args: {
    messages: {
      title: 'Riwayat',
      actions: { create: 'Dibuat', update: 'Diubah', delete: 'Dihapus', restore: 'Dipulihkan' },
      by: (action, actor) => (
        <>
          {action} oleh {actor}
        </>
      ),
      secretChanged: (field) => <>{field} diganti</>,
      changedTo: 'menjadi',
    },
  },
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByRole('region', { name: 'Riwayat' });
    const items = within(panel)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('cui-record-history-entry'));
    await expect(items[0]).toHaveTextContent('Diubah oleh Dewi Lestari');
    await expect(items[0]).toHaveTextContent('API key diganti');
    await expect(within(items[0]!).getAllByRole('img', { name: 'menjadi' }).length).toBeGreaterThan(0);
  },
};

/** The empty text replaced. */
export const MessagesEmpty: Story = {
  args: { entries: [], messages: { title: 'Riwayat', empty: 'Belum ada perubahan' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Belum ada perubahan')).toBeInTheDocument();
  },
};
