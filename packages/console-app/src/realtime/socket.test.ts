import { describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { RealtimeStatusEvent } from '@staff/console-ui';
import { createConsoleSocket, SOCKET_OPTIONS, type IoFactory } from './socket.js';

type Handler = (...args: unknown[]) => void;

/** A tiny stand-in for socket.io's Socket: records options, lets the test fire server events. */
class FakeSocket {
  handlers = new Map<string, Set<Handler>>();
  engineHandlers = new Map<string, Handler>();
  connected = false;
  connectCalls = 0;
  disconnectCalls = 0;
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
    this.handlers.get(event)?.forEach((h) => h(...args));
  }
  connect() {
    this.connectCalls += 1;
  }
  disconnect() {
    this.disconnectCalls += 1;
  }
}

const setup = (token = 'tok') => {
  const fake = new FakeSocket();
  let options: Record<string, unknown> = {};
  const io: IoFactory = (_uri, opts) => {
    options = opts as Record<string, unknown>;
    return fake as unknown as Socket;
  };
  const socket = createConsoleSocket({ getToken: () => token, io });
  return { fake, socket, options: () => options };
};

describe('createConsoleSocket', () => {
  it('uses the spec connection settings and does not connect before asked', () => {
    const { options, fake } = setup();
    expect(options()).toMatchObject({
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnection: false, // the realtimeConnection machine reconnects, 1 s growing to 5 s
      timeout: 20000,
      autoConnect: false,
    });
    expect(SOCKET_OPTIONS.timeout).toBe(20_000);
    expect(fake.connectCalls).toBe(0);
  });

  it('sends the current token in the handshake auth', () => {
    const { options } = setup('secret');
    const auth = options().auth as (cb: (data: object) => void) => void;
    const cb = vi.fn();
    auth(cb);
    expect(cb).toHaveBeenCalledWith({ token: 'secret' });
  });

  it('reports connection lifecycle events to status listeners until unsubscribed', () => {
    const { fake, socket } = setup();
    const events: RealtimeStatusEvent[] = [];
    const stop = socket.onStatus((e) => events.push(e));
    socket.connect();
    fake.fire('connect');
    fake.engineHandlers.get('upgrade')?.({ name: 'polling' });
    fake.fire('disconnect', 'transport close');
    fake.fire('connect_error', new Error('timeout'));
    stop();
    fake.fire('connect');
    expect(fake.connectCalls).toBe(1);
    expect(events).toEqual([
      { type: 'connected', transport: 'websocket' },
      { type: 'transport', transport: 'polling' },
      { type: 'disconnected', reason: 'transport close' },
      { type: 'error', message: 'timeout' },
    ]);
  });

  it('passes permissions:changed and session:revoked to their subscribers', () => {
    const { fake, socket } = setup();
    const changed = vi.fn();
    const revoked = vi.fn();
    const stopChanged = socket.onPermissionsChanged(changed);
    socket.onSessionRevoked(revoked);
    fake.fire('permissions:changed', { userId: 3 });
    fake.fire('session:revoked');
    stopChanged();
    fake.fire('permissions:changed', {});
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledWith({ userId: 3 });
    expect(revoked).toHaveBeenCalledTimes(1);
  });

  it('disconnects on request', () => {
    const { fake, socket } = setup();
    socket.disconnect();
    expect(fake.disconnectCalls).toBe(1);
  });
});
