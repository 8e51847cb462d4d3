import { z } from '../zod.js';
import {
  createInsightSchema,
  insightListQuerySchema,
  insightListResponseSchema,
  insightSchema,
  insightScopeOptionsSchema,
  insightScopeQuerySchema,
} from '../insights.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** GPT Insights' key (the page's): reading past insights needs read access, running one (it costs money) write. */
export const INSIGHTS_KEY = pageKey('gpt-insights');

/** An insight (`:id`). */
export const insightParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });

/** One server-sent event of a run (`event:` name, `data:` JSON): start, delta…, then done or failed. */
export const insightStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('start'), data: z.object({ id: z.number(), model: z.string() }) }),
  z.object({ event: z.literal('delta'), data: z.object({ content: z.string() }) }),
  z.object({ event: z.literal('done'), data: insightSchema }),
  z.object({ event: z.literal('failed'), data: z.object({ id: z.number(), message: z.string() }) }),
]);

const read = { key: INSIGHTS_KEY, mode: 'read' } as const;
const write = { key: INSIGHTS_KEY, mode: 'write' } as const;

/** GPT Insights: list, one, run (streamed), run again (streamed), and the scope picker's options. */
export const insightsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/insights',
    tag: 'insights',
    summary: 'Past GPT insights, newest first; q searches the scope name, the question and the answer',
    permission: read,
    query: insightListQuerySchema,
    response: insightListResponseSchema,
  }),
  scopes: defineEndpoint({
    method: 'GET',
    path: '/api/insights/scopes',
    tag: 'insights',
    summary:
      'What can be chosen for a scope: campaigns, ad sets and ads from the Meta insights; products, tribes',
    permission: read,
    query: insightScopeQuerySchema,
    response: insightScopeOptionsSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/insights/:id',
    tag: 'insights',
    summary: 'One insight with its prompt and the report snapshot it was given',
    permission: read,
    params: insightParamsSchema,
    response: insightSchema,
  }),
  /**
   * The answer is a text/event-stream of `insightStreamEventSchema` events, not JSON: the app reads it as it
   * arrives (`fetch`), not through `call()`. A refusal before the stream is the usual JSON error.
   */
  run: defineEndpoint({
    method: 'POST',
    path: '/api/insights',
    tag: 'insights',
    summary:
      'Snapshot the report figures of a scope and range, ask the language model and stream its answer (text/event-stream: start, delta…, done or failed); kept with tokens and cost',
    permission: write,
    body: createInsightSchema,
    response: z.string(),
    errors: [503],
  }),
  rerun: defineEndpoint({
    method: 'POST',
    path: '/api/insights/:id/rerun',
    tag: 'insights',
    summary: 'Run an insight again with the same scope, range and question (a new insight, streamed)',
    permission: write,
    params: insightParamsSchema,
    response: z.string(),
    errors: [503],
  }),
};
