/**
 * The realtime socket's connection lifecycle: connecting → connected, with timed reconnects and an offline
 * state. The socket itself is an injected `RealtimeSocketAdapter`; this machine decides when to connect,
 * when to give up, and records which transport (websocket or the polling fallback) is in use.
 */
import { assign, fromCallback, setup, type EventObject } from 'xstate';
import type { RealtimeSocketAdapter, RealtimeStatusEvent } from '../adapters.js';

/** First reconnect wait. */
export const RECONNECT_DELAY_INITIAL_MS = 1000;
/** Longest reconnect wait. */
export const RECONNECT_DELAY_MAX_MS = 5000;
/** A connection attempt that has not succeeded by then is abandoned and retried. */
export const CONNECT_TIMEOUT_MS = 20_000;
/** Reconnect attempts after a failure before the machine gives up and goes `offline`. */
export const DEFAULT_MAX_RECONNECT_ATTEMPTS = 10;

/**
 * Options for a socket.io-client `io()` call that suit this machine: websocket first with a polling fallback,
 * and socket.io's own reconnection off because the machine does the reconnecting.
 *
 * @example
 * ```tsx
 * const socket = io(url, { ...REALTIME_SOCKET_OPTIONS, auth: { token } });
 * ```
 */
export const REALTIME_SOCKET_OPTIONS = {
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  reconnection: false,
  autoConnect: false,
  timeout: CONNECT_TIMEOUT_MS,
} as const;

/**
 * The wait before reconnect attempt `attempt` (1-based): 1 s, 2 s, 3 s, 4 s, then 5 s for every later one.
 *
 * @example
 * ```tsx
 * [1, 2, 3, 4, 5, 6].map((n) => reconnectDelayMs(n)) // [1000, 2000, 3000, 4000, 5000, 5000]
 * ```
 */
export function reconnectDelayMs(
  attempt: number,
  initialMs = RECONNECT_DELAY_INITIAL_MS,
  maxMs = RECONNECT_DELAY_MAX_MS,
): number {
  return Math.min(initialMs * Math.max(1, attempt), maxMs);
}

export type RealtimeTransport = 'websocket' | 'polling';

export type RealtimeConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface RealtimeConnectionInput {
  socket: RealtimeSocketAdapter;
  /** Failed reconnect attempts tolerated before going `offline`; default 10. */
  maxReconnectAttempts?: number;
}

export interface RealtimeConnectionContext {
  socket: RealtimeSocketAdapter;
  maxReconnectAttempts: number;
  /** Consecutive failed connection attempts; 0 once connected. */
  attempt: number;
  /** The transport in use while connected; null otherwise. */
  transport: RealtimeTransport | null;
  /** The transport of the last successful connection (kept while reconnecting, for display). */
  lastTransport: RealtimeTransport | null;
  /** Why the last attempt or connection ended. */
  lastError: string | null;
  /** Why the machine is offline: the browser has no network, or reconnecting was given up. */
  offlineReason: 'browser' | 'gaveUp' | null;
}

export type RealtimeConnectionEvent =
  | { type: 'SOCKET.CONNECTED'; transport: RealtimeTransport }
  | { type: 'SOCKET.DISCONNECTED'; reason?: string }
  | { type: 'SOCKET.ERROR'; message?: string }
  | { type: 'SOCKET.TRANSPORT'; transport: RealtimeTransport }
  | { type: 'BROWSER.OFFLINE' }
  | { type: 'BROWSER.ONLINE' }
  | { type: 'RETRY' };

/** Turns the adapter's status callbacks into machine events. Stopping it unsubscribes and closes the socket. */
const socketStatus = fromCallback<EventObject, { socket: RealtimeSocketAdapter }>(({ input, sendBack }) => {
  const unsubscribe = input.socket.onStatus((status: RealtimeStatusEvent) => {
    switch (status.type) {
      case 'connected':
        sendBack({ type: 'SOCKET.CONNECTED', transport: status.transport });
        break;
      case 'disconnected':
        sendBack({ type: 'SOCKET.DISCONNECTED', reason: status.reason });
        break;
      case 'error':
        sendBack({ type: 'SOCKET.ERROR', message: status.message });
        break;
      case 'transport':
        sendBack({ type: 'SOCKET.TRANSPORT', transport: status.transport });
        break;
    }
  });
  return () => {
    unsubscribe();
    input.socket.disconnect();
  };
});

interface NetworkEventTarget {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
  navigator?: { onLine?: boolean };
}

/**
 * The browser's online/offline events (`window`). Where there is no window (a server, a test) it reports
 * nothing; an embedder can provide its own actor or send `BROWSER.OFFLINE` / `BROWSER.ONLINE` itself.
 */
const networkStatus = fromCallback<EventObject>(({ sendBack }) => {
  const target = globalThis as unknown as Partial<NetworkEventTarget>;
  if (typeof target.addEventListener !== 'function' || typeof target.removeEventListener !== 'function') {
    return undefined;
  }
  const goOffline = () => sendBack({ type: 'BROWSER.OFFLINE' });
  const goOnline = () => sendBack({ type: 'BROWSER.ONLINE' });
  target.addEventListener('offline', goOffline);
  target.addEventListener('online', goOnline);
  if (target.navigator?.onLine === false) goOffline();
  return () => {
    target.removeEventListener?.('offline', goOffline);
    target.removeEventListener?.('online', goOnline);
  };
});

/**
 * Connection lifecycle of the realtime socket.
 *
 * - `connecting`: calls `socket.connect()`; `SOCKET.CONNECTED` → `connected`; an error, a disconnect, or no
 *   answer within `CONNECT_TIMEOUT` (20 s) → `reconnecting`.
 * - `connected`: records the transport (and later upgrades); a disconnect → `reconnecting`.
 * - `reconnecting`: waits `RECONNECT_DELAY` (1 s, 2 s, 3 s, 4 s, then 5 s) and connects again. `RETRY` skips the
 *   wait.
 * - `offline`: the socket is closed. Reached when the browser reports it is offline (`BROWSER.OFFLINE`, from
 *   any state) or, as the give-up policy, when `maxReconnectAttempts` (10) reconnects in a row have failed:
 *   at 1–5 s apart that is at least 40 s of trying (at most about 4 min when every attempt times out), after
 *   which a dead server is not worth hammering. `RETRY` or `BROWSER.ONLINE` → `connecting` with a fresh count.
 *
 * Delays are named and overridable: `machine.provide({ delays: { RECONNECT_DELAY: …, CONNECT_TIMEOUT: … } })`.
 *
 * @example
 * ```tsx
 * const actor = createActor(realtimeConnectionMachine, { input: { socket: wrapSocketIo(io(url, REALTIME_SOCKET_OPTIONS)) } });
 * actor.start();
 * <ConnectionStatus state={useSelector(actor, (s) => s.value)} />
 * ```
 */
export const realtimeConnectionMachine = setup({
  types: {
    context: {} as RealtimeConnectionContext,
    events: {} as RealtimeConnectionEvent,
    input: {} as RealtimeConnectionInput,
    tags: {} as 'live',
  },
  actors: { socketStatus, networkStatus },
  delays: {
    RECONNECT_DELAY: ({ context }) => reconnectDelayMs(context.attempt),
    CONNECT_TIMEOUT: CONNECT_TIMEOUT_MS,
  },
  guards: {
    reconnectsExhausted: ({ context }) => context.attempt > context.maxReconnectAttempts,
  },
  actions: {
    openSocket: ({ context }) => context.socket.connect(),
    closeSocket: ({ context }) => context.socket.disconnect(),
    countFailedAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    resetAttempts: assign({ attempt: 0 }),
    recordTransport: assign((_, params: { transport: RealtimeTransport }) => ({
      transport: params.transport,
      lastTransport: params.transport,
    })),
    clearTransport: assign({ transport: null }),
    recordError: assign({ lastError: (_, params: { message: string }) => params.message }),
    clearError: assign({ lastError: null }),
    markOffline: assign({ offlineReason: (_, params: { reason: 'browser' | 'gaveUp' }) => params.reason }),
    clearOfflineReason: assign({ offlineReason: null }),
  },
}).createMachine({
  id: 'realtimeConnection',
  context: ({ input }) => ({
    socket: input.socket,
    maxReconnectAttempts: input.maxReconnectAttempts ?? DEFAULT_MAX_RECONNECT_ATTEMPTS,
    attempt: 0,
    transport: null,
    lastTransport: null,
    lastError: null,
    offlineReason: null,
  }),
  invoke: [
    { src: 'socketStatus', input: ({ context }) => ({ socket: context.socket }) },
    { src: 'networkStatus' },
  ],
  on: {
    'BROWSER.OFFLINE': {
      target: '.offline',
      actions: [{ type: 'markOffline', params: { reason: 'browser' } }, 'clearTransport'],
    },
  },
  initial: 'connecting',
  states: {
    connecting: {
      entry: ['clearTransport', 'openSocket'],
      after: {
        CONNECT_TIMEOUT: {
          target: 'reconnecting',
          actions: [{ type: 'recordError', params: { message: 'timeout' } }, 'closeSocket'],
        },
      },
      on: {
        'SOCKET.CONNECTED': {
          target: 'connected',
          actions: { type: 'recordTransport', params: ({ event }) => ({ transport: event.transport }) },
        },
        'SOCKET.ERROR': {
          target: 'reconnecting',
          actions: [
            {
              type: 'recordError',
              params: ({ event }) => ({ message: event.message ?? 'connection error' }),
            },
            'closeSocket',
          ],
        },
        'SOCKET.DISCONNECTED': {
          target: 'reconnecting',
          actions: {
            type: 'recordError',
            params: ({ event }) => ({ message: event.reason ?? 'disconnected' }),
          },
        },
      },
    },
    connected: {
      tags: 'live',
      entry: ['resetAttempts', 'clearError'],
      exit: 'clearTransport',
      on: {
        'SOCKET.TRANSPORT': {
          actions: { type: 'recordTransport', params: ({ event }) => ({ transport: event.transport }) },
        },
        'SOCKET.DISCONNECTED': {
          target: 'reconnecting',
          actions: {
            type: 'recordError',
            params: ({ event }) => ({ message: event.reason ?? 'disconnected' }),
          },
        },
      },
    },
    reconnecting: {
      entry: 'countFailedAttempt',
      always: {
        guard: 'reconnectsExhausted',
        target: 'offline',
        actions: { type: 'markOffline', params: { reason: 'gaveUp' } },
      },
      after: { RECONNECT_DELAY: { target: 'connecting' } },
      on: {
        // The adapter may have reconnected by itself.
        'SOCKET.CONNECTED': {
          target: 'connected',
          actions: { type: 'recordTransport', params: ({ event }) => ({ transport: event.transport }) },
        },
        RETRY: { target: 'connecting' },
      },
    },
    offline: {
      entry: 'closeSocket',
      exit: ['clearOfflineReason', 'resetAttempts'],
      on: {
        RETRY: { target: 'connecting' },
        'BROWSER.ONLINE': { target: 'connecting' },
        // Already closed: only the reason changes (a give-up becomes "no network").
        'BROWSER.OFFLINE': { actions: { type: 'markOffline', params: { reason: 'browser' } } },
      },
    },
  },
});
