import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InsightStreamEvent } from '@staff/console-contract';
import { ApiError } from './apiError.js';
import { createApiClient } from './client.js';
import { createInsightsApi } from './insights.js';

/** A client for the non-streaming calls, never used here: the streams go over fetch. */
const signedOut = () => createApiClient({ getToken: () => null, onUnauthorized: () => undefined });

afterEach(() => vi.unstubAllGlobals());

const streamOf = (text: string) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        // Split mid-event: the reader must join the pieces.
        const bytes = new TextEncoder().encode(text);
        controller.enqueue(bytes.slice(0, 20));
        controller.enqueue(bytes.slice(20));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

const input = {
  scope: 'campaign' as const,
  scope_id: 'C1',
  from: '2026-11-01',
  to: '2026-11-07',
  question: 'Why?',
};

describe('GPT Insights: the streamed run', () => {
  it('posts to the endpoint with the bearer token and hands on each event, parsed', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      streamOf('event: start\ndata: {"id":7,"model":"m"}\n\nevent: delta\ndata: {"content":"Hai"}\n\n'),
    );
    vi.stubGlobal('fetch', fetch);
    const events: InsightStreamEvent[] = [];
    await createInsightsApi(signedOut(), () => 'T', 'http://x').run(input, {
      onEvent: (e) => events.push(e),
    });
    expect(events).toEqual([
      { event: 'start', data: { id: 7, model: 'm' } },
      { event: 'delta', data: { content: 'Hai' } },
    ]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://x/api/insights');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(input);
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer T');
  });

  it('an event of the wrong shape is an INVALID_RESPONSE ApiError, not a cast', async () => {
    vi.stubGlobal('fetch', async () => streamOf('event: delta\ndata: {"content":5}\n\n'));
    const run = createInsightsApi(signedOut(), () => null).rerun(3, { onEvent: () => undefined });
    await expect(run).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      endpoint: 'POST /api/insights/:id/rerun',
    });
  });

  it('a refusal before the stream is an ApiError with the status, code and fields', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({ message: 'Invalid input', code: 'INVALID_INPUT', fields: { scope_id: ['x'] } }),
          {
            status: 400,
          },
        ),
    );
    const error: unknown = await createInsightsApi(signedOut(), () => null)
      .run(input, { onEvent: () => undefined })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_INPUT', fields: { scope_id: ['x'] } });
  });
});
