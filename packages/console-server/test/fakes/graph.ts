/**
 * A fake of Meta's Graph API: the Conversions API events endpoint (`POST /vNN/{pixel_id}/events`) with Meta's
 * answers and error shapes, switchable down (503), to refusing (400) and slow.
 */
import { startFakeServer } from './http.js';

export type GraphMode = 'up' | 'down' | 'reject' | 'slow';

export interface ReceivedEvent {
  pixelId: string;
  testEventCode: string | null;
  event: Record<string, unknown>;
}

export interface FakeGraph {
  url: string;
  setMode: (mode: GraphMode) => void;
  /** Every accepted event, in arrival order (duplicates included: dedup is the receiver's job). */
  events: ReceivedEvent[];
  /** Calls per answer status. */
  calls: Record<number, number>;
  batchSizes: number[];
  /** Resolves the next time a request arrives (kill tests wait for a send in flight). */
  nextRequest: () => Promise<void>;
  close: () => Promise<void>;
}

const SEVEN_DAYS_S = 7 * 24 * 3600;

export async function startFakeGraph(
  options: { slowMs?: number; accessToken?: string } = {},
): Promise<FakeGraph> {
  let mode: GraphMode = 'up';
  const events: ReceivedEvent[] = [];
  const calls: Record<number, number> = {};
  const batchSizes: number[] = [];
  let waiters: (() => void)[] = [];
  const answer = (status: number, body: unknown) => {
    calls[status] = (calls[status] ?? 0) + 1;
    return { status, body };
  };
  const server = await startFakeServer(async (request) => {
    const current = waiters;
    waiters = [];
    for (const wake of current) wake();
    const match = /^\/v\d+\.\d+\/(\d+)\/events$/.exec(request.url.pathname);
    if (request.method !== 'POST' || !match)
      return answer(400, {
        error: { message: 'Unsupported post request.', type: 'GraphMethodException', code: 100 },
      });
    if (mode === 'down')
      return answer(503, {
        error: {
          message: 'Service temporarily unavailable',
          type: 'OAuthException',
          code: 2,
          is_transient: true,
        },
      });
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 1500));
    let body: { data?: unknown; access_token?: string; test_event_code?: string };
    try {
      body = JSON.parse(request.body) as typeof body;
    } catch {
      return answer(400, { error: { message: 'Invalid JSON', type: 'OAuthException', code: 100 } });
    }
    const token = body.access_token ?? request.url.searchParams.get('access_token');
    if (!token || (options.accessToken && token !== options.accessToken))
      return answer(400, {
        error: {
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
        },
      });
    if (mode === 'reject')
      return answer(400, {
        error: {
          message: 'Invalid parameter',
          type: 'OAuthException',
          code: 100,
          error_subcode: 2804019,
          error_user_msg: 'The value for the user_data parameter is invalid.',
          fbtrace_id: 'AFakeTrace',
        },
      });
    const data = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
    if (data.length === 0 || data.length > 1000)
      return answer(400, {
        error: { message: 'Invalid parameter: data', type: 'OAuthException', code: 100 },
      });
    const nowS = Math.floor(Date.now() / 1000);
    for (const event of data) {
      const time = event.event_time;
      if (typeof event.event_name !== 'string' || typeof time !== 'number' || !Number.isInteger(time))
        return answer(400, {
          error: { message: 'Invalid parameter', type: 'OAuthException', code: 100, error_subcode: 2804003 },
        });
      if (time < nowS - SEVEN_DAYS_S)
        return answer(400, {
          error: {
            message: 'Invalid parameter',
            type: 'OAuthException',
            code: 100,
            error_subcode: 2804003,
            error_user_msg: 'event_time is more than 7 days in the past',
          },
        });
    }
    batchSizes.push(data.length);
    for (const event of data)
      events.push({ pixelId: match[1]!, testEventCode: body.test_event_code ?? null, event });
    return answer(200, { events_received: data.length, messages: [], fbtrace_id: 'AFakeTrace' });
  });
  return {
    url: server.url,
    setMode: (next) => {
      mode = next;
    },
    events,
    calls,
    batchSizes,
    nextRequest: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: server.close,
  };
}
