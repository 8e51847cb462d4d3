// Row locks decide who wins two decisions at once: PGlite serves one connection, PostgreSQL many (both engines).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_EMAIL_MESSAGES, EMAIL_CHANGED_TEMPLATE } from '@staff/console-contract';
import { drainMayarUpdatesAll } from '../src/changeEmails/mayarOutbox.js';
import { NOTIFY_SKIPPED } from '../src/changeEmails/service.js';
import { createMayarApi } from '../src/intake/mayar/api.js';
import { sealSecret } from '../src/secrets/index.js';
import { drainOutboxAll } from '../src/whatsapp/outbox.js';
import { type FakeMayar, startFakeMayar } from './fakes/mayar.js';
import { type FakeWhatsApp, startFakeWhatsApp } from './fakes/whatsapp.js';
import {
  Client,
  ENGINES,
  type TestDatabase,
  openTestDatabase,
  testClock,
  testServer,
  uniqueName,
  userWithKeys,
} from './support/harness.js';
import { type IntakeFixture, intakeFixture } from './support/intake.js';
import { WA_TOKEN } from './support/whatsapp.js';

const KEY = 'databank_mayar_accounts';

describe.each(ENGINES)('Change Email processing on %s', (engine) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let mayar: FakeMayar;
  let whatsapp: FakeWhatsApp;
  let c: Client;
  let writer: string;
  let writer2: string;
  let reader: string;
  let writerId: number;
  let first: IntakeFixture;
  let second: IntakeFixture;
  const clock = testClock();

  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    mayar = await startFakeMayar('mayar-test-key');
    whatsapp = await startFakeWhatsApp({ accessToken: WA_TOKEN });
    app = await testServer(testDb.database, {
      clock: clock.now,
      intake: { mayarApiUrl: mayar.url },
      whatsapp: { apiUrl: whatsapp.url, apiVersion: whatsapp.version },
    });
    c = new Client(app);
    const writerName = await userWithKeys(testDb.database, [{ key: KEY, read: true, write: true }]);
    writer = await c.token(writerName);
    writer2 = await c.token(await userWithKeys(testDb.database, [{ key: KEY, read: true, write: true }]));
    reader = await c.token(await userWithKeys(testDb.database, [{ key: KEY, read: true }]));
    writerId = (await sql<{ id: number }>`select id from users where username = ${writerName}`.execute(db()))
      .rows[0]!.id;
    first = await intakeFixture(testDb.database);
    second = await intakeFixture(testDb.database);
    await sql`insert into wa_registries (name, phone, purpose, provider, provider_token, active)
      values (${uniqueName('Notif')}, '628119990001', 'notification', 'cloud_api', ${sealSecret(WA_TOKEN)}, true)`.execute(
      db(),
    );
  });
  afterAll(async () => {
    await app?.close();
    await mayar?.close();
    await whatsapp?.close();
    await testDb?.close();
  });

  const db = () => testDb.database.db;
  const email = (name: string) => `${uniqueName(name)}@example.com`.toLowerCase();

  let purchaseCounter = 0;
  /** A purchase of `account`'s product (or `productId`) by `customerEmail`; returns its id and Mayar id. */
  const purchase = async (account: IntakeFixture, customerEmail: string, productId = account.productId) => {
    purchaseCounter += 1;
    const mayarId = `trx-${process.pid}-${engine}-${purchaseCounter}`;
    const row = await sql<{ id: string }>`
      insert into purchases (mayar_id, transaction_id, mayar_account_id, last_event, status, transaction_status,
        mayar_created_at, mayar_updated_at, customer_name, customer_email, customer_mobile, amount, product_id, raw)
      values (${mayarId}, ${`${mayarId}-t`}, ${account.accountId}, 'payment.received', 'SUCCESS', 'paid',
        ${clock.now()}, ${clock.now()}, 'Budi Santoso', ${customerEmail}, '081234567890', 150000, ${productId}, '{}')
      returning id`.execute(db());
    return { id: Number(row.rows[0]!.id), mayarId };
  };

  const request = async (values: {
    oldEmail: string;
    newEmail: string;
    phone?: string | null;
    productId?: number | null;
    transactionId?: string | null;
  }) => {
    const row = await sql<{ id: string }>`
      insert into change_emails (customer_name, customer_phone, old_email, new_email, mayar_transaction_id,
        product_id, reason, status, requested_at)
      values ('Budi Santoso', ${values.phone === undefined ? '081234567890' : values.phone}, ${values.oldEmail},
        ${values.newEmail}, ${values.transactionId ?? null}, ${values.productId ?? null}, 'typo', 'pending', ${clock.now()})
      returning id`.execute(db());
    return Number(row.rows[0]!.id);
  };

  const emailsOf = async (ids: number[]) =>
    (
      await sql<{ id: string; customer_email: string }>`
        select id, customer_email from purchases where id = any(${ids}::bigint[]) order by id`.execute(db())
    ).rows.map((row) => row.customer_email);

  const requestRow = async (id: number) =>
    (
      await sql<{ status: string; processed_at: Date | null; updated_by: number | null; version: number }>`
        select status, processed_at, updated_by, version from change_emails where id = ${id}`.execute(db())
    ).rows[0]!;

  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(db())).rows[0]!.n;

  const post = (url: string, token: string, payload?: Record<string, unknown>) =>
    c.request({ method: 'POST', url, token, ...(payload === undefined ? {} : { payload }) });

  /** Drains at `clock.now()` plus `laterMs` (a retry's due time, without moving the sessions' clock). */
  const at = (laterMs: number) => () => new Date(clock.now().getTime() + laterMs);
  const drainWhatsApp = (laterMs = 0) =>
    drainOutboxAll(db(), {
      baseUrl: whatsapp.url,
      version: whatsapp.version,
      now: at(laterMs),
      random: () => 0,
    });
  const drainMayar = (laterMs = 0) =>
    drainMayarUpdatesAll(db(), createMayarApi({ baseUrl: mayar.url }), { now: at(laterMs), random: () => 0 });

  it('approve moves exactly the old email’s purchases, audits each, queues the message and the Mayar updates', async () => {
    const oldEmail = email('old');
    const newEmail = email('new');
    const a = await purchase(first, oldEmail);
    // The same customer typed with capitals and spaces, and on a second Mayar account.
    const b = await purchase(first, ` ${oldEmail.toUpperCase()} `);
    const other = await purchase(second, oldEmail);
    // Not theirs: another customer, and an email that only starts the same.
    const stranger = await purchase(first, email('stranger'));
    const lookalike = await purchase(first, `${oldEmail}.id`);
    const id = await request({ oldEmail, newEmail });

    const response = await post(`/api/change-emails/${id}/approve`, writer);
    expect(response.statusCode).toBe(200);
    const decision = response.json().data;
    expect(decision).toMatchObject({
      change_email_id: id,
      decision: 'approved',
      decided_by: writerId,
      purchases_moved: 3,
      notification: { status: 'pending' },
    });
    expect(
      decision.mayar_updates.map((update: { mayar_account_id: number }) => update.mayar_account_id),
    ).toEqual([first.accountId, second.accountId]);

    expect(await emailsOf([a.id, b.id, other.id])).toEqual([newEmail, newEmail, newEmail]);
    expect(await emailsOf([stranger.id, lookalike.id])).toEqual([
      expect.stringContaining('stranger'),
      `${oldEmail}.id`,
    ]);
    const row = await requestRow(id);
    expect(row.status).toBe('done');
    expect(row.processed_at).not.toBeNull();
    expect(row.updated_by).toBe(writerId);

    const audits = await sql<{
      entity: string;
      entity_id: string;
      actor_id: number;
      before: unknown;
      after: unknown;
    }>`
      select entity, entity_id, actor_id, before, after from audit_log
      where action in ('change_email.move_purchase', 'change_email.approve')
        and ((entity = 'purchases' and entity_id = any(${[a.id, b.id, other.id, stranger.id, lookalike.id].map(String)}::text[]))
          or (entity = 'change_emails' and entity_id = ${String(id)}))
      order by entity, entity_id`.execute(db());
    expect(audits.rows.map((entry) => [entry.entity, Number(entry.entity_id)])).toEqual([
      ['change_emails', id],
      ['purchases', a.id],
      ['purchases', b.id],
      ['purchases', other.id],
    ]);
    expect(audits.rows.every((entry) => entry.actor_id === writerId)).toBe(true);
    expect(audits.rows[2]!.before).toEqual({ customer_email: ` ${oldEmail.toUpperCase()} ` });
    expect(audits.rows[2]!.after).toEqual({ customer_email: newEmail, change_email_id: id });

    // The WhatsApp outbox: one template message to the customer's number, sent by the drain.
    const message = (
      await sql<{
        type: string;
        status: string;
        template: { name: string; parameters: string[] };
        customer_wa_id: string;
      }>`
        select m.type, m.status, m.template, c.customer_wa_id from wa_messages m
        join wa_conversations c on c.id = m.conversation_id where m.id = ${decision.notification.message_id}`.execute(
        db(),
      )
    ).rows[0]!;
    expect(message).toMatchObject({
      type: 'template',
      status: 'pending',
      customer_wa_id: '6281234567890',
      template: { name: EMAIL_CHANGED_TEMPLATE.name, parameters: ['Budi Santoso', oldEmail, newEmail] },
    });
    const sentBefore = whatsapp.sent.length;
    await drainWhatsApp();
    expect(whatsapp.sent.slice(sentBefore)).toEqual([
      expect.objectContaining({ to: '6281234567890', type: 'template', text: EMAIL_CHANGED_TEMPLATE.name }),
    ]);

    // Mayar: one "update customer email" per account, sent by the drain.
    const updatesBefore = mayar.customerEmailUpdates.length;
    expect(await drainMayar()).toMatchObject({ sent: 2, failed: 0 });
    expect(mayar.customerEmailUpdates.slice(updatesBefore)).toEqual([
      { fromEmail: oldEmail, toEmail: newEmail },
      { fromEmail: oldEmail, toEmail: newEmail },
    ]);
    const after = (await c.get(`/api/change-emails/${id}/decision`, reader)).json().data;
    expect(after.notification.status).toBe('accepted');
    expect(after.mayar_updates.map((update: { status: string }) => update.status)).toEqual(['done', 'done']);
  });

  it('narrows to the request’s transaction and to its product', async () => {
    const oldEmail = email('narrow');
    const newEmail = email('narrow-new');
    const a = await purchase(first, oldEmail);
    const b = await purchase(first, oldEmail);
    const byTransaction = await request({ oldEmail, newEmail, transactionId: b.mayarId });
    expect(
      (await post(`/api/change-emails/${byTransaction}/approve`, writer)).json().data.purchases_moved,
    ).toBe(1);
    expect(await emailsOf([a.id, b.id])).toEqual([oldEmail, newEmail]);

    const otherProduct = await purchase(first, oldEmail, second.productId);
    const byProduct = await request({ oldEmail, newEmail, productId: second.productId });
    expect((await post(`/api/change-emails/${byProduct}/approve`, writer)).json().data.purchases_moved).toBe(
      1,
    );
    expect(await emailsOf([a.id, otherProduct.id])).toEqual([oldEmail, newEmail]);
  });

  it('rejects with a reason: nothing moves, nothing is sent, the decision keeps the reason', async () => {
    const oldEmail = email('reject');
    const a = await purchase(first, oldEmail);
    const id = await request({ oldEmail, newEmail: email('reject-new') });
    const messagesBefore = await count(sql<{ n: number }>`select count(*)::int as n from wa_messages`);
    const response = await post(`/api/change-emails/${id}/reject`, writer, { reason: '  Not the buyer  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      decision: 'rejected',
      reason: 'Not the buyer',
      purchases_moved: 0,
      notification: null,
      mayar_updates: [],
    });
    expect(await emailsOf([a.id])).toEqual([oldEmail]);
    expect((await requestRow(id)).status).toBe('rejected');
    expect(await count(sql<{ n: number }>`select count(*)::int as n from wa_messages`)).toBe(messagesBefore);
    expect(
      await count(sql<{ n: number }>`select count(*)::int as n from audit_log
        where action = 'change_email.reject' and entity_id = ${String(id)}`),
    ).toBe(1);
  });

  it('refuses a request already processed with 409 and a clear message, whichever the second decision', async () => {
    const oldEmail = email('twice');
    const a = await purchase(first, oldEmail);
    const id = await request({ oldEmail, newEmail: email('twice-new') });
    expect((await post(`/api/change-emails/${id}/approve`, writer)).statusCode).toBe(200);
    const version = (await requestRow(id)).version;
    const again = await post(`/api/change-emails/${id}/approve`, writer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_PROCESSED',
      message: CHANGE_EMAIL_MESSAGES.alreadyApproved,
    });
    const reject = await post(`/api/change-emails/${id}/reject`, writer, { reason: 'late' });
    expect(reject.statusCode).toBe(409);
    expect((await requestRow(id)).version).toBe(version);
    expect(
      await count(sql<{ n: number }>`select count(*)::int as n from change_email_decisions
      where change_email_id = ${id}`),
    ).toBe(1);

    const rejected = await request({ oldEmail: email('twice-r'), newEmail: email('twice-r-new') });
    expect((await post(`/api/change-emails/${rejected}/reject`, writer, { reason: 'no' })).statusCode).toBe(
      200,
    );
    const approveRejected = await post(`/api/change-emails/${rejected}/approve`, writer);
    expect(approveRejected.statusCode).toBe(409);
    expect(approveRejected.json().message).toBe(CHANGE_EMAIL_MESSAGES.alreadyRejected);
    expect(await emailsOf([a.id])).not.toEqual([oldEmail]);
  });

  it('two staff pressing at once: one decision wins, the other gets 409, the rows move once', async () => {
    const oldEmail = email('race');
    const a = await purchase(first, oldEmail);
    const b = await purchase(second, oldEmail);
    const id = await request({ oldEmail, newEmail: email('race-new') });
    const answers = await Promise.all([
      post(`/api/change-emails/${id}/approve`, writer),
      post(`/api/change-emails/${id}/approve`, writer2),
      post(`/api/change-emails/${id}/reject`, writer2, { reason: 'duplicate' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const answer of answers.filter((item) => item.statusCode === 409))
      expect(answer.json().code).toBe('ALREADY_PROCESSED');
    expect(
      await count(sql<{ n: number }>`select count(*)::int as n from change_email_decisions
      where change_email_id = ${id}`),
    ).toBe(1);
    const decision = (await c.get(`/api/change-emails/${id}/decision`, reader)).json().data;
    const moved = decision.decision === 'approved' ? 2 : 0;
    expect(decision.purchases_moved).toBe(moved);
    expect(
      await count(sql<{ n: number }>`select count(*)::int as n from audit_log
        where action = 'change_email.move_purchase' and entity_id = any(${[String(a.id), String(b.id)]}::text[])`),
    ).toBe(moved);
    expect(
      await count(sql<{ n: number }>`select count(*)::int as n from change_email_mayar_updates
        where change_email_id = ${id}`),
    ).toBe(moved);
  });

  it('a failure inside the approval leaves nothing half-applied; WhatsApp and Mayar down only delay the sends', async () => {
    // What earlier tests queued leaves first, so the counts below are this request's.
    await drainWhatsApp();
    await drainMayar();
    const oldEmail = email('fault');
    const newEmail = email('fault-new');
    const a = await purchase(first, oldEmail);
    const id = await request({ oldEmail, newEmail });
    const messagesBefore = await count(sql<{ n: number }>`select count(*)::int as n from wa_messages`);
    // The Mayar outbox's write fails, after the purchases moved and the message was queued in the transaction.
    await sql`create function change_email_fault() returns trigger language plpgsql as $$
      begin raise exception 'injected outbox failure'; end $$`.execute(db());
    await sql`create trigger change_email_fault before insert on change_email_mayar_updates
      for each row execute function change_email_fault()`.execute(db());
    try {
      const failed = await post(`/api/change-emails/${id}/approve`, writer);
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('injected');
    } finally {
      await sql`drop trigger change_email_fault on change_email_mayar_updates`.execute(db());
      await sql`drop function change_email_fault()`.execute(db());
    }
    expect(await emailsOf([a.id])).toEqual([oldEmail]);
    expect((await requestRow(id)).status).toBe('pending');
    expect(await count(sql<{ n: number }>`select count(*)::int as n from wa_messages`)).toBe(messagesBefore);
    expect(
      await count(sql<{ n: number }>`select count(*)::int as n from audit_log
        where entity = 'purchases' and entity_id = ${String(a.id)}`),
    ).toBe(0);

    // WhatsApp and Mayar down: the approval still applies whole; the sends wait in their outboxes.
    whatsapp.setMode('down');
    mayar.setDown(true);
    try {
      const ok = await post(`/api/change-emails/${id}/approve`, writer);
      expect(ok.statusCode).toBe(200);
      expect(await emailsOf([a.id])).toEqual([newEmail]);
      expect(await drainWhatsApp()).toMatchObject({ sent: 0, retrying: 1 });
      expect(await drainMayar()).toMatchObject({ sent: 0, retrying: 1 });
      const waiting = (await c.get(`/api/change-emails/${id}/decision`, reader)).json().data;
      expect(waiting.notification.status).toBe('pending');
      expect(waiting.mayar_updates[0]).toMatchObject({ status: 'pending', attempts: 1 });
      expect(waiting.mayar_updates[0].last_error).toContain('503');
    } finally {
      whatsapp.setMode('up');
      mayar.setDown(false);
    }
    // Once their retry is due (a minute on), both go out.
    expect(await drainWhatsApp(60_000)).toMatchObject({ sent: 1 });
    expect(await drainMayar(60_000)).toMatchObject({ sent: 1 });
    const done = (await c.get(`/api/change-emails/${id}/decision`, reader)).json().data;
    expect(done.notification.status).toBe('accepted');
    expect(done.mayar_updates[0].status).toBe('done');
  });

  it('a customer Mayar does not know fails that update with Mayar’s words; no phone skips the message', async () => {
    await drainMayar();
    const oldEmail = email('unknown');
    await purchase(first, oldEmail);
    mayar.forgetCustomer(oldEmail);
    const id = await request({ oldEmail, newEmail: email('unknown-new'), phone: null });
    const decision = (await post(`/api/change-emails/${id}/approve`, writer)).json().data;
    expect(decision.notification).toEqual({
      status: 'skipped',
      message_id: null,
      detail: NOTIFY_SKIPPED.noPhone,
    });
    expect(await drainMayar()).toMatchObject({ failed: 1 });
    const after = (await c.get(`/api/change-emails/${id}/decision`, reader)).json().data;
    expect(after.mayar_updates[0]).toMatchObject({ status: 'failed' });
    expect(after.mayar_updates[0].last_error).toContain('tidak terdaftar sebagai customer');
  });

  it('bad input is a 400 naming the field; a request with nothing to move is a 409 that changes nothing', async () => {
    const id = await request({ oldEmail: email('bad'), newEmail: email('bad-new') });
    const noReason = await post(`/api/change-emails/${id}/reject`, writer, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty(['body.reason']);
    const blank = await post(`/api/change-emails/${id}/reject`, writer, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields['body.reason']).toEqual([CHANGE_EMAIL_MESSAGES.reasonRequired]);
    const tooLong = await post(`/api/change-emails/${id}/reject`, writer, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toHaveProperty(['body.reason']);
    const notAnId = await post('/api/change-emails/abc/approve', writer);
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().fields).toHaveProperty(['params.id']);
    expect((await post('/api/change-emails/999999999/approve', writer)).statusCode).toBe(404);
    const bulkNoReason = await post('/api/change-emails/decisions', writer, {
      decision: 'reject',
      ids: [id],
    });
    expect(bulkNoReason.statusCode).toBe(400);
    expect(bulkNoReason.json().fields).toHaveProperty(['body.reason']);
    const bulkNoIds = await post('/api/change-emails/decisions', writer, { decision: 'approve', ids: [] });
    expect(bulkNoIds.statusCode).toBe(400);
    expect(bulkNoIds.json().fields).toHaveProperty(['body.ids']);
    const bulkBadDecision = await post('/api/change-emails/decisions', writer, {
      decision: 'maybe',
      ids: [id],
    });
    expect(bulkBadDecision.json().fields).toHaveProperty(['body.decision']);

    // No purchase under the old email: approving would change nothing but the request.
    const nothing = await post(`/api/change-emails/${id}/approve`, writer);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({
      code: 'NOTHING_TO_MOVE',
      message: CHANGE_EMAIL_MESSAGES.nothingToMove,
    });
    expect((await requestRow(id)).status).toBe('pending');
  });

  it('bulk: each request in its own transaction, the outcome per row', async () => {
    const oldA = email('bulk-a');
    const oldB = email('bulk-b');
    const pa = await purchase(first, oldA);
    const pb = await purchase(first, oldB);
    const a = await request({ oldEmail: oldA, newEmail: email('bulk-a-new') });
    const b = await request({ oldEmail: oldB, newEmail: email('bulk-b-new') });
    const empty = await request({ oldEmail: email('bulk-empty'), newEmail: email('bulk-empty-new') });
    const decidedAlready = await request({ oldEmail: email('bulk-d'), newEmail: email('bulk-d-new') });
    await post(`/api/change-emails/${decidedAlready}/reject`, writer, { reason: 'first' });

    const approved = await post('/api/change-emails/decisions', writer, {
      decision: 'approve',
      ids: [a, empty, decidedAlready, b],
    });
    expect(approved.statusCode).toBe(200);
    expect(
      approved
        .json()
        .results.map((result: { id: number; ok: boolean; code: string | null }) => [
          result.id,
          result.ok,
          result.code,
        ]),
    ).toEqual([
      [a, true, null],
      [empty, false, 'NOTHING_TO_MOVE'],
      [decidedAlready, false, 'ALREADY_PROCESSED'],
      [b, true, null],
    ]);
    expect(await emailsOf([pa.id, pb.id])).not.toContain(oldA);
    expect((await requestRow(empty)).status).toBe('pending');

    const rejected = await post('/api/change-emails/decisions', writer, {
      decision: 'reject',
      ids: [empty],
      reason: 'Duplicate request',
    });
    expect(rejected.json().results[0]).toMatchObject({ ok: true, decision: { reason: 'Duplicate request' } });
  });

  it('the status moves only with a decision: a hand edit of it is refused (400), other fields stay editable', async () => {
    const oldEmail = email('hand');
    const a = await purchase(first, oldEmail);
    const id = await request({ oldEmail, newEmail: email('hand-new') });
    const patch = (payload: Record<string, unknown>) =>
      c.request({ method: 'PATCH', url: `/api/resources/change_emails/${id}`, token: writer, payload });
    const byHand = await patch({ status: 'done', processed_at: clock.now().toISOString(), version: 1 });
    expect(byHand.statusCode).toBe(400);
    expect(byHand.body).not.toContain('decision');
    expect((await requestRow(id)).status).toBe('pending');
    const notes = await patch({ notes: 'Called the customer', version: 1 });
    expect(notes.statusCode).toBe(200);
    expect((await post(`/api/change-emails/${id}/approve`, writer)).statusCode).toBe(200);
    expect(await emailsOf([a.id])).not.toEqual([oldEmail]);
    const version = (await requestRow(id)).version;
    const reopen = await patch({ status: 'pending', processed_at: null, version });
    expect(reopen.statusCode).toBe(400);
    expect((await requestRow(id)).status).toBe('done');
  });

  it('read-only users see decisions but may not decide (403), and nothing changes', async () => {
    const oldEmail = email('readonly');
    const a = await purchase(first, oldEmail);
    const id = await request({ oldEmail, newEmail: email('readonly-new') });
    expect((await post(`/api/change-emails/${id}/approve`, reader)).statusCode).toBe(403);
    expect((await post(`/api/change-emails/${id}/reject`, reader, { reason: 'x' })).statusCode).toBe(403);
    expect(
      (await post('/api/change-emails/decisions', reader, { decision: 'approve', ids: [id] })).statusCode,
    ).toBe(403);
    const seen = await c.get(`/api/change-emails/${id}/decision`, reader);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toBeNull();
    expect(await emailsOf([a.id])).toEqual([oldEmail]);
    expect((await requestRow(id)).status).toBe('pending');
  });
});
