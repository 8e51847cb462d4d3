import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { z } from '@staff/console-contract';
import type { DatabaseHandle } from '../db/database.js';
import { MIGRATIONS } from '../db/migrations.js';

/** `/api/ready`'s answer: 200 when every check passes, 503 with `reasons` naming the ones that did not. */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  draining: z.boolean(),
  database: z.object({ reachable: z.boolean() }),
  migrations: z.object({ done: z.boolean(), version: z.nullable(z.number()), expected: z.number() }),
  reasons: z.array(z.string()),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

/** Answered while draining, whatever the route: a proxy retries it on another node. */
export const DRAINING_CODE = 'DRAINING';

/** Probes keep answering during a drain: health says alive, ready says why not. */
const PROBES = new Set(['/api/health', '/api/ready']);

export interface Lifecycle {
  readonly draining: boolean;
  /** Requests this process has started and not yet answered (socket.io's own requests never reach Fastify). */
  inFlight: () => number;
  /**
   * Ready goes false and every new request answers 503 (connection closed) at once; resolves when the requests
   * already in flight are answered, or after `graceMs` with how many were left.
   */
  drain: (graceMs: number) => Promise<{ left: number }>;
  /** The readiness checks: database reachable, migrations at this server's version, not draining. */
  ready: () => Promise<ReadyResponse>;
}

/**
 * Counts requests in flight and turns new ones away once draining (the first onRequest hook, before any that
 * reads the database). Register before every other hook.
 */
export function registerLifecycle(app: FastifyInstance, database: () => DatabaseHandle): Lifecycle {
  let draining = false;
  let inFlight = 0;
  const idle = new Set<() => void>();
  const settle = () => {
    if (inFlight === 0) for (const resolve of idle) resolve();
  };

  app.addHook('onRequest', async (request, reply) => {
    if (draining && !PROBES.has(request.url.split('?')[0]!.replace(/\/$/, ''))) {
      reply.header('connection', 'close').header('retry-after', '1');
      return reply.code(503).send({ message: 'This server is stopping; try again.', code: DRAINING_CODE });
    }
    inFlight += 1;
    // 'close' fires once the answer is out or the client went away, whichever comes first.
    reply.raw.once('close', () => {
      inFlight -= 1;
      settle();
    });
  });
  // Keep-alive clients are moved off as their answers leave.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });

  const expected = MIGRATIONS.at(-1)?.version ?? 0;
  return {
    get draining() {
      return draining;
    },
    inFlight: () => inFlight,
    drain: (graceMs) => {
      draining = true;
      if (inFlight === 0) return Promise.resolve({ left: 0 });
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          idle.delete(done);
          resolve({ left: inFlight });
        };
        const timer = setTimeout(done, graceMs);
        idle.add(done);
      });
    },
    ready: async () => {
      let reachable = true;
      let version: number | null = null;
      try {
        const row = await sql<{ v: number | null }>`select max(version) as v from schema_migrations`.execute(
          database().db,
        );
        version = row.rows[0]?.v == null ? null : Number(row.rows[0].v);
      } catch {
        reachable = false;
      }
      const done = version === expected;
      const reasons = [
        ...(draining ? ['draining: this server is stopping'] : []),
        ...(reachable ? [] : ['database unreachable']),
        ...(reachable && !done
          ? [
              version !== null && version > expected
                ? `migrations: the database is at ${version}, newer than this server (${expected})`
                : `migrations: the database is at ${version ?? 'none'}, this server needs ${expected}`,
            ]
          : []),
      ];
      return {
        status: reasons.length === 0 ? 'ready' : 'not_ready',
        draining,
        database: { reachable },
        migrations: { done: reachable && done, version, expected },
        reasons,
      };
    },
  };
}
