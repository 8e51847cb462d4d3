import type { Server as HttpServer } from 'node:http';
import type pg from 'pg';
import { Server as SocketServer, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import { SOCKET_EVENTS } from '@staff/console-contract';
import { bearerToken } from './auth/tokens.js';
import type { ConsoleEvents } from './services/events.js';

/** Server-to-server event: revoke these rooms' sockets on every other node. */
const SESSION_REVOKE_FANOUT = 'console:sessions-revoked';
export interface SocketIdentity {
  userId: number;
  sessionId: string;
  /** The session's absolute end: the socket is closed then (revocation closes it through sessionsRevoked). */
  expiresAt?: Date;
}

/** setTimeout's ceiling (about 24.8 days); a later end is re-checked when the timer fires. */
const MAX_TIMER_MS = 2_147_483_647;

export interface RealtimeOptions {
  /** Same check as HTTP: null refuses the handshake. */
  authenticate: (token: string | null) => Promise<SocketIdentity | null>;
  /** Allowed cross-origin browsers; empty keeps the socket same-origin only. */
  corsOrigins: readonly string[];
  /**
   * PostgreSQL: a pool of its own for @socket.io/postgres-adapter (one LISTEN connection plus NOTIFY), so that
   * emits and room operations reach the sockets of every server node on the database. Absent: this node only.
   */
  clusterPool?: pg.Pool;
  onClusterError?: (error: Error) => void;
  /** The server's clock (tests move it): a session's end is measured on it. */
  now?: () => Date;
}

/**
 * The only module that knows socket.io. Rooms: `user:<id>` (every tab of a user) and `session:<id>` (one token).
 * On PostgreSQL the rooms and emits go through @socket.io/postgres-adapter (NOTIFY), so every node's sockets
 * receive them (ADR 010); nothing else here knows about nodes.
 */
export interface Realtime extends ConsoleEvents {
  io: SocketServer;
  /** True when events travel between server nodes (PostgreSQL adapter): serverSideEmit reaches the others. */
  clustered: boolean;
  notifyUser: (userId: number, event: string, payload?: unknown) => void;
  broadcast: (event: string, payload?: unknown) => void;
  /**
   * A graceful stop's first step: new handshakes are refused and every connection is dropped without socket.io's
   * disconnect packet, so clients treat it as a lost transport and reconnect (through the proxy, to another node).
   */
  drain: () => void;
  close: () => Promise<void>;
}

export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

export const SOCKET_UNAUTHORIZED = 'unauthorized';

export function createRealtime(server: HttpServer, options: RealtimeOptions): Realtime {
  let draining = false;
  const io = new SocketServer(server, {
    path: '/socket.io',
    serveClient: false,
    cors:
      options.corsOrigins.length > 0 ? { origin: [...options.corsOrigins], credentials: false } : undefined,
    // Without CORS origins, refuse cross-origin browsers outright (same rule as the HTTP API).
    allowRequest: (req, callback) => {
      if (draining) return callback('stopping', false);
      const origin = req.headers.origin;
      if (!origin || options.corsOrigins.includes(origin)) return callback(null, true);
      const host = req.headers.host;
      try {
        callback(null, host !== undefined && new URL(origin).host === host);
      } catch {
        callback(null, false);
      }
    },
  });

  if (options.clusterPool) {
    io.adapter(
      createAdapter(options.clusterPool, {
        ...(options.onClusterError ? { errorHandler: options.onClusterError } : {}),
      }),
    );
  }

  io.use((socket: Socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token =
      typeof auth?.token === 'string' ? auth.token : bearerToken(socket.handshake.headers.authorization);
    options
      .authenticate(token)
      .then((identity) => {
        if (!identity) return next(new Error(SOCKET_UNAUTHORIZED));
        socket.data.identity = identity;
        void socket.join([userRoom(identity.userId), sessionRoom(identity.sessionId)]);
        next();
      })
      .catch(() => next(new Error(SOCKET_UNAUTHORIZED)));
  });

  // Armed once connected: a token that expired during the handshake (a loaded machine) was closed before the
  // client had its connection, and it never heard why. Now it connects, is told, and is closed.
  io.on('connection', (socket: Socket) => {
    const expiresAt = (socket.data.identity as { expiresAt?: Date | null } | undefined)?.expiresAt;
    if (expiresAt) closeAtExpiry(socket, expiresAt);
  });

  /** A socket outlives nothing: when its token expires it is told and closed at once, as a revoked one is. */
  function closeAtExpiry(socket: Socket, expiresAt: Date) {
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const left = expiresAt.getTime() - (options.now ?? (() => new Date()))().getTime();
      if (left <= 0) {
        socket.emit(SOCKET_EVENTS.sessionRevoked, { reason: 'session expired' });
        socket.disconnect(true);
        return;
      }
      timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
      timer.unref();
    };
    arm();
    socket.on('disconnect', () => clearTimeout(timer));
  }

  const notifyUser = (userId: number, event: string, payload?: unknown) => {
    io.to(userRoom(userId)).emit(event, payload ?? {});
  };

  /**
   * The event, then the close, on this node's sockets only: through the cluster adapter the two would travel as
   * separate notifications that may arrive out of order (the socket closed before it is told why).
   */
  const revokeHere = (rooms: string[], reason: string) => {
    io.local.to(rooms).emit(SOCKET_EVENTS.sessionRevoked, { reason });
    io.local.in(rooms).disconnectSockets(true);
  };
  if (options.clusterPool) {
    io.on(SESSION_REVOKE_FANOUT, (rooms: unknown, reason: unknown) => {
      if (Array.isArray(rooms) && typeof reason === 'string') revokeHere(rooms.map(String), reason);
    });
  }

  return {
    io,
    clustered: options.clusterPool !== undefined,
    notifyUser,
    broadcast: (event, payload) => {
      io.emit(event, payload ?? {});
    },
    permissionsChanged: (userIds) => {
      for (const userId of userIds) notifyUser(userId, SOCKET_EVENTS.permissionsChanged, {});
    },
    sessionsRevoked: (userId, sessionIds, reason) => {
      // A disabled account loses every tab; a logout only the sockets of that one token.
      const rooms = reason === 'account disabled' ? [userRoom(userId)] : sessionIds.map(sessionRoom);
      if (rooms.length === 0) return;
      revokeHere(rooms, reason);
      if (options.clusterPool) io.serverSideEmit(SESSION_REVOKE_FANOUT, rooms, reason);
    },
    drain: () => {
      draining = true;
      // 'transport close' on the client, not 'io server disconnect' (after which socket.io never reconnects).
      for (const socket of io.sockets.sockets.values()) socket.conn.close();
    },
    // Not io.close(): that also closes the HTTP server, which belongs to Fastify and is closed by it.
    close: async () => {
      io.local.disconnectSockets(true);
      io.engine.close();
      if (options.clusterPool) {
        // Releases the LISTEN connection and stops the heartbeat, then the adapter's pool.
        await io.of('/').adapter.close();
        // A node closed right after it started: the adapter's LISTEN client may still be connecting, and the pool
        // would wait for it forever (the adapter releases only a client it already holds). Bounded wait.
        await Promise.race([
          options.clusterPool.end(),
          new Promise((resolve) => setTimeout(resolve, 2000).unref()),
        ]);
      }
    },
  };
}
