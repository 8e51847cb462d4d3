// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { SEALED_PREFIX } from '../src/secrets/index.js';
import {
  type PullRunnerOptions,
  claimRun,
  enqueueScheduledRuns,
  graphRowToInsight,
  processQueuedRuns,
  readUsageHeaders,
} from '../src/intake/meta/pull.js';
import { intakeDb } from '../src/intake/tables.js';
import { type FakeGraph, fakeInsightRow, startFakeGraph } from './fakes/graph.js';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';

const TOKEN = 'EAAG-pull-token-0123456789';
let accountCounter = 0;
const nextAct = () => `act_${String(Date.now()).slice(-8)}${(accountCounter += 1)}`;

describe('Marketing API rows', () => {
  it('counts purchases once although Meta repeats them under several action types', () => {
    const row = graphRowToInsight(fakeInsightRow('act_123456', '2026-11-02', 1, 7), 'act_123456');
    expect(row).toMatchObject({
      date: '2026-11-02',
      ad_id: '1202100000000001',
      account_id: '123456',
      purchases: 7,
      purchase_value: 7 * 150_000,
      video_3s_views: 1_001,
      clicks: 301,
    });
    // Only `purchase` present: it is the canonical one then.
    const onlyPurchase = graphRowToInsight(
      {
        ...fakeInsightRow('act_123456', '2026-11-02', 1, 0),
        actions: [{ action_type: 'purchase', value: '3' }],
      },
      'act_123456',
    );
    expect(onlyPurchase?.purchases).toBe(3);
    expect(graphRowToInsight({ date_start: '2026-11-02' }, 'act_123456')).toBeNull();
  });

  it('reads the three usage headers and the wait Meta asks for', () => {
    const headers = new Headers({
      'x-business-use-case-usage': JSON.stringify({
        '99': [{ call_count: 40, total_cputime: 96, total_time: 12, estimated_time_to_regain_access: 5 }],
      }),
      'x-ad-account-usage': JSON.stringify({ acc_id_util_pct: 50 }),
      'x-fb-ads-insights-throttle': 'not json',
    });
    expect(readUsageHeaders(headers)).toEqual({ pct: 96, regainMinutes: 5 });
    expect(readUsageHeaders(new Headers())).toEqual({ pct: null, regainMinutes: 0 });
  });
});

describe.each(ONE_ENGINE)('Meta insights pull worker on %s', (engine) => {
  let testDb: TestDatabase;
  let graph: FakeGraph;
  let app: FastifyInstance;

  // Opened in hooks: starting a database and a server with workers is slow on a busy machine.
  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    graph = await startFakeGraph({ accessToken: TOKEN });
    app = await testServer(testDb.database, {
      intake: {
        workers: true,
        metaGraphUrl: graph.url,
        reconcileEveryMinutes: false,
        metaPullEveryMs: 3_600_000,
        metaPull: { pollMs: 1, backoffBaseMs: 1 },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await graph?.close();
    await testDb?.close();
  });

  it('runs a queued pull in the server process once woken, through the configured Graph URL', async () => {
    const admin = await new Client(app).token('admin');
    const created = await new Client(app).request({
      method: 'POST',
      url: '/api/ad-insights/pull/accounts',
      token: admin,
      payload: { name: 'Worker', ad_account_id: nextAct(), access_token: TOKEN },
    });
    const accountId = (created.json() as { id: number }).id;
    const queued = await new Client(app).request({
      method: 'POST',
      url: `/api/ad-insights/pull/accounts/${accountId}/runs`,
      token: admin,
      payload: { since: '2026-11-01', until: '2026-11-02' },
    });
    expect(queued.statusCode).toBe(202);
    // The route woke the worker; read the run until it settles (bounded, not timed).
    let run: Record<string, unknown> | undefined;
    for (let look = 0; look < 400; look += 1) {
      run = (
        (await new Client(app).get(`/api/ad-insights/pull/runs?account_id=${accountId}`, admin)).json() as {
          data: Record<string, unknown>[];
        }
      ).data[0];
      if (run?.status === 'succeeded' || run?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(run).toMatchObject({ status: 'succeeded', rows_read: 6, inserted: 6, pages: 2 });
  });
});

describe.each(ONE_ENGINE)('Meta insights pull on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let graph: FakeGraph;
  let admin: string;
  const waits: number[] = [];
  const client = () => new Client(app);
  const db = () => testDb.database.db;
  const runner = (extra: Partial<PullRunnerOptions> = {}): PullRunnerOptions => ({
    baseUrl: graph.url,
    version: 'v21.0',
    now: () => new Date(),
    backoffBaseMs: 10,
    backoffMaxMs: 1_000,
    maxAttempts: 4,
    pollMs: 1,
    minuteMs: 1_000,
    // No real waiting: the delay asked for is recorded and the next call goes at once.
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...extra,
  });
  const createAccount = async (token = TOKEN) => {
    const response = await client().request({
      method: 'POST',
      url: '/api/ad-insights/pull/accounts',
      token: admin,
      payload: { name: `Account ${accountCounter}`, ad_account_id: nextAct(), access_token: token },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; ad_account_id: string; access_token: string };
  };
  const startRun = (accountId: number, payload: Record<string, unknown> = {}, token = admin) =>
    client().request({
      method: 'POST',
      url: `/api/ad-insights/pull/accounts/${accountId}/runs`,
      token,
      payload,
    });
  const runsOf = async (accountId: number) =>
    (await client().get(`/api/ad-insights/pull/runs?account_id=${accountId}`, admin)).json().data as Record<
      string,
      unknown
    >[];

  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    app = await testServer(testDb.database);
    graph = await startFakeGraph({ accessToken: TOKEN });
    admin = await client().token('admin');
  });
  afterAll(async () => {
    await app?.close();
    await graph?.close();
    await testDb?.close();
  });
  beforeEach(() => {
    waits.length = 0;
    graph.insights.usagePct = 20;
    graph.insights.jobStatuses = ['Job Not Started', 'Job Started', 'Job Running', 'Job Completed'];
  });

  it('keeps the token write-only and sealed, and audits the account', async () => {
    const account = await createAccount();
    expect(account.access_token).not.toContain(TOKEN.slice(0, 10));
    const stored = await sql<{
      access_token: string;
    }>`select access_token from meta_ad_accounts where id = ${account.id}`.execute(db());
    expect(stored.rows[0]!.access_token.startsWith(SEALED_PREFIX)).toBe(true);
    const list = (await client().get('/api/ad-insights/pull/accounts', admin)).json().data as {
      id: number;
      access_token: string;
    }[];
    expect(JSON.stringify(list)).not.toContain(TOKEN);
    const audit = await sql<{ action: string }>`
      select action from audit_log where entity = 'meta_ad_accounts' and entity_id = ${String(account.id)}`.execute(
      db(),
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['create']);
    const duplicate = await client().request({
      method: 'POST',
      url: '/api/ad-insights/pull/accounts',
      token: admin,
      payload: { name: 'Again', ad_account_id: account.ad_account_id, access_token: TOKEN },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().fields).toHaveProperty(['body.ad_account_id']);
    const badId = await client().request({
      method: 'POST',
      url: '/api/ad-insights/pull/accounts',
      token: admin,
      payload: { name: 'Bad', ad_account_id: '12345678', access_token: TOKEN },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toHaveProperty(['body.ad_account_id']);
  });

  it('needs Ad Campaign Admin: 401 signed out, 403 without the key, read to list, write to pull', async () => {
    const account = await createAccount();
    const none = await client().token(await userWithKeys(testDb.database, [{ key: 'statistics' }]));
    const reader = await client().token(
      await userWithKeys(testDb.database, [{ key: 'databank_ad_campaigns', read: true, write: false }]),
    );
    expect((await client().get('/api/ad-insights/pull/runs')).statusCode).toBe(401);
    expect((await client().get('/api/ad-insights/pull/runs', none)).statusCode).toBe(403);
    expect((await client().get('/api/ad-insights/pull/accounts', none)).statusCode).toBe(403);
    expect((await startRun(account.id, {}, none)).statusCode).toBe(403);
    expect((await client().get('/api/ad-insights/pull/runs', reader)).statusCode).toBe(200);
    expect((await startRun(account.id, {}, reader)).statusCode).toBe(403);
    expect(await runsOf(account.id)).toEqual([]);
  });

  it('answers 400 naming the field for a bad range', async () => {
    const account = await createAccount();
    const cases: [Record<string, string>, string][] = [
      [{ since: '2026-11-05', until: '2026-11-01' }, 'until'],
      [{ since: '2026-01-01', until: '2026-11-01' }, 'since'],
      [{ since: '2026-02-30', until: '2026-03-02' }, 'since'],
      [{ since: '2026-11-01' }, 'until'],
      [{ since: '1 Nov', until: '2026-11-02' }, 'since'],
      [{ since: '2026-11-01', until: '2099-01-01' }, 'until'],
    ];
    for (const [payload, field] of cases) {
      const response = await startRun(account.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields, JSON.stringify(payload)).toHaveProperty([`body.${field}`]);
    }
    expect((await startRun(999_999, { since: '2026-11-01', until: '2026-11-02' })).statusCode).toBe(404);
    expect(await runsOf(account.id)).toEqual([]);
  });

  it('polls a job Not Started → Completed, reads every page, upserts idempotently', async () => {
    const account = await createAccount();
    const callsBefore = graph.insights.calls.length;
    const queued = await startRun(account.id, { since: '2026-11-01', until: '2026-11-03' });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ status: 'queued', trigger: 'backfill', since: '2026-11-01' });
    // A second pull while one is queued: refused, on any node.
    expect((await startRun(account.id)).statusCode).toBe(409);

    expect(await processQueuedRuns(db(), runner())).toBe(1);
    const [run] = await runsOf(account.id);
    // 3 days × 3 ads = 9 rows at 4 a page.
    expect(run).toMatchObject({
      status: 'succeeded',
      pages: 3,
      rows_read: 9,
      inserted: 9,
      rows_written: 9,
      unchanged: 0,
      throttled_waits: 0,
      last_error: null,
    });
    const calls = graph.insights.calls.slice(callsBefore);
    expect(calls.map((call) => call.method)).toEqual(['POST', ...Array(4).fill('GET'), 'GET', 'GET', 'GET']);
    expect(calls[0]!.path).toMatch(new RegExp(`/v21\\.0/${account.ad_account_id}/insights$`));
    expect(calls.slice(5).every((call) => call.path.endsWith('/insights'))).toBe(true);

    const rows = await intakeDb(db())
      .selectFrom('ad_insights_daily')
      .select(['id', 'ad_id', 'source', 'purchases', 'purchase_value', 'updated_at'])
      .select(sql<string>`to_char(date, 'YYYY-MM-DD')`.as('day'))
      .where('account_id', '=', account.ad_account_id.replace('act_', ''))
      .orderBy('date')
      .orderBy('ad_id')
      .execute();
    expect(rows).toHaveLength(9);
    for (const row of rows) {
      const ad = Number(row.ad_id.slice(-1));
      const purchases = graph.insights.purchasesOf(row.day, ad);
      expect(row.source).toBe('api');
      expect(Number(row.purchases)).toBe(purchases);
      expect(Number(row.purchase_value)).toBe(purchases * 150_000);
    }
    const audit = await sql<{ action: string }>`
      select action from audit_log where entity = 'meta_pull_runs' and entity_id = ${String(run!.id)}`.execute(
      db(),
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['backfill']);

    // The same pull again changes nothing.
    expect((await startRun(account.id, { since: '2026-11-01', until: '2026-11-03' })).statusCode).toBe(202);
    await processQueuedRuns(db(), runner());
    const [again] = await runsOf(account.id);
    expect(again).toMatchObject({ status: 'succeeded', rows_read: 9, inserted: 0, updated: 0, unchanged: 9 });
    const after = await intakeDb(db())
      .selectFrom('ad_insights_daily')
      .select(['id', 'updated_at'])
      .where('account_id', '=', account.ad_account_id.replace('act_', ''))
      .orderBy('id')
      .execute();
    expect(after).toEqual(rows.map((row) => ({ id: row.id, updated_at: row.updated_at })));
  });

  it('backs off when throttled (code 17, then 613 with a wait in the usage header) and records it', async () => {
    const account = await createAccount();
    expect((await startRun(account.id, { since: '2026-11-10', until: '2026-11-10' })).statusCode).toBe(202);
    graph.insights.throttle(1, 17, 0);
    graph.insights.throttle(1, 613, 2);
    await processQueuedRuns(db(), runner());
    const [run] = await runsOf(account.id);
    expect(run).toMatchObject({ status: 'succeeded', throttled_waits: 2, rows_read: 3, max_usage_pct: 100 });
    // Exponential with jitter (10 ms × 0.75), then Meta's 2 minutes (a "minute" is 1 s here).
    expect(waits.slice(0, 2)).toEqual([8, 2_000]);
    // Status polls wait too (pollMs), but are not throttling: not counted.
    expect(run!.waited_ms).toBe(8 + 2_000);
    expect(run!.attempts).toBe(2 + 1 + 4 + 1);
  });

  it('slows down before Meta refuses when the usage headers near the limit', async () => {
    const account = await createAccount();
    expect((await startRun(account.id, { since: '2026-11-11', until: '2026-11-11' })).statusCode).toBe(202);
    graph.insights.usagePct = 95;
    await processQueuedRuns(db(), runner());
    const [run] = await runsOf(account.id);
    // POST, 4 polls, 1 page: each call after the first waits one step (10 ms × 0.75).
    expect(run).toMatchObject({ status: 'succeeded', attempts: 6, throttled_waits: 5, max_usage_pct: 95 });
    expect(run!.waited_ms).toBe(5 * 8);
  });

  it('takes over a run whose node died once its lease expired', async () => {
    const account = await createAccount();
    const queued = (await startRun(account.id)).json() as { id: number };
    expect(await claimRun(db(), 'dead-node', 600_000)).toEqual({ id: queued.id });
    expect(await processQueuedRuns(db(), runner({ holder: 'node-b' }))).toBe(0);
    expect((await runsOf(account.id))[0]).toMatchObject({ status: 'running' });
    // The dead node's lease runs out (moved, not waited for).
    await sql`update meta_pull_runs set lease_until = now() - interval '1 second' where id = ${queued.id}`.execute(
      db(),
    );
    expect(await processQueuedRuns(db(), runner({ holder: 'node-b' }))).toBe(1);
    expect((await runsOf(account.id))[0]).toMatchObject({ status: 'succeeded', rows_read: 12 });
  });

  it('gives up after the bounded attempts when Meta keeps throttling', async () => {
    const account = await createAccount();
    expect((await startRun(account.id)).statusCode).toBe(202);
    graph.insights.throttle(10, 613, 0);
    await processQueuedRuns(db(), runner({ maxAttempts: 3 }));
    graph.insights.throttle(0);
    const [run] = await runsOf(account.id);
    expect(run).toMatchObject({ status: 'failed', attempts: 3, throttled_waits: 2, rows_read: 0 });
    expect(run!.last_error).toContain('Meta kept throttling after 3 attempts');
    expect(waits).toEqual([8, 15]);
  });

  it('shows a failed job and a refused token in the run', async () => {
    const account = await createAccount();
    graph.insights.jobStatuses = ['Job Not Started', 'Job Running', 'Job Failed'];
    expect((await startRun(account.id, { since: '2026-11-05', until: '2026-11-06' })).statusCode).toBe(202);
    await processQueuedRuns(db(), runner());
    const [failed] = await runsOf(account.id);
    expect(failed).toMatchObject({ status: 'failed', rows_read: 0 });
    expect(failed!.last_error).toBe(`Meta's report job ended as "Job Failed"`);

    const expired = await createAccount('EAAG-expired-token-000');
    expect((await startRun(expired.id)).statusCode).toBe(202);
    await processQueuedRuns(db(), runner());
    const [refused] = await runsOf(expired.id);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, throttled_waits: 0 });
    expect(refused!.last_error).toMatch(/^Meta: Error validating access token.*\(code 190\/463\)$/);
    // A failed run frees the account: the next pull may start.
    expect((await startRun(expired.id)).statusCode).toBe(202);
    await processQueuedRuns(db(), runner());
  });

  it('runs one pull when two nodes reach for the same account', async () => {
    const account = await createAccount();
    const [first, second] = await Promise.all([startRun(account.id), startRun(account.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([202, 409]);
    const jobsBefore = graph.insights.jobs.length;
    const ran = await Promise.all([
      processQueuedRuns(db(), runner({ holder: 'node-a' })),
      processQueuedRuns(db(), runner({ holder: 'node-b' })),
    ]);
    expect(ran[0] + ran[1]).toBe(1);
    expect(graph.insights.jobs.length - jobsBefore).toBe(1);
    const runs = await runsOf(account.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'succeeded', trigger: 'manual' });
  });

  it('schedules yesterday and the restated days once a day, after 02:00 WIB', async () => {
    const account = await createAccount();
    const before = new Date('2026-11-26T18:30:00Z'); // 01:30 WIB on the 27th
    const after = new Date('2026-11-26T20:00:00Z'); // 03:00 WIB
    await enqueueScheduledRuns(db(), before);
    expect(await runsOf(account.id)).toEqual([]);
    await enqueueScheduledRuns(db(), after);
    await enqueueScheduledRuns(db(), new Date('2026-11-26T22:00:00Z'));
    const runs = await runsOf(account.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      trigger: 'schedule',
      status: 'queued',
      since: '2026-11-23',
      until: '2026-11-26',
    });
    await processQueuedRuns(db(), runner());
    expect((await runsOf(account.id))[0]).toMatchObject({ status: 'succeeded', rows_read: 12 });
  });
});
