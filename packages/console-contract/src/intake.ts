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
