import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DataTable } from '../components/DataTable/DataTable.js';
import { creatorFields } from '../components/DataTable/DataTable.fixtures.js';
import { Sidebar } from '../components/Sidebar/Sidebar.js';
import { CONSOLE_MESSAGES_EN, CONSOLE_MESSAGES_ID } from '../i18n/messages.js';
import { ConsoleMessagesProvider, type ConsoleMessagesOverrides } from './messages.js';
import { messagesIn } from '../../../../.storybook/messages.js';

const menu = [
  {
    id: 'ops',
    label: 'Operation Data',
    items: [{ id: 'creators', label: 'Creators', path: '/app/creators' }],
  },
];

const INDONESIAN: ConsoleMessagesOverrides = {
  dataTable: {
    empty: 'Tidak ada data',
    columns: 'Kolom',
    loading: (label: string) => `Memuat ${label}…`,
  },
  sidebar: {
    signOut: 'Keluar',
    refresh: 'Muat ulang izin',
    navLabel: 'Menu utama',
    lastLogin: 'Login terakhir:',
  },
};

/** Two components under one provider; the second table also passes its own `messages` prop. */
function MessagesDemo({ messages }: { messages: ConsoleMessagesOverrides }) {
  return (
    <ConsoleMessagesProvider messages={messages}>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <div style={{ height: 320, display: 'flex' }}>
          <Sidebar
            menu={menu}
            currentPath="/app/creators"
            user={{ fullname: 'Siti Rahmawati', last_login: null }}
            onSignOut={() => undefined}
            onRefresh={() => undefined}
          />
        </div>
        <div style={{ display: 'grid', gap: 16, flex: 1, minWidth: 0 }}>
          <DataTable label="Kreator" fields={creatorFields} rows={[]} />
          <DataTable
            label="Kreator arsip"
            fields={creatorFields}
            rows={[]}
            messages={{ empty: 'Arsip kosong' }}
          />
        </div>
      </div>
    </ConsoleMessagesProvider>
  );
}

const meta = {
  title: 'Foundations/ConsoleMessagesProvider',
  component: MessagesDemo,
  args: { messages: INDONESIAN },
  parameters: {
    docs: {
      description: {
        component:
          'Every visible string of console-ui can be replaced. `ConsoleMessagesProvider` (or the `messages` prop of ' +
          '`ConsoleThemeProvider`) takes overrides keyed by component (`dataTable`, `filterBar`, `loginForm`, ' +
          '`sidebar`, `resourceForm`…); each component also takes a `messages` prop. The prop wins over the ' +
          "provider, the provider over the defaults (the spec's texts). Messages with numbers or names are " +
          'functions receiving already formatted text, so the word order is the translator’s.',
      },
    },
  },
} satisfies Meta<typeof MessagesDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Indonesian strings from the provider; the archive table's own prop wins over it. */
export const Indonesian: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Keluar' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
    await expect(canvas.getByText('Tidak ada data')).toBeVisible();
    await expect(canvas.getByText('Arsip kosong')).toBeVisible();
  },
};

/** No overrides: the texts from above (each component's defaults, or the toolbar's language). */
export const Defaults: Story = {
  args: { messages: {} },
  play: async ({ canvas, globals }) => {
    await expect(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'sidebar').signOut }),
    ).toBeVisible();
    await expect(canvas.getAllByText(messagesIn({ globals }, 'dataTable').empty)[0]).toBeVisible();
  },
};

/** The shipped Bahasa Indonesia set (`CONSOLE_MESSAGES_ID`): the spec's "Sign Out" stays as the spec writes it. */
export const ShippedIndonesianSet: Story = {
  args: { messages: CONSOLE_MESSAGES_ID },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Muat ulang izin' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
    await expect(canvas.getByText('Arsip kosong')).toBeVisible();
    await expect(canvas.getAllByText('Tidak ada data')[0]).toBeVisible();
  },
};

/** The shipped English set (`CONSOLE_MESSAGES_EN`), which the app gives the provider when English is chosen. */
export const ShippedEnglishSet: Story = {
  args: { messages: CONSOLE_MESSAGES_EN },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Refresh permissions' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(canvas.getAllByText('No records found')[0]).toBeVisible();
    // A component's own prop still wins over the set.
    await expect(canvas.getByText('Arsip kosong')).toBeVisible();
    await expect(canvas.queryByText('Tidak ada data')).toBeNull();
  },
};
