import { z } from './zod.js';
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
  product_id: z.coerce.number().check(z.int(), z.positive()),
  target_audience: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(200)),
  pain_point: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(1000)),
  formula: z.enum(HOOK_FORMULAS),
  language: z._default(z.enum(['id', 'en']), 'id'),
  /** Empty: the server's configured model (OPENAI_MODEL). */
  model: z._default(z.string().check(z.trim(), z.maxLength(60)), ''),
  count: z._default(z.coerce.number().check(z.int(), z.gte(HOOK_COUNT_MIN), z.lte(HOOK_COUNT_MAX)), 5),
});
export type GenerateHooks = z.input<typeof generateHooksSchema>;

/** A stored run, as the stream's `done` event and the pick endpoint answer it. */
export const hookGenerationSchema = z.object({
  id: z.number().check(z.int()),
  product_id: z.number().check(z.int()),
  target_audience: z.string(),
  pain_point: z.string(),
  formula: z.string(),
  language: z.string(),
  model: z.string(),
  hook_count: z.nullable(z.number().check(z.int())),
  prompt: z.nullable(z.string()),
  outputs: z.array(z.string()),
  selected_hook: z.nullable(z.string()),
  selected_hooks: z.nullable(z.array(z.string())),
  status: z.string(),
  prompt_tokens: z.nullable(z.number().check(z.int())),
  completion_tokens: z.nullable(z.number().check(z.int())),
  /** Whole rupiah, from the tokens, the configured USD prices and the IDR rate. */
  cost_idr: z.nullable(z.number()),
  generated_at: z.string(),
  version: z.number().check(z.int()),
});
export type HookGeneration = z.infer<typeof hookGenerationSchema>;

/**
 * One server-sent event of a run: `start`, one `hook` per hook as soon as its line is complete, then `done` (the
 * stored row) or `failed` (nothing stored; `message` is a catalogued server text, `code` says which failure).
 */
export const hookStreamEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('start'),
    data: z.object({ model: z.string(), count: z.number().check(z.int()) }),
  }),
  z.object({
    event: z.literal('hook'),
    data: z.object({ index: z.number().check(z.int()), text: z.string(), formula: z.string() }),
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
  version: z.coerce.number().check(z.int(), z.positive()),
  hooks: z
    .array(z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(300)))
    .check(z.minLength(1, 'Pick at least one hook'), z.maxLength(HOOK_COUNT_MAX)),
  /** True: each hook becomes a DRAFT master ad creative and the generation is `used`; false: `selected`. */
  send_to_drafts: z._default(z.boolean(), false),
});
export type PickHooks = z.input<typeof pickHooksSchema>;

export const pickHooksResponseSchema = z.object({
  generation: hookGenerationSchema,
  /** The ids of the draft creatives made (empty when not sent). */
  drafts: z.array(z.number().check(z.int())),
});
