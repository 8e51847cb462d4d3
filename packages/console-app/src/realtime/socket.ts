import { io as connectIo, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { SOCKET_EVENTS as CONTRACT_SOCKET_EVENTS } from '@staff/console-contract';
import type { RealtimeSocketAdapter, RealtimeStatusEvent } from '@staff/console-ui';

/**
 * Connection settings of spec section 9: websocket first with polling as fallback, 20 s connect timeout.
 * socket.io's own reconnection is off: console-ui's realtimeConnection machine reconnects (1 s growing to 5 s)
 * and shows the state; two reconnect loops on one socket would fight.
 */
export const SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  // Without it a websocket-first client never falls back to polling when the websocket is blocked.
  tryAllTransports: true,
  reconnection: false,
  timeout: 20_000,
} as const satisfies Partial<ManagerOptions & SocketOptions>;

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

export type IoFactory = (uri: string | undefined, options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface ConsoleSocketOptions {
  /** Backend origin; undefined = the page's own origin. */
  url?: string;
  /** Read at every (re)connection so the handshake carries the current token. */
  getToken: () => string | null | undefined;
  /** Replaces socket.io-client's `io` (tests). */
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
  /** The underlying socket.io socket. */
  readonly socket: Socket;
}

type Transport = 'websocket' | 'polling';
const asTransport = (name: string | undefined): Transport => (name === 'polling' ? 'polling' : 'websocket');

/**
 * Adapts socket.io-client to console-ui's `RealtimeSocketAdapter`, authenticating with `auth: { token }`.
 *
 * @example
 * const socket = createConsoleSocket({ getToken: () => readStoredUser(localStorage)?.token });
 * const stop = socket.onSessionRevoked(() => session.send({ type: 'SESSION.UNAUTHORIZED' }));
 * socket.connect();
 */
export function createConsoleSocket(options: ConsoleSocketOptions): ConsoleSocket {
  const io = options.io ?? (connectIo as IoFactory);
  const socket = io(options.url, {
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    autoConnect: false,
    auth: (cb: (data: object) => void) => cb({ token: options.getToken() ?? '' }),
  });

  const statusListeners = new Set<(event: RealtimeStatusEvent) => void>();
  const emitStatus = (event: RealtimeStatusEvent) => statusListeners.forEach((listener) => listener(event));
  const watchedEngines = new WeakSet<object>();

  socket.on('connect', () => {
    const engine = socket.io.engine;
    if (engine && !watchedEngines.has(engine)) {
      watchedEngines.add(engine);
      engine.on('upgrade', (transport: { name?: string }) =>
        emitStatus({ type: 'transport', transport: asTransport(transport.name) }),
      );
    }
    emitStatus({ type: 'connected', transport: asTransport(engine?.transport?.name) });
  });
  socket.on('disconnect', (reason: string) => emitStatus({ type: 'disconnected', reason }));
  socket.on('connect_error', (error: Error) => emitStatus({ type: 'error', message: error.message }));

  const subscribe = (event: string, listener: (payload: unknown) => void) => {
    const handler = (payload: unknown) => listener(payload);
    socket.on(event, handler);
    return () => {
      socket.off(event, handler);
    };
  };

  return {
    socket,
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
  };
}
