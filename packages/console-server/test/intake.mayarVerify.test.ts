// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createMayarApi } from '../src/intake/mayar/api.js';
import { contradiction, retryDelayMs, verifyPendingPurchases } from '../src/intake/mayar/verify.js';
import { intakeDb } from '../src/intake/tables.js';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';
import { type IntakeFixture, forwardingRule, intakeFixture } from './support/intake.js';
import { type FakeMayar, mayarPayment, startFakeMayar } from './fakes/mayar.js';

describe('Mayar verification rules', () => {
  it('confirms only a paid transaction of the same amount', () => {
    const detail = { id: 't', status: 'paid', amount: 150000, updatedAt: null };
    expect(contradiction(detail, 150000)).toBeNull();
    expect(contradiction({ ...detail, status: 'unpaid' }, 150000)).toContain('"unpaid"');
    expect(contradiction({ ...detail, amount: 15000 }, 150000)).toBe(
      'Mayar says the amount is Rp 15.000, the webhook said Rp 150.000',
    );
    expect(contradiction({ ...detail, amount: null }, 150000)).toContain('without an amount');
  });
  it('backs off exponentially up to a cap', () => {
    expect([0, 1, 2, 3].map((attempts) => retryDelayMs(attempts, 1000, 5000))).toEqual([
      1000, 2000, 4000, 5000,
    ]);
  });
});

describe.each(ONE_ENGINE)('Mayar re-fetch before paid on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let mayar: FakeMayar;
  const BASE_DELAY = 60_000;

  const post = (fixture: IntakeFixture, body: unknown) =>
    new Client(app).request({
      method: 'POST',
      url: `/api/webhooks/mayar/${fixture.accountId}?token=${encodeURIComponent(fixture.token)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const purchase = (mayarId: string) =>
    intakeDb(testDb.database.db)
      .selectFrom('purchases')
      .selectAll()
      .where('mayar_id', '=', mayarId)
      .executeTakeFirstOrThrow();
  const deliveries = async (purchaseId: string) =>
    (
      await intakeDb(testDb.database.db)
        .selectFrom('forwarder_deliveries')
        .select(['destination', 'source_key'])
        .where('purchase_id', '=', purchaseId)
        .execute()
    ).length;
  /** What the sales reports read: the rollup of paid purchases, per product. */
  const reported = async (fixture: IntakeFixture) => {
    const result = await sql<{ orders: string; revenue: string }>`
      select coalesce(sum(orders), 0) as orders, coalesce(sum(revenue), 0) as revenue
      from report_sales_daily where product_key = ${fixture.productId}`.execute(testDb.database.db);
    return { orders: Number(result.rows[0]!.orders), revenue: Number(result.rows[0]!.revenue) };
  };
  const verify = (now = new Date()) =>
    verifyPendingPurchases(testDb.database.db, {
      api: createMayarApi({ baseUrl: mayar.url, timeoutMs: 2_000 }),
      now: () => now,
      baseDelayMs: BASE_DELAY,
    });
  /** A fresh account, product and forwarding rule, so the report and the outbox see only this case. */
  const setUp = async () => {
    const fixture = await intakeFixture(testDb.database, mayar.apiKey);
    await forwardingRule(testDb.database, fixture, { destination: 'meta_capi' });
    await forwardingRule(testDb.database, fixture, { destination: 'http', url: 'http://127.0.0.1:9/hook' });
    return fixture;
  };

  beforeAll(async () => {
    mayar = await startFakeMayar();
    testDb = await openTestDatabase(engine);
    // No workers: the test drives the verification job, as a node's timer would.
    app = await testServer(testDb.database, { intake: { mayarApiUrl: mayar.url, verifyPaid: true } });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
    await mayar?.close();
  });

  it('keeps a paid webhook unverified, answers without calling Mayar, and makes it paid once Mayar confirms', async () => {
    const fixture = await setUp();
    const body = mayarPayment({ productId: fixture.mayarProductId, amount: 175000 });
    mayar.addHistory(body); // Mayar knows the transaction as paid.
    const requestsBefore = mayar.transactionRequests();

    const response = await post(fixture, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, status: 'accepted' });
    expect(mayar.transactionRequests()).toBe(requestsBefore);
    const waiting = await purchase(body.data.id);
    expect(waiting).toMatchObject({
      transaction_status: 'unverified',
      paid_at: null,
      verification: 'pending',
    });
    expect(await deliveries(waiting.id)).toBe(0);
    expect(await reported(fixture)).toEqual({ orders: 0, revenue: 0 });

    const outcome = await verify();
    expect(outcome).toEqual({ ran: true, result: { checked: 1, verified: 1, mismatched: 0, retried: 0 } });
    expect(mayar.transactionRequests()).toBe(requestsBefore + 1);
    const paid = await purchase(body.data.id);
    expect(paid).toMatchObject({ transaction_status: 'paid', verification: 'verified', verify_note: null });
    expect(paid.paid_at?.toISOString()).toBe('2026-11-20T09:35:43.635Z');
    expect(paid.version).toBe(waiting.version + 1);
    // Both rules' deliveries were queued when it became paid; the report counts it.
    expect(await deliveries(paid.id)).toBe(2);
    expect(await reported(fixture)).toEqual({ orders: 1, revenue: 175000 });
    const audit = await sql<{ action: string; actor_id: number | null }>`
      select action, actor_id from audit_log where entity = 'purchases' and entity_id = ${paid.id}`.execute(
      testDb.database.db,
    );
    expect(audit.rows).toEqual([{ action: 'mayar_verified', actor_id: null }]);

    // A redelivered webhook changes nothing: still paid, not verified again.
    expect((await post(fixture, body)).json()).toMatchObject({ status: 'duplicate' });
    expect(await purchase(body.data.id)).toMatchObject({ transaction_status: 'paid', version: paid.version });
    expect(await verify()).toMatchObject({ result: { checked: 0 } });
  });

  it('keeps the purchase pending while Mayar is down, backs off, and makes it paid when Mayar is back', async () => {
    const fixture = await setUp();
    const body = mayarPayment({ productId: fixture.mayarProductId, amount: 99000 });
    mayar.setTransaction(body.data.id, { status: 'paid', amount: 99000 });
    expect((await post(fixture, body)).statusCode).toBe(200);

    mayar.setDown(true);
    const firstTry = new Date();
    try {
      expect(await verify(firstTry)).toMatchObject({ result: { checked: 1, verified: 0, retried: 1 } });
      const waiting = await purchase(body.data.id);
      expect(waiting).toMatchObject({
        transaction_status: 'unverified',
        verification: 'pending',
        verify_attempts: 1,
      });
      expect(waiting.verify_next_at?.getTime()).toBe(firstTry.getTime() + BASE_DELAY);
      expect(waiting.verify_note).toContain('503');
      // Not due before the backoff has passed; the next failure doubles it.
      expect(await verify(new Date(firstTry.getTime() + BASE_DELAY - 1))).toMatchObject({
        result: { checked: 0 },
      });
      const secondTry = new Date(firstTry.getTime() + BASE_DELAY);
      expect(await verify(secondTry)).toMatchObject({ result: { checked: 1, retried: 1 } });
      expect((await purchase(body.data.id)).verify_next_at?.getTime()).toBe(
        secondTry.getTime() + 2 * BASE_DELAY,
      );
      expect(await reported(fixture)).toEqual({ orders: 0, revenue: 0 });
      expect(await deliveries(waiting.id)).toBe(0);
    } finally {
      mayar.setDown(false);
    }

    const back = new Date(firstTry.getTime() + 3 * BASE_DELAY);
    expect(await verify(back)).toMatchObject({ result: { checked: 1, verified: 1 } });
    const paid = await purchase(body.data.id);
    expect(paid).toMatchObject({ transaction_status: 'paid', verification: 'verified', verify_attempts: 3 });
    expect(await reported(fixture)).toEqual({ orders: 1, revenue: 99000 });
    expect(await deliveries(paid.id)).toBe(2);
  });

  it('flags a purchase Mayar contradicts (not paid, another amount, unknown) and neither reports nor forwards it', async () => {
    const fixture = await setUp();
    const unpaid = mayarPayment({ productId: fixture.mayarProductId, amount: 50000 });
    const otherAmount = mayarPayment({ productId: fixture.mayarProductId, amount: 500000 });
    const unknown = mayarPayment({ productId: fixture.mayarProductId, amount: 70000 });
    mayar.setTransaction(unpaid.data.id, { status: 'unpaid', amount: 50000 });
    mayar.setTransaction(otherAmount.data.id, { status: 'paid', amount: 5000 });
    for (const body of [unpaid, otherAmount, unknown])
      expect((await post(fixture, body)).statusCode).toBe(200);

    expect(await verify()).toMatchObject({ result: { checked: 3, verified: 0, mismatched: 3 } });
    const flagged = await Promise.all([unpaid, otherAmount, unknown].map((body) => purchase(body.data.id)));
    for (const row of flagged) {
      expect(row).toMatchObject({
        transaction_status: 'unverified',
        paid_at: null,
        verification: 'mismatch',
      });
      expect(await deliveries(row.id)).toBe(0);
    }
    expect(flagged.map((row) => row.verify_note)).toEqual([
      'Mayar says the transaction is "unpaid", not paid',
      'Mayar says the amount is Rp 5.000, the webhook said Rp 500.000',
      'Mayar does not know this transaction (404)',
    ]);
    expect(await reported(fixture)).toEqual({ orders: 0, revenue: 0 });
    // Flagged is final for this webhook: the job does not ask again.
    expect(await verify()).toMatchObject({ result: { checked: 0 } });

    // The Purchase Log shows the flag and its reason to staff who read purchases.
    const client = new Client(app);
    const token = await client.token(
      await userWithKeys(testDb.database, [{ key: 'transaction_read_purchase_logs', read: true }]),
    );
    const list = await client.get(`/api/resources/purchases?q=${encodeURIComponent(unknown.data.id)}`, token);
    expect(list.statusCode).toBe(200);
    expect(list.json().rows).toEqual([
      expect.objectContaining({
        transaction_status: 'unverified',
        verification: 'mismatch',
        verify_note: 'Mayar does not know this transaction (404)',
      }),
    ]);
  });

  it('runs once across nodes: two nodes at the same moment make one re-fetch per purchase', async () => {
    const fixture = await setUp();
    const body = mayarPayment({ productId: fixture.mayarProductId, amount: 120000 });
    mayar.addHistory(body);
    await post(fixture, body);
    const before = mayar.transactionRequests();
    // Four nodes' timers firing together: whoever runs, the purchase is fetched and verified once.
    const outcomes = await Promise.all([verify(), verify(), verify(), verify()]);
    expect(outcomes.some((outcome) => outcome.ran)).toBe(true);
    const verified = outcomes.reduce((sum, outcome) => sum + (outcome.ran ? outcome.result.verified : 0), 0);
    expect(verified).toBe(1);
    expect(mayar.transactionRequests()).toBe(before + 1);
    expect(await purchase(body.data.id)).toMatchObject({ transaction_status: 'paid' });
  });

  it('on a node with workers, the webhook wakes the verification job: paid moments after the 200', async () => {
    const node = await testServer(testDb.database, {
      intake: {
        mayarApiUrl: mayar.url,
        verifyPaid: true,
        workers: true,
        // Only the webhook's wake-up can verify within this test; forwarding to nowhere is not its subject.
        verifyIntervalMs: 600_000,
        forwarderIntervalMs: 600_000,
        reconcileEveryMinutes: false,
      },
    });
    try {
      const fixture = await intakeFixture(testDb.database, mayar.apiKey);
      const body = mayarPayment({ productId: fixture.mayarProductId, amount: 80000 });
      mayar.addHistory(body);
      const response = await node.inject({
        method: 'POST',
        url: `/api/webhooks/mayar/${fixture.accountId}?token=${encodeURIComponent(fixture.token)}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode).toBe(200);
      let row = await purchase(body.data.id);
      for (let i = 0; i < 100 && row.transaction_status !== 'paid'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await purchase(body.data.id);
      }
      expect(row).toMatchObject({ transaction_status: 'paid', verification: 'verified' });
      expect(await reported(fixture)).toEqual({ orders: 1, revenue: 80000 });
    } finally {
      await node.close();
    }
  });

  it('leaves an unpaid webhook alone: nothing to verify', async () => {
    const fixture = await setUp();
    const body = mayarPayment({
      productId: fixture.mayarProductId,
      event: 'payment.reminder',
      transactionStatus: 'created',
    });
    await post(fixture, body);
    expect(await purchase(body.data.id)).toMatchObject({ transaction_status: 'created', verification: null });
  });
});
