import { z } from 'zod';

/** Socket event: a purchase was taken in or changed (same payload shape as master-data changes). */
export const PURCHASES_CHANGED_ENTITY = 'purchases';

/** `POST /api/webhooks/mayar/:account_id?token=…` answer. */
export const mayarWebhookResponseSchema = z.object({
  ok: z.literal(true),
  status: z.enum(['accepted', 'duplicate', 'stale']),
  inbox_id: z.number().int(),
});
export type MayarWebhookResponse = z.infer<typeof mayarWebhookResponseSchema>;

export const reconcileResponseSchema = z.object({
  pages: z.number().int(),
  seen: z.number().int(),
  taken_in: z.number().int(),
  finished_at: z.string(),
});
export type ReconcileResponse = z.infer<typeof reconcileResponseSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliverySchema = z.object({
  id: z.number().int(),
  forwarder_id: z.number().int(),
  purchase_id: z.number().int().nullable(),
  source_key: z.string(),
  destination: z.enum(['meta_capi', 'http']),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_status: z.number().int().nullable(),
  last_response: z.string().nullable(),
  last_error: z.string().nullable(),
  event_time: z.string(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesQuerySchema = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Keyset: deliveries with a smaller id (newest first). */
  before: z.coerce.number().int().positive().optional(),
});

export const deliveriesResponseSchema = z.object({
  data: z.array(deliverySchema),
  counts: z.object({
    pending: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    dead: z.number().int(),
  }),
  next_before: z.number().int().nullable(),
});
export type DeliveriesResponse = z.infer<typeof deliveriesResponseSchema>;

export const replayResponseSchema = z.object({ replayed: z.number().int() });
export type ReplayResponse = z.infer<typeof replayResponseSchema>;

export const insightsImportQuerySchema = z.object({
  /** Parse and check only: the preview. */
  dry_run: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

export const insightsImportResponseSchema = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  skipped_summary_rows: z.number().int(),
  language: z.enum(['en', 'id']),
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  ad_sets: z.number().int(),
  ads: z.number().int(),
  /** Campaigns created or renamed from the data (origin `meta`). */
  campaigns: z.number().int(),
});
export type InsightsImportResponse = z.infer<typeof insightsImportResponseSchema>;

/** Meta Marketing API pull (issue 13): an ad account whose insights are pulled, its token write-only. */
export const metaAdAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ad_account_id: z.string(),
  /** Masked (e.g. `••••1234`): the token is never sent back. */
  access_token: z.string().nullable(),
  pull_enabled: z.boolean(),
  version: z.number().int(),
});
export type MetaAdAccount = z.infer<typeof metaAdAccountSchema>;

export const metaAdAccountCreateSchema = z.object({
  name: z.string().trim().min(1).max(120),
  ad_account_id: z
    .string()
    .trim()
    .regex(/^act_[0-9]{6,24}$/, 'Use the form act_ followed by digits'),
  access_token: z.string().trim().min(10).max(1000),
  pull_enabled: z.boolean().optional(),
});
/** Leave `access_token` out to keep the stored one. */
export const metaAdAccountUpdateSchema = metaAdAccountCreateSchema.partial();

export const META_PULL_TRIGGERS = ['schedule', 'backfill', 'manual'] as const;
export const META_PULL_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

export const metaPullRunSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  ad_account_id: z.string(),
  trigger: z.enum(META_PULL_TRIGGERS),
  since: z.string(),
  until: z.string(),
  status: z.enum(META_PULL_STATUSES),
  rows_read: z.number().int(),
  rows_written: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  pages: z.number().int(),
  attempts: z.number().int(),
  throttled_waits: z.number().int(),
  waited_ms: z.number().int(),
  max_usage_pct: z.number().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type MetaPullRun = z.infer<typeof metaPullRunSchema>;

/** `POST /api/ad-insights/pull/accounts/:id/runs`: no range = "pull now" (the schedule's window). */
export const metaPullStartSchema = z.object({
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
    .optional(),
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
    .optional(),
});

/** The longest backfill one run takes (Meta restates and async jobs slow down beyond it). */
export const META_PULL_MAX_DAYS = 90;
