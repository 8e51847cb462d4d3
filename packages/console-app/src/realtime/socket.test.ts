import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Server, type ServerOptions, type Socket as ServerSocket } from 'socket.io';
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerWebSocket } from 'ws';
import type { RealtimeStatusEvent } from '@staff/console-ui';
import { createConsoleSocket, SOCKET_OPTIONS, type ConsoleSocket } from './socket.js';
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
    expect(options()).toMatchObject({ transports: ['websocket', 'polling'], timeout: 20000 });
    expect(SOCKET_OPTIONS.timeout).toBe(20_000);
    expect(fake.connectCalls).toBe(0);
  });

  it('sends the current token in the handshake auth', () => {
    const { options } = setup('secret');
    expect(options().auth()).toEqual({ token: 'secret' });
  });

  it('reports connection lifecycle events to status listeners until unsubscribed', () => {
    const { fake, socket } = setup();
    const events: RealtimeStatusEvent[] = [];
    const stop = socket.onStatus((e) => events.push(e));
    socket.connect();
    fake.fire('connect');
    fake.fire('disconnect', 'transport close');
    fake.transport = 'polling';
    fake.fire('connect');
    fake.fire('connect_error', new Error('timeout'));
    stop();
    fake.fire('connect');
    expect(fake.connectCalls).toBe(1);
    expect(events).toEqual([
      { type: 'connected', transport: 'websocket' },
      { type: 'disconnected', reason: 'transport close' },
      { type: 'connected', transport: 'polling' },
      { type: 'error', message: 'timeout' },
    ]);
  });

  it('passes permissions:changed, session:revoked and any other event to their subscribers', () => {
    const { fake, socket } = setup();
    const changed = vi.fn();
    const revoked = vi.fn();
    const assigned = vi.fn();
    const stopChanged = socket.onPermissionsChanged(changed);
    socket.onSessionRevoked(revoked);
    const stopAssigned = socket.on('problem:assigned', assigned);
    fake.fire('permissions:changed', { userId: 3 });
    fake.fire('session:revoked');
    fake.fire('problem:assigned', { id: 7 });
    stopChanged();
    stopAssigned();
    fake.fire('permissions:changed', {});
    fake.fire('problem:assigned', { id: 8 });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed).toHaveBeenCalledWith({ userId: 3 });
    expect(revoked).toHaveBeenCalledTimes(1);
    expect(assigned.mock.calls).toEqual([[{ id: 7 }]]);
  });

  it('does not connect twice, and disconnects on request', () => {
    const { fake, socket } = setup();
    fake.fire('connect');
    socket.connect();
    expect(fake.connectCalls).toBe(0);
    socket.disconnect();
    expect(fake.disconnectCalls).toBe(1);
  });

  it('opens ws:// or wss:// at the given origin, or at the page’s own', () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'WebSocket',
      class {
        constructor(url: string) {
          urls.push(url);
        }
        close() {}
      },
    );
    try {
      for (const url of ['https://api.example.com', 'http://127.0.0.1:8080/', undefined]) {
        const socket = createConsoleSocket({ getToken: () => null, ...(url ? { url } : {}) });
        socket.connect();
        socket.disconnect();
      }
    } finally {
      vi.unstubAllGlobals();
    }
    expect(urls).toEqual([
      'wss://api.example.com/socket.io/?EIO=4&transport=websocket',
      'ws://127.0.0.1:8080/socket.io/?EIO=4&transport=websocket',
      `${location.origin.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`,
    ]);
  });
});

// ---- Against a real socket.io 4 server (the console server's library) on 127.0.0.1 -------------------------------

interface Running {
  io: Server;
  url: string;
  /** The next server-side socket to connect. */
  nextConnection: () => Promise<ServerSocket>;
}

/**
 * jsdom's WebSocket wraps undici's, which throws at its `open` event under vitest's jsdom globals (it builds the
 * event with jsdom's Event, then dispatches it on Node's EventTarget). ws's WebSocket has the browser's API.
 */
function useNodeWebSocket() {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', NodeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const listen = async (http: HttpServer) => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        // fetch keeps its connections alive: close them, or the server waits for their timeout.
        http.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
};

async function startServer(options: Partial<ServerOptions> = {}): Promise<Running> {
  const http = createServer();
  const io = new Server(http, { serveClient: false, ...options });
  const url = await listen(http);
  cleanups.push(() => {
    io.disconnectSockets(true);
    io.engine.close();
  });
  return {
    io,
    url,
    nextConnection: () => new Promise((resolve) => io.once('connection', resolve)),
  };
}

function connectTo(url: string, token: { current: string | null } = { current: 'tok' }) {
  const socket = createConsoleSocket({ url, getToken: () => token.current });
  const events: RealtimeStatusEvent[] = [];
  socket.onStatus((event) => events.push(event));
  cleanups.push(() => socket.disconnect());
  return { socket, events };
}

/** The next status event of `type`. */
const nextStatus = <T extends RealtimeStatusEvent['type']>(socket: ConsoleSocket, type: T) =>
  new Promise<Extract<RealtimeStatusEvent, { type: T }>>((resolve) => {
    const stop = socket.onStatus((event) => {
      if (event.type !== type) return;
      stop();
      resolve(event as Extract<RealtimeStatusEvent, { type: T }>);
    });
  });

/** The next payload of the server event `event`. */
const nextEvent = (socket: ConsoleSocket, event: string) =>
  new Promise<unknown>((resolve) => {
    const stop = socket.on(event, (payload) => {
      stop();
      resolve(payload);
    });
  });

const disconnectReason = (server: ServerSocket) =>
  new Promise<string>((resolve) => server.once('disconnect', (reason) => resolve(reason)));

/** 'alive' once the client has answered `count` of the server's pings, or why the server lost it before. */
const pongs = (server: ServerSocket, count: number) =>
  Promise.race([
    new Promise<string>((resolve) => {
      let seen = 0;
      server.conn.on('packet', (packet: { type: string }) => {
        if (packet.type === 'pong' && ++seen === count) resolve('alive');
      });
    }),
    disconnectReason(server),
  ]);

describe('createConsoleSocket against a socket.io server', () => {
  useNodeWebSocket();

  it('connects over a websocket with the current token and receives events', async () => {
    const server = await startServer();
    const auths: unknown[] = [];
    server.io.use((socket, next) => {
      auths.push(socket.handshake.auth);
      next();
    });
    const token = { current: 'first' as string | null };
    const { socket } = connectTo(server.url, token);

    const connected = nextStatus(socket, 'connected');
    const connection = server.nextConnection();
    socket.connect();
    expect(await connected).toEqual({ type: 'connected', transport: 'websocket' });
    const serverSocket = await connection;
    expect(serverSocket.conn.transport.name).toBe('websocket');
    expect(socket.connected).toBe(true);

    const changed = new Promise((resolve) => socket.onResourceChanged(resolve));
    const assigned = nextEvent(socket, 'problem:assigned');
    serverSocket.emit('resource:changed', { entity: 'creators', id: 1, action: 'update' });
    server.io.emit('problem:assigned', { id: 5, by: 'Ann' });
    expect(await changed).toEqual({ entity: 'creators', id: 1, action: 'update' });
    expect(await assigned).toEqual({ id: 5, by: 'Ann' });

    // The token is read at every connection, not once.
    socket.disconnect();
    token.current = 'second';
    const again = nextStatus(socket, 'connected');
    socket.connect();
    await again;
    token.current = null;
    expect(auths).toEqual([{ token: 'first' }, { token: 'second' }]);
  });

  it('ignores binary packets and carries on with the next event', async () => {
    const server = await startServer();
    const { socket } = connectTo(server.url);
    const connection = server.nextConnection();
    socket.connect();
    const serverSocket = await connection;
    const payloads: unknown[] = [];
    socket.onResourceChanged((payload) => payloads.push(payload));
    const last = nextEvent(socket, 'problem:assigned');
    serverSocket.emit('resource:changed', { file: Buffer.from([1, 2, 3]) });
    serverSocket.emit('resource:changed', { entity: 'tribes' });
    serverSocket.emit('problem:assigned', { id: 1 });
    await last;
    expect(payloads).toEqual([{ entity: 'tribes' }]);
  });

  it('reports a server disconnect as "io server disconnect"', async () => {
    const server = await startServer();
    const { socket } = connectTo(server.url);
    const connection = server.nextConnection();
    socket.connect();
    const serverSocket = await connection;
    const disconnected = nextStatus(socket, 'disconnected');
    serverSocket.disconnect(true);
    expect(await disconnected).toEqual({ type: 'disconnected', reason: 'io server disconnect' });
    expect(socket.connected).toBe(false);
  });

  it('reports a dropped connection (no disconnect packet) as "transport close"', async () => {
    const server = await startServer();
    const { socket } = connectTo(server.url);
    const connection = server.nextConnection();
    socket.connect();
    const serverSocket = await connection;
    const disconnected = nextStatus(socket, 'disconnected');
    // What the server's drain does before a graceful stop.
    serverSocket.conn.close();
    expect(await disconnected).toEqual({ type: 'disconnected', reason: 'transport close' });
  });

  it('leaves with a disconnect packet when asked: the server sees the client go', async () => {
    const server = await startServer();
    const { socket, events } = connectTo(server.url);
    const connection = server.nextConnection();
    const connected = nextStatus(socket, 'connected');
    socket.connect();
    const serverSocket = await connection;
    await connected;
    const reason = disconnectReason(serverSocket);
    socket.disconnect();
    expect(await reason).toBe('client namespace disconnect');
    expect(events.at(-1)).toEqual({ type: 'disconnected', reason: 'io client disconnect' });
    socket.disconnect();
    expect(events.filter((event) => event.type === 'disconnected')).toHaveLength(1);
  });

  it('reports a refused handshake as an error with the server’s message', async () => {
    const server = await startServer();
    server.io.use((_socket, next) => next(new Error('unauthorized')));
    const { socket, events } = connectTo(server.url);
    const error = nextStatus(socket, 'error');
    socket.connect();
    expect(await error).toEqual({ type: 'error', message: 'unauthorized' });
    expect(events).toEqual([{ type: 'error', message: 'unauthorized' }]);
    expect(socket.connected).toBe(false);
  });

  it('reports an error when no transport reaches a server', async () => {
    const http = createServer((_req, res) => res.writeHead(404).end());
    const url = await listen(http);
    const { socket } = connectTo(url);
    const error = nextStatus(socket, 'error');
    socket.connect();
    expect(await error).toEqual({ type: 'error', message: 'transport error' });
  });

  it('falls back to long-polling when the websocket is refused, both ways', async () => {
    const server = await startServer({ transports: ['polling'], pingInterval: 100, pingTimeout: 1000 });
    const auths: unknown[] = [];
    server.io.use((socket, next) => {
      auths.push(socket.handshake.auth);
      next();
    });
    const { socket, events } = connectTo(server.url, { current: 'polled' });
    const connected = nextStatus(socket, 'connected');
    const connection = server.nextConnection();
    socket.connect();
    expect(await connected).toEqual({ type: 'connected', transport: 'polling' });
    const serverSocket = await connection;
    expect(serverSocket.conn.transport.name).toBe('polling');
    expect(auths).toEqual([{ token: 'polled' }]);

    // Server to client: several packets in one response body.
    const payloads: unknown[] = [];
    socket.onResourceChanged((payload) => payloads.push(payload));
    const last = nextEvent(socket, 'session:revoked');
    for (const id of [1, 2, 3]) serverSocket.emit('resource:changed', { entity: 'creators', id });
    serverSocket.emit('session:revoked', { reason: 'logout' });
    expect(await last).toEqual({ reason: 'logout' });
    expect(payloads.map((payload) => (payload as { id: number }).id)).toEqual([1, 2, 3]);

    // Client to server: pongs, then the disconnect packet; the server keeps the connection past several pings.
    expect(await pongs(serverSocket, 3)).toBe('alive');
    const reason = disconnectReason(serverSocket);
    socket.disconnect();
    expect(await reason).toBe('client namespace disconnect');
    expect(events.filter((event) => event.type !== 'connected')).toEqual([
      { type: 'disconnected', reason: 'io client disconnect' },
    ]);
  });

  it('answers pings: the websocket connection outlives several ping intervals', async () => {
    // A pingTimeout that a busy machine's pauses stay under; 15 pings outlast the client's deadline (1.1 s) so
    // a client that did not re-arm it on each ping would be closed.
    const server = await startServer({ pingInterval: 100, pingTimeout: 1000 });
    const { socket, events } = connectTo(server.url);
    const connection = server.nextConnection();
    socket.connect();
    const serverSocket = await connection;
    // Each ping is answered within pingTimeout, and the client's own deadline (interval + timeout) is reset.
    expect(await pongs(serverSocket, 15)).toBe('alive');
    expect(events).toEqual([{ type: 'connected', transport: 'websocket' }]);
  });
});

// ---- Against a bare Engine.IO speaker: what a socket.io server does not do on request ---------------------------------

async function startBareServer(handshake: object | null) {
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  const url = await listen(http);
  cleanups.push(() => {
    for (const client of wss.clients) client.terminate();
    wss.close();
  });
  const connections: ServerWebSocket[] = [];
  wss.on('connection', (ws) => {
    connections.push(ws);
    if (!handshake) return;
    ws.send(`0${JSON.stringify({ sid: 'e1', upgrades: [], maxPayload: 1e6, ...handshake })}`);
    ws.on('message', (data) => {
      if (String(data).startsWith('40')) ws.send('40{"sid":"s1"}');
    });
  });
  const nextConnection = () => new Promise<ServerWebSocket>((resolve) => wss.once('connection', resolve));
  return { url, connections, nextConnection };
}

describe('createConsoleSocket, timers', () => {
  useNodeWebSocket();

  it('closes with "ping timeout" when the server stops pinging', async () => {
    // Long enough for the Socket.IO handshake to finish first on a busy machine.
    const server = await startBareServer({ pingInterval: 500, pingTimeout: 500 });
    const { socket, events } = connectTo(server.url);
    const disconnected = nextStatus(socket, 'disconnected');
    socket.connect();
    expect(await disconnected).toEqual({ type: 'disconnected', reason: 'ping timeout' });
    expect(events[0]).toEqual({ type: 'connected', transport: 'websocket' });
  });

  it('gives up after the 20 s connect timeout and closes the connection', async () => {
    const server = await startBareServer(null);
    const { socket } = connectTo(server.url);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const connection = server.nextConnection();
      const error = nextStatus(socket, 'error');
      socket.connect();
      const ws = await connection;
      const closed = new Promise((resolve) => ws.once('close', resolve));
      vi.advanceTimersByTime(19_999);
      expect(socket.connected).toBe(false);
      vi.advanceTimersByTime(1);
      expect(await error).toEqual({ type: 'error', message: 'timeout' });
      await closed;
    } finally {
      vi.useRealTimers();
    }
  });
});
