import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { RealtimeSocketAdapter, RealtimeStatusEvent } from '../../adapters.js';
import { realtimeConnectionMachine } from '../../machines/realtimeConnection.machine.js';
import { ConnectionStatus } from './ConnectionStatus.js';

/** A socket whose server is played by buttons in the story. */
function createDemoSocket() {
  const listeners = new Set<(event: RealtimeStatusEvent) => void>();
  const socket: RealtimeSocketAdapter & { emit: (event: RealtimeStatusEvent) => void } = {
    connect: () => undefined,
    disconnect: () => undefined,
    onStatus: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (event) => listeners.forEach((listener) => listener(event)),
  };
  return socket;
}

function WiredToMachine() {
  const socket = useMemo(() => createDemoSocket(), []);
  // Long delays keep the story in the state its buttons put it in; the machine tests cover the timings.
  const machine = useMemo(
    () =>
      realtimeConnectionMachine.provide({
        delays: { RECONNECT_DELAY: 3_600_000, CONNECT_TIMEOUT: 3_600_000 },
      }),
    [],
  );
  const connection = useActorRef(machine, { input: { socket } });
  const state = useSelector(connection, (snapshot) => snapshot.value);
  const transport = useSelector(connection, (snapshot) => snapshot.context.transport);
  return (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <ConnectionStatus
        state={state}
        transport={transport}
        onRetry={() => connection.send({ type: 'RETRY' })}
      />
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <button type="button" onClick={() => socket.emit({ type: 'connected', transport: 'websocket' })}>
          Server accepts (websocket)
        </button>
        <button type="button" onClick={() => socket.emit({ type: 'connected', transport: 'polling' })}>
          Server accepts (polling)
        </button>
        <button
          type="button"
          onClick={() => socket.emit({ type: 'disconnected', reason: 'transport close' })}
        >
          Drop connection
        </button>
        <button type="button" onClick={() => connection.send({ type: 'BROWSER.OFFLINE' })}>
          Browser offline
        </button>
      </div>
    </div>
  );
}

const meta = {
  title: 'Status/ConnectionStatus/With realtimeConnection machine',
  component: WiredToMachine,
} satisfies Meta<typeof WiredToMachine>;

export default meta;
type Story = StoryObj<typeof meta>;

const press = (canvasElement: HTMLElement, name: string) =>
  userEvent.click(within(canvasElement).getByRole('button', { name }));
const status = (canvasElement: HTMLElement) => within(canvasElement).getByRole('status');

/** The machine starts in `connecting`. */
export const MachineConnecting: Story = {
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent('Connecting…');
  },
};

/** `connected`, with the transport recorded from the socket. */
export const MachineConnected: Story = {
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Server accepts (polling)');
    await expect(status(canvasElement)).toHaveTextContent('Connected(polling)');
  },
};

/** `reconnecting` after the connection drops. */
export const MachineReconnecting: Story = {
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Server accepts (websocket)');
    await press(canvasElement, 'Drop connection');
    await expect(status(canvasElement)).toHaveTextContent('Reconnecting…');
  },
};

/** `offline` when the browser reports it; Retry goes back to `connecting`. */
export const MachineOffline: Story = {
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Browser offline');
    await expect(status(canvasElement)).toHaveTextContent('Offline');
    await press(canvasElement, 'Retry');
    await expect(status(canvasElement)).toHaveTextContent('Connecting…');
  },
};
