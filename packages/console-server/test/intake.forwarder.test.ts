// Both engines: the CAPI outbox is claimed with leases and row locks (support/harness.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { capiEvent } from '../src/intake/forwarder/capi.js';
import {
  FORWARDER_RETRY_STEPS_MS,
  drainAll,
  forwarderRetryDelayMs,
  retryDelayMs,
} from '../src/intake/forwarder/worker.js';
import { sha256Hex } from '../src/intake/normalise.js';
import { intakeDb } from '../src/intake/tables.js';
import {
  Client,
  ENGINES,
  type TestDatabase,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';
import { type IntakeFixture, forwardingRule, intakeFixture } from './support/intake.js';
import { type FakeGraph, startFakeGraph } from './fakes/graph.js';
import { startFakeServer } from './fakes/http.js';
import { mayarPayment } from './fakes/mayar.js';

describe('Meta CAPI mapping', () => {
  it('maps a purchase exactly: Purchase, seconds, transaction id, hashed normalised em/ph, fbp/fbc as sent, IDR', () => {
    const event = capiEvent({
      mayarId: 'm-1',
      transactionId: 'tx-1',
      eventTime: new Date('2026-11-20T09:35:43.635Z'),
      email: '  Budi.Santoso@Example.com ',
      mobile: '0812-3456-7890',
      fbp: 'fb.1.1700000000000.123',
      fbc: 'fb.1.1700000000000.AbCd',
      amount: 150000,
      mayarProductId: 'p-1',
      productName: 'Buku',
      qty: 2,
    });
    expect(event).toEqual({
      event_name: 'Purchase',
      event_time: 1795167343,
      event_id: 'tx-1',
      action_source: 'website',
      user_data: {
        em: [sha256Hex('budi.santoso@example.com')],
        ph: [sha256Hex('6281234567890')],
        fbp: 'fb.1.1700000000000.123',
        fbc: 'fb.1.1700000000000.AbCd',
      },
      custom_data: {
        value: 150000,
        currency: 'IDR',
        order_id: 'm-1',
        content_ids: ['p-1'],
        contents: [{ id: 'p-1', quantity: 2 }],
        content_name: 'Buku',
      },
    });
  });

  it('backs off exponentially with up to 20 % jitter', () => {
    expect(retryDelayMs(1, 60_000, () => 0)).toBe(60_000);
    expect(retryDelayMs(3, 60_000, () => 0)).toBe(240_000);
    expect(retryDelayMs(3, 60_000, () => 1)).toBe(288_000);
    expect(retryDelayMs(30, 60_000, () => 0)).toBe(6 * 3_600_000);
  });

  it('retries a forwarder delivery after seconds first, then minutes, then hours', () => {
    const steps = Array.from({ length: 8 }, (_, index) => forwarderRetryDelayMs(index + 1, 10_000, () => 0));
    expect(steps).toEqual([
      10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 21_600_000, 21_600_000,
    ]);
    expect(FORWARDER_RETRY_STEPS_MS[0]).toBe(10_000);
    // Jitter of up to 20 %; a smaller first step (tests, e2e) scales the whole schedule.
    expect(forwarderRetryDelayMs(1, 10_000, () => 1)).toBe(12_000);
    expect(forwarderRetryDelayMs(2, 1_000, () => 0)).toBe(6_000);
  });
});

describe.each(ENGINES)('forwarder outbox on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let graph: FakeGraph;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const advance = (ms: number) => {
    offsetMs += ms;
  };
  const client = () => new Client(app);
  const recent = () => new Date(Date.now() - 3_600_000).toISOString();
  const send = (fixture: IntakeFixture, body: unknown) =>
    client().request({
      method: 'POST',
      url: `/api/webhooks/mayar/${fixture.accountId}?token=${fixture.token}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const drain = (database: DatabaseHandle = testDb.database, nodeId?: string) =>
    drainAll(database.db, {
      now,
      graphUrl: graph.url,
      random: () => 0.5,
      timeoutMs: 5000,
      ...(nodeId ? { nodeId } : {}),
    });
  const deliveries = (ruleId: number) =>
    intakeDb(testDb.database.db)
      .selectFrom('forwarder_deliveries')
      .selectAll()
      .where('forwarder_id', '=', String(ruleId))
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    graph = await startFakeGraph();
    testDb = await openTestDatabase(engine);
    app = await testServer(testDb.database, { clock: now });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
    await graph?.close();
  });
  afterEach(() => {
    offsetMs = 0;
    graph.setMode('up');
  });

  it('writes an outbox row with the purchase only for matching rules (event, product, paid, active)', async () => {
    const fixture = await intakeFixture(testDb.database);
    const matching = await forwardingRule(testDb.database, fixture, { destination: 'meta_capi' });
    const elsewhere = await intakeFixture(testDb.database);
    const otherProduct = await forwardingRule(testDb.database, fixture, {
      destination: 'meta_capi',
      productId: elsewhere.productId,
    });
    const inactive = await forwardingRule(testDb.database, fixture, { destination: 'meta_capi' });
    await sql`update webhook_forwarders set active = false where id = ${inactive}`.execute(
      testDb.database.db,
    );

    const paid = mayarPayment({ productId: fixture.mayarProductId, createdAt: recent() });
    expect((await send(fixture, paid)).statusCode).toBe(200);
    const unpaid = mayarPayment({
      productId: fixture.mayarProductId,
      event: 'payment.reminder',
      transactionStatus: 'created',
      createdAt: recent(),
    });
    expect((await send(fixture, unpaid)).statusCode).toBe(200);
    // A repeat of the same event queues nothing more.
    await send(fixture, paid);

    const rows = await deliveries(matching);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      destination: 'meta_capi',
      source_key: `payment.received:${paid.data.id}`,
    });
    expect(await deliveries(otherProduct)).toHaveLength(0);
    expect(await deliveries(inactive)).toHaveLength(0);
  });

  it('receiver down then up: retried with backoff, each purchase delivered exactly once, batches of at most 100', async () => {
    await drain(); // earlier tests' rows
    const fixture = await intakeFixture(testDb.database);
    const rule = await forwardingRule(testDb.database, fixture, { destination: 'meta_capi', maxAttempts: 8 });
    graph.setMode('down');
    const bodies = Array.from({ length: 130 }, (_, index) =>
      mayarPayment({
        productId: fixture.mayarProductId,
        createdAt: recent(),
        customerEmail: `Buyer${index}@Example.com`,
      }),
    );
    for (const body of bodies) expect((await send(fixture, body)).statusCode).toBe(200);
    graph.batchSizes.length = 0;
    expect((await deliveries(rule)).length).toBe(130);
    const down = await drain();
    expect(down.retrying).toBeGreaterThanOrEqual(130);
    let rows = await deliveries(rule);
    expect(rows.every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);
    expect(rows[0]!.last_status).toBe(503);
    expect(rows[0]!.last_error).toContain('Service temporarily unavailable');
    // The first retry comes after seconds (10 s and half the jitter), not minutes.
    expect(
      rows.map((row) => new Date(row.next_attempt_at).getTime() - new Date(row.updated_at).getTime()),
    ).toEqual(rows.map(() => 11_000));
    // Nothing is due before the backoff passes.
    expect((await drain()).claimed).toBe(0);

    // Down for hours: retried after 10 s, 1 min, 5 min, 30 min … (with jitter).
    for (let step = 0; step < 3; step += 1) {
      advance(60 * 60_000);
      await drain();
    }
    rows = await deliveries(rule);
    expect(rows.every((row) => row.status === 'pending' && row.attempts >= 2)).toBe(true);
    expect(graph.events.filter((entry) => entry.pixelId === fixture.pixelNumber)).toHaveLength(0);

    graph.setMode('up');
    advance(3 * 60 * 60_000);
    const up = await drain();
    expect(up.delivered).toBeGreaterThanOrEqual(130);
    rows = await deliveries(rule);
    expect(rows.every((row) => row.status === 'delivered' && row.last_status === 200)).toBe(true);
    const ids = graph.events
      .filter((entry) => entry.pixelId === fixture.pixelNumber)
      .map((entry) => entry.event.event_id);
    expect(ids).toHaveLength(130);
    expect(new Set(ids).size).toBe(130);
    expect(new Set(ids)).toEqual(new Set(bodies.map((body) => body.data.transactionId)));
    expect(Math.max(...graph.batchSizes)).toBeLessThanOrEqual(100);
    const first = graph.events.find((entry) => entry.event.event_id === bodies[0]!.data.id)!;
    expect(first.testEventCode).toBe('TEST12345');
    expect(first.event).toMatchObject({
      event_name: 'Purchase',
      action_source: 'website',
      user_data: { em: [sha256Hex('buyer0@example.com')], ph: [sha256Hex('6281234567890')] },
      custom_data: { value: 150000, currency: 'IDR' },
    });
    // A later drain sends nothing again.
    advance(24 * 60 * 60_000);
    await drain();
    expect(graph.events.filter((entry) => entry.pixelId === fixture.pixelNumber)).toHaveLength(130);
    offsetMs = 0;
  });

  it('two nodes draining at once deliver each event once (FOR UPDATE SKIP LOCKED)', async () => {
    const fixture = await intakeFixture(testDb.database);
    const rule = await forwardingRule(testDb.database, fixture, { destination: 'meta_capi' });
    for (let index = 0; index < 60; index += 1)
      await send(fixture, mayarPayment({ productId: fixture.mayarProductId, createdAt: recent() }));
    const second =
      engine === 'postgres' ? await openDatabase({ databaseUrl: testDb.database.location }) : testDb.database;
    try {
      const [a, b] = await Promise.all([drain(testDb.database, 'node-a'), drain(second, 'node-b')]);
      expect(a.delivered + b.delivered).toBeGreaterThanOrEqual(60);
    } finally {
      if (second !== testDb.database) await second.close();
    }
    const ids = graph.events
      .filter((entry) => entry.pixelId === fixture.pixelNumber)
      .map((entry) => entry.event.event_id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    expect((await deliveries(rule)).every((row) => row.status === 'delivered')).toBe(true);
  });

  it("keeps a 4xx as failed with Meta's message; replay of one and of all failed sends them again", async () => {
    const fixture = await intakeFixture(testDb.database);
    const rule = await forwardingRule(testDb.database, fixture, { destination: 'meta_capi' });
    for (let index = 0; index < 3; index += 1)
      await send(fixture, mayarPayment({ productId: fixture.mayarProductId, createdAt: recent() }));
    graph.setMode('reject');
    await drain();
    graph.setMode('up');
    let rows = await deliveries(rule);
    expect(rows.every((row) => row.status === 'failed' && row.last_status === 400)).toBe(true);
    expect(rows[0]!.last_error).toBe(
      'Invalid parameter (code 100, subcode 2804019): The value for the user_data parameter is invalid.',
    );
    // Failed rows are not retried on their own.
    advance(24 * 60 * 60_000);
    expect((await drain()).claimed).toBe(0);
    offsetMs = 0;

    const reader = await client().token(
      await userWithKeys(testDb.database, [{ key: 'databank_pixel_registries', read: true, write: false }]),
    );
    const admin = await client().token('admin');
    const list = await client().get(`/api/webhook-forwarders/${rule}/deliveries?status=failed`, reader);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ counts: { failed: 3, pending: 0, delivered: 0, dead: 0 } });
    expect(list.json().data[0]).toMatchObject({ status: 'failed', attempts: 1, last_status: 400 });
    expect((await client().get(`/api/webhook-forwarders/${rule}/deliveries`)).statusCode).toBe(401);

    const one = `/api/webhook-forwarders/${rule}/deliveries/${rows[0]!.id}/replay`;
    expect((await client().request({ method: 'POST', url: one, token: reader })).statusCode).toBe(403);
    const replayed = await client().request({ method: 'POST', url: one, token: admin });
    expect(replayed.json()).toEqual({ replayed: 1 });
    expect((await drain()).delivered).toBe(1);
    expect((await client().request({ method: 'POST', url: one, token: admin })).statusCode).toBe(409);

    const all = await client().request({
      method: 'POST',
      url: `/api/webhook-forwarders/${rule}/deliveries/replay-failed`,
      token: admin,
    });
    expect(all.json()).toEqual({ replayed: 2 });
    await drain();
    rows = await deliveries(rule);
    expect(rows.every((row) => row.status === 'delivered')).toBe(true);
    const audit = await sql<{
      n: string;
    }>`select count(*) as n from audit_log where entity = 'forwarder_deliveries' and action = 'replay'`.execute(
      testDb.database.db,
    );
    expect(Number(audit.rows[0]!.n)).toBeGreaterThanOrEqual(2);
  });

  it("dead-letters an event past Meta's 7-day limit instead of sending it", async () => {
    const fixture = await intakeFixture(testDb.database);
    const rule = await forwardingRule(testDb.database, fixture, { destination: 'meta_capi' });
    const old = mayarPayment({
      productId: fixture.mayarProductId,
      createdAt: new Date(Date.now() - 8 * 24 * 3_600_000).toISOString(),
    });
    await send(fixture, old);
    const before = graph.events.length;
    await drain();
    const [row] = await deliveries(rule);
    expect(row).toMatchObject({
      status: 'dead',
      last_error: "Not sent: event_time is past Meta's 7-day limit",
    });
    expect(graph.events.length).toBe(before);
  });

  it('HTTP destinations: the Mayar body with the secret header; 5xx retried, 2xx delivered', async () => {
    const received: { secret: string | undefined; body: string }[] = [];
    let failFirst = true;
    const receiver = await startFakeServer(async (request) => {
      if (failFirst) {
        failFirst = false;
        return { status: 502, body: { error: 'bad gateway' } };
      }
      received.push({
        secret: request.headers['x-forwarder-secret'] as string | undefined,
        body: request.body,
      });
      return { status: 204, body: '' };
    });
    try {
      const fixture = await intakeFixture(testDb.database);
      const rule = await forwardingRule(testDb.database, fixture, {
        destination: 'http',
        url: `${receiver.url}/hook`,
        secret: 's3cret-header',
      });
      const body = mayarPayment({ productId: fixture.mayarProductId, createdAt: recent() });
      await send(fixture, body);
      await drain();
      expect((await deliveries(rule))[0]).toMatchObject({ status: 'pending', last_status: 502, attempts: 1 });
      advance(10 * 60_000);
      await drain();
      offsetMs = 0;
      expect((await deliveries(rule))[0]).toMatchObject({
        status: 'delivered',
        last_status: 204,
        attempts: 2,
      });
      expect(received).toHaveLength(1);
      expect(received[0]!.secret).toBe('s3cret-header');
      expect(JSON.parse(received[0]!.body)).toEqual(body);
    } finally {
      await receiver.close();
    }
  });
});
