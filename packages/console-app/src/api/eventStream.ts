import type { z } from 'zod/mini';
import {
  type AnyEndpoint,
  apiErrorSchema,
  translateFieldMessages,
  translateMessage,
} from '@staff/console-contract';
import { currentLanguage } from '../i18n.js';
import { ApiError } from './apiError.js';
import { invalidResponse, requestOf } from './call.js';

/** Reads `event:` / `data:` blocks of a server-sent-events body as they arrive, each parsed by `schema`. */
async function readEvents<E>(
  endpoint: AnyEndpoint,
  body: ReadableStream<Uint8Array>,
  schema: z.ZodMiniType<E>,
  onEvent: (event: E) => void,
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
    const parsed = schema.safeParse({ event: name, data: json });
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
 * Calls an endpoint that answers `text/event-stream` and hands on each event, parsed by `schema`, as it arrives
 * (`fetch` reads the body piece by piece), with the same bearer token as every other
 * call. A refusal before the stream, an unreachable server and an event of the wrong shape are ApiErrors.
 */
export async function streamEvents<E>(
  endpoint: AnyEndpoint,
  input: Parameters<typeof requestOf>[1],
  schema: z.ZodMiniType<E>,
  onEvent: (event: E) => void,
  connection: { token: () => string | null; baseURL: string; signal?: AbortSignal },
): Promise<void> {
  const { method, url, data } = requestOf(endpoint, input);
  const bearer = connection.token();
  const response = await fetch(`${connection.baseURL}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: JSON.stringify(data ?? {}),
    ...(connection.signal ? { signal: connection.signal } : {}),
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
  await readEvents(endpoint, response.body, schema, onEvent);
}
