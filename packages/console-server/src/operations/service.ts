import { type Kysely, sql } from 'kysely';
import type {
  BackupRun,
  ClusterNode,
  FailedOutboxItem,
  JobRunSummary,
  OperationsOverview,
  OutboxName,
  OutboxSummary,
  WebhookIntake,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import { writeAudit } from '../services/audit.js';

type Db = Kysely<Database>;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();
const num = (value: string | number | null): number | null => (value === null ? null : Number(value));

/** A node is connected while its last heartbeat is under three heartbeats old. */
export async function listNodes(db: Db, currentNodeId: string, heartbeatMs: number): Promise<ClusterNode[]> {
  const { rows } = await sql<{
    node_id: string;
    hostname: string;
    pid: number;
    version: string;
    started_at: Date;
    last_seen_at: Date;
    connected: boolean;
  }>`
    select node_id, hostname, pid, version, started_at, last_seen_at,
      (stopped_at is null and last_seen_at > now() - make_interval(secs => ${(heartbeatMs * 3) / 1000})) as connected
    from cluster_nodes
    order by connected desc, last_seen_at desc
    limit 50`.execute(db);
  return rows.map((row) => ({
    node_id: row.node_id,
    hostname: row.hostname,
    pid: row.pid,
    version: row.version,
    started_at: iso(row.started_at)!,
    last_seen_at: iso(row.last_seen_at)!,
    connected: row.connected,
    current: row.node_id === currentNodeId,
  }));
}

/** Jobs under runOnce (job_leases, every node), then this node's own timers that hold no lease. */
export async function listJobs(db: Db, local: readonly JobRunSummary[]): Promise<JobRunSummary[]> {
  const { rows } = await sql<{
    name: string;
    last_started_at: Date | null;
    last_finished_at: Date | null;
    last_ok: boolean | null;
    last_seconds: number | null;
    holder: string | null;
    last_error: string | null;
    runs: string;
    failures: string;
    consecutive_failures: number;
  }>`
    select name, last_started_at, last_finished_at, last_ok, last_seconds, holder, last_error, runs, failures,
      consecutive_failures
    from job_leases order by name`.execute(db);
  const leased: JobRunSummary[] = rows.map((row) => ({
    job: row.name,
    last_started_at: iso(row.last_started_at),
    last_finished_at: iso(row.last_finished_at),
    last_ok: row.last_ok,
    last_seconds: num(row.last_seconds),
    last_node: row.holder,
    last_error: row.last_error,
    runs: Number(row.runs),
    failures: Number(row.failures),
    consecutive_failures: row.consecutive_failures,
  }));
  const names = new Set(leased.map((job) => job.job));
  return [
    ...leased,
    ...local.filter((job) => !names.has(job.job)).sort((a, b) => a.job.localeCompare(b.job)),
  ];
}

/**
 * The outboxes: the forwarder's deliveries (Meta CAPI and HTTP), outgoing WhatsApp messages, and the package
 * notifications. Failed counts what needs a person: `failed` and `dead` deliveries, `failed` messages.
 */
const OUTBOX_SQL: Record<OutboxName, { pending: string; failed: string; table: string }> = {
  forwarder: {
    table: 'forwarder_deliveries',
    pending: "status = 'pending'",
    failed: "status in ('failed', 'dead')",
  },
  whatsapp: {
    table: 'wa_messages',
    pending: "direction = 'out' and status = 'pending'",
    failed: "direction = 'out' and status = 'failed'",
  },
  notifications: {
    table: 'package_notifications',
    pending: "status = 'pending'",
    failed: "status = 'failed'",
  },
};

export async function listOutboxes(db: Db, now: Date): Promise<OutboxSummary[]> {
  const out: OutboxSummary[] = [];
  for (const [outbox, q] of Object.entries(OUTBOX_SQL) as [OutboxName, (typeof OUTBOX_SQL)[OutboxName]][]) {
    const { rows } = await sql<{ pending: string; failed: string; oldest: Date | null; next: Date | null }>`
      select count(*) filter (where ${sql.raw(q.pending)}) as pending,
        count(*) filter (where ${sql.raw(q.failed)}) as failed,
        min(created_at) filter (where ${sql.raw(q.pending)}) as oldest,
        min(next_attempt_at) filter (where ${sql.raw(q.pending)}) as next
      from ${sql.table(q.table)}
      where (${sql.raw(q.pending)}) or (${sql.raw(q.failed)})`.execute(db);
    const row = rows[0]!;
    const oldest = row.oldest === null ? null : new Date(row.oldest);
    out.push({
      outbox,
      pending: Number(row.pending),
      failed: Number(row.failed),
      oldest_pending_at: iso(oldest),
      oldest_age_seconds: oldest === null ? null : Math.max(0, (now.getTime() - oldest.getTime()) / 1000),
      next_attempt_at: iso(row.next === null ? null : new Date(row.next)),
    });
  }
  return out;
}

/**
 * Webhook calls over the 24 hours before `now`: Mayar's by what the inbox made of them (accepted, rejected,
 * duplicate, stale; reconciliation and seed rows are not calls), WhatsApp's by the customers' messages they brought.
 */
export async function webhookIntake(db: Db, now: Date): Promise<WebhookIntake[]> {
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const mayar = await sql<{ result: string; n: string }>`
    select status as result, count(*) as n from mayar_webhook_inbox
    where source = 'webhook' and received_at > ${since} and received_at <= ${now}
    group by status order by status`.execute(db);
  const whatsapp = await sql<{ result: string; n: string }>`
    select 'message' as result, count(*) as n from wa_messages
    where direction = 'in' and created_at > ${since} and created_at <= ${now}
    having count(*) > 0`.execute(db);
  const intake = (source: WebhookIntake['source'], rows: { result: string; n: string }[]): WebhookIntake => {
    const results = rows.map((row) => ({ result: row.result, count: Number(row.n) }));
    return { source, total: results.reduce((sum, entry) => sum + entry.count, 0), results };
  };
  return [intake('mayar', mayar.rows), intake('whatsapp', whatsapp.rows)];
}

type BackupRow = {
  at: Date;
  ok: boolean;
  node_id: string;
  kind: string | null;
  file: string | null;
  bytes: string | null;
  ms: number | null;
  error: string | null;
};
const backupOf = (row: BackupRow | undefined): BackupRun | null =>
  row
    ? {
        at: iso(row.at)!,
        ok: row.ok,
        node_id: row.node_id,
        kind: row.kind,
        file: row.file,
        bytes: num(row.bytes),
        ms: num(row.ms),
        error: row.error,
      }
    : null;

export async function lastBackups(db: Db): Promise<OperationsOverview['backup']> {
  const last = await sql<BackupRow>`select * from backup_runs order by at desc, id desc limit 1`.execute(db);
  const good =
    await sql<BackupRow>`select * from backup_runs where ok order by at desc, id desc limit 1`.execute(db);
  return { last: backupOf(last.rows[0]), last_success: backupOf(good.rows[0]) };
}

export interface OverviewContext {
  nodeId: string;
  heartbeatMs: number;
  localJobs: readonly JobRunSummary[];
  now: Date;
}

export async function operationsOverview(db: Db, context: OverviewContext): Promise<OperationsOverview> {
  return {
    generated_at: context.now.toISOString(),
    nodes: await listNodes(db, context.nodeId, context.heartbeatMs),
    jobs: await listJobs(db, context.localJobs),
    outboxes: await listOutboxes(db, context.now),
    webhooks: await webhookIntake(db, context.now),
    backup: await lastBackups(db),
  };
}

/** Each outbox's failed items with what they were for; the newest first. */
const FAILED_SQL: Record<OutboxName, string> = {
  forwarder: `select d.id, d.created_at, d.updated_at, d.attempts,
      coalesce(w.name, 'rule #' || d.forwarder_id) || ' · ' || d.destination as target,
      coalesce(d.last_error, d.last_response) as error
    from forwarder_deliveries d left join webhook_forwarders w on w.id = d.forwarder_id
    where d.status in ('failed', 'dead')`,
  whatsapp: `select m.id, m.created_at, m.updated_at, m.attempts,
      coalesce(c.customer_name || ' · ', '') || c.customer_wa_id as target, m.error
    from wa_messages m join wa_conversations c on c.id = m.conversation_id
    where m.direction = 'out' and m.status = 'failed'`,
  notifications: `select n.id, n.created_at, n.updated_at, n.attempts,
      coalesce(p.order_ref, 'package #' || n.package_id) || ' · ' || n.phone as target, n.last_error as error
    from package_notifications n left join packages p on p.id = n.package_id
    where n.status = 'failed'`,
};

export async function failedItems(
  db: Db,
  outbox: OutboxName,
  limit: number,
): Promise<{ items: FailedOutboxItem[]; total: number }> {
  const { rows } = await sql<{
    id: string;
    created_at: Date;
    updated_at: Date;
    attempts: number;
    target: string;
    error: string | null;
  }>`${sql.raw(FAILED_SQL[outbox])} order by 1 desc limit ${limit}`.execute(db);
  const summary = (await listOutboxes(db, new Date())).find((entry) => entry.outbox === outbox)!;
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
      attempts: row.attempts,
      target: row.target,
      error: row.error,
    })),
    total: summary.failed,
  };
}

/** What replaying an item of each outbox changes: back to pending, due now, lease and attempts reset. */
const REPLAY: Record<
  OutboxName,
  { table: string; failed: string; status: string; error: string; set: string }
> = {
  forwarder: {
    table: 'forwarder_deliveries',
    failed: "status in ('failed', 'dead')",
    status: 'status',
    error: 'last_error',
    set: 'attempts = 0',
  },
  whatsapp: {
    table: 'wa_messages',
    failed: "direction = 'out' and status = 'failed'",
    status: 'status',
    error: 'error',
    // A new send gets a new message id; the failed one's is not kept on the row.
    set: 'attempts = 0, wamid = null, error = null',
  },
  notifications: {
    table: 'package_notifications',
    failed: "status = 'failed'",
    status: 'status',
    error: 'last_error',
    set: 'attempts = 0',
  },
};

/**
 * Queues one failed item again, and audits it, in one transaction: 404 when the outbox has no such item, 409
 * when it has not failed (a pending or sent item is not replayed twice).
 */
export async function replayItem(
  db: Db,
  outbox: OutboxName,
  id: number,
  actor: { id: number; ip: string | null },
  now: Date,
): Promise<number> {
  const r = REPLAY[outbox];
  return db.transaction().execute(async (trx) => {
    const current = await sql<{ status: string; attempts: number; error: string | null; failed: boolean }>`
      select ${sql.ref(r.status)} as status, attempts, ${sql.ref(r.error)} as error,
        (${sql.raw(r.failed)}) as failed
      from ${sql.table(r.table)} where id = ${id} for update`.execute(trx);
    const row = current.rows[0];
    if (!row || (outbox === 'whatsapp' && row.status === 'received'))
      throw new HttpError(404, `No item #${id} in the ${outbox} outbox`, 'NOT_FOUND');
    if (!row.failed)
      throw new HttpError(409, `Only failed items can be replayed; this one is ${row.status}`, 'NOT_FAILED');
    await sql`
      update ${sql.table(r.table)}
      set status = 'pending', next_attempt_at = ${now}, locked_until = null, locked_by = null, updated_at = ${now},
        ${sql.raw(r.set)}
      where id = ${id}`.execute(trx);
    await writeAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      action: 'replay',
      entity: r.table,
      entityId: id,
      before: { status: row.status, attempts: row.attempts, error: row.error },
      after: { status: 'pending', attempts: 0 },
    });
    return 1;
  });
}
