/**
 * A fake of Meta's Graph API: the Conversions API events endpoint (`POST /vNN/{pixel_id}/events`) with Meta's
 * answers and error shapes, switchable down (503), to refusing (400) and slow; and the Marketing API's async
 * insights (`POST /vNN/act_X/insights` → report_run_id, status polls, paged results) with throttling answers.
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
  insights: FakeInsights;
  creatives: FakeCreatives;
  close: () => Promise<void>;
}

/** The insights side of the fake: what it serves and what it was asked. */
export interface FakeInsights {
  /** Ads per day in a report (ids 1202100000000001…); rows are derived from the day and the ad, so stable. */
  adsPerDay: number;
  /** Rows per page unless the caller's `limit` is smaller. */
  pageSize: number;
  /** Statuses a new job goes through, one per poll; the last one stays. */
  jobStatuses: string[];
  /** The next N insights calls answer this throttling error (code 17, 613, …) with usage headers; 0 clears. */
  throttle: (times: number, code?: number, regainMinutes?: number) => void;
  /** Usage percentage the successful answers report in the three usage headers (Meta's call_count etc.). */
  usagePct: number;
  /** Every insights call: method and path (tokens left out). */
  calls: { method: string; path: string }[];
  /** Report jobs created, with their range. */
  jobs: { id: string; account: string; since: string; until: string }[];
  /** Purchases per row under each of omni_purchase, purchase and the pixel's type (the same purchases). */
  purchasesOf: (day: string, ad: number) => number;
}

/**
 * The Marketing API's ad creatives (`GET /vNN/{creative_id}?fields=…`): any numeric id is a creative, an image
 * one when odd and a video one when even, with thumbnails and images this fake serves itself
 * (`/creative-images/{id}.svg`), so a page can show them without the internet.
 */
export interface FakeCreatives {
  /** Creative ids asked for, in order. */
  calls: string[];
  /** Ids Meta answers "does not exist" for (code 100, subcode 33). */
  missing: Set<string>;
  /** While true, creative answers come after `slowMs` (longer than a caller's time-out). */
  slow: boolean;
  /** Image requests served (path), to see a page really loaded them. */
  images: string[];
}

/** The fake's answer for creative `id` as Meta sends it; `origin` is where the fake serves its images. */
export function fakeCreative(id: string, origin: string) {
  const video = BigInt(id) % 2n === 0n;
  const image = `${origin}/creative-images/${id}.svg`;
  const thumbnail = `${origin}/creative-images/${id}-thumb.svg`;
  const cta = { type: 'SHOP_NOW', value: { link: 'https://toko.example.id/promo' } };
  return {
    id,
    thumbnail_url: thumbnail,
    ...(video ? {} : { image_url: image }),
    title: `Promo kreatif ${id.slice(-4)}`,
    body: 'Diskon 30% hari ini saja. Klik untuk belanja.',
    call_to_action_type: 'SHOP_NOW',
    object_story_spec: {
      page_id: '104000000000001',
      ...(video
        ? {
            video_data: {
              video_id: `9${id.slice(-9)}`,
              image_url: image,
              message: 'Tonton sampai habis',
              call_to_action: cta,
            },
          }
        : {
            link_data: {
              picture: image,
              message: 'Belanja sekarang',
              link: cta.value.link,
              call_to_action: cta,
            },
          }),
    },
  };
}

/** A small picture with the creative id on it (what the fake's image URLs answer). */
const creativeSvg = (id: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">` +
  `<rect width="320" height="320" fill="#${(Number(BigInt(id) % 0xffffffn) | 0x404040).toString(16).slice(-6)}"/>` +
  `<text x="160" y="170" font-size="28" text-anchor="middle" fill="#fff">${id.slice(-6)}</text></svg>`;

const AD_ID_BASE = 1202100000000000n;

/** A day's row of ad `ad` as the Marketing API sends it: numbers as strings, purchases under three types. */
export function fakeInsightRow(account: string, day: string, ad: number, purchases: number) {
  const seed = Number(day.replace(/-/g, '')) % 97;
  const spend = 100_000 + seed * 1_000 + ad * 10_000;
  const value = purchases * 150_000;
  const repeated = (n: number) =>
    ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'].map((type) => ({
      action_type: type,
      value: String(n),
    }));
  return {
    account_id: account.replace(/^act_/, ''),
    date_start: day,
    date_stop: day,
    campaign_id: '120210000000009001',
    campaign_name: 'Promo Pull',
    adset_id: `12021000000009${100 + (ad % 2)}`,
    adset_name: `Set ${ad % 2 === 0 ? 'A' : 'B'}`,
    ad_id: String(AD_ID_BASE + BigInt(ad)),
    ad_name: `Ad ${ad}`,
    spend: String(spend),
    impressions: String(10_000 + seed * 10 + ad),
    reach: String(8_000 + seed * 5 + ad),
    frequency: '1.25',
    clicks: String(300 + ad),
    inline_link_clicks: String(200 + ad),
    actions: [
      { action_type: 'link_click', value: String(200 + ad) },
      { action_type: 'video_view', value: String(1_000 + ad) },
      ...repeated(purchases),
    ],
    action_values: repeated(value),
  };
}

const daysOf = (since: string, until: string) => {
  const days: string[] = [];
  for (let t = Date.parse(`${since}T00:00:00Z`); t <= Date.parse(`${until}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
};

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
  const throttles: { code: number; regainMinutes: number }[] = [];
  const jobs = new Map<string, { account: string; since: string; until: string; polls: number }>();
  const insights: FakeInsights = {
    adsPerDay: 3,
    pageSize: 4,
    jobStatuses: ['Job Not Started', 'Job Started', 'Job Running', 'Job Completed'],
    throttle: (times, code = 17, regainMinutes = 0) => {
      if (times === 0) throttles.length = 0;
      for (let index = 0; index < times; index += 1) throttles.push({ code, regainMinutes });
    },
    usagePct: 20,
    calls: [],
    jobs: [],
    purchasesOf: (day, ad) => (Number(day.slice(-2)) + ad) % 4,
  };
  const usage = (pct: number, regainMinutes: number) => ({
    'x-business-use-case-usage': JSON.stringify({
      '1234567890': [
        {
          type: 'ads_insights',
          call_count: pct,
          total_cputime: Math.round(pct / 2),
          total_time: Math.round(pct / 2),
          estimated_time_to_regain_access: regainMinutes,
        },
      ],
    }),
    'x-ad-account-usage': JSON.stringify({ acc_id_util_pct: pct / 2, reset_time_duration: 0 }),
    'x-fb-ads-insights-throttle': JSON.stringify({ app_id_util_pct: pct / 4, acc_id_util_pct: pct / 2 }),
  });
  const invalidToken = {
    status: 400,
    body: {
      error: {
        message: 'Error validating access token: Session has expired on Thursday, 26-Nov-26.',
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
        fbtrace_id: 'AFakeTrace',
      },
    },
  };

  const creatives: FakeCreatives = { calls: [], missing: new Set(), slow: false, images: [] };

  /** The ad creatives' reads and the images they point at; null when the request is not one of them. */
  const creativeAnswer = async (
    request: Parameters<Parameters<typeof startFakeServer>[0]>[0],
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> } | null> => {
    const path = request.url.pathname;
    const image = /^\/creative-images\/(\d+)(-thumb)?\.svg$/.exec(path);
    if (image && request.method === 'GET') {
      creatives.images.push(path);
      return { status: 200, body: creativeSvg(image[1]!), headers: { 'content-type': 'image/svg+xml' } };
    }
    const read = /^\/v\d+\.\d+\/(\d+)$/.exec(path);
    const fields = request.url.searchParams.get('fields') ?? '';
    if (!read || request.method !== 'GET' || !fields.includes('object_story_spec') || jobs.has(read[1]!))
      return null;
    const id = read[1]!;
    creatives.calls.push(id);
    if (creatives.slow) {
      await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 1500));
      if (request.abandoned())
        return { status: 408, body: { error: { message: 'Client went away', code: 1 } } };
    }
    const token = request.url.searchParams.get('access_token');
    if (!token || (options.accessToken && token !== options.accessToken)) return invalidToken;
    if (creatives.missing.has(id))
      return {
        status: 400,
        body: {
          error: {
            message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            type: 'GraphMethodException',
            code: 100,
            error_subcode: 33,
            fbtrace_id: 'AFakeTrace',
          },
        },
      };
    return { status: 200, body: fakeCreative(id, `http://${request.headers.host}`) };
  };

  /** The Marketing API's insights endpoints; null when the request is not one of them. */
  const insightsAnswer = (
    request: Parameters<Parameters<typeof startFakeServer>[0]>[0],
  ): { status: number; body: unknown; headers?: Record<string, string> } | null => {
    const path = request.url.pathname;
    const start = /^\/v\d+\.\d+\/(act_\d+)\/insights$/.exec(path);
    const status = /^\/v\d+\.\d+\/(\d+)$/.exec(path);
    const results = /^\/v\d+\.\d+\/(\d+)\/insights$/.exec(path);
    if (!start && !status && !results) return null;
    insights.calls.push({ method: request.method, path });
    const form = new URLSearchParams(request.method === 'POST' ? request.body : '');
    const token = form.get('access_token') ?? request.url.searchParams.get('access_token');
    if (!token || (options.accessToken && token !== options.accessToken)) return invalidToken;
    const throttled = throttles.shift();
    if (throttled)
      return {
        status: 400,
        headers: usage(100, throttled.regainMinutes),
        body: {
          error: {
            message:
              throttled.code === 17
                ? 'User request limit reached'
                : '(#613) Calls to this api have exceeded the rate limit.',
            type: 'OAuthException',
            code: throttled.code,
            is_transient: true,
            fbtrace_id: 'AFakeTrace',
          },
        },
      };
    if (start && request.method === 'POST') {
      const range = JSON.parse(form.get('time_range') ?? '{}') as { since?: string; until?: string };
      if (form.get('level') !== 'ad' || form.get('time_increment') !== '1' || !range.since || !range.until)
        return {
          status: 400,
          body: { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } },
        };
      const id = String(6_000_000_000_000 + insights.jobs.length + 1);
      jobs.set(id, { account: start[1]!, since: range.since, until: range.until, polls: 0 });
      insights.jobs.push({ id, account: start[1]!, since: range.since, until: range.until });
      return { status: 200, headers: usage(insights.usagePct, 0), body: { report_run_id: id } };
    }
    const job = jobs.get((status ?? results)![1]!);
    if (!job || request.method !== 'GET')
      return {
        status: 400,
        body: {
          error: {
            message: 'Unsupported get request.',
            type: 'GraphMethodException',
            code: 100,
            error_subcode: 33,
          },
        },
      };
    if (status) {
      const asyncStatus = insights.jobStatuses[Math.min(job.polls, insights.jobStatuses.length - 1)]!;
      job.polls += 1;
      const done = asyncStatus === 'Job Completed';
      return {
        status: 200,
        headers: usage(insights.usagePct, 0),
        body: {
          id: status[1],
          async_status: asyncStatus,
          async_percent_completion: done ? 100 : Math.min(90, job.polls * 30),
          date_start: job.since,
          date_stop: job.until,
        },
      };
    }
    const rows = daysOf(job.since, job.until).flatMap((day) =>
      Array.from({ length: insights.adsPerDay }, (_, index) =>
        fakeInsightRow(job.account, day, index + 1, insights.purchasesOf(day, index + 1)),
      ),
    );
    const limit = Math.min(insights.pageSize, Number(request.url.searchParams.get('limit') ?? 25) || 25);
    const offset = Number(Buffer.from(request.url.searchParams.get('after') ?? '', 'base64').toString()) || 0;
    const page = rows.slice(offset, offset + limit);
    const cursor = (n: number) => Buffer.from(String(n)).toString('base64');
    const next = new URL(request.url.pathname, `http://${request.headers.host}`);
    next.searchParams.set('access_token', token);
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('after', cursor(offset + limit));
    return {
      status: 200,
      headers: usage(insights.usagePct, 0),
      body: {
        data: page,
        paging: {
          cursors: { before: cursor(offset), after: cursor(offset + limit) },
          ...(offset + limit < rows.length ? { next: next.toString() } : {}),
        },
      },
    };
  };

  const server = await startFakeServer(async (request) => {
    const current = waiters;
    waiters = [];
    for (const wake of current) wake();
    const creativeResult = await creativeAnswer(request);
    if (creativeResult) return creativeResult;
    const insightsResult = insightsAnswer(request);
    if (insightsResult) return insightsResult;
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
    if (mode === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 1500));
      // The caller gave up (timeout or killed): like a request lost in transit, nothing is recorded.
      if (request.abandoned()) return answer(408, { error: { message: 'Client went away', code: 1 } });
    }
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
    insights,
    creatives,
    close: server.close,
  };
}
