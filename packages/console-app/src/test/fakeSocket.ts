import type { Socket } from 'socket.io-client';
import type { IoFactory } from '../realtime/socket.js';

type Handler = (...args: unknown[]) => void;

/** A stand-in for socket.io's Socket: records options and calls, and lets a test fire server events. */
export class FakeSocket {
  handlers = new Map<string, Set<Handler>>();
  engineHandlers = new Map<string, Handler>();
  connected = false;
  connectCalls = 0;
  disconnectCalls = 0;
  options: Record<string, unknown> = {};
  io = {
    engine: {
      transport: { name: 'websocket' },
      on: (event: string, handler: Handler) => this.engineHandlers.set(event, handler),
    },
  };
  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
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
  const io: IoFactory = (_uri, options) => {
    const socket = new FakeSocket();
    socket.options = options as Record<string, unknown>;
    sockets.push(socket);
    return socket as unknown as Socket;
  };
  return { io, sockets };
}
