/**
 * The courier-tracking adapter: a Biteship-style aggregator at COURIER_TRACKING_URL,
 * `GET /v1/trackings/{waybill_id}/couriers/{courier_code}` answering `{ success, status, link, history: [{ note,
 * status, updated_at }] }`. A receipt the courier does not know yet (404, or `success: false`) is "not yet
 * trackable": a state, not an error. 5xx, timeouts and unreachable hosts are errors (tried again later).
 */

export const DEFAULT_COURIER_TRACKING_URL = 'https://api.biteship.com';

/** Our coarse view of a courier's status (integrations.md maps Biteship's onto it). */
export type CourierState = 'not_trackable_yet' | 'in_transit' | 'delivered' | 'returned' | 'problem';

export interface CourierEvent {
  at: Date;
  description: string;
  status: string | null;
}

export interface CourierTrack {
  state: CourierState;
  /** The courier's own status word (Biteship's), or why it is not trackable yet. */
  courierStatus: string | null;
  message: string | null;
  link: string | null;
  events: CourierEvent[];
}

export class CourierTrackingError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'CourierTrackingError';
  }
}

export interface CourierTrackingApi {
  track: (courier: string, waybill: string) => Promise<CourierTrack>;
  /** The public tracking page of a receipt, for messages to customers. */
  linkOf: (courier: string, waybill: string) => string;
}

const PROBLEM = new Set(['on_hold', 'rejected', 'courier_not_found', 'cancelled', 'disposed']);

/** Biteship's order statuses onto ours (integrations.md). */
export function courierStateOf(status: string | null | undefined): CourierState {
  const value = (status ?? '').toLowerCase();
  if (value === 'delivered') return 'delivered';
  if (value === 'returned') return 'returned';
  if (PROBLEM.has(value)) return 'problem';
  return 'in_transit';
}

interface BiteshipTracking {
  success?: boolean;
  message?: string;
  error?: string;
  status?: string;
  link?: string | null;
  history?: { note?: string; status?: string; updated_at?: string }[];
}

export interface CourierTrackingOptions {
  baseUrl?: string;
  /** Sent as the Authorization header when set (COURIER_TRACKING_KEY). */
  apiKey?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createCourierTrackingApi(options: CourierTrackingOptions = {}): CourierTrackingApi {
  const baseUrl = (options.baseUrl ?? DEFAULT_COURIER_TRACKING_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const urlOf = (courier: string, waybill: string) =>
    `${baseUrl}/v1/trackings/${encodeURIComponent(waybill)}/couriers/${encodeURIComponent(courier)}`;
  return {
    linkOf: (courier, waybill) =>
      `${baseUrl}/tracking/${encodeURIComponent(courier)}/${encodeURIComponent(waybill)}`,
    async track(courier, waybill) {
      let response: Response;
      try {
        response = await doFetch(urlOf(courier, waybill), {
          headers: {
            accept: 'application/json',
            ...(options.apiKey ? { authorization: options.apiKey } : {}),
          },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new CourierTrackingError(
          timedOut ? `No answer within ${timeoutMs} ms` : 'The courier tracking service is unreachable',
          null,
        );
      }
      const text = await response.text();
      let body: BiteshipTracking = {};
      try {
        body = JSON.parse(text) as BiteshipTracking;
      } catch {
        // Not JSON: judged by the status alone.
      }
      if (response.status === 404 || (response.status < 500 && body.success === false)) {
        return {
          state: 'not_trackable_yet',
          courierStatus: null,
          message: (body.error ?? body.message ?? 'The courier does not know this receipt yet').slice(0, 300),
          link: null,
          events: [],
        };
      }
      if (!response.ok)
        throw new CourierTrackingError(
          `The courier tracking service answered ${response.status}${body.error ? `: ${body.error.slice(0, 200)}` : ''}`,
          response.status,
        );
      const events: CourierEvent[] = [];
      for (const entry of body.history ?? []) {
        const at = entry.updated_at ? new Date(entry.updated_at) : null;
        if (!at || Number.isNaN(at.getTime()) || !entry.note) continue;
        events.push({ at, description: entry.note.slice(0, 300), status: entry.status ?? null });
      }
      return {
        state: courierStateOf(body.status),
        courierStatus: body.status ?? null,
        message: body.message ?? null,
        link: body.link ?? null,
        events,
      };
    },
  };
}
