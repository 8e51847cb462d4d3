import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { fromPromise } from 'xstate';
// Stories only: the real menu and its rule. The library itself never imports the contract.
import { menuDefinition, visibleMenu } from '@staff/console-contract';
import type { CallError, PermissionEntry } from '../adapters.js';
import { Sidebar } from '../components/Sidebar/Sidebar.js';
import { permissionRefreshMachine } from './permissionRefresh.machine.js';
import { SIDEBAR_MESSAGES } from '../components/Sidebar/messages.js';
import { CONSOLE_MESSAGES_ID } from '../i18n/messages.js';

const menu = menuDefinition();
const grant = (...keys: string[]): PermissionEntry[] =>
  keys.map((permission_key) => ({ permission_key, allow_read: 1 }));
const AT_SIGN_IN = grant('ad_daily_tracker');
const AFTER_REFRESH = grant('ad_daily_tracker', 'finance_manage_bank_accounts', 'finance_manage_companies');

interface Pending {
  resolve: (permissions: PermissionEntry[]) => void;
  reject: (error: CallError) => void;
}

/** The story's server: each load waits until a button answers or fails it. */
function createDemoServer(onWaiting: (waiting: boolean) => void) {
  let pending: Pending | null = null;
  return {
    load: () =>
      new Promise<PermissionEntry[]>((resolve, reject) => {
        pending = { resolve, reject };
        onWaiting(true);
      }),
    settle: (how: 'answer' | 'fail') => {
      const call = pending;
      pending = null;
      onWaiting(false);
      if (how === 'answer') call?.resolve(AFTER_REFRESH);
      else call?.reject({ status: 500, message: 'Komunikasi dengan server bermasalah' });
    },
  };
}

/**
 * The Sidebar's refresh icon wired to the permissionRefresh machine. The server is played by buttons: each
 * refresh waits until "Server answers" or "Server fails" is pressed, so every state holds still for review.
 */
function PermissionRefreshDemo() {
  const [waiting, setWaiting] = useState(false);
  const [server] = useState(() => createDemoServer(setWaiting));
  const [machine] = useState(() =>
    permissionRefreshMachine.provide({
      // The 1 s spinner floor is the machine tests' business; here the buttons decide when a load ends.
      delays: { REFRESH_SPINNER: 0 },
      actors: { loadPermissions: fromPromise<PermissionEntry[]>(() => server.load()) },
    }),
  );
  const refresh = useActorRef(machine, { input: { permissions: AT_SIGN_IN } });
  const state = useSelector(refresh, (snapshot) => String(snapshot.value));
  const permissions = useSelector(refresh, (snapshot) => snapshot.context.permissions);
  const error = useSelector(refresh, (snapshot) => snapshot.context.error);
  const [events, setEvents] = useState<string[]>([]);
  useEffect(() => {
    const changed = refresh.on('permissionsChanged', (event) =>
      setEvents((all) => [...all, `permissionsChanged (${event.permissions.length} keys)`]),
    );
    const failed = refresh.on('refreshFailed', (event) =>
      setEvents((all) => [...all, `refreshFailed: ${event.error.message ?? ''}`]),
    );
    return () => {
      changed.unsubscribe();
      failed.unsubscribe();
    };
  }, [refresh]);
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <div style={{ height: 520, display: 'flex' }}>
        <Sidebar
          menu={visibleMenu(menu, permissions)}
          currentPath="/app/reports/monthly"
          user={{ fullname: 'Siti Rahmawati', last_login: null }}
          onRefresh={() => refresh.send({ type: 'PERMISSIONS.REFRESH' })}
          refreshing={state === 'refreshing'}
          onSignOut={() => undefined}
        />
      </div>
      <section aria-label="Machine" style={{ display: 'grid', gap: 8, maxWidth: 420 }}>
        <p style={{ margin: 0 }}>
          State: <strong data-testid="state">{state}</strong>
        </p>
        <p style={{ margin: 0 }} data-testid="keys">
          {permissions.length} keys: {permissions.map((p) => p.permission_key).join(', ')}
        </p>
        {error ? (
          <p role="alert" style={{ margin: 0 }}>
            Could not refresh permissions: {error.message}
          </p>
        ) : null}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <button type="button" disabled={!waiting} onClick={() => server.settle('answer')}>
            Server answers
          </button>
          <button type="button" disabled={!waiting} onClick={() => server.settle('fail')}>
            Server fails
          </button>
          <button
            type="button"
            onClick={() => refresh.send({ type: 'PERMISSIONS.SET', permissions: grant('ad_daily_tracker') })}
          >
            Live push (one key)
          </button>
        </div>
        <ul aria-label="Emitted" style={{ margin: 0 }}>
          {events.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const meta = {
  title: 'Machines/permissionRefresh',
  component: PermissionRefreshDemo,
  parameters: {
    docs: {
      description: {
        component:
          "The Sidebar's refresh icon: `idle` → `refreshing` (a spinner for at least `REFRESH_SPINNER`, 1 s, while " +
          '`loadPermissions` runs) → `idle` with the new permissions, or `failed` keeping the old ones and emitting ' +
          '`refreshFailed`. `PERMISSIONS.SET` (a live push from the socket) replaces them at once. Provide ' +
          '`loadPermissions` with `permissionRefreshMachine.provide({ actors: { loadPermissions } })`.',
      },
    },
  },
} satisfies Meta<typeof PermissionRefreshDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const refreshButton = (canvas: { getByRole: (role: string, options: { name: string }) => HTMLElement }) =>
  // The Sidebar's button in any language: its name is the Sidebar's `refresh` text, which every set has.
  canvas.getByRole('button', {
    name: new RegExp(`^(${[SIDEBAR_MESSAGES.refresh, CONSOLE_MESSAGES_ID.sidebar.refresh].join('|')})$`),
  } as unknown as { name: string });

/** `idle` with the permissions known at sign-in. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('state')).toHaveTextContent('idle');
    await expect(canvas.queryByRole('button', { name: 'Finance' })).not.toBeInTheDocument();
  },
};

/** `refreshing`: the icon spins and is disabled while the load runs. */
export const Refreshing: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(refreshButton(canvas));
    await expect(canvas.getByTestId('state')).toHaveTextContent('refreshing');
    await expect(refreshButton(canvas)).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('button', { name: 'Server answers' })).toBeEnabled();
  },
};

/** Back to `idle` with the loaded permissions: the Finance group appears. */
export const Refreshed: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(refreshButton(canvas));
    await userEvent.click(canvas.getByRole('button', { name: 'Server answers' }));
    await waitFor(() => expect(canvas.getByTestId('state')).toHaveTextContent('idle'));
    await expect(canvas.getByRole('button', { name: 'Finance' })).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Emitted' })).toHaveTextContent(
      'permissionsChanged (3 keys)',
    );
  },
};

/** `failed`: the old permissions stay, the error is reported; the icon can try again. */
export const Failed: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(refreshButton(canvas));
    await userEvent.click(canvas.getByRole('button', { name: 'Server fails' }));
    await waitFor(() => expect(canvas.getByTestId('state')).toHaveTextContent('failed'));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Komunikasi dengan server bermasalah');
    await expect(canvas.getByTestId('keys')).toHaveTextContent('1 keys: ad_daily_tracker');
    await expect(refreshButton(canvas)).not.toHaveAttribute('aria-disabled');
  },
};

/** From `failed`, a live push of permissions goes back to `idle`. */
export const LivePushAfterFailure: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(refreshButton(canvas));
    await userEvent.click(canvas.getByRole('button', { name: 'Server fails' }));
    await waitFor(() => expect(canvas.getByTestId('state')).toHaveTextContent('failed'));
    await userEvent.click(canvas.getByRole('button', { name: 'Live push (one key)' }));
    await expect(canvas.getByTestId('state')).toHaveTextContent('idle');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};
