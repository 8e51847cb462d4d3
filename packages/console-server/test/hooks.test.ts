// Product logic over plain SQL and an HTTP fake: one engine, PostgreSQL (support/harness.ts says which run on both).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_HOOKS, startFakeOpenAi } from './fakes/openai.js';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  freshAddress,
  openTestDatabase,
  testServer,
  uniqueName,
  userWithKeys,
} from './support/harness.js';
import { intakeFixture } from './support/intake.js';

const KEY = 'databank_mayar_accounts';

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

describe.each(ONE_ENGINE)('Hook generation on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let admin: string;
  let product: { id: number; name: string };
  let brief: Record<string, unknown>;
  const client = () => new Client(app, freshAddress());
  const post = (url: string, token: string, payload: unknown, server = app) =>
    new Client(server, freshAddress()).request({
      method: 'POST',
      url,
      token,
      payload: payload as Record<string, unknown>,
    });
  const count = async (table: 'hook_generations' | 'master_ad_creatives' | 'audit_log') =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(testDb.database.db))
        .rows[0]!.n,
    );

  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    fake = await startFakeOpenAi();
    app = await testServer(testDb.database, {
      insights: {
        baseUrl: fake.url,
        apiKey: 'sk-test-hooks',
        model: 'gpt-test',
        priceInputPerMTok: 1,
        priceOutputPerMTok: 2,
        idrPerUsd: 16_000,
        hooksTimeoutMs: 10_000,
      },
    });
    admin = await client().token('admin');
    const fixture = await intakeFixture(testDb.database);
    const name = uniqueName('Kelas Tidur Bayi');
    const inserted = await sql<{ id: string }>`
      insert into products (name, mayar_account_id, mayar_product_id, product_type, price, ships_package, active)
      values (${name}, ${fixture.accountId}, ${uniqueName('hook-mp')}, 'ebook', 149000, false, true)
      returning id`.execute(testDb.database.db);
    product = { id: Number(inserted.rows[0]!.id), name };
    brief = {
      product_id: product.id,
      target_audience: 'Ibu muda 25–35 yang baru punya anak',
      pain_point: 'Bayi rewel dan susah tidur malam',
      formula: 'problem_callout',
      language: 'id',
      model: '',
      count: 3,
    };
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await testDb?.close();
  });

  it('streams each hook as its line completes and keeps the run with prompt, model, hooks, tokens and cost in IDR', async () => {
    // Lines split across pieces: a hook is sent when its line is complete, numbering and quotes dropped.
    fake.set({
      pieces: [
        '1. Capek begadang',
        ' tiap malam?\n2. "Stop buang',
        ' uang!"\n\n- Tidur lagi',
        ' dalam 3 malam.',
      ],
      usage: { prompt_tokens: 1000, completion_tokens: 500 },
    });
    const audits = await count('audit_log');
    const response = await post('/api/hook-generations/generate', admin, brief);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const stream = events(response.body);
    expect(stream.map((event) => event.event)).toEqual(['start', 'hook', 'hook', 'hook', 'done']);
    expect(stream[0]!.data).toEqual({ model: 'gpt-test', count: 3 });
    expect(stream.filter((e) => e.event === 'hook').map((e) => e.data)).toEqual([
      { index: 0, text: 'Capek begadang tiap malam?', formula: 'problem_callout' },
      { index: 1, text: 'Stop buang uang!', formula: 'problem_callout' },
      { index: 2, text: 'Tidur lagi dalam 3 malam.', formula: 'problem_callout' },
    ]);
    const done = stream.at(-1)!.data;
    expect(done).toMatchObject({
      product_id: product.id,
      formula: 'problem_callout',
      model: 'gpt-test',
      hook_count: 3,
      outputs: ['Capek begadang tiap malam?', 'Stop buang uang!', 'Tidur lagi dalam 3 malam.'],
      status: 'generated',
      prompt_tokens: 1000,
      completion_tokens: 500,
      // (1000 × $1 + 500 × $2) / 1M = $0.002 × 16,000
      cost_idr: 32,
    });

    const call = fake.calls.at(-1)!;
    expect(call.authorization).toBe('Bearer sk-test-hooks');
    expect(call.body.messages[0]!.content).toContain('one hook per line');
    expect(call.body.messages[1]!.content).toContain('Write 3 hooks in Bahasa Indonesia.');
    expect(call.body.messages[1]!.content).toContain(`Product: ${product.name}.`);
    expect(done.prompt).toBe(call.body.messages[1]!.content);

    // Kept as a hook_generations row the list reads, with its audit entry.
    const row = await client().get(`/api/resources/hook_generations/${done.id as number}`, admin);
    expect(row.json()).toMatchObject({ cost_idr: 32, prompt_tokens: 1000, selected_hooks: null });
    expect(await count('audit_log')).toBe(audits + 1);
  });

  it('asks for no more than N hooks and uses the model the brief names', async () => {
    fake.set({});
    const stream = events(
      (await post('/api/hook-generations/generate', admin, { ...brief, count: 2, model: 'gpt-brief' })).body,
    );
    expect(stream.filter((e) => e.event === 'hook').map((e) => e.data.text)).toEqual(FAKE_HOOKS.slice(0, 2));
    expect(fake.calls.at(-1)!.body.model).toBe('gpt-brief');
  });

  it('picks edited hooks (selected), then sends them to Master Ad Creative as drafts (used), audited in one go', async () => {
    fake.set({});
    const generated = events((await post('/api/hook-generations/generate', admin, brief)).body).at(-1)!
      .data as { id: number; version: number };

    const kept = await post(`/api/hook-generations/${generated.id}/pick`, admin, {
      version: generated.version,
      hooks: ['Capek begadang tiap malam, Bun?'],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      generation: {
        status: 'selected',
        selected_hook: 'Capek begadang tiap malam, Bun?',
        selected_hooks: ['Capek begadang tiap malam, Bun?'],
      },
      drafts: [],
    });

    const creatives = await count('master_ad_creatives');
    const audits = await count('audit_log');
    const sent = await post(`/api/hook-generations/${generated.id}/pick`, admin, {
      version: kept.json().generation.version,
      hooks: ['Capek begadang tiap malam, Bun?', FAKE_HOOKS[2]],
      send_to_drafts: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = sent.json();
    expect(answer.generation).toMatchObject({
      status: 'used',
      selected_hook: 'Capek begadang tiap malam, Bun?',
    });
    expect(answer.drafts).toHaveLength(2);
    expect(await count('master_ad_creatives')).toBe(creatives + 2);
    // The generation's update and one create per draft.
    expect(await count('audit_log')).toBe(audits + 3);

    const draft = (
      await client().get(`/api/resources/master_ad_creatives/${answer.drafts[1]}`, admin)
    ).json();
    expect(draft).toMatchObject({
      status: 'DRAFT',
      hook_text: FAKE_HOOKS[2],
      product_id: product.id,
      creative_id: null,
      format: null,
    });
    // The drafts are in the Master Ad Creative list, filtered by their status.
    const list = await client().get('/api/resources/master_ad_creatives?f.status.eq=DRAFT&limit=500', admin);
    expect(list.json().rows.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining(answer.drafts));
  });

  it('writes nothing when the pick is stale or bad (409, 400 naming the field), 404 for no such run', async () => {
    fake.set({});
    const generated = events((await post('/api/hook-generations/generate', admin, brief)).body).at(-1)!
      .data as { id: number; version: number };
    const creatives = await count('master_ad_creatives');
    const stale = await post(`/api/hook-generations/${generated.id}/pick`, admin, {
      version: generated.version + 5,
      hooks: ['Hook'],
      send_to_drafts: true,
    });
    expect(stale.statusCode).toBe(409);
    const empty = await post(`/api/hook-generations/${generated.id}/pick`, admin, {
      version: generated.version,
      hooks: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ 'body.hooks': ['Pick at least one hook'] });
    const missing = await post('/api/hook-generations/999999999/pick', admin, {
      version: 1,
      hooks: ['Hook'],
    });
    expect(missing.statusCode).toBe(404);
    expect(await count('master_ad_creatives')).toBe(creatives);
  });

  it('keeps creative id and format required for a creative that is not a draft', async () => {
    const response = await client().request({
      method: 'POST',
      url: '/api/resources/master_ad_creatives',
      token: admin,
      payload: { name: 'Tanpa id', product_id: product.id, status: 'ACTIVE' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      creative_id: ['Required unless the creative is a draft'],
      format: ['Required unless the creative is a draft'],
    });
  });

  it('answers a refusal of the model with a 502 in words and stores nothing', async () => {
    fake.set({ failWith: { status: 429, message: 'Rate limit reached for gpt-test' } });
    const before = await count('hook_generations');
    const response = await post('/api/hook-generations/generate', admin, brief);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 'UPSTREAM_REFUSED',
      message: 'The language model answered 429: Rate limit reached for gpt-test.',
    });
    expect(await count('hook_generations')).toBe(before);
    fake.set({});
  });

  it('tells the stream that failed part way, and stores nothing', async () => {
    fake.set({ pieces: ['Hook satu\n', 'Hook dua'], breakOff: true });
    const before = await count('hook_generations');
    const stream = events((await post('/api/hook-generations/generate', admin, brief)).body);
    expect(stream.map((event) => event.event)).toEqual(['start', 'hook', 'failed']);
    expect(stream.at(-1)!.data).toEqual({
      code: 'UPSTREAM_BROKEN',
      message: 'The language model stream ended before [DONE].',
    });
    expect(await count('hook_generations')).toBe(before);
    fake.set({});
  });

  it('answers 504 when the model does not answer within the configured time-out', async () => {
    const slow = await startFakeOpenAi({ chunkDelayMs: 30_000 });
    const impatient = await testServer(testDb.database, {
      insights: { baseUrl: slow.url, model: 'gpt-test', hooksTimeoutMs: 200 },
    });
    try {
      const before = await count('hook_generations');
      const token = await new Client(impatient, freshAddress()).token('admin');
      const response = await post('/api/hook-generations/generate', token, brief, impatient);
      expect(response.statusCode, response.body).toBe(504);
      expect(response.json()).toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        message: 'The language model did not answer in time.',
      });
      expect(await count('hook_generations')).toBe(before);
    } finally {
      await impatient.close();
      await slow.close();
    }
  }, 60_000);

  it('answers 502 when the model cannot be reached', async () => {
    const gone = await startFakeOpenAi();
    const url = gone.url;
    await gone.close();
    const orphan = await testServer(testDb.database, { insights: { baseUrl: url, model: 'gpt-test' } });
    try {
      const token = await new Client(orphan, freshAddress()).token('admin');
      const response = await post('/api/hook-generations/generate', token, brief, orphan);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        code: 'UPSTREAM_DOWN',
        message: 'The language model could not be reached.',
      });
    } finally {
      await orphan.close();
    }
  });

  it('answers bad input with a 400 naming the field, before the model is asked', async () => {
    const calls = fake.calls.length;
    for (const [payload, field] of [
      [{ ...brief, count: 11 }, 'body.count'],
      [{ ...brief, count: 0 }, 'body.count'],
      [{ ...brief, formula: 'galaxy' }, 'body.formula'],
      [{ ...brief, target_audience: '  ' }, 'body.target_audience'],
      [{ ...brief, product_id: 999_999_999 }, 'body.product_id'],
    ] as const) {
      const response = await post('/api/hook-generations/generate', admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().fields)).toContain(field);
    }
    expect(fake.calls.length).toBe(calls);
  });

  it('needs write access to the page to generate and pick', async () => {
    const reader = await client().token(await userWithKeys(testDb.database, [{ key: KEY, read: true }]));
    const nobody = await client().token(await userWithKeys(testDb.database, [{ key: 'statistics' }]));
    expect((await post('/api/hook-generations/generate', reader, brief)).statusCode).toBe(403);
    expect((await post('/api/hook-generations/generate', nobody, brief)).statusCode).toBe(403);
    expect(
      (await post('/api/hook-generations/1/pick', reader, { version: 1, hooks: ['x'] })).statusCode,
    ).toBe(403);
  });

  it('says what to configure when no endpoint is set', async () => {
    const bare = await testServer(testDb.database);
    try {
      const token = await new Client(bare, freshAddress()).token('admin');
      const response = await post('/api/hook-generations/generate', token, brief, bare);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Hook generation is not configured: set OPENAI_BASE_URL.');
    } finally {
      await bare.close();
    }
  });
});
