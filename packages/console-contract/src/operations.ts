import { z } from './zod.js';
import { isoDay } from './reports.js';

/**
 * The operator's page (issue #29): the running console at a glance. Nodes (the cluster's node registry), the
 * background jobs' last runs, every outbox's depth and failures, webhook intake per source, the last backup.
 */

/** The outboxes the console sends through, by what they carry. */
export const OUTBOXES = ['forwarder', 'whatsapp', 'notifications'] as const;
export type OutboxName = (typeof OUTBOXES)[number];

/** Where webhook calls come in from. */
export const WEBHOOK_SOURCES = ['mayar', 'whatsapp'] as const;
export type WebhookSource = (typeof WEBHOOK_SOURCES)[number];

const instant = z.string();

/** One server node of the cluster (one process), as its heartbeat left it. */
export const clusterNodeSchema = z.object({
  node_id: z.string(),
  hostname: z.string(),
  pid: z.number().check(z.int()),
  version: z.string(),
  started_at: instant,
  last_seen_at: instant,
  /** Its last heartbeat is recent (within three heartbeats). */
  connected: z.boolean(),
  /** The node that answered this request. */
  current: z.boolean(),
});
export type ClusterNode = z.infer<typeof clusterNodeSchema>;

/** A background job's runs on every node: its last run and how many failed. */
export const jobRunSummarySchema = z.object({
  job: z.string(),
  last_started_at: z.nullable(instant),
  last_finished_at: z.nullable(instant),
  last_ok: z.nullable(z.boolean()),
  last_seconds: z.nullable(z.number()),
  last_node: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  runs: z.number().check(z.int()),
  failures: z.number().check(z.int()),
  /** Failed runs since the last good one. */
  consecutive_failures: z.number().check(z.int()),
});
export type JobRunSummary = z.infer<typeof jobRunSummarySchema>;

/** One outbox: what waits, what failed, and how long the oldest waiting item has waited. */
export const outboxSummarySchema = z.object({
  outbox: z.enum(OUTBOXES),
  pending: z.number().check(z.int()),
  failed: z.number().check(z.int()),
  oldest_pending_at: z.nullable(instant),
  oldest_age_seconds: z.nullable(z.number()),
  /** When the outbox next tries a waiting item (retries wait 10 s, 1 min, 5 min … in the forwarder). */
  next_attempt_at: z.nullable(instant),
});
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;

/** Webhook calls of one source over the last 24 hours, counted by what became of them. */
export const webhookIntakeSchema = z.object({
  source: z.enum(WEBHOOK_SOURCES),
  total: z.number().check(z.int()),
  results: z.array(z.object({ result: z.string(), count: z.number().check(z.int()) })),
});
export type WebhookIntake = z.infer<typeof webhookIntakeSchema>;

/** A scheduled backup's outcome (backup_runs). */
export const backupRunSchema = z.object({
  at: instant,
  ok: z.boolean(),
  node_id: z.string(),
  kind: z.nullable(z.string()),
  file: z.nullable(z.string()),
  bytes: z.nullable(z.number()),
  ms: z.nullable(z.number()),
  error: z.nullable(z.string()),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const operationsOverviewSchema = z.object({
  generated_at: instant,
  nodes: z.array(clusterNodeSchema),
  jobs: z.array(jobRunSummarySchema),
  outboxes: z.array(outboxSummarySchema),
  webhooks: z.array(webhookIntakeSchema),
  backup: z.object({ last: z.nullable(backupRunSchema), last_success: z.nullable(backupRunSchema) }),
});
export type OperationsOverview = z.infer<typeof operationsOverviewSchema>;

export const outboxParamsSchema = z.object({ outbox: z.enum(OUTBOXES) });
export const outboxItemParamsSchema = z.object({
  outbox: z.enum(OUTBOXES),
  id: z.coerce.number().check(z.int(), z.positive()),
});
export const failedItemsQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
});

/** A failed item of an outbox, as the Replay list shows it. */
export const failedOutboxItemSchema = z.object({
  id: z.number().check(z.int()),
  created_at: instant,
  updated_at: instant,
  attempts: z.number().check(z.int()),
  /** Who or what it was for: the forwarding rule, the customer's number, the package's order. */
  target: z.string(),
  error: z.nullable(z.string()),
});
export type FailedOutboxItem = z.infer<typeof failedOutboxItemSchema>;

export const failedItemsResponseSchema = z.object({
  items: z.array(failedOutboxItemSchema),
  total: z.number().check(z.int()),
});
export const outboxReplayResponseSchema = z.object({ replayed: z.number().check(z.int()) });

// --- the audit page ---

/** Filters of the audit log; the days are Asia/Jakarta calendar days, both included. */
const auditFilters = z.object({
  // users.id is an integer column: a larger number is refused here, not by the database.
  user: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647))),
  entity: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  action: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  from: z.optional(isoDay),
  to: z.optional(isoDay),
});
const fromNotAfterTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;

export const auditExportQuerySchema = auditFilters.check(
  z.refine(fromNotAfterTo, {
    path: ['to'],
    message: 'Must not be before from',
  }),
);
export const auditQuerySchema = z
  .extend(auditFilters, {
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
    page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  })
  .check(z.refine(fromNotAfterTo, { path: ['to'], message: 'Must not be before from' }));
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().check(z.int()),
  at: instant,
  actor_id: z.nullable(z.number().check(z.int())),
  /** The user's full name, or null for the system (a job, a webhook) or an API key. */
  actor_name: z.nullable(z.string()),
  actor_username: z.nullable(z.string()),
  action: z.string(),
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  rows: z.array(auditEntrySchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
});

/** What the filters can choose from: entities and actions seen in the log, and the users who acted. */
export const auditFacetsSchema = z.object({
  entities: z.array(z.string()),
  actions: z.array(z.string()),
  users: z.array(z.object({ id: z.number().check(z.int()), name: z.string(), username: z.string() })),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

/** The audit CSV (text/csv). */
export const auditCsvSchema = z.string().check(z.describe('text/csv'));

/** One field that differs between an entry's before and after. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An entry's change field by field: the fields whose value differs between before and after (added, removed or
 * changed), in the order they first appear. A before or after that is not an object counts as one field `value`.
 * @example
 * auditChanges({ name: 'A', qty: 1 }, { name: 'B', qty: 1 }) // [{ field: 'name', before: 'A', after: 'B' }]
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const from = isRecord(before) ? before : before == null ? {} : { value: before };
  const to = isRecord(after) ? after : after == null ? {} : { value: after };
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: from[field], after: to[field] }));
}

/** A value of a change as one line of text: strings as they are, the rest as JSON, nothing as "". */
export function auditValueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
