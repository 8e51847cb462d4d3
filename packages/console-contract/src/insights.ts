import { z } from 'zod';

/** What an insight is about. */
export const INSIGHT_SCOPES = ['campaign', 'adset', 'ad', 'product', 'tribe'] as const;
export type InsightScope = (typeof INSIGHT_SCOPES)[number];

export const INSIGHT_SCOPE_LABELS: Record<InsightScope, string> = {
  campaign: 'Campaign',
  adset: 'Ad set',
  ad: 'Ad',
  product: 'Product',
  tribe: 'Tribe',
};

export const INSIGHT_STATUSES = ['running', 'done', 'failed'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a day as YYYY-MM-DD');

/** `POST /api/insights`: answered as a `text/event-stream` (events `start`, `delta`, `done`, `failed`). */
export const createInsightSchema = z
  .object({
    scope: z.enum(INSIGHT_SCOPES),
    scope_id: z.string().trim().min(1, 'Required').max(200),
    from: isoDay,
    to: isoDay,
    /** An extra question for the model, after the standard one. */
    question: z.string().max(1000).default(''),
  })
  .refine((input) => input.from <= input.to, { path: ['to'], message: 'Must not be before from' })
  .refine((input) => (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000 <= 366, {
    path: ['to'],
    message: 'A range covers at most 367 days',
  });
export type CreateInsight = z.input<typeof createInsightSchema>;

export const insightSchema = z.object({
  id: z.number().int(),
  scope: z.enum(INSIGHT_SCOPES),
  scope_id: z.string(),
  scope_label: z.string(),
  from: z.string(),
  to: z.string(),
  question: z.string(),
  status: z.enum(INSIGHT_STATUSES),
  model: z.string(),
  prompt: z.string(),
  snapshot: z.unknown(),
  answer: z.string(),
  prompt_tokens: z.number().int().nullable(),
  completion_tokens: z.number().int().nullable(),
  /** US dollars, from the configured prices per million tokens. */
  cost_usd: z.number().nullable(),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Insight = z.infer<typeof insightSchema>;

/** `GET /api/insights?q=&limit=`: past insights, newest first (without their snapshot). */
export const insightListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const insightListResponseSchema = z.object({
  rows: z.array(insightSchema.omit({ snapshot: true, prompt: true })),
});
export type InsightSummary = z.infer<typeof insightListResponseSchema>['rows'][number];

/** `GET /api/insights/scopes?scope=&q=`: what can be chosen for a scope (campaigns from the insights, masters). */
export const insightScopeQuerySchema = z.object({
  scope: z.enum(INSIGHT_SCOPES),
  q: z.string().max(200).optional(),
});
export const insightScopeOptionsSchema = z.object({
  options: z.array(z.object({ id: z.string(), label: z.string() })),
});

/** Server-sent events of `POST /api/insights` and `POST /api/insights/:id/rerun`. */
export type InsightStreamEvent =
  | { event: 'start'; data: { id: number; model: string } }
  | { event: 'delta'; data: { content: string } }
  | { event: 'done'; data: Insight }
  | { event: 'failed'; data: { id: number; message: string } };
