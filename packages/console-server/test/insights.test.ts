// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PIECES, startFakeOpenAi } from './fakes/openai.js';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  freshAddress,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';

const KEY = 'transaction_read_purchase_logs';
const body = {
  scope: 'campaign',
  scope_id: 'cmp-ga-1',
  from: '2026-11-01',
  to: '2026-11-07',
  question: 'Apa yang harus diubah?',
};

/** Server-sent events of an answer, in order. */
function events(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))!.slice(7);
      const data = JSON.parse(lines.find((line) => line.startsWith('data: '))!.slice(6)) as Record<
        string,
        unknown
      >;
      return { event, data };
    });
}

describe.each(ONE_ENGINE)('GPT insights on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let admin: string;
  const client = () => new Client(app, freshAddress());
  const post = (url: string, token: string, payload?: unknown) =>
    client().request({
      method: 'POST',
      url,
      token,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    fake = await startFakeOpenAi();
    app = await testServer(testDb.database, {
      insights: {
        baseUrl: fake.url,
        apiKey: 'sk-test-ga',
        model: 'gpt-test',
        priceInputPerMTok: 1,
        priceOutputPerMTok: 2,
        timeoutMs: 10_000,
      },
    });
    admin = await client().token('admin');
    for (const [date, spend] of [
      ['2026-11-02', 150000],
      ['2026-11-03', 250000],
    ] as const) {
      await sql`
        insert into ad_insights_daily (date, campaign_id, campaign_name, adset_id, ad_id, ad_name, impressions, clicks, spend, source)
        values (${date}, 'cmp-ga-1', 'Promo Kelas Desember', 'as-ga-1', ${`ad-ga-${date}`}, 'Hook A', 10000, 200, ${spend}, 'seed')`.execute(
        testDb.database.db,
      );
    }
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await testDb?.close();
  });

  it('snapshots the report, streams the answer as it arrives and keeps prompt, snapshot, answer, tokens and cost', async () => {
    fake.set({ usage: { prompt_tokens: 1000, completion_tokens: 500 } });
    const response = await post('/api/insights', admin, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const stream = events(response.body);
    expect(stream[0]).toMatchObject({ event: 'start', data: { model: 'gpt-test' } });
    expect(stream.filter((e) => e.event === 'delta').map((e) => e.data.content)).toEqual(DEFAULT_PIECES);
    const done = stream.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({
      status: 'done',
      scope_label: 'Promo Kelas Desember',
      answer: DEFAULT_PIECES.join(''),
      prompt_tokens: 1000,
      completion_tokens: 500,
      // 1000 × $1/M + 500 × $2/M
      cost_usd: 0.002,
    });

    // The model was asked for a stream with usage, with the key, and given the report's figures.
    const call = fake.calls.at(-1)!;
    expect(call.authorization).toBe('Bearer sk-test-ga');
    expect(call.body).toMatchObject({
      model: 'gpt-test',
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(call.body.messages[1]!.content).toContain('"spend":400000');
    expect(call.body.messages[1]!.content).toContain('Also answer: Apa yang harus diubah?');

    const stored = await client().get(`/api/insights/${done.data.id as number}`, admin);
    expect(stored.json()).toMatchObject({
      prompt: call.body.messages[1]!.content,
      snapshot: { source: 'report ads-x-mayar', totals: { spend: 400000 } },
    });

    const found = await client().get('/api/insights?q=kelas%20desember', admin);
    expect(found.json().rows.map((row: { id: number }) => row.id)).toContain(done.data.id);
    expect((await client().get('/api/insights?q=nothing-like-this', admin)).json().rows).toEqual([]);
  });

  it('runs an insight again as a new one with the same scope, range and question', async () => {
    const first = events((await post('/api/insights', admin, body)).body).at(-1)!.data;
    const again = await post(`/api/insights/${first.id as number}/rerun`, admin);
    const done = events(again.body).at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.id).not.toBe(first.id);
    expect(done.data).toMatchObject({ scope_id: 'cmp-ga-1', question: body.question, from: '2026-11-01' });
  });

  it('marks the run failed with a clear reason when the model refuses or the stream breaks off', async () => {
    fake.set({ failWith: { status: 429, message: 'Rate limit reached for gpt-test' } });
    const refused = events((await post('/api/insights', admin, body)).body);
    const failed = refused.at(-1)!;
    expect(failed).toEqual({
      event: 'failed',
      data: {
        id: expect.any(Number),
        message: 'The language model answered 429: Rate limit reached for gpt-test.',
      },
    });
    const row = (await client().get(`/api/insights/${failed.data.id as number}`, admin)).json();
    expect(row).toMatchObject({ status: 'failed', error: failed.data.message, prompt_tokens: null });

    fake.set({ breakOff: true });
    const broken = events((await post('/api/insights', admin, body)).body);
    expect(broken.at(-1)).toMatchObject({ event: 'failed' });
    const partial = (await client().get(`/api/insights/${broken.at(-1)!.data.id as number}`, admin)).json();
    expect(partial).toMatchObject({ status: 'failed', answer: DEFAULT_PIECES.join('') });
    fake.set({});
  });

  it('answers bad input with a 400 naming the field, before anything is stored or sent', async () => {
    const calls = fake.calls.length;
    const before = await sql<{ n: string }>`select count(*) as n from gpt_insights`.execute(
      testDb.database.db,
    );
    for (const [payload, field] of [
      [{ ...body, scope_id: 'no-such-campaign' }, 'body.scope_id'],
      [{ ...body, scope: 'galaxy' }, 'body.scope'],
      [{ ...body, to: '2026-10-01' }, 'body.to'],
      [{ ...body, scope: 'product', scope_id: 'abc' }, 'body.scope_id'],
    ] as const) {
      const response = await post('/api/insights', admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().fields)).toContain(field);
    }
    const after = await sql<{ n: string }>`select count(*) as n from gpt_insights`.execute(
      testDb.database.db,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect(fake.calls.length).toBe(calls);
  });

  it('needs read access to list and write access to run', async () => {
    const reader = await client().token(await userWithKeys(testDb.database, [{ key: KEY, read: true }]));
    const nobody = await client().token(await userWithKeys(testDb.database, [{ key: 'statistics' }]));
    expect((await client().get('/api/insights', reader)).statusCode).toBe(200);
    expect((await client().get('/api/insights', nobody)).statusCode).toBe(403);
    expect((await post('/api/insights', reader, body)).statusCode).toBe(403);
    expect((await post('/api/insights/1/rerun', reader)).statusCode).toBe(403);
  });

  it('offers the campaigns of the Meta insights as scope choices', async () => {
    const answer = await client().get('/api/insights/scopes?scope=campaign&q=promo', admin);
    expect(answer.json().options).toEqual([{ id: 'cmp-ga-1', label: 'Promo Kelas Desember (cmp-ga-1)' }]);
  });

  it('says what to configure when no endpoint is set', async () => {
    const bare = await testServer(testDb.database);
    try {
      const c = new Client(bare, freshAddress());
      const token = await c.token('admin');
      const response = await c.request({ method: 'POST', url: '/api/insights', token, payload: body });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('GPT Insights is not configured: set OPENAI_BASE_URL.');
    } finally {
      await bare.close();
    }
  });
});
