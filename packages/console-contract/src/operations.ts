import { z } from 'zod';
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
  pid: z.number().int(),
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
  last_started_at: instant.nullable(),
  last_finished_at: instant.nullable(),
  last_ok: z.boolean().nullable(),
  last_seconds: z.number().nullable(),
  last_node: z.string().nullable(),
  last_error: z.string().nullable(),
  runs: z.number().int(),
  failures: z.number().int(),
  /** Failed runs since the last good one. */
  consecutive_failures: z.number().int(),
});
export type JobRunSummary = z.infer<typeof jobRunSummarySchema>;

/** One outbox: what waits, what failed, and how long the oldest waiting item has waited. */
export const outboxSummarySchema = z.object({
  outbox: z.enum(OUTBOXES),
  pending: z.number().int(),
  failed: z.number().int(),
  oldest_pending_at: instant.nullable(),
  oldest_age_seconds: z.number().nullable(),
  /** When the outbox next tries a waiting item (retries wait 10 s, 1 min, 5 min … in the forwarder). */
  next_attempt_at: instant.nullable(),
});
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;

/** Webhook calls of one source over the last 24 hours, counted by what became of them. */
export const webhookIntakeSchema = z.object({
  source: z.enum(WEBHOOK_SOURCES),
  total: z.number().int(),
  results: z.array(z.object({ result: z.string(), count: z.number().int() })),
});
export type WebhookIntake = z.infer<typeof webhookIntakeSchema>;

/** A scheduled backup's outcome (backup_runs). */
export const backupRunSchema = z.object({
  at: instant,
  ok: z.boolean(),
  node_id: z.string(),
  kind: z.string().nullable(),
  file: z.string().nullable(),
  bytes: z.number().nullable(),
  ms: z.number().nullable(),
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRunSchema>;

export const operationsOverviewSchema = z.object({
  generated_at: instant,
  nodes: z.array(clusterNodeSchema),
  jobs: z.array(jobRunSummarySchema),
  outboxes: z.array(outboxSummarySchema),
  webhooks: z.array(webhookIntakeSchema),
  backup: z.object({ last: backupRunSchema.nullable(), last_success: backupRunSchema.nullable() }),
});
export type OperationsOverview = z.infer<typeof operationsOverviewSchema>;

export const outboxParamsSchema = z.object({ outbox: z.enum(OUTBOXES) });
export const outboxItemParamsSchema = z.object({
  outbox: z.enum(OUTBOXES),
  id: z.coerce.number().int().positive(),
});
export const failedItemsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A failed item of an outbox, as the Replay list shows it. */
export const failedOutboxItemSchema = z.object({
  id: z.number().int(),
  created_at: instant,
  updated_at: instant,
  attempts: z.number().int(),
  /** Who or what it was for: the forwarding rule, the customer's number, the package's order. */
  target: z.string(),
  error: z.string().nullable(),
});
export type FailedOutboxItem = z.infer<typeof failedOutboxItemSchema>;

export const failedItemsResponseSchema = z.object({
  items: z.array(failedOutboxItemSchema),
  total: z.number().int(),
});
export const outboxReplayResponseSchema = z.object({ replayed: z.number().int() });

// --- the audit page ---

/** Filters of the audit log; the days are Asia/Jakarta calendar days, both included. */
const auditFilters = z.object({
  // users.id is an integer column: a larger number is refused here, not by the database.
  user: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  entity: z.string().trim().min(1).max(100).optional(),
  action: z.string().trim().min(1).max(100).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
const fromNotAfterTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;

export const auditExportQuerySchema = auditFilters.refine(fromNotAfterTo, {
  path: ['to'],
  message: 'Must not be before from',
});
export const auditQuerySchema = auditFilters
  .extend({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine(fromNotAfterTo, { path: ['to'], message: 'Must not be before from' });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: instant,
  actor_id: z.number().int().nullable(),
  /** The user's full name, or null for the system (a job, a webhook) or an API key. */
  actor_name: z.string().nullable(),
  actor_username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  rows: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** What the filters can choose from: entities and actions seen in the log, and the users who acted. */
export const auditFacetsSchema = z.object({
  entities: z.array(z.string()),
  actions: z.array(z.string()),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), username: z.string() })),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

/** The audit CSV (text/csv). */
export const auditCsvSchema = z.string().describe('text/csv');

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
