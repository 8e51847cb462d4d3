import type { AxiosInstance } from 'axios';
import {
  type AnyEndpoint,
  apiErrorSchema,
  type CreateInsight,
  type InsightScope,
  type InsightStreamEvent,
  insightStreamEventSchema,
  insightsEndpoints,
  translateFieldMessages,
  translateMessage,
} from '@staff/console-contract';
import { currentLanguage } from '../i18n.js';
import { ApiError } from './apiError.js';
import { createCall, invalidResponse, requestOf } from './call.js';

export interface InsightStreamHandlers {
  onEvent: (event: InsightStreamEvent) => void;
}

/** Reads `event:` / `data:` blocks of a server-sent-events body as they arrive, each parsed by the contract's schema. */
async function readEvents(
  endpoint: AnyEndpoint,
  body: ReadableStream<Uint8Array>,
  onEvent: (event: InsightStreamEvent) => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const flush = (block: string) => {
    let name = '';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) name = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (!name || !data) return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      throw invalidResponse(endpoint, 200, [{ path: [name], message: 'not JSON' }]);
    }
    const parsed = insightStreamEventSchema.safeParse({ event: name, data: json });
    if (!parsed.success) throw invalidResponse(endpoint, 200, parsed.error.issues);
    onEvent(parsed.data);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      flush(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
  if (buffer.trim()) flush(buffer);
}

/** A refusal before the stream: the server's JSON `{ message, code, fields }` as an ApiError in the user's words. */
async function refusal(endpoint: AnyEndpoint, response: Response): Promise<ApiError> {
  const parsed = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
  // Not the ApiError body (a proxy's page): the status says enough.
  const body = parsed.success ? parsed.data : undefined;
  const language = currentLanguage();
  return new ApiError({
    status: response.status,
    message: translateMessage(body?.message ?? `status ${response.status}`, language),
    ...(body?.code ? { code: body.code } : {}),
    ...(body?.fields ? { fields: translateFieldMessages(body.fields, language) } : {}),
    endpoint: endpoint.name,
  });
}

/**
 * GPT Insights' calls (the contract's `insightsEndpoints`); failures are ApiErrors. Running one streams (`fetch`
 * reads the body as it arrives; axios in a browser cannot), with the same bearer token as every other call.
 */
export function createInsightsApi(client: AxiosInstance, token: () => string | null, baseURL = '') {
  const call = createCall(client);
  const stream = async (
    endpoint: typeof insightsEndpoints.run | typeof insightsEndpoints.rerun,
    input: Parameters<typeof requestOf>[1],
    handlers: InsightStreamHandlers,
  ) => {
    const { method, url, data } = requestOf(endpoint, input);
    const bearer = token();
    const response = await fetch(`${baseURL}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(data ?? {}),
    }).catch((error: unknown) => {
      throw new ApiError(
        {
          message: translateMessage('The server could not be reached.', currentLanguage()),
          endpoint: endpoint.name,
        },
        { cause: error },
      );
    });
    if (!response.ok || !response.body) throw await refusal(endpoint, response);
    await readEvents(endpoint, response.body, handlers.onEvent);
  };
  return {
    run: (input: CreateInsight, handlers: InsightStreamHandlers) =>
      stream(insightsEndpoints.run, { body: input }, handlers),
    rerun: (id: number, handlers: InsightStreamHandlers) =>
      stream(insightsEndpoints.rerun, { params: { id } }, handlers),
    list: async (q: string) => (await call(insightsEndpoints.list, { query: q ? { q } : {} })).rows,
    get: (id: number) => call(insightsEndpoints.get, { params: { id } }),
    scopes: async (scope: InsightScope) =>
      (await call(insightsEndpoints.scopes, { query: { scope } })).options,
  };
}
