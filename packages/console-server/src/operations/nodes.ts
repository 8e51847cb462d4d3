import os from 'node:os';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { NODE_ID } from '../jobs/runOnce.js';

export interface HeartbeatOptions {
  /** Between heartbeats; a node is shown connected while its last one is under three of these old. */
  everyMs: number;
  version: string;
  /** Defaults to NODE_ID. */
  nodeId?: string;
  onError?: (error: unknown) => void;
}

export interface Heartbeat {
  /** Stops the timer and marks the node stopped (a node that dies keeps its last heartbeat instead). */
  stop: () => Promise<void>;
  /** The first beat, written before the promise resolves. */
  ready: Promise<void>;
}

/** Node rows not seen for this long are deleted by the next node that starts (restarts leave one row each). */
const FORGET_AFTER = '7 days';

/**
 * The cluster's node registry (migration 830): this process writes its row at start and every `everyMs`, so
 * the operator's page lists the nodes sharing the database and how recently each was heard from.
 * @example
 * const heartbeat = startHeartbeat(db, { everyMs: 15_000, version: SERVER_VERSION });
 * app.addHook('onClose', () => heartbeat.stop());
 */
export function startHeartbeat(db: Kysely<Database>, options: HeartbeatOptions): Heartbeat {
  const nodeId = options.nodeId ?? NODE_ID;
  const beat = async () => {
    await sql`
      insert into cluster_nodes (node_id, hostname, pid, version)
      values (${nodeId}, ${os.hostname()}, ${process.pid}, ${options.version})
      on conflict (node_id) do update set last_seen_at = now(), stopped_at = null`.execute(db);
  };
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= beat()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const ready = (async () => {
    await sql`delete from cluster_nodes where last_seen_at < now() - ${FORGET_AFTER}::interval`.execute(db);
    await beat();
  })().catch((error: unknown) => options.onError?.(error));
  const timer = setInterval(() => void tick(), options.everyMs);
  timer.unref();
  return {
    ready,
    stop: async () => {
      clearInterval(timer);
      await ready;
      await running;
      await sql`update cluster_nodes set stopped_at = now() where node_id = ${nodeId}`
        .execute(db)
        .catch((error: unknown) => options.onError?.(error));
    },
  };
}

/** Records a scheduled backup's outcome (backup_runs, migration 830); a failure to record is only logged. */
export async function recordBackupRun(
  db: Kysely<Database>,
  run: { ok: true; kind: string; file: string; bytes: number; ms: number } | { ok: false; error: string },
  nodeId: string = NODE_ID,
): Promise<void> {
  await sql`
    insert into backup_runs (ok, node_id, kind, file, bytes, ms, error)
    values (${run.ok}, ${nodeId}, ${run.ok ? run.kind : null}, ${run.ok ? run.file : null},
      ${run.ok ? run.bytes : null}, ${run.ok ? run.ms : null}, ${run.ok ? null : run.error.slice(0, 1000)})`.execute(
    db,
  );
}
