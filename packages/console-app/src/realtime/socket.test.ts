import { describe, expect, it, vi } from 'vitest';
import type { RealtimeStatusEvent } from '@staff/console-ui';
import { createConsoleSocket, SOCKET_OPTIONS } from './socket.js';
import { fakeIo } from '../test/fakeSocket.js';

const setup = (token = 'tok') => {
  const { io, sockets } = fakeIo();
  const socket = createConsoleSocket({ getToken: () => token, io });
  const fake = sockets[0]!;
  return { fake, socket, options: () => fake.options };
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
