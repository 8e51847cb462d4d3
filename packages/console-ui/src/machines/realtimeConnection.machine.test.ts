import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { RealtimeSocketAdapter, RealtimeStatusEvent } from '../adapters.js';
import {
  CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_RECONNECT_ATTEMPTS,
  REALTIME_SOCKET_OPTIONS,
  realtimeConnectionMachine,
  reconnectDelayMs,
} from './realtimeConnection.machine.js';

/** An in-memory socket adapter: counts connect/disconnect calls and lets the test emit status events. */
function fakeSocket() {
  const listeners = new Set<(event: RealtimeStatusEvent) => void>();
  const socket = {
    connects: 0,
    disconnects: 0,
    connect() {
      socket.connects += 1;
    },
    disconnect() {
      socket.disconnects += 1;
    },
    onStatus(listener: (event: RealtimeStatusEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: RealtimeStatusEvent) {
      for (const listener of [...listeners]) listener(event);
    },
    get listenerCount() {
      return listeners.size;
    },
  };
  return socket satisfies RealtimeSocketAdapter;
}

// The default networkStatus actor finds no window in node; tests that need the browser events send them.
function start(options: { maxReconnectAttempts?: number } = {}) {
  const socket = fakeSocket();
  const actor = createActor(realtimeConnectionMachine, {
    input: { socket, maxReconnectAttempts: options.maxReconnectAttempts },
  });
  actor.start();
  return { actor, socket };
}

describe('reconnectDelayMs', () => {
  it('grows by a second per attempt from 1 s and stays at 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((n) => reconnectDelayMs(n))).toEqual([
      1000, 2000, 3000, 4000, 5000, 5000, 5000, 5000,
    ]);
    expect(reconnectDelayMs(0)).toBe(1000);
  });

  it('suggests socket.io options for websocket first, polling fallback, machine-driven reconnects', () => {
    expect(REALTIME_SOCKET_OPTIONS).toMatchObject({
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnection: false,
      timeout: CONNECT_TIMEOUT_MS,
    });
  });
});

describe('realtimeConnectionMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts connecting: subscribes to the socket and calls connect()', () => {
    const { actor, socket } = start();
    expect(actor.getSnapshot().value).toBe('connecting');
    expect(socket.connects).toBe(1);
    expect(socket.listenerCount).toBe(1);
  });

  it('connected over websocket records the transport and is tagged live', () => {
    const { actor, socket } = start();
    socket.emit({ type: 'connected', transport: 'websocket' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('connected');
    expect(snapshot.hasTag('live')).toBe(true);
    expect(snapshot.context).toMatchObject({
      transport: 'websocket',
      lastTransport: 'websocket',
      attempt: 0,
    });
  });

  it('records the polling fallback and a later transport change', () => {
    const { actor, socket } = start();
    socket.emit({ type: 'connected', transport: 'polling' });
    expect(actor.getSnapshot().context.transport).toBe('polling');
    socket.emit({ type: 'transport', transport: 'websocket' });
    expect(actor.getSnapshot().context.transport).toBe('websocket');
  });

  it('gives up a connection attempt after exactly 20 s and retries 1 s later', async () => {
    const { actor, socket } = start();
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('reconnecting');
    expect(actor.getSnapshot().context).toMatchObject({ lastError: 'timeout', attempt: 1 });
    expect(socket.disconnects).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(actor.getSnapshot().value).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('connecting');
    expect(socket.connects).toBe(2);
  });

  it('waits 1, 2, 3, 4, 5, 5 s between failed attempts', async () => {
    const { actor, socket } = start();
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      socket.emit({ type: 'error', message: 'xhr poll error' });
      expect(actor.getSnapshot().value).toBe('reconnecting');
      let waited = 0;
      while (actor.getSnapshot().value === 'reconnecting') {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      waits.push(waited);
      expect(actor.getSnapshot().value).toBe('connecting');
    }
    expect(waits).toEqual([1000, 2000, 3000, 4000, 5000, 5000]);
    expect(socket.connects).toBe(7);
    expect(actor.getSnapshot().context.lastError).toBe('xhr poll error');
  });

  it('a drop while connected reconnects after 1 s; success resets the count', async () => {
    const { actor, socket } = start();
    socket.emit({ type: 'error' });
    await vi.advanceTimersByTimeAsync(1000);
    socket.emit({ type: 'connected', transport: 'websocket' });
    expect(actor.getSnapshot().context.attempt).toBe(0);
    expect(actor.getSnapshot().context.lastError).toBeNull();

    socket.emit({ type: 'disconnected', reason: 'transport close' });
    expect(actor.getSnapshot().value).toBe('reconnecting');
    expect(actor.getSnapshot().context).toMatchObject({
      attempt: 1,
      lastError: 'transport close',
      transport: null,
      lastTransport: 'websocket',
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('connecting');
  });

  it('a disconnect during connecting also schedules a reconnect', () => {
    const { actor, socket } = start();
    socket.emit({ type: 'disconnected' });
    expect(actor.getSnapshot().value).toBe('reconnecting');
    expect(actor.getSnapshot().context.lastError).toBe('disconnected');
  });

  it('accepts a connection the adapter made by itself while waiting', () => {
    const { actor, socket } = start();
    socket.emit({ type: 'error' });
    socket.emit({ type: 'connected', transport: 'polling' });
    expect(actor.getSnapshot().value).toBe('connected');
  });

  it('RETRY while reconnecting connects at once', () => {
    const { actor, socket } = start();
    socket.emit({ type: 'error' });
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('connecting');
    expect(socket.connects).toBe(2);
  });

  it(`goes offline (gave up) when ${DEFAULT_MAX_RECONNECT_ATTEMPTS} reconnects in a row fail`, async () => {
    const { actor, socket } = start();
    for (let failure = 1; failure <= DEFAULT_MAX_RECONNECT_ATTEMPTS; failure += 1) {
      socket.emit({ type: 'error' });
      expect(actor.getSnapshot().value).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(reconnectDelayMs(failure));
      expect(actor.getSnapshot().value).toBe('connecting');
    }
    const disconnectsBefore = socket.disconnects;
    socket.emit({ type: 'error' });
    expect(actor.getSnapshot().value).toBe('offline');
    expect(actor.getSnapshot().context.offlineReason).toBe('gaveUp');
    expect(socket.disconnects).toBeGreaterThan(disconnectsBefore);
    // Nothing further is scheduled once offline.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().value).toBe('offline');
    expect(socket.connects).toBe(DEFAULT_MAX_RECONNECT_ATTEMPTS + 1);
  });

  it('maxReconnectAttempts is configurable; RETRY from offline starts over with a fresh count', async () => {
    const { actor, socket } = start({ maxReconnectAttempts: 1 });
    socket.emit({ type: 'error' });
    await vi.advanceTimersByTimeAsync(1000);
    socket.emit({ type: 'error' });
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('connecting');
    expect(actor.getSnapshot().context).toMatchObject({ attempt: 0, offlineReason: null });
    socket.emit({ type: 'error' });
    expect(actor.getSnapshot().value).toBe('reconnecting');
  });

  it('BROWSER.OFFLINE from any state closes the socket; BROWSER.ONLINE connects again', () => {
    const { actor, socket } = start();
    socket.emit({ type: 'connected', transport: 'websocket' });
    actor.send({ type: 'BROWSER.OFFLINE' });
    expect(actor.getSnapshot().value).toBe('offline');
    expect(actor.getSnapshot().context).toMatchObject({ offlineReason: 'browser', transport: null });
    expect(socket.disconnects).toBe(1);
    // The closing socket's own disconnect report changes nothing.
    socket.emit({ type: 'disconnected', reason: 'io client disconnect' });
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'BROWSER.ONLINE' });
    expect(actor.getSnapshot().value).toBe('connecting');
    expect(socket.connects).toBe(2);

    socket.emit({ type: 'error' });
    actor.send({ type: 'BROWSER.OFFLINE' });
    expect(actor.getSnapshot().value).toBe('offline');
  });

  it('a browser offline report while given up changes the reason to browser', async () => {
    const { actor, socket } = start({ maxReconnectAttempts: 0 });
    socket.emit({ type: 'error' });
    expect(actor.getSnapshot().context.offlineReason).toBe('gaveUp');
    actor.send({ type: 'BROWSER.OFFLINE' });
    expect(actor.getSnapshot().context.offlineReason).toBe('browser');
  });

  it('delays can be overridden by an embedder', async () => {
    const socket = fakeSocket();
    const actor = createActor(
      realtimeConnectionMachine.provide({ delays: { CONNECT_TIMEOUT: 50, RECONNECT_DELAY: 10 } }),
      { input: { socket } },
    ).start();
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().value).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(10);
    expect(actor.getSnapshot().value).toBe('connecting');
  });

  it('stopping the actor unsubscribes from and closes the socket', () => {
    const { actor, socket } = start();
    actor.stop();
    expect(socket.listenerCount).toBe(0);
    expect(socket.disconnects).toBe(1);
  });

  it('the default networkStatus actor follows window online/offline events', () => {
    const target = new EventTarget();
    vi.stubGlobal('addEventListener', target.addEventListener.bind(target));
    vi.stubGlobal('removeEventListener', target.removeEventListener.bind(target));
    try {
      const { actor } = start();
      target.dispatchEvent(new Event('offline'));
      expect(actor.getSnapshot().value).toBe('offline');
      target.dispatchEvent(new Event('online'));
      expect(actor.getSnapshot().value).toBe('connecting');
      actor.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('an injected networkStatus actor can report the network instead', () => {
    const socket = fakeSocket();
    const actor = createActor(
      realtimeConnectionMachine.provide({
        actors: { networkStatus: fromCallback(({ sendBack }) => sendBack({ type: 'BROWSER.OFFLINE' })) },
      }),
      { input: { socket } },
    ).start();
    expect(actor.getSnapshot().value).toBe('offline');
  });
});
