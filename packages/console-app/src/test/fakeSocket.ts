import type { IoFactory } from '../realtime/socket.js';
import type { Listener, Transport, WireSocket, WireSocketOptions } from '../realtime/wire.js';

type Handler = (...args: unknown[]) => void;

/** A stand-in for the wire socket (realtime/wire.ts): records options and calls, and lets a test fire events. */
export class FakeSocket implements WireSocket {
  handlers = new Map<string, Set<Handler>>();
  connected = false;
  transport: Transport | undefined = 'websocket';
  connectCalls = 0;
  disconnectCalls = 0;
  options = {} as WireSocketOptions & Record<string, unknown>;
  on(event: string, handler: Listener) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler as Handler);
  }
  off(event: string, handler: Listener) {
    this.handlers.get(event)?.delete(handler as Handler);
  }
  /** As the server or the connection would: `connect`, `disconnect` (reason), `connect_error` (Error), events. */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    this.handlers.get(event)?.forEach((h) => h(...args));
  }
  connect() {
    this.connectCalls += 1;
  }
  disconnect() {
    this.disconnectCalls += 1;
    this.connected = false;
  }
}

/** An `io` factory handing out FakeSockets; `sockets` lists every one made. */
export function fakeIo() {
  const sockets: FakeSocket[] = [];
  const io: IoFactory = (_url, options) => {
    const socket = new FakeSocket();
    socket.options = options as FakeSocket['options'];
    sockets.push(socket);
    return socket;
  };
  return { io, sockets };
}
