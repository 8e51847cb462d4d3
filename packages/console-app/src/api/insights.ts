import type { AxiosInstance } from 'axios';
import type {
  CreateInsight,
  Insight,
  InsightScope,
  InsightStreamEvent,
  InsightSummary,
} from '@staff/console-contract';
import { toCallError } from './errors.js';

export interface InsightStreamHandlers {
  onEvent: (event: InsightStreamEvent) => void;
}

/** Reads `event:` / `data:` blocks of a server-sent-events body as they arrive. */
async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: InsightStreamEvent) => void) {
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
    if (name && data) onEvent({ event: name, data: JSON.parse(data) } as InsightStreamEvent);
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

/**
 * GPT Insights' calls. Running one streams (`fetch` reads the body as it arrives; axios in a browser cannot), with
 * the same bearer token as every other call; a refusal before the stream is a CallError with the server's message.
 */
export function createInsightsApi(client: AxiosInstance, token: () => string | null, baseURL = '') {
  const stream = async (path: string, body: unknown, handlers: InsightStreamHandlers) => {
    const bearer = token();
    const response = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
    }).catch(() => {
      throw { message: 'The server could not be reached.' };
    });
    if (!response.ok || !response.body) {
      const answer = (await response.json().catch(() => ({}))) as {
        message?: string;
        fields?: Record<string, string[]>;
      };
      const fieldText = answer.fields ? Object.values(answer.fields).flat().join(' ') : '';
      throw {
        status: response.status,
        message: [answer.message ?? `status ${response.status}`, fieldText].filter(Boolean).join(': '),
      };
    }
    await readEvents(response.body, handlers.onEvent);
  };
  return {
    run: (input: CreateInsight, handlers: InsightStreamHandlers) => stream('/api/insights', input, handlers),
    rerun: (id: number, handlers: InsightStreamHandlers) => stream(`/api/insights/${id}/rerun`, {}, handlers),
    list: async (q: string): Promise<InsightSummary[]> => {
      try {
        return (await client.get<{ rows: InsightSummary[] }>('/api/insights', { params: q ? { q } : {} }))
          .data.rows;
      } catch (error) {
        throw toCallError(error);
      }
    },
    get: async (id: number): Promise<Insight> => {
      try {
        return (await client.get<Insight>(`/api/insights/${id}`)).data;
      } catch (error) {
        throw toCallError(error);
      }
    },
    scopes: async (scope: InsightScope): Promise<{ id: string; label: string }[]> => {
      try {
        return (
          await client.get<{ options: { id: string; label: string }[] }>('/api/insights/scopes', {
            params: { scope },
          })
        ).data.options;
      } catch (error) {
        throw toCallError(error);
      }
    },
  };
}
