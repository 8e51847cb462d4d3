import { z } from 'zod';
import { HOOK_FORMULA_OPTIONS } from './entities/hookGenerations.js';

/** The formulas a hook can follow (the entity's choices). */
export const HOOK_FORMULAS = HOOK_FORMULA_OPTIONS.map((option) => option.value) as [string, ...string[]];

/** How many hooks one run may ask for. */
export const HOOK_COUNT_MIN = 1;
export const HOOK_COUNT_MAX = 10;

/**
 * `POST /api/hook-generations/generate`: the marketer's brief. Answered as a `text/event-stream` of
 * `hookStreamEventSchema` events; nothing is stored unless the run finishes.
 */
export const generateHooksSchema = z.object({
  product_id: z.coerce.number().int().positive(),
  target_audience: z.string().trim().min(1, 'Required').max(200),
  pain_point: z.string().trim().min(1, 'Required').max(1000),
  formula: z.enum(HOOK_FORMULAS),
  language: z.enum(['id', 'en']).default('id'),
  /** Empty: the server's configured model (OPENAI_MODEL). */
  model: z.string().trim().max(60).default(''),
  count: z.coerce.number().int().min(HOOK_COUNT_MIN).max(HOOK_COUNT_MAX).default(5),
});
export type GenerateHooks = z.input<typeof generateHooksSchema>;

/** A stored run, as the stream's `done` event and the pick endpoint answer it. */
export const hookGenerationSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  target_audience: z.string(),
  pain_point: z.string(),
  formula: z.string(),
  language: z.string(),
  model: z.string(),
  hook_count: z.number().int().nullable(),
  prompt: z.string().nullable(),
  outputs: z.array(z.string()),
  selected_hook: z.string().nullable(),
  selected_hooks: z.array(z.string()).nullable(),
  status: z.string(),
  prompt_tokens: z.number().int().nullable(),
  completion_tokens: z.number().int().nullable(),
  /** Whole rupiah, from the tokens, the configured USD prices and the IDR rate. */
  cost_idr: z.number().nullable(),
  generated_at: z.string(),
  version: z.number().int(),
});
export type HookGeneration = z.infer<typeof hookGenerationSchema>;

/**
 * One server-sent event of a run: `start`, one `hook` per hook as soon as its line is complete, then `done` (the
 * stored row) or `failed` (nothing stored; `message` is a catalogued server text, `code` says which failure).
 */
export const hookStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('start'), data: z.object({ model: z.string(), count: z.number().int() }) }),
  z.object({
    event: z.literal('hook'),
    data: z.object({ index: z.number().int(), text: z.string(), formula: z.string() }),
  }),
  z.object({ event: z.literal('done'), data: hookGenerationSchema }),
  z.object({
    event: z.literal('failed'),
    data: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type HookStreamEvent = z.infer<typeof hookStreamEventSchema>;

/** `POST /api/hook-generations/:id/pick`: the hooks picked (as edited) and whether they go to Master Ad Creative. */
export const pickHooksSchema = z.object({
  /** The generation's version as read (a stale one answers 409). */
  version: z.coerce.number().int().positive(),
  hooks: z
    .array(z.string().trim().min(1, 'Required').max(300))
    .min(1, 'Pick at least one hook')
    .max(HOOK_COUNT_MAX),
  /** True: each hook becomes a DRAFT master ad creative and the generation is `used`; false: `selected`. */
  send_to_drafts: z.boolean().default(false),
});
export type PickHooks = z.input<typeof pickHooksSchema>;

export const pickHooksResponseSchema = z.object({
  generation: hookGenerationSchema,
  /** The ids of the draft creatives made (empty when not sent). */
  drafts: z.array(z.number().int()),
});
