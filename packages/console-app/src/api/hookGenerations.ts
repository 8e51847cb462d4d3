import type { ApiClient } from './client.js';
import {
  type GenerateHooks,
  type HookStreamEvent,
  type PickHooks,
  hookGenerationsEndpoints,
  hookStreamEventSchema,
} from '@staff/console-contract';
import { createCall } from './call.js';
import { streamEvents } from './eventStream.js';

/**
 * Hook Generations' calls (the contract's `hookGenerationsEndpoints`); failures are ApiErrors. Generating streams
 * the hooks one by one; a refusal before the first hook (the model refused, is down or too slow) is an ApiError.
 */
export function createHookGenerationsApi(client: ApiClient, token: () => string | null, baseURL = '') {
  const call = createCall(client);
  return {
    generate: (brief: GenerateHooks, onEvent: (event: HookStreamEvent) => void, signal?: AbortSignal) =>
      streamEvents(hookGenerationsEndpoints.generate, { body: brief }, hookStreamEventSchema, onEvent, {
        token,
        baseURL,
        ...(signal ? { signal } : {}),
      }),
    pick: (id: number, pick: PickHooks) =>
      call(hookGenerationsEndpoints.pick, { params: { id }, body: pick }),
  };
}

export type HookGenerationsApi = ReturnType<typeof createHookGenerationsApi>;
