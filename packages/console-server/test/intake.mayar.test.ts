// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connect } from 'socket.io-client';
import { sql } from 'kysely';
import { normalisePhone, parseMayarTime, parseUtm } from '../src/intake/normalise.js';
import { intakeDb } from '../src/intake/tables.js';
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

describe('intake normalisers', () => {
  it('normalises Indonesian phones to 62…', () => {
    expect(normalisePhone('081234567890')).toBe('6281234567890');
    expect(normalisePhone('+62 812-3456-7890')).toBe('6281234567890');
    expect(normalisePhone('8123456789')).toBe('628123456789');
    expect(normalisePhone('')).toBeNull();
  });
  it('reads Mayar times as epoch ms, epoch seconds or ISO', () => {
    expect(parseMayarTime(1745919352229)?.toISOString()).toBe('2025-04-29T09:35:52.229Z');
    expect(parseMayarTime('1745919352229')?.toISOString()).toBe('2025-04-29T09:35:52.229Z');
    expect(parseMayarTime(1745919352)?.toISOString()).toBe('2025-04-29T09:35:52.000Z');
    expect(parseMayarTime('2025-04-29T09:35:43.635Z')?.toISOString()).toBe('2025-04-29T09:35:43.635Z');
    expect(parseMayarTime('yesterday')).toBeNull();
  });
  it('parses UTM from a query string, a URL or an object', () => {
    expect(parseUtm('?utm_source=facebook&utm_campaign=promo-11').utm_campaign).toBe('promo-11');
    expect(parseUtm('https://x.myr.id/p?utm_medium=cpc').utm_medium).toBe('cpc');
    expect(parseUtm({ utm_source: 'ig', params: { utm_term: 'buku' } })).toMatchObject({
      utm_source: 'ig',
      utm_term: 'buku',
    });
  });
});

describe.each(ONE_ENGINE)('Mayar intake on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let fixture: IntakeFixture;
  let mayar: FakeMayar;
  const client = () => new Client(app);
  const post = (body: unknown, token = fixture.token, accountId: number | string = fixture.accountId) =>
    client().request({
      method: 'POST',
      url: `/api/webhooks/mayar/${accountId}?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/json', 'user-agent': 'Mayar-Webhook/1.0' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const purchase = (mayarId: string) =>
    intakeDb(testDb.database.db)
      .selectFrom('purchases')
      .selectAll()
      .where('mayar_id', '=', mayarId)
      .executeTakeFirst();
  const inbox = (dataId: string) =>
    intakeDb(testDb.database.db)
      .selectFrom('mayar_webhook_inbox')
      .selectAll()
      .where('data_id', '=', dataId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    mayar = await startFakeMayar();
    testDb = await openTestDatabase(engine);
    app = await testServer(testDb.database, { intake: { mayarApiUrl: mayar.url } });
    fixture = await intakeFixture(testDb.database, mayar.apiKey);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
    await mayar?.close();
  });

  it('takes in payment.received: raw body kept, email lower-cased, phone 62…, product, tribe and UTM linked', async () => {
    const body = mayarPayment({
      productId: fixture.mayarProductId,
      urlParamTrackingData: '?utm_source=facebook&utm_medium=cpc&utm_campaign=promo-11',
    });
    const raw = JSON.stringify(body);
    const response = await post(raw);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, status: 'accepted' });

    const row = (await purchase(body.data.id))!;
    expect(row).toMatchObject({
      customer_email: 'budi.santoso@example.com',
      customer_mobile: '6281234567890',
      transaction_status: 'paid',
      amount: '150000',
      product_id: String(fixture.productId),
      tribe_id: String(fixture.tribeId),
      unknown_product: false,
      utm_source: 'facebook',
      utm_medium: 'cpc',
      utm_campaign: 'promo-11',
      pixel_fbp: 'fb.1.1700000000000.123456789',
      version: 1,
    });
    expect(row.paid_at?.toISOString()).toBe('2026-11-20T09:35:43.635Z');
    expect((row.raw as { customerEmail: string }).customerEmail).toBe('Budi.Santoso@Example.com');
    const [entry] = await inbox(body.data.id);
    expect(entry).toMatchObject({
      status: 'accepted',
      event: 'payment.received',
      raw_body: raw,
      source: 'webhook',
    });
    expect((entry!.headers as Record<string, string>)['user-agent']).toBe('Mayar-Webhook/1.0');
  });

  it('is idempotent on (event, data.id): a repeat answers duplicate and changes nothing', async () => {
    const body = mayarPayment({ productId: fixture.mayarProductId });
    expect((await post(body)).json().status).toBe('accepted');
    const before = (await purchase(body.data.id))!;
    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('duplicate');
    const after = (await purchase(body.data.id))!;
    expect(after.version).toBe(before.version);
    expect(after.updated_at.getTime()).toBe(before.updated_at.getTime());
    expect((await inbox(body.data.id)).map((entry) => entry.status)).toEqual(['accepted', 'duplicate']);
  });

  it('ignores an update older than the stored one (out of order) and applies a newer one', async () => {
    const id = `ooo-${engine}-${Date.now()}`;
    const paid = mayarPayment({
      id,
      updatedAt: '2026-11-20T10:00:00.000Z',
      createdAt: '2026-11-20T09:30:00.000Z',
    });
    const reminder = mayarPayment({
      id,
      event: 'payment.reminder',
      transactionStatus: 'created',
      createdAt: '2026-11-20T09:30:00.000Z',
      updatedAt: '2026-11-20T09:59:00.000Z',
    });
    expect((await post(paid)).json().status).toBe('accepted');
    expect((await post(reminder)).json().status).toBe('stale');
    expect((await purchase(id))!).toMatchObject({
      transaction_status: 'paid',
      version: 1,
      last_event: 'payment.received',
    });

    // Epoch milliseconds work as well as ISO strings; a later updatedAt wins.
    const later = mayarPayment({ id, updatedAt: Date.parse('2026-11-20T11:00:00.000Z'), amount: 175000 });
    expect((await post(later)).json().status).toBe('accepted');
    expect((await purchase(id))!).toMatchObject({ amount: '175000', version: 2 });
  });

  it('keeps a purchase of an unknown product, flagged', async () => {
    const body = mayarPayment({ productId: 'not-in-our-products' });
    expect((await post(body)).statusCode).toBe(200);
    expect((await purchase(body.data.id))!).toMatchObject({
      unknown_product: true,
      product_id: null,
      tribe_id: null,
      mayar_product_id: 'not-in-our-products',
    });
  });

  it('answers the same 404 to a wrong token and an unknown account, and keeps nothing', async () => {
    const body = mayarPayment();
    const wrong = await post(body, 'not-the-token');
    const unknown = await post(body, fixture.token, 987654);
    const garbage = await post(body, fixture.token, 'abc');
    const missing = await client().request({
      method: 'POST',
      url: `/api/webhooks/mayar/${fixture.accountId}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    for (const response of [wrong, unknown, garbage, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
    expect(await inbox(body.data.id)).toEqual([]);
    expect(await purchase(body.data.id)).toBeUndefined();
  });

  it('answers 400 naming the problem to malformed bodies and keeps them in the inbox as rejected', async () => {
    const notJson = await post('{"event": "payment.received", "data": ');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ message: 'The body is not JSON', code: 'INVALID_WEBHOOK' });

    const body = mayarPayment();
    const { amount: _amount, ...withoutAmount } = body.data;
    const noAmount = await post({ event: body.event, data: withoutAmount });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json()).toMatchObject({
      message: 'data.amount must be a number',
      fields: { 'data.amount': ['data.amount must be a number'] },
    });
    const badTime = await post({ event: body.event, data: { ...body.data, updatedAt: 'soon' } });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().fields).toHaveProperty(['data.updatedAt']);
    const unknownEvent = await post({ event: 'order.exploded', data: {} });
    expect(unknownEvent.statusCode).toBe(400);

    const rejected = await intakeDb(testDb.database.db)
      .selectFrom('mayar_webhook_inbox')
      .select(['status', 'error', 'raw_body'])
      .where('status', '=', 'rejected')
      .where('mayar_account_id', '=', String(fixture.accountId))
      .execute();
    expect(rejected.map((row) => row.error)).toEqual(
      expect.arrayContaining(['The body is not JSON', 'data.amount must be a number']),
    );
    expect(rejected.some((row) => row.raw_body === '{"event": "payment.received", "data": ')).toBe(true);
    expect(await purchase(body.data.id)).toBeUndefined();
  });

  it('takes in other Mayar events in the inbox without a purchase, once', async () => {
    const body = {
      event: 'membership.memberExpired',
      data: {
        merchantId: 'm',
        status: 'INACTIVE',
        memberId: `MBR-${engine}`,
        customerEmail: 'x@example.com',
      },
    };
    expect((await post(body)).json().status).toBe('accepted');
    expect((await post(body)).json().status).toBe('duplicate');
    expect((await post({ event: 'testing', data: { id: 'test' } })).json().status).toBe('accepted');
  });

  it('pushes new purchases live to sockets of users who may read the Purchase Log', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const reader = await userWithKeys(testDb.database, [{ key: 'transaction_read_purchase_logs' }]);
    const token = await client().token(reader);
    const socket = connect(`http://127.0.0.1:${address.port}`, {
      auth: { token },
      transports: ['websocket'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const received = new Promise<{ entity: string; id: number; action: string }>((resolve) =>
        socket.on('resource:changed', (payload: { entity: string; id: number; action: string }) => {
          if (payload.entity === 'purchases') resolve(payload);
        }),
      );
      const body = mayarPayment();
      await post(body);
      const payload = await received;
      expect(payload).toMatchObject({
        entity: 'purchases',
        action: 'create',
        id: Number((await purchase(body.data.id))!.id),
      });
    } finally {
      socket.disconnect();
    }
  });

  it('reconciles against Mayar history: takes in what never arrived, once, through the same intake', async () => {
    const arrived = mayarPayment({ productId: fixture.mayarProductId });
    const missed1 = mayarPayment({
      productId: fixture.mayarProductId,
      customerEmail: 'Missed.One@Example.com',
    });
    const missed2 = mayarPayment({ productId: fixture.mayarProductId });
    mayar.addHistory(arrived);
    mayar.addHistory(missed1);
    mayar.addHistory(missed2);
    await post(arrived);

    const admin = await client().token('admin');
    const noWrite = await client().token(
      await userWithKeys(testDb.database, [{ key: 'databank_mayar_accounts', read: true, write: false }]),
    );
    const url = `/api/mayar-accounts/${fixture.accountId}/reconcile`;
    expect((await client().request({ method: 'POST', url, token: noWrite })).statusCode).toBe(403);
    const first = await client().request({ method: 'POST', url, token: admin });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ taken_in: 2, seen: 3 });
    expect((await purchase(missed1.data.id))!.customer_email).toBe('missed.one@example.com');
    const [entry] = await inbox(missed2.data.id);
    expect(entry).toMatchObject({ source: 'reconciliation', status: 'accepted' });
    expect(entry!.history_id).toEqual(expect.any(String));

    const second = await client().request({ method: 'POST', url, token: admin });
    expect(second.json()).toMatchObject({ taken_in: 0 });
    expect(
      (await client().request({ method: 'POST', url: '/api/mayar-accounts/999999/reconcile', token: admin }))
        .statusCode,
    ).toBe(404);
  });

  it('runs a reconciliation once at a time: a second caller while the lease is held gets 409', async () => {
    await sql`
      insert into job_leases (name, lease_until, holder) values (${`mayar-reconcile:${fixture.accountId}`}, now() + interval '5 minutes', 'other-node')
      on conflict (name) do update set lease_until = excluded.lease_until, holder = excluded.holder`.execute(
      testDb.database.db,
    );
    const admin = await client().token('admin');
    const busy = await client().request({
      method: 'POST',
      url: `/api/mayar-accounts/${fixture.accountId}/reconcile`,
      token: admin,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Reconciliation of this account is already running');
    await sql`update job_leases set lease_until = null where name = ${`mayar-reconcile:${fixture.accountId}`}`.execute(
      testDb.database.db,
    );
  });
});
