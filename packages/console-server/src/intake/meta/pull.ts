/**
 * Meta Marketing API insights pull (issue 13, ADR 040): per ad account, an async report job (level=ad, one row per
 * day and ad), polled to completion, read page by page and upserted through the Ads Manager import's write path.
 * Throttling (error codes and usage headers) is answered with bounded exponential backoff with jitter.
 */
import { type Kysely, sql } from 'kysely';
import type { MetaPullRun } from '@staff/console-contract';
import type { Database } from '../../db/schema.js';
import { DEFAULT_META_GRAPH_VERSION } from '../forwarder/worker.js';
import { NODE_ID } from '../../jobs/runOnce.js';
import { readSecret } from '../../secrets/index.js';
import { PURCHASE_ACTION_TYPES, type InsightRow } from './csv.js';
import { importInsights } from './import.js';

export const INSIGHT_FIELDS = [
  'spend',
  'impressions',
  'reach',
  'frequency',
  'clicks',
  'inline_link_clicks',
  'actions',
  'action_values',
  'date_start',
  'date_stop',
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
] as const;

/** Error code (and subcode) pairs Meta uses for "slow down": answered with backoff, never a failed run at once. */
const THROTTLE_CODES = new Set([4, 17, 32, 613, 80000, 80003, 80004]);
const THROTTLE_SUBCODES = new Map([
  [100, 1504018],
  [-2, 2490547],
]);

export interface GraphPullOptions {
  baseUrl: string;
  version: string;
  /** First backoff delay; doubles per attempt, with jitter (0.5–1×). */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Calls of one request before the run fails (throttled or transient answers). */
  maxAttempts: number;
  /** Between status polls of the async job, and how many polls before giving up. */
  pollMs: number;
  maxPolls: number;
  /** At or above this usage percentage (any of the three headers) the next call waits one backoff step first. */
  slowDownPct: number;
  /** What one minute of `estimated_time_to_regain_access` waits (tests shrink it). */
  minuteMs: number;
  pageLimit: number;
  timeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const DEFAULT_PULL_OPTIONS: Omit<GraphPullOptions, 'baseUrl'> = {
  version: DEFAULT_META_GRAPH_VERSION,
  backoffBaseMs: 2_000,
  backoffMaxMs: 5 * 60_000,
  maxAttempts: 6,
  pollMs: 5_000,
  maxPolls: 360,
  slowDownPct: 90,
  minuteMs: 60_000,
  pageLimit: 500,
  timeoutMs: 60_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/** A refusal from Meta that is not throttling (e.g. 190 invalid token): the run fails with Meta's message. */
export class GraphApiError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly subcode: number | null,
    readonly status: number,
  ) {
    super(message);
    this.name = 'GraphApiError';
  }
}

/** What one run's calls added up to: written to the run as it goes, so progress and waits are visible. */
export interface PullStats {
  attempts: number;
  throttled_waits: number;
  waited_ms: number;
  max_usage_pct: number | null;
}

interface GraphError {
  message?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_msg?: string;
}

/** The highest utilisation percentage the three usage headers report, and any wait Meta asks for (minutes). */
export function readUsageHeaders(headers: Headers): { pct: number | null; regainMinutes: number } {
  let pct: number | null = null;
  let regainMinutes = 0;
  const take = (value: unknown) => {
    if (typeof value === 'number' && Number.isFinite(value)) pct = Math.max(pct ?? 0, value);
  };
  const parse = (name: string): unknown => {
    const raw = headers.get(name);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  };
  const business = parse('x-business-use-case-usage');
  if (business && typeof business === 'object')
    for (const entries of Object.values(business as Record<string, unknown>))
      for (const entry of Array.isArray(entries) ? (entries as Record<string, unknown>[]) : []) {
        take(entry.call_count);
        take(entry.total_cputime);
        take(entry.total_time);
        const regain = Number(entry.estimated_time_to_regain_access);
        if (Number.isFinite(regain)) regainMinutes = Math.max(regainMinutes, regain);
      }
  for (const name of ['x-ad-account-usage', 'x-fb-ads-insights-throttle']) {
    const value = parse(name) as Record<string, unknown> | null;
    if (value && typeof value === 'object') {
      take(value.acc_id_util_pct);
      take(value.app_id_util_pct);
    }
  }
  return { pct, regainMinutes };
}

export const isThrottle = (error: GraphError) =>
  (error.code !== undefined && THROTTLE_CODES.has(error.code)) ||
  (error.code !== undefined && THROTTLE_SUBCODES.get(error.code) === error.error_subcode);

/** The Graph calls of one run; every call counts into `stats`. */
export function createGraphInsightsClient(options: GraphPullOptions, token: string, stats: PullStats) {
  const base = new URL(options.baseUrl.replace(/\/+$/, '') + '/');
  const backoff = (attempt: number) =>
    Math.round(
      Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** (attempt - 1)) *
        (0.5 + options.random() / 2),
    );

  // Set when Meta reports usage near its limit: the next call waits a step instead of being refused.
  let nearLimit = false;

  async function call(method: 'GET' | 'POST', url: URL, form?: URLSearchParams): Promise<unknown> {
    // A paging URL from elsewhere would carry the token away: only the configured origin is called.
    if (url.origin !== base.origin)
      throw new GraphApiError(`Unexpected paging URL ${url.origin}`, null, null, 0);
    if (nearLimit) await wait(backoff(1), true);
    for (let attempt = 1; ; attempt += 1) {
      stats.attempts += 1;
      const target = new URL(url);
      if (method === 'GET') target.searchParams.set('access_token', token);
      let response: Response;
      let body: { error?: GraphError } & Record<string, unknown>;
      try {
        response = await fetch(target, {
          method,
          signal: AbortSignal.timeout(options.timeoutMs),
          ...(form
            ? {
                body: new URLSearchParams([...form, ['access_token', token]]),
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
              }
            : {}),
        });
        body = (await response.json().catch(() => ({}))) as typeof body;
      } catch (error) {
        // Network trouble and timeouts are transient: the same backoff, the same bound.
        if (attempt >= options.maxAttempts)
          throw new GraphApiError(
            `Meta Graph API unreachable after ${attempt} attempts: ${(error as Error).message}`,
            null,
            null,
            0,
          );
        await wait(backoff(attempt), false);
        continue;
      }
      const usage = readUsageHeaders(response.headers);
      if (usage.pct !== null) stats.max_usage_pct = Math.max(stats.max_usage_pct ?? 0, usage.pct);
      nearLimit = usage.pct !== null && usage.pct >= options.slowDownPct;
      const error = body.error;
      if (response.ok && !error) return body;
      const graphError: GraphError = error ?? { message: `HTTP ${response.status}` };
      const throttled = isThrottle(graphError);
      const transient = graphError.is_transient === true || response.status >= 500;
      if (!throttled && !transient)
        throw new GraphApiError(
          `Meta: ${graphError.error_user_msg ?? graphError.message ?? `HTTP ${response.status}`}${graphError.code !== undefined ? ` (code ${graphError.code}${graphError.error_subcode ? `/${graphError.error_subcode}` : ''})` : ''}`,
          graphError.code ?? null,
          graphError.error_subcode ?? null,
          response.status,
        );
      if (attempt >= options.maxAttempts)
        throw new GraphApiError(
          `Meta kept ${throttled ? 'throttling' : 'failing'} after ${attempt} attempts: ${graphError.message ?? `HTTP ${response.status}`} (code ${graphError.code ?? '?'})`,
          graphError.code ?? null,
          graphError.error_subcode ?? null,
          response.status,
        );
      // Meta's own estimate wins over the exponential guess when it gives one.
      const delay =
        throttled && usage.regainMinutes > 0
          ? Math.max(usage.regainMinutes * options.minuteMs, backoff(attempt))
          : backoff(attempt);
      await wait(delay, throttled);
    }
  }

  async function wait(ms: number, throttled: boolean) {
    if (throttled) stats.throttled_waits += 1;
    stats.waited_ms += ms;
    await options.sleep(ms);
  }

  const path = (suffix: string) => new URL(`${options.version}/${suffix}`, base);

  return {
    /** `POST /vNN/act_X/insights` → the async job's id. */
    async startReport(adAccountId: string, since: string, until: string): Promise<string> {
      const form = new URLSearchParams({
        level: 'ad',
        fields: INSIGHT_FIELDS.join(','),
        time_range: JSON.stringify({ since, until }),
        time_increment: '1',
      });
      const body = (await call('POST', path(`${adAccountId}/insights`), form)) as { report_run_id?: unknown };
      if (typeof body.report_run_id !== 'string' && typeof body.report_run_id !== 'number')
        throw new GraphApiError('Meta answered without a report_run_id', null, null, 200);
      return String(body.report_run_id);
    },
    async status(reportRunId: string): Promise<{ status: string; percent: number }> {
      const body = (await call('GET', path(reportRunId))) as {
        async_status?: string;
        async_percent_completion?: number;
      };
      return { status: body.async_status ?? 'Job Not Started', percent: body.async_percent_completion ?? 0 };
    },
    /** One page of the report's rows and the next page's URL. */
    async page(
      reportRunId: string,
      next: string | null,
    ): Promise<{ rows: Record<string, unknown>[]; next: string | null }> {
      const url = next ? new URL(next) : path(`${reportRunId}/insights`);
      if (!next) url.searchParams.set('limit', String(options.pageLimit));
      const body = (await call('GET', url)) as {
        data?: Record<string, unknown>[];
        paging?: { next?: string };
      };
      return { rows: Array.isArray(body.data) ? body.data : [], next: body.paging?.next ?? null };
    },
  };
}

type ActionList = { action_type?: unknown; value?: unknown }[] | undefined;
const valueOf = (list: ActionList, type: string) => {
  const found = list?.find((action) => action.action_type === type);
  return found ? Number(found.value) || 0 : null;
};
const count = (value: unknown) => {
  const number = Number(value ?? 0);
  return Number.isFinite(number) && number >= 0 ? Math.round(number) : 0;
};

/**
 * One Graph row → the import's row. Numbers arrive as strings. Purchases and their value come from ONE action
 * type (the first present of omni_purchase, purchase, the pixel's): the same purchases repeat under each.
 */
export function graphRowToInsight(row: Record<string, unknown>, adAccountId: string): InsightRow | null {
  const text = (key: string) =>
    typeof row[key] === 'string' && row[key] !== '' ? (row[key] as string) : null;
  const date = text('date_start');
  const adId = text('ad_id');
  const campaignId = text('campaign_id');
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !adId || !campaignId) return null;
  const actions = row.actions as ActionList;
  const values = row.action_values as ActionList;
  const type = PURCHASE_ACTION_TYPES.find((candidate) => valueOf(actions, candidate) !== null);
  return {
    line: 0,
    date,
    campaign_id: campaignId,
    campaign_name: text('campaign_name'),
    adset_id: text('adset_id'),
    adset_name: text('adset_name'),
    ad_id: adId,
    ad_name: text('ad_name'),
    account_id: adAccountId.replace(/^act_/, ''),
    impressions: count(row.impressions),
    reach: count(row.reach),
    clicks: count(row.clicks),
    inline_link_clicks: count(row.inline_link_clicks),
    spend: count(row.spend),
    purchases: type ? count(valueOf(actions, type)) : 0,
    purchase_value: type ? count(valueOf(values, type)) : 0,
    // Meta's `video_view` action is the 3-second play the Ad Creative report's hook rate uses.
    video_3s_views: count(valueOf(actions, 'video_view')),
  };
}

// --- runs ---------------------------------------------------------------------------------------------------

interface RunRow {
  id: number;
  account_id: number;
  ad_account_id: string;
  trigger: MetaPullRun['trigger'];
  since: string;
  until: string;
  status: MetaPullRun['status'];
  rows_read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  pages: number;
  attempts: number;
  throttled_waits: number;
  waited_ms: string | number;
  max_usage_pct: number | null;
  last_error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const RUN_COLUMNS = sql`r.id, r.account_id, a.ad_account_id, r.trigger, to_char(r.since, 'YYYY-MM-DD') as since,
  to_char(r.until, 'YYYY-MM-DD') as until, r.status, r.rows_read, r.inserted, r.updated, r.unchanged, r.pages,
  r.attempts, r.throttled_waits, r.waited_ms, r.max_usage_pct, r.last_error, r.created_at, r.started_at, r.finished_at`;

export function runToWire(row: RunRow): MetaPullRun {
  return {
    id: Number(row.id),
    account_id: Number(row.account_id),
    ad_account_id: row.ad_account_id,
    trigger: row.trigger,
    since: row.since,
    until: row.until,
    status: row.status,
    rows_read: row.rows_read,
    rows_written: row.inserted + row.updated,
    inserted: row.inserted,
    updated: row.updated,
    unchanged: row.unchanged,
    pages: row.pages,
    attempts: row.attempts,
    throttled_waits: row.throttled_waits,
    waited_ms: Number(row.waited_ms),
    max_usage_pct: row.max_usage_pct === null ? null : Number(row.max_usage_pct),
    last_error: row.last_error,
    created_at: new Date(row.created_at).toISOString(),
    started_at: row.started_at ? new Date(row.started_at).toISOString() : null,
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

export async function listRuns(
  db: Kysely<Database>,
  filter: { accountId?: number; limit: number },
): Promise<MetaPullRun[]> {
  const rows = await sql<RunRow>`
    select ${RUN_COLUMNS} from meta_pull_runs r join meta_ad_accounts a on a.id = r.account_id
    ${filter.accountId ? sql`where r.account_id = ${filter.accountId}` : sql``}
    order by r.id desc limit ${filter.limit}`.execute(db);
  return rows.rows.map(runToWire);
}

export async function getRun(db: Kysely<Database>, id: number): Promise<MetaPullRun | null> {
  const rows = await sql<RunRow>`
    select ${RUN_COLUMNS} from meta_pull_runs r join meta_ad_accounts a on a.id = r.account_id
    where r.id = ${id}`.execute(db);
  return rows.rows[0] ? runToWire(rows.rows[0]) : null;
}

/** Another pull of this account is queued or running (one at a time, across nodes). */
export class PullBusyError extends Error {
  constructor(readonly accountId: number) {
    super('A pull of this ad account is already queued or running');
    this.name = 'PullBusyError';
  }
}

/**
 * Queues a run; the partial unique index on active runs makes a second one for the account fail, on any node.
 * Pass a transaction to write the audit entry with it.
 */
export async function enqueueRun(
  db: Kysely<Database>,
  run: {
    accountId: number;
    since: string;
    until: string;
    trigger: MetaPullRun['trigger'];
    requestedBy?: number | null;
    scheduledFor?: string | null;
  },
): Promise<number | null> {
  const inserted = await sql<{ id: number }>`
    insert into meta_pull_runs (account_id, trigger, since, until, scheduled_for, status, requested_by)
    values (${run.accountId}, ${run.trigger}, ${run.since}, ${run.until}, ${run.scheduledFor ?? null}, 'queued',
      ${run.requestedBy ?? null})
    on conflict do nothing
    returning id`.execute(db);
  return inserted.rows[0] ? Number(inserted.rows[0].id) : null;
}

/** A Jakarta calendar day, `days` away from the one `now` falls in (WIB has no DST: a fixed +07:00). */
export function jakartaDay(now: Date, days = 0): string {
  return new Date(now.getTime() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** Yesterday and the days before it Meta may still restate. */
export const RESTATED_DAYS = 3;
/** The schedule waits for this hour (WIB): Meta's figures for yesterday settle overnight. */
export const SCHEDULE_HOUR_WIB = 2;

export function scheduleWindow(now: Date): { since: string; until: string } {
  return { since: jakartaDay(now, -1 - RESTATED_DAYS), until: jakartaDay(now, -1) };
}

/**
 * The daily schedule: after 02:00 WIB, queues one run per pull-enabled account for yesterday and the
 * restated days before it. `scheduled_for` is unique per account, so every node may call this; an account with a
 * run already going is tried again on the next call.
 */
export async function enqueueScheduledRuns(db: Kysely<Database>, now: Date): Promise<number> {
  const hour = (now.getUTCHours() + 7) % 24;
  if (hour < SCHEDULE_HOUR_WIB) return 0;
  const today = jakartaDay(now);
  const window = scheduleWindow(now);
  const accounts = await sql<{ id: number }>`
    select id from meta_ad_accounts a where pull_enabled
      and not exists (select 1 from meta_pull_runs r where r.account_id = a.id and r.scheduled_for = ${today})`.execute(
    db,
  );
  let queued = 0;
  for (const account of accounts.rows) {
    const id = await enqueueRun(db, {
      accountId: Number(account.id),
      ...window,
      trigger: 'schedule',
      scheduledFor: today,
    });
    if (id !== null) queued += 1;
  }
  return queued;
}

export interface PullRunnerOptions extends Partial<Omit<GraphPullOptions, 'baseUrl'>> {
  baseUrl: string;
  now: () => Date;
  /** Lease on a running run; renewed at every page. A node that dies mid-run frees it when it expires. */
  leaseMs?: number;
  holder?: string;
}

/**
 * Claims the oldest queued run (or a running one whose node's lease expired) with `FOR UPDATE SKIP LOCKED`, so
 * two nodes never take the same run; the claim is one short transaction, never held during the pull.
 */
export async function claimRun(
  db: Kysely<Database>,
  holder: string,
  leaseMs: number,
): Promise<{ id: number } | null> {
  return db.transaction().execute(async (trx) => {
    const due = await sql<{ id: number }>`
      select id from meta_pull_runs
      where status = 'queued' or (status = 'running' and lease_until < now())
      order by id limit 1 for update skip locked`.execute(trx);
    const run = due.rows[0];
    if (!run) return null;
    await sql`
      update meta_pull_runs set status = 'running', locked_by = ${holder},
        lease_until = now() + make_interval(secs => ${leaseMs / 1000}), started_at = coalesce(started_at, now())
      where id = ${run.id}`.execute(trx);
    return { id: Number(run.id) };
  });
}

/** Runs queued pulls until none is left for this node; answers how many it ran. */
export async function processQueuedRuns(db: Kysely<Database>, options: PullRunnerOptions): Promise<number> {
  const holder = options.holder ?? NODE_ID;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  let ran = 0;
  for (;;) {
    const claimed = await claimRun(db, holder, leaseMs);
    if (!claimed) return ran;
    await executeRun(db, claimed.id, { ...options, holder, leaseMs });
    ran += 1;
  }
}

/** Pulls one claimed run to the end and records the outcome; never throws for Meta's refusals. */
export async function executeRun(
  db: Kysely<Database>,
  runId: number,
  options: PullRunnerOptions & { holder: string; leaseMs: number },
): Promise<void> {
  const settings: GraphPullOptions = {
    ...DEFAULT_PULL_OPTIONS,
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
    baseUrl: options.baseUrl,
  } as GraphPullOptions;
  const run = (
    await sql<{
      account_id: number;
      since: string;
      until: string;
      ad_account_id: string;
      access_token: string;
    }>`
      select r.account_id, to_char(r.since, 'YYYY-MM-DD') as since, to_char(r.until, 'YYYY-MM-DD') as until,
        a.ad_account_id, a.access_token
      from meta_pull_runs r join meta_ad_accounts a on a.id = r.account_id where r.id = ${runId}`.execute(db)
  ).rows[0];
  if (!run) return;
  const stats: PullStats = { attempts: 0, throttled_waits: 0, waited_ms: 0, max_usage_pct: null };
  const totals = { rows_read: 0, inserted: 0, updated: 0, unchanged: 0, pages: 0 };
  let reportRunId: string | null = null;
  const save = async (end?: { status: 'succeeded' | 'failed'; error: string | null }) => {
    const lease = end ? sql`null` : sql`now() + make_interval(secs => ${options.leaseMs / 1000})`;
    await sql`
      update meta_pull_runs set rows_read = ${totals.rows_read}, inserted = ${totals.inserted},
        updated = ${totals.updated}, unchanged = ${totals.unchanged}, pages = ${totals.pages},
        attempts = ${stats.attempts}, throttled_waits = ${stats.throttled_waits}, waited_ms = ${stats.waited_ms},
        max_usage_pct = ${stats.max_usage_pct}, report_run_id = coalesce(${reportRunId}::text, report_run_id),
        lease_until = ${lease}
        ${end ? sql`, status = ${end.status}, finished_at = now(), last_error = ${end.error}` : sql``}
      where id = ${runId} and locked_by = ${options.holder}`.execute(db);
  };
  try {
    const token = readSecret(run.access_token);
    if (!token) throw new GraphApiError('The ad account has no access token', null, null, 0);
    const graph = createGraphInsightsClient(settings, token, stats);
    const jobId = await graph.startReport(run.ad_account_id, run.since, run.until);
    reportRunId = jobId;
    await save();
    for (let poll = 0; ; poll += 1) {
      const { status } = await graph.status(jobId);
      if (status === 'Job Completed') break;
      if (status === 'Job Failed' || status === 'Job Skipped')
        throw new GraphApiError(`Meta's report job ended as "${status}"`, null, null, 200);
      if (poll >= settings.maxPolls)
        throw new GraphApiError(
          `Meta's report job was still "${status}" after ${poll} polls`,
          null,
          null,
          200,
        );
      await save();
      await settings.sleep(settings.pollMs);
    }
    let next: string | null = null;
    do {
      const page = await graph.page(jobId, next);
      const rows = page.rows
        .map((row) => graphRowToInsight(row, run.ad_account_id))
        .filter((row): row is InsightRow => row !== null);
      // The upload's write path: upsert on (date, ad id), unchanged rows left alone.
      const counts = await importInsights(db, rows, {
        source: 'api',
        importId: `meta-pull:${runId}`,
        now: options.now(),
      });
      totals.pages += 1;
      totals.rows_read += page.rows.length;
      totals.inserted += counts.inserted;
      totals.updated += counts.updated;
      totals.unchanged += counts.unchanged;
      await save();
      next = page.next;
    } while (next);
    await save({ status: 'succeeded', error: null });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await save({ status: 'failed', error: message.slice(0, 1000) });
  }
}
