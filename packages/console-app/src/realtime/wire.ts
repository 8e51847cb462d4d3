import { openEngine, type Engine, type Transport } from './engine.js';

/**
 * A Socket.IO v5 client for the default namespace over `engine.ts`: the handshake with `auth`, server events,
 * disconnects. No acknowledgements, no binary packets, no reconnection (console-ui's realtimeConnection machine
 * reconnects). Written for the console (issue 33): socket.io-client was ~10 KB brotli of the signed-in landing.
 */

export type { Transport };
/** Any listener: the caller knows an event's arguments, the socket does not check them. */
export type Listener = (...args: never[]) => void;
type Handler = (...args: unknown[]) => void;

export interface WireSocketOptions {
  /** Tried in order until one opens. */
  transports: readonly Transport[];
  /** From `connect()` to the server's acceptance; then `connect_error` "timeout". */
  timeout: number;
  /** The handshake's auth payload, read at every `connect()`. */
  auth: () => object;
}

/**
 * The low-level socket `createConsoleSocket` adapts (tests hand it a FakeSocket). Besides the server's events it
 * emits `connect`, `disconnect` (reason) and `connect_error` (an Error), with socket.io-client's reasons.
 */
export interface WireSocket {
  readonly connected: boolean;
  /** The open connection's transport; undefined while none is open. */
  readonly transport: Transport | undefined;
  connect(): void;
  disconnect(): void;
  on(event: string, handler: Listener): void;
  off(event: string, handler: Listener): void;
}

/** Socket.IO packet types (the first character of an Engine.IO message). */
const CONNECT = '0';
const DISCONNECT = '1';
const EVENT = '2';
const CONNECT_ERROR = '4';

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * @param url the server's origin; undefined = the page's own.
 */
export function createWireSocket(url: string | undefined, options: WireSocketOptions): WireSocket {
  const origin = new URL(url ?? '/', location.href).origin;
  const handlers = new Map<string, Set<Handler>>();
  const emit = (event: string, ...args: unknown[]) =>
    handlers.get(event)?.forEach((handler) => handler(...args));
  let engine: Engine | undefined;
  let connected = false;
  let transport: Transport | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Drops the connection quietly; returns whether the socket was connected. */
  const drop = () => {
    const was = connected;
    clearTimeout(timer);
    engine?.close();
    engine = transport = undefined;
    connected = false;
    return was;
  };
  const failed = (message: string) => {
    drop();
    emit('connect_error', new Error(message));
  };

  const onPacket = (packet: string) => {
    // Another namespace's packet ("2/admin,…") is not the console's; acks and binary packets (types 3, 5, 6)
    // fall through the switch.
    if (packet[1] === '/') return;
    // An EVENT may carry an ack id before its JSON; none is answered (the server asks for none).
    const data = parse(packet.slice(1).replace(/^\d+/, ''));
    switch (packet[0]) {
      case CONNECT:
        if (connected) return;
        connected = true;
        clearTimeout(timer);
        return emit('connect');
      case CONNECT_ERROR:
        return failed(String((data as { message?: unknown } | undefined)?.message ?? 'connect error'));
      case DISCONNECT:
        if (drop()) emit('disconnect', 'io server disconnect');
        return;
      case EVENT:
        if (Array.isArray(data) && typeof data[0] === 'string') emit(...(data as [string, ...unknown[]]));
    }
  };

  return {
    get connected() {
      return connected;
    },
    get transport() {
      return transport;
    },
    connect() {
      if (engine) return;
      timer = setTimeout(() => failed('timeout'), options.timeout);
      const current: Engine = (engine = openEngine(origin, options.transports, {
        open: (name) => {
          transport = name;
          current.send(CONNECT + JSON.stringify(options.auth()));
        },
        message: onPacket,
        close: (reason) => {
          if (drop()) emit('disconnect', reason);
          else emit('connect_error', new Error(reason));
        },
      }));
    },
    disconnect() {
      if (connected) engine?.send(DISCONNECT);
      if (drop()) emit('disconnect', 'io client disconnect');
    },
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler as Handler);
    },
    off(event, handler) {
      handlers.get(event)?.delete(handler as Handler);
    },
  };
}
