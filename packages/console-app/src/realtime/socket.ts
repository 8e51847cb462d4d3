import type { SOCKET_EVENTS as CONTRACT_SOCKET_EVENTS } from '@staff/console-contract';
import type { RealtimeSocketAdapter, RealtimeStatusEvent } from '@staff/console-ui';
import { createWireSocket, type WireSocket, type WireSocketOptions } from './wire.js';

/**
 * Connection settings of spec section 9: websocket first with polling as fallback, 20 s connect timeout.
 * The socket never reconnects by itself: console-ui's realtimeConnection machine reconnects (1 s growing to 5 s)
 * and shows the state.
 */
export const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  timeout: 20_000,
} as const satisfies Omit<WireSocketOptions, 'auth'>;

/**
 * The server's event names. Checked against the contract's `SOCKET_EVENTS` by type only: importing the value
 * would pull the contract's zod schemas (same module) into the app's first chunk.
 */
export const SOCKET_EVENTS = {
  permissionsChanged: 'permissions:changed',
  sessionRevoked: 'session:revoked',
} as const satisfies typeof CONTRACT_SOCKET_EVENTS;

/** The master-data push (console-server `resources/push.ts`); not in the contract's `SOCKET_EVENTS`. */
export const RESOURCE_CHANGED_EVENT = 'resource:changed';

/** Makes the low-level socket: `createWireSocket`, or a FakeSocket in tests. */
export type IoFactory = (url: string | undefined, options: WireSocketOptions) => WireSocket;

export interface ConsoleSocketOptions {
  /** Backend origin; undefined = the page's own origin. */
  url?: string;
  /** Read at every (re)connection so the handshake carries the current token. */
  getToken: () => string | null | undefined;
  /** Replaces `createWireSocket` (tests). */
  io?: IoFactory;
}

/** The console's socket: console-ui's adapter plus the two server events. */
export interface ConsoleSocket extends RealtimeSocketAdapter {
  /** `permissions:changed`: the signed-in user's permission sets changed; the payload is passed on as sent. */
  onPermissionsChanged(listener: (payload: unknown) => void): () => void;
  /** `session:revoked`: the token was revoked elsewhere; the app signs out. */
  onSessionRevoked(listener: (payload: unknown) => void): () => void;
  /** `resource:changed`: a master-data row changed; open list pages reload. */
  onResourceChanged(listener: (payload: unknown) => void): () => void;
  /** Any other server event, e.g. `problem:assigned`; the payload is passed on as sent, unchecked. */
  on<T = unknown>(event: string, listener: (payload: T) => void): () => void;
  /** Whether the server has accepted the socket (a later `connected` status is then a reconnect). */
  readonly connected: boolean;
}

/**
 * Adapts the wire socket (`wire.ts`, Socket.IO v5) to console-ui's `RealtimeSocketAdapter`, authenticating with
 * `auth: { token }`.
 *
 * @example
 * const socket = createConsoleSocket({ getToken: () => readStoredUser(localStorage)?.token });
 * const stop = socket.onSessionRevoked(() => session.send({ type: 'SESSION.UNAUTHORIZED' }));
 * socket.connect();
 */
export function createConsoleSocket(options: ConsoleSocketOptions): ConsoleSocket {
  const socket = (options.io ?? createWireSocket)(options.url, {
    ...SOCKET_OPTIONS,
    auth: () => ({ token: options.getToken() ?? '' }),
  });

  const statusListeners = new Set<(event: RealtimeStatusEvent) => void>();
  const emitStatus = (event: RealtimeStatusEvent) => statusListeners.forEach((listener) => listener(event));

  // No `transport` status: the connection stays on the transport it opened with (no upgrade).
  socket.on('connect', () => emitStatus({ type: 'connected', transport: socket.transport ?? 'websocket' }));
  socket.on('disconnect', (reason: string) => emitStatus({ type: 'disconnected', reason }));
  socket.on('connect_error', (error: Error) => emitStatus({ type: 'error', message: error.message }));

  const subscribe = <T>(event: string, listener: (payload: T) => void) => {
    const handler = (payload: T) => listener(payload);
    socket.on(event, handler);
    return () => {
      socket.off(event, handler);
    };
  };

  return {
    get connected() {
      return socket.connected;
    },
    connect: () => {
      if (!socket.connected) socket.connect();
    },
    disconnect: () => {
      socket.disconnect();
    },
    onStatus: (listener) => {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    onPermissionsChanged: (listener) => subscribe(SOCKET_EVENTS.permissionsChanged, listener),
    onSessionRevoked: (listener) => subscribe(SOCKET_EVENTS.sessionRevoked, listener),
    onResourceChanged: (listener) => subscribe(RESOURCE_CHANGED_EVENT, listener),
    on: subscribe,
  };
}
