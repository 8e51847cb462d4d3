// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';
import { type IntakeFixture, intakeFixture } from './support/intake.js';
import { type FakeMayar, mayarPayment, startFakeMayar } from './fakes/mayar.js';

type Row = Record<string, unknown>;

/** The Purchase Log: the intake's purchases table read through the resource API (read-only entity). */
describe.each(ONE_ENGINE)('Purchase Log (purchases resource) on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let fixture: IntakeFixture;
  let mayar: FakeMayar;
  let reader: string;
  const client = () => new Client(app);
  const post = (body: unknown) =>
    client().request({
      method: 'POST',
      url: `/api/webhooks/mayar/${fixture.accountId}?token=${encodeURIComponent(fixture.token)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
    client().request({
      method,
      url,
      token,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  beforeAll(async () => {
    mayar = await startFakeMayar();
    testDb = await openTestDatabase(engine);
    app = await testServer(testDb.database, { intake: { mayarApiUrl: mayar.url } });
    fixture = await intakeFixture(testDb.database, mayar.apiKey);
    reader = await client().token(
      await userWithKeys(testDb.database, [{ key: 'transaction_read_purchase_logs', read: true }]),
    );
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
    await mayar?.close();
  });

  it('lists a purchase sent to the webhook, newest first, and finds it by its exact email', async () => {
    const older = mayarPayment({ productId: fixture.mayarProductId, createdAt: '2026-11-19T08:00:00.000Z' });
    const body = mayarPayment({
      productId: fixture.mayarProductId,
      customerEmail: 'Sari.Log@Example.com',
      customerName: 'Sari Purchase',
      createdAt: '2026-11-21T08:00:00.000Z',
      urlParamTrackingData: '?utm_source=instagram&utm_campaign=launch-21',
    });
    expect((await post(older)).statusCode).toBe(200);
    expect((await post(body)).statusCode).toBe(200);

    const list = await api('GET', '/api/resources/purchases?limit=50', reader);
    expect(list.statusCode).toBe(200);
    const rows = list.json().rows as Row[];
    const row = rows.find((r) => r.mayar_id === body.data.id)!;
    expect(row).toMatchObject({
      customer_name: 'Sari Purchase',
      customer_email: 'sari.log@example.com',
      customer_mobile: '6281234567890',
      amount: 150000,
      transaction_status: 'paid',
      product_id: fixture.productId,
      mayar_account_id: fixture.accountId,
      unknown_product: false,
      payment_method: 'QRIS',
      utm_source: 'instagram',
      utm_campaign: 'launch-21',
      mayar_created_at: '2026-11-21T08:00:00.000Z',
      version: 1,
    });
    // Default sort: newest first.
    const order = rows.map((r) => r.mayar_id);
    expect(order.indexOf(body.data.id)).toBeLessThan(order.indexOf(older.data.id));

    const found = await api(
      'GET',
      `/api/resources/purchases?q=${encodeURIComponent('sari.log@example.com')}`,
      reader,
    );
    expect(found.statusCode).toBe(200);
    expect((found.json().rows as Row[]).map((r) => r.mayar_id)).toEqual([body.data.id]);

    // A whole address is an exact (indexed, case-insensitive) match: a longer address containing it is not found;
    // part of an address still searches the text.
    const longer = mayarPayment({
      productId: fixture.mayarProductId,
      customerEmail: 'kasari.log@example.com',
    });
    expect((await post(longer)).statusCode).toBe(200);
    const search = async (q: string) =>
      ((await api('GET', `/api/resources/purchases?q=${encodeURIComponent(q)}`, reader)).json().rows as Row[])
        .map((r) => r.mayar_id)
        .sort();
    expect(await search('SARI.LOG@example.COM')).toEqual([body.data.id]);
    expect(await search('sari.log@')).toEqual([body.data.id, longer.data.id].sort());

    const filtered = await api(
      'GET',
      `/api/resources/purchases?f.transaction_status.eq=paid&f.mayar_account_id.eq=${fixture.accountId}&format=csv`,
      reader,
    );
    expect(filtered.statusCode).toBe(200);
    expect(filtered.headers['content-type']).toContain('text/csv');
    expect(filtered.body).toContain('sari.log@example.com');
  });

  it('refuses every write with 405 READ_ONLY, and reading without the key with 403', async () => {
    const body = mayarPayment({ productId: fixture.mayarProductId });
    await post(body);
    const rows = (await api('GET', '/api/resources/purchases?limit=1', reader)).json().rows as Row[];
    const id = rows[0]!.id;
    const admin = await client().token('admin');
    const writes: [method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown][] = [
      ['POST', '/api/resources/purchases', { mayar_id: 'x', last_event: 'payment.received' }],
      ['PATCH', `/api/resources/purchases/${id}`, { customer_name: 'Changed', version: 1 }],
      ['DELETE', `/api/resources/purchases/${id}`],
      ['POST', '/api/resources/purchases/bulk-delete', { ids: [id] }],
    ];
    for (const token of [admin, reader])
      for (const [method, url, payload] of writes) {
        const response = await api(method, url, token, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.json()).toMatchObject({ code: 'READ_ONLY' });
      }

    const stranger = await client().token(
      await userWithKeys(testDb.database, [{ key: 'databank_creators', read: true }]),
    );
    expect((await api('GET', '/api/resources/purchases', stranger)).statusCode).toBe(403);
    expect((await api('GET', `/api/resources/purchases/${id}`, stranger)).statusCode).toBe(403);
  });
});
