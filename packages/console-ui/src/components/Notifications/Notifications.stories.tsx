import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import {
  Notification,
  NotificationViewport,
  NotificationsProvider,
  useNotifications,
  type NotificationsProviderProps,
  type NotifyOptions,
} from './Notifications.js';

const samples: Record<NotifyOptions['type'], NotifyOptions> = {
  success: { type: 'success', title: 'Saved', message: 'The creator was saved.' },
  info: { type: 'info', message: 'Permissions were refreshed.' },
  warning: { type: 'warning', title: 'Reconnecting', message: 'The realtime connection dropped; retrying.' },
  error: { type: 'error', title: 'Error', message: 'Komunikasi dengan server bermasalah' },
};

function Trigger() {
  const { notify, dismissAll } = useNotifications();
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {Object.values(samples).map((sample) => (
        <button key={sample.type} type="button" onClick={() => notify(sample)}>
          Notify {sample.type}
        </button>
      ))}
      <button type="button" onClick={dismissAll}>
        Dismiss all
      </button>
    </div>
  );
}

const meta = {
  title: 'Console/Notifications',
  component: NotificationsProvider,
  args: { defaultTimeoutMs: 5000, max: 5 },
  render: (args: NotificationsProviderProps) => (
    <NotificationsProvider {...args}>
      <Trigger />
    </NotificationsProvider>
  ),
} satisfies Meta<typeof NotificationsProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = () => within(document.body).getByRole('region', { name: 'Notifications' });

export const Success: Story = {
  args: { defaultNotifications: [samples.success] },
  play: async () => {
    await expect(within(region()).getByRole('status')).toHaveTextContent('SavedThe creator was saved.');
  },
};

export const Info: Story = {
  args: { defaultNotifications: [samples.info] },
  play: async () => {
    await expect(within(region()).getByRole('status')).toHaveTextContent('Permissions were refreshed.');
  },
};

export const Warning: Story = {
  args: { defaultNotifications: [samples.warning] },
  play: async () => {
    await expect(within(region()).getByRole('alert')).toHaveTextContent(
      'The realtime connection dropped; retrying.',
    );
  },
};

export const ErrorNotification: Story = {
  name: 'Error',
  args: { defaultNotifications: [samples.error], defaultTimeoutMs: 100 },
  play: async ({ userEvent }) => {
    const alert = within(region()).getByRole('alert');
    await expect(alert).toHaveTextContent('Komunikasi dengan server bermasalah');
    // Errors ignore the default timeout: still there well after it.
    await new Promise((r) => setTimeout(r, 300));
    await expect(alert).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss notification' }));
    await expect(within(region()).queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const Stack: Story = {
  args: { defaultNotifications: Object.values(samples), defaultTimeoutMs: 60_000 },
  play: async () => {
    const list = within(region()).getAllByRole('listitem');
    await expect(list).toHaveLength(4);
    await expect(within(region()).getAllByRole('alert')).toHaveLength(2);
    await expect(within(region()).getAllByRole('status')).toHaveLength(2);
  },
};

/** Success, info and warning go away after the timeout (shortened here to 400 ms). */
export const AutoDismiss: Story = {
  args: { defaultTimeoutMs: 400 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Notify success' }));
    await expect(within(region()).getByRole('status')).toHaveTextContent('The creator was saved.');
    await waitFor(() => expect(within(region()).queryByRole('status')).not.toBeInTheDocument());
  },
};

/** Buttons to raise each type; the oldest goes beyond `max`. */
export const Playground: Story = {
  args: { max: 3, defaultTimeoutMs: 60_000 },
  play: async ({ canvas, userEvent }) => {
    for (const name of ['success', 'info', 'warning', 'error']) {
      await userEvent.click(canvas.getByRole('button', { name: `Notify ${name}` }));
    }
    await expect(within(region()).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(region()).queryByText('The creator was saved.')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss all' }));
    await expect(within(region()).queryAllByRole('listitem')).toHaveLength(0);
  },
};

/** `viewport={false}`: the host places `<NotificationViewport />` itself (here under its own header). */
export const HostPlacedViewport: Story = {
  render: (args: NotificationsProviderProps) => (
    <NotificationsProvider {...args} viewport={false} defaultNotifications={[samples.info]}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        <strong>Host header</strong>
        <Trigger />
      </header>
      <NotificationViewport label="Pesan" />
    </NotificationsProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    const region = canvas.getByRole('region', { name: 'Pesan' });
    await expect(within(region).getByText('Permissions were refreshed.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Notify success' }));
    await waitFor(() => expect(within(region).getByText('The creator was saved.')).toBeVisible());
  },
};

/** Every type, presentational, for visual review (with and without title and dismiss button). */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, maxWidth: 420 }}>
      {Object.values(samples).map((sample) => (
        <Notification key={sample.type} {...sample} onDismiss={() => {}} />
      ))}
      <Notification type="info" message="Without a title or a dismiss button." />
      <Notification
        type="warning"
        title="A long message"
        message="Pesan yang panjang sekali untuk memeriksa bahwa teks membungkus dengan rapi di dalam kartu notifikasi tanpa meluap keluar."
        onDismiss={() => {}}
      />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('alert')).toHaveLength(3);
    await expect(canvas.getAllByRole('status')).toHaveLength(3);
    await expect(canvas.getAllByRole('button', { name: 'Dismiss notification' })).toHaveLength(5);
  },
};
