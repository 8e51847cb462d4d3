import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConnectionStatus, type ConnectionState } from './ConnectionStatus.js';

const meta = {
  title: 'Status/ConnectionStatus',
  component: ConnectionStatus,
  args: { state: 'connected' },
} satisfies Meta<typeof ConnectionStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = (canvasElement: HTMLElement) => within(canvasElement).getByRole('status');

/** Connected over a websocket. */
export const Connected: Story = {
  args: { state: 'connected', transport: 'websocket' },
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent(/^Connected$/);
  },
};

/** Connected through the polling fallback. */
export const ConnectedPolling: Story = {
  args: { state: 'connected', transport: 'polling' },
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent('Connected(polling)');
  },
};

/** First connection attempt. */
export const Connecting: Story = {
  args: { state: 'connecting' },
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent('Connecting…');
  },
};

/** Waiting before the next attempt. */
export const Reconnecting: Story = {
  args: { state: 'reconnecting' },
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent('Reconnecting…');
  },
};

/** Offline: no retry button unless onRetry is given. */
export const Offline: Story = {
  args: { state: 'offline' },
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent('Offline');
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

/** Offline with a retry button. */
export const OfflineWithRetry: Story = {
  args: { state: 'offline', onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Texts can be replaced, e.g. in Indonesian. */
export const CustomLabels: Story = {
  args: {
    state: 'reconnecting',
    labels: {
      connected: 'Terhubung',
      connecting: 'Menghubungkan…',
      reconnecting: 'Menyambung ulang…',
      offline: 'Luring',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent('Menyambung ulang…');
  },
};

/** Every text replaced, the polling note and the retry button too (the app's Indonesian). */
export const CustomLabelsPolling: Story = {
  args: {
    state: 'connected',
    transport: 'polling',
    labels: { connected: 'Terhubung' },
    pollingLabel: '(polling, tanpa websocket)',
  },
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent('Terhubung(polling, tanpa websocket)');
  },
};

const STATES: ConnectionState[] = ['connecting', 'connected', 'reconnecting', 'offline'];

function Cycling() {
  const [index, setIndex] = useState(0);
  const state = STATES[index % STATES.length]!;
  return (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <ConnectionStatus state={state} />
      <button type="button" onClick={() => setIndex((n) => n + 1)}>
        Next state
      </button>
    </div>
  );
}

/** The same live region announces each change. */
export const StateChanges: Story = {
  render: () => <Cycling />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('status');
    await expect(region).toHaveTextContent('Connecting…');
    await userEvent.click(canvas.getByRole('button', { name: 'Next state' }));
    await expect(canvas.getByRole('status')).toBe(region);
    await expect(region).toHaveTextContent('Connected');
    await userEvent.click(canvas.getByRole('button', { name: 'Next state' }));
    await expect(region).toHaveTextContent('Reconnecting…');
  },
};

/** Every state side by side, for review. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {STATES.map((state) => (
        <ConnectionStatus key={state} state={state} />
      ))}
      <ConnectionStatus state="connected" transport="polling" />
      <ConnectionStatus state="offline" onRetry={() => undefined} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('status')).toHaveLength(6);
  },
};
