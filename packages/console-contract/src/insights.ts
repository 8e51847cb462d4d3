import { z } from './zod.js';

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

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a day as YYYY-MM-DD'));

/** `POST /api/insights`: answered as a `text/event-stream` (events `start`, `delta`, `done`, `failed`). */
export const createInsightSchema = z
  .object({
    scope: z.enum(INSIGHT_SCOPES),
    scope_id: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(200)),
    from: isoDay,
    to: isoDay,
    /** An extra question for the model, after the standard one. */
    question: z._default(z.string().check(z.maxLength(1000)), ''),
  })
  .check(
    z.refine((input) => input.from <= input.to, { path: ['to'], message: 'Must not be before from' }),
    z.refine((input) => (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000 <= 366, {
      path: ['to'],
      message: 'A range covers at most 367 days',
    }),
  );
export type CreateInsight = z.input<typeof createInsightSchema>;

export const insightSchema = z.object({
  id: z.number().check(z.int()),
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
  prompt_tokens: z.nullable(z.number().check(z.int())),
  completion_tokens: z.nullable(z.number().check(z.int())),
  /** US dollars, from the configured prices per million tokens. */
  cost_usd: z.nullable(z.number()),
  error: z.nullable(z.string()),
  created_by: z.nullable(z.string()),
  created_at: z.string(),
  finished_at: z.nullable(z.string()),
});
export type Insight = z.infer<typeof insightSchema>;

/** `GET /api/insights?q=&limit=`: past insights, newest first (without their snapshot). */
export const insightListQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 30),
});
export const insightListResponseSchema = z.object({
  rows: z.array(z.omit(insightSchema, { snapshot: true, prompt: true })),
});
export type InsightSummary = z.infer<typeof insightListResponseSchema>['rows'][number];

/** `GET /api/insights/scopes?scope=&q=`: what can be chosen for a scope (campaigns from the insights, masters). */
export const insightScopeQuerySchema = z.object({
  scope: z.enum(INSIGHT_SCOPES),
  q: z.optional(z.string().check(z.maxLength(200))),
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
