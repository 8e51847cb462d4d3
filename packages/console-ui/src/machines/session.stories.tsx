import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { StorageAdapter, StoredUser } from '../adapters.js';
import { DEFAULT_STORED_USER_KEY, sessionMachine } from './session.machine.js';

const SITI: StoredUser = {
  token: 'demo-token-siti',
  fullname: 'Siti Rahmawati',
  last_login: '2025-03-12T07:05:00Z',
};
const BUDI: StoredUser = { token: 'demo-token-budi', fullname: 'Budi Santoso', last_login: null };

/** A story-local `Storage` (the app passes window.localStorage): its content is shown beside the machine. */
function memoryStorage(initial: string | null): StorageAdapter & { read: () => string | null } {
  let value = initial;
  return {
    getItem: (key) => (key === DEFAULT_STORED_USER_KEY ? value : null),
    setItem: (key, next) => {
      if (key === DEFAULT_STORED_USER_KEY) value = next;
    },
    removeItem: (key) => {
      if (key === DEFAULT_STORED_USER_KEY) value = null;
    },
    read: () => value,
  };
}

interface SessionDemoProps {
  /** What storage holds when the page opens (raw text, as the browser keeps it). */
  stored: string | null;
}

/** The session machine behind a bare header: restore from storage, log in, sign out, a 401 from any call. */
function SessionDemo({ stored }: SessionDemoProps) {
  const storage = useMemo(() => memoryStorage(stored), [stored]);
  const [logged, setLogged] = useState<string[]>([]);
  const logger = useMemo(
    () => ({ error: (message: unknown) => setLogged((all) => [...all, String(message)]) }),
    [],
  );
  const session = useActorRef(sessionMachine, { input: { storage, logger } });
  const state = useSelector(session, (snapshot) => String(snapshot.value));
  const user = useSelector(session, (snapshot) => snapshot.context.user);
  const reason = useSelector(session, (snapshot) => snapshot.context.reason);
  const [emitted, setEmitted] = useState<string[]>([]);
  useEffect(() => {
    const subscription = session.on('signedOut', (event) => setEmitted((all) => [...all, event.reason]));
    return () => subscription.unsubscribe();
  }, [session]);
  const raw = useSelector(session, () => storage.read());

  return (
    <section aria-label="Session" style={{ display: 'grid', gap: 12, maxWidth: 560 }}>
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: 0 }}>
        <dt>State</dt>
        <dd data-testid="state" style={{ margin: 0 }}>
          {state}
        </dd>
        <dt>User</dt>
        <dd data-testid="user" style={{ margin: 0 }}>
          {user ? user.fullname : '—'}
        </dd>
        <dt>Why signed out</dt>
        <dd data-testid="reason" style={{ margin: 0 }}>
          {reason ?? '—'}
        </dd>
        <dt>Storage</dt>
        <dd data-testid="storage" style={{ margin: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
          {raw ?? '(empty)'}
        </dd>
        <dt>Emitted</dt>
        <dd data-testid="emitted" style={{ margin: 0 }}>
          {emitted.length ? emitted.map((r) => `signedOut(${r})`).join(', ') : '—'}
        </dd>
      </dl>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <button type="button" onClick={() => session.send({ type: 'SESSION.LOGIN', user: SITI })}>
          Log in as Siti
        </button>
        <button type="button" onClick={() => session.send({ type: 'SESSION.LOGIN', user: BUDI })}>
          Log in as Budi
        </button>
        <button type="button" onClick={() => session.send({ type: 'SESSION.SIGN_OUT' })}>
          Sign Out
        </button>
        <button type="button" onClick={() => session.send({ type: 'SESSION.UNAUTHORIZED' })}>
          A call answers 401
        </button>
      </div>
      {logged.length ? (
        <ul aria-label="Logged errors" style={{ margin: 0 }}>
          {logged.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const meta = {
  title: 'Machines/session',
  component: SessionDemo,
  args: { stored: null },
  parameters: {
    docs: {
      description: {
        component:
          'The signed-in user, mirrored in a `StorageAdapter` (the app passes `window.localStorage`). It starts ' +
          'in `signedIn` when storage holds a valid user and in `signedOut` otherwise; corrupted storage is logged ' +
          'and cleared. `SESSION.SIGN_OUT` and `SESSION.UNAUTHORIZED` (a 401 from any call) both end the session ' +
          'and emit `signedOut` with the reason, so the host can navigate to `/`.',
      },
    },
  },
} satisfies Meta<typeof SessionDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `signedOut`: nothing stored. */
export const SignedOut: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('state')).toHaveTextContent('signedOut');
    await expect(canvas.getByTestId('storage')).toHaveTextContent('(empty)');
  },
};

/** `signedIn` straight away: a valid user in storage is restored on page load. */
export const RestoredFromStorage: Story = {
  args: { stored: JSON.stringify(SITI) },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('state')).toHaveTextContent('signedIn');
    await expect(canvas.getByTestId('user')).toHaveTextContent('Siti Rahmawati');
  },
};

/** `signedOut` → `signedIn`: the user is written to storage. */
export const LoggedIn: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Log in as Siti' }));
    await expect(canvas.getByTestId('state')).toHaveTextContent('signedIn');
    await expect(canvas.getByTestId('storage')).toHaveTextContent('"fullname":"Siti Rahmawati"');
  },
};

/** A second login (another account) replaces the stored user. */
export const SwitchedAccount: Story = {
  args: { stored: JSON.stringify(SITI) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Log in as Budi' }));
    await expect(canvas.getByTestId('user')).toHaveTextContent('Budi Santoso');
    await expect(canvas.getByTestId('storage')).toHaveTextContent('"fullname":"Budi Santoso"');
  },
};

/** Sign Out: storage cleared, `signedOut` emitted with reason `signedOut`. */
export const SignedOutByUser: Story = {
  args: { stored: JSON.stringify(SITI) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Sign Out' }));
    await expect(canvas.getByTestId('state')).toHaveTextContent('signedOut');
    await expect(canvas.getByTestId('reason')).toHaveTextContent('signedOut');
    await expect(canvas.getByTestId('storage')).toHaveTextContent('(empty)');
    await waitFor(() => expect(canvas.getByTestId('emitted')).toHaveTextContent('signedOut(signedOut)'));
  },
};

/** A 401 from any call ends the session with reason `unauthorized`. */
export const Unauthorized: Story = {
  args: { stored: JSON.stringify(SITI) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'A call answers 401' }));
    await expect(canvas.getByTestId('state')).toHaveTextContent('signedOut');
    await expect(canvas.getByTestId('reason')).toHaveTextContent('unauthorized');
    await waitFor(() => expect(canvas.getByTestId('emitted')).toHaveTextContent('signedOut(unauthorized)'));
  },
};

/** Corrupted storage counts as signed out: logged, removed, never a crash. */
export const CorruptedStorage: Story = {
  args: { stored: '{"token":' },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('state')).toHaveTextContent('signedOut');
    await expect(canvas.getByTestId('storage')).toHaveTextContent('(empty)');
    await expect(canvas.getByRole('list', { name: 'Logged errors' })).toHaveTextContent('not valid JSON');
  },
};
