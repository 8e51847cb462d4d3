import { z } from '../zod.js';
import { generateHooksSchema, pickHooksResponseSchema, pickHooksSchema } from '../hookGenerations.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** Hook Generations' key (the page's and the entity's): generating costs money and writes, so it needs write. */
export const HOOK_GENERATIONS_KEY = pageKey('hook-generations');

/** A generation (`:id`). */
export const hookGenerationParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });

const write = { key: HOOK_GENERATIONS_KEY, mode: 'write' } as const;

/** Hook Generations: generate hooks (streamed) and pick them, optionally as draft creatives. */
export const hookGenerationsEndpoints = {
  /**
   * The answer is a text/event-stream of `hookStreamEventSchema` events, not JSON: the app reads it as it arrives.
   * A refusal before the first hook (bad input, not configured, the model refused, down or too slow) is the usual
   * JSON error, and nothing is stored.
   */
  generate: defineEndpoint({
    method: 'POST',
    path: '/api/hook-generations/generate',
    tag: 'hook-generations',
    summary:
      'Ask the language model for N ad hooks from a brief and stream them one by one (text/event-stream: start, hook…, done or failed); the finished run is kept with prompt, model, hooks, tokens and cost in IDR',
    permission: write,
    body: generateHooksSchema,
    response: z.string(),
    errors: [502, 503, 504],
  }),
  pick: defineEndpoint({
    method: 'POST',
    path: '/api/hook-generations/:id/pick',
    tag: 'hook-generations',
    summary:
      'Keep the picked (edited) hooks of a generation (status selected) or send them to Master Ad Creative as DRAFT creatives (status used), audited in one transaction',
    permission: write,
    params: hookGenerationParamsSchema,
    body: pickHooksSchema,
    response: pickHooksResponseSchema,
    errors: [409],
    topic: 'hook_generations',
  }),
};
