import type { ApiClient } from './client.js';
import {
  type CreateInsight,
  type InsightStreamEvent,
  insightStreamEventSchema,
  insightsEndpoints,
} from '@staff/console-contract';
import { createCall } from './call.js';
import { streamEvents } from './eventStream.js';

export interface InsightStreamHandlers {
  onEvent: (event: InsightStreamEvent) => void;
}

/**
 * GPT Insights' calls (the contract's `insightsEndpoints`); failures are ApiErrors. Running one streams (`fetch`
 * reads the body as it arrives), with the same bearer token as every other call. The page loads the list and the
 * scope options with useEndpoint.
 */
export function createInsightsApi(client: ApiClient, token: () => string | null, baseURL = '') {
  const call = createCall(client);
  const stream = (
    endpoint: typeof insightsEndpoints.run | typeof insightsEndpoints.rerun,
    input: Parameters<typeof streamEvents>[1],
    handlers: InsightStreamHandlers,
  ) =>
    streamEvents(endpoint, input, insightStreamEventSchema, handlers.onEvent, {
      token,
      baseURL,
    });
  return {
    run: (input: CreateInsight, handlers: InsightStreamHandlers) =>
      stream(insightsEndpoints.run, { body: input }, handlers),
    rerun: (id: number, handlers: InsightStreamHandlers) =>
      stream(insightsEndpoints.rerun, { params: { id } }, handlers),
    get: (id: number) => call(insightsEndpoints.get, { params: { id } }),
  };
}
