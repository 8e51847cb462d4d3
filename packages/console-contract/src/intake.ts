import { z } from './zod.js';

/** Socket event: a purchase was taken in or changed (same payload shape as master-data changes). */
export const PURCHASES_CHANGED_ENTITY = 'purchases';

/** `POST /api/webhooks/mayar/:account_id?token=…` answer. */
export const mayarWebhookResponseSchema = z.object({
  ok: z.literal(true),
  status: z.enum(['accepted', 'duplicate', 'stale']),
  inbox_id: z.number().check(z.int()),
});
export type MayarWebhookResponse = z.infer<typeof mayarWebhookResponseSchema>;

export const reconcileResponseSchema = z.object({
  pages: z.number().check(z.int()),
  seen: z.number().check(z.int()),
  taken_in: z.number().check(z.int()),
  finished_at: z.string(),
});
export type ReconcileResponse = z.infer<typeof reconcileResponseSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliverySchema = z.object({
  id: z.number().check(z.int()),
  forwarder_id: z.number().check(z.int()),
  purchase_id: z.nullable(z.number().check(z.int())),
  source_key: z.string(),
  destination: z.enum(['meta_capi', 'http']),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().check(z.int()),
  next_attempt_at: z.string(),
  last_status: z.nullable(z.number().check(z.int())),
  last_response: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  event_time: z.string(),
  created_at: z.string(),
  delivered_at: z.nullable(z.string()),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesQuerySchema = z.object({
  status: z.optional(z.enum(DELIVERY_STATUSES)),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  /** Keyset: deliveries with a smaller id (newest first). */
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
});

export const deliveriesResponseSchema = z.object({
  data: z.array(deliverySchema),
  counts: z.object({
    pending: z.number().check(z.int()),
    delivered: z.number().check(z.int()),
    failed: z.number().check(z.int()),
    dead: z.number().check(z.int()),
  }),
  next_before: z.nullable(z.number().check(z.int())),
});
export type DeliveriesResponse = z.infer<typeof deliveriesResponseSchema>;

export const replayResponseSchema = z.object({ replayed: z.number().check(z.int()) });
export type ReplayResponse = z.infer<typeof replayResponseSchema>;

export const insightsImportQuerySchema = z.object({
  /** Parse and check only: the preview. */
  dry_run: z.pipe(
    z.optional(z.enum(['1', '0', 'true', 'false'])),
    z.transform((value) => value === '1' || value === 'true'),
  ),
});

export const insightsImportResponseSchema = z.object({
  dry_run: z.boolean(),
  rows: z.number().check(z.int()),
  skipped_summary_rows: z.number().check(z.int()),
  language: z.enum(['en', 'id']),
  errors: z.array(z.object({ line: z.number().check(z.int()), field: z.string(), message: z.string() })),
  inserted: z.number().check(z.int()),
  updated: z.number().check(z.int()),
  unchanged: z.number().check(z.int()),
  ad_sets: z.number().check(z.int()),
  ads: z.number().check(z.int()),
  /** Campaigns created or renamed from the data (origin `meta`). */
  campaigns: z.number().check(z.int()),
});
export type InsightsImportResponse = z.infer<typeof insightsImportResponseSchema>;

/** Meta Marketing API pull (issue 13): an ad account whose insights are pulled, its token write-only. */
export const metaAdAccountSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  ad_account_id: z.string(),
  /** Masked (e.g. `••••1234`): the token is never sent back. */
  access_token: z.nullable(z.string()),
  pull_enabled: z.boolean(),
  version: z.number().check(z.int()),
});
export type MetaAdAccount = z.infer<typeof metaAdAccountSchema>;

export const metaAdAccountCreateSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  ad_account_id: z
    .string()
    .check(z.trim(), z.regex(/^act_[0-9]{6,24}$/, 'Use the form act_ followed by digits')),
  access_token: z.string().check(z.trim(), z.minLength(10), z.maxLength(1000)),
  pull_enabled: z.optional(z.boolean()),
});
/** Leave `access_token` out to keep the stored one. */
export const metaAdAccountUpdateSchema = z.partial(metaAdAccountCreateSchema);

export const META_PULL_TRIGGERS = ['schedule', 'backfill', 'manual'] as const;
export const META_PULL_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

export const metaPullRunSchema = z.object({
  id: z.number().check(z.int()),
  account_id: z.number().check(z.int()),
  ad_account_id: z.string(),
  trigger: z.enum(META_PULL_TRIGGERS),
  since: z.string(),
  until: z.string(),
  status: z.enum(META_PULL_STATUSES),
  rows_read: z.number().check(z.int()),
  rows_written: z.number().check(z.int()),
  inserted: z.number().check(z.int()),
  updated: z.number().check(z.int()),
  unchanged: z.number().check(z.int()),
  pages: z.number().check(z.int()),
  attempts: z.number().check(z.int()),
  throttled_waits: z.number().check(z.int()),
  waited_ms: z.number().check(z.int()),
  max_usage_pct: z.nullable(z.number()),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
});
export type MetaPullRun = z.infer<typeof metaPullRunSchema>;

/** `POST /api/ad-insights/pull/accounts/:id/runs`: no range = "pull now" (the schedule's window). */
export const metaPullStartSchema = z.object({
  since: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD'))),
  until: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD'))),
});

/** The longest backfill one run takes (Meta restates and async jobs slow down beyond it). */
export const META_PULL_MAX_DAYS = 90;
