// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../src/db/database.js';
import { MIGRATIONS } from '../src/db/migrations.js';
import { conversationDetail } from '../src/whatsapp/service.js';
import { Client, ONE_ENGINE, setupTestApp, uniqueName, userWithKeys } from './support/harness.js';
import { createEmptyPostgres, testRunDir } from './support/templates.js';
import { waNumber } from './support/whatsapp.js';

describe.each(ONE_ENGINE)('a problem created from a Chat List message on %s', (engine) => {
  const { testDb: db, app } = setupTestApp(engine);
  let c: Client;
  let writer: string;
  let category: number;

  beforeAll(async () => {
    c = new Client(app);
    writer = await c.token(
      await userWithKeys(db.database, [{ key: 'ad_daily_tracker', read: true, write: true }]),
    );
    category = Number(
      (
        await sql<{ id: string }>`insert into problem_categories (name, description, sort_order, active)
          values (${uniqueName('Pengiriman')}, null, 0, true) returning id`.execute(db.database.db)
      ).rows[0]!.id,
    );
  });

  /** A conversation with one customer message, as the webhook intake leaves it. */
  const conversationWithMessage = async (text: string) => {
    const { registryId } = await waNumber(db.database, 'cs');
    const now = new Date();
    const conversation = await sql<{ id: string }>`insert into wa_conversations
        (wa_registry_id, customer_wa_id, customer_name, last_message_at, last_message_text, last_direction,
         last_inbound_at)
      values (${registryId}, '6281277770001', 'Dewi', ${now}, ${text}, 'in', ${now}) returning id`.execute(
      db.database.db,
    );
    const conversationId = Number(conversation.rows[0]!.id);
    const message = await sql<{
      id: string;
    }>`insert into wa_messages (conversation_id, direction, type, body, status, at)
      values (${conversationId}, 'in', 'text', ${text}, 'received', ${now}) returning id`.execute(
      db.database.db,
    );
    return { conversationId, messageId: Number(message.rows[0]!.id) };
  };
  const create = (payload: Record<string, unknown>) =>
    c.request({ method: 'POST', url: '/api/problems', token: writer, payload });

  it('links the problem back to its conversation and message, audited with the create', async () => {
    const { conversationId, messageId } = await conversationWithMessage('Paket saya belum sampai');
    const response = await create({
      customer_name: 'Dewi',
      customer_phone: '6281277770001',
      category_id: category,
      description: 'Paket saya belum sampai',
      conversation_id: conversationId,
      message_id: messageId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const problem = response.json();
    expect(problem).toMatchObject({
      customer_name: 'Dewi',
      description: 'Paket saya belum sampai',
      conversation_id: conversationId,
      message_id: messageId,
    });
    const read = await c.request({ method: 'GET', url: `/api/problems/${problem.id}`, token: writer });
    expect(JSON.stringify(read.json())).toContain(`"message_id":${messageId}`);

    // The message alone is enough: its conversation is filled in.
    const byMessage = await create({
      customer_name: 'Dewi',
      category_id: category,
      description: 'x',
      message_id: messageId,
    });
    expect(byMessage.json()).toMatchObject({ conversation_id: conversationId, message_id: messageId });
  });

  it('a message from another conversation, or none at all, is a 400 naming the field; nothing is written', async () => {
    const first = await conversationWithMessage('a');
    const second = await conversationWithMessage('b');
    const count = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from customer_problems`.execute(db.database.db))
          .rows[0]!.n,
      );
    const before = await count();
    const mixed = await create({
      customer_name: 'Dewi',
      category_id: category,
      description: 'x',
      conversation_id: first.conversationId,
      message_id: second.messageId,
    });
    expect(mixed.statusCode).toBe(400);
    expect(Object.keys(mixed.json().fields)).toEqual(['body.message_id']);
    const missing = await create({
      customer_name: 'Dewi',
      category_id: category,
      description: 'x',
      conversation_id: 999_999_999,
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(['body.conversation_id']);
    expect(await count()).toBe(before);
  });
});

/**
 * Migration 870 over a previous release's database: a customer stored in two phone forms on one business number
 * (two conversations) and on a second number; problems by conversation and by phone alone. On PostgreSQL only:
 * the merge is plain SQL both engines run alike, and resources.upgrade.test.ts applies 870 on PGlite's data
 * folder too (a PGlite database migrated from nothing costs 30–50 s here).
 */
describe.each(ONE_ENGINE)('migration 870: one customer across business numbers, on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('merges the duplicates keeping every message, bot answer, problem and link; old ids still open the thread', async () => {
    expect(engine).toBe('postgres');
    const empty = await createEmptyPostgres(testRunDir()!);
    cleanups.push(empty.drop);
    const options: DatabaseOptions = { databaseUrl: empty.url };
    // The previous release: every migration before 870.
    const previous = await openDatabase({
      ...options,
      migrations: MIGRATIONS.filter((migration) => migration.version < 870),
    });
    const ids: Record<string, number> = {};
    const counts = async (database: DatabaseHandle) =>
      (
        await sql<Record<string, number>>`select
          (select count(*)::int from wa_messages) as messages,
          (select count(*)::int from bot_answers) as answers,
          (select count(*)::int from customer_problems) as problems,
          (select count(*)::int from wa_conversations) as conversations,
          (select count(*)::int from wa_registries) as registries`.execute(database.db)
      ).rows[0]!;
    let before: Record<string, number>;
    try {
      const db = previous.db;
      const one = async <T>(query: { execute: (d: typeof db) => Promise<{ rows: T[] }> }) =>
        (await query.execute(db)).rows[0]!;
      const registry = async (name: string, phone: string) =>
        Number(
          (
            await one<{
              id: string;
            }>(sql`insert into wa_registries (name, phone, purpose, provider, provider_token, active)
              values (${name}, ${phone}, 'cs', 'cloud_api', '', true) returning id`)
          ).id,
        );
      ids.a = await registry('CS Lama', '6281100008701');
      ids.b = await registry('Bot Lama', '6281100008702');
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 3, minutes));
      const conversation = async (
        registryId: number,
        customer: string,
        name: string | null,
        status: 'open' | 'resolved',
        unread: number,
        minutes: number,
        text: string,
      ) =>
        Number(
          (
            await one<{ id: string }>(sql`insert into wa_conversations (wa_registry_id, customer_wa_id,
                customer_name, status, unread_count, last_message_at, last_message_text, last_direction,
                last_inbound_at, created_at)
              values (${registryId}, ${customer}, ${name}, ${status}, ${unread}, ${at(minutes)}, ${text}, 'in',
                ${at(minutes)}, ${at(minutes)}) returning id`)
          ).id,
        );
      const message = async (conversationId: number, body: string, minutes: number) =>
        Number(
          (
            await one<{
              id: string;
            }>(sql`insert into wa_messages (conversation_id, direction, type, body, status, at)
              values (${conversationId}, 'in', 'text', ${body}, 'received', ${at(minutes)}) returning id`)
          ).id,
        );
      // Dewi on the CS number twice (62… by the webhook, 0… by an older writer), once on the bot number.
      ids.kept = await conversation(ids.a, '6281277770009', 'Dewi', 'resolved', 0, 1, 'Terima kasih');
      ids.duplicate = await conversation(ids.a, '081277770009', null, 'open', 2, 5, 'Paket belum sampai');
      ids.other = await conversation(ids.b, '081277770009', null, 'open', 1, 3, 'Halo bot');
      ids.someoneElse = await conversation(ids.a, '6281277770010', 'Budi', 'open', 1, 2, 'Budi di sini');
      await message(ids.kept, 'Halo', 0);
      await message(ids.kept, 'Terima kasih', 1);
      ids.duplicateMessage = await message(ids.duplicate, 'Paket belum sampai', 5);
      await message(ids.other, 'Halo bot', 3);
      await message(ids.someoneElse, 'Budi di sini', 2);
      await sql`insert into bot_answers (rule_name, wa_registry_id, conversation_id, customer_wa_id,
          inbound_message_id, action, at)
        values ('Salam', ${ids.a}, ${ids.duplicate}, '081277770009', ${ids.duplicateMessage}, 'reply', ${at(5)})`.execute(
        db,
      );
      const category = Number(
        (
          await one<{ id: string }>(sql`insert into problem_categories (name, description, sort_order, active)
            values ('Lama', null, 0, true) returning id`)
        ).id,
      );
      const problem = async (conversationId: number | null, messageId: number | null, phone: string | null) =>
        Number(
          (
            await one<{
              id: string;
            }>(sql`insert into customer_problems (customer_name, customer_phone, category_id,
                description, priority, sla_hours, opened_at, sla_due_at, conversation_id, message_id)
              values ('Pelanggan', ${phone}, ${category}, 'Masalah', 'medium', 24, ${at(6)}, ${at(60)},
                ${conversationId}, ${messageId}) returning id`)
          ).id,
        );
      ids.fromDuplicate = await problem(ids.duplicate, ids.duplicateMessage, '081277770009');
      ids.byBudiPhone = await problem(null, null, '0812-7777-0010');
      ids.byNewPhone = await problem(null, null, '+62 899 0000 1111');
      ids.noPhone = await problem(null, null, null);
      before = await counts(previous);
    } finally {
      await previous.close();
    }

    // This release starts on the same data: 870 runs.
    const current = await openDatabase(options);
    try {
      const db = current.db;
      const after = await counts(current);
      expect(after).toEqual({ ...before, conversations: (before.conversations ?? 0) - 1 });
      const conversations = (
        await sql<{
          id: string;
          wa_registry_id: string;
          customer_wa_id: string;
          customer_id: string;
          customer_name: string | null;
          status: string;
          unread_count: number;
          last_message_text: string;
        }>`select id, wa_registry_id, customer_wa_id, customer_id, customer_name, status, unread_count,
            last_message_text from wa_conversations order by id`.execute(db)
      ).rows;
      const byId = new Map(conversations.map((row) => [Number(row.id), row]));
      expect(byId.has(ids.duplicate)).toBe(false);
      // The kept one carries both: the newer last message, the unread count, open again, Dewi's name.
      expect(byId.get(ids.kept)).toMatchObject({
        customer_wa_id: '6281277770009',
        customer_name: 'Dewi',
        status: 'open',
        unread_count: 2,
        last_message_text: 'Paket belum sampai',
      });
      expect(byId.get(ids.other)!.customer_wa_id).toBe('6281277770009');
      expect(byId.get(ids.other)!.customer_id).toBe(byId.get(ids.kept)!.customer_id);
      expect(byId.get(ids.someoneElse)!.customer_id).not.toBe(byId.get(ids.kept)!.customer_id);
      const thread = await sql<{ body: string }>`
        select body from wa_messages where conversation_id = ${ids.kept} order by at`.execute(db);
      expect(thread.rows.map((row) => row.body)).toEqual(['Halo', 'Terima kasih', 'Paket belum sampai']);
      const answer = await sql<{ conversation_id: string; customer_wa_id: string }>`
        select conversation_id, customer_wa_id from bot_answers`.execute(db);
      expect(answer.rows).toEqual([{ conversation_id: String(ids.kept), customer_wa_id: '6281277770009' }]);

      // Problems: the merged conversation's moved with its message; those by phone found their customer.
      const problems = new Map(
        (
          await sql<{
            id: string;
            conversation_id: string | null;
            message_id: string | null;
            phone: string | null;
          }>`
            select p.id, p.conversation_id, p.message_id, w.phone from customer_problems p
            left join wa_customers w on w.id = p.customer_id`.execute(db)
        ).rows.map((row) => [Number(row.id), row]),
      );
      expect(problems.get(ids.fromDuplicate)).toEqual({
        id: String(ids.fromDuplicate),
        conversation_id: String(ids.kept),
        message_id: String(ids.duplicateMessage),
        phone: '6281277770009',
      });
      expect(problems.get(ids.byBudiPhone)!.phone).toBe('6281277770010');
      expect(problems.get(ids.byNewPhone)!.phone).toBe('6289900001111');
      expect(problems.get(ids.noPhone)!.phone).toBeNull();
      const customers = await sql<{ phone: string; name: string | null }>`
        select phone, name from wa_customers order by phone`.execute(db);
      expect(customers.rows).toEqual([
        { phone: '6281277770009', name: 'Dewi' },
        { phone: '6281277770010', name: 'Budi' },
        { phone: '6289900001111', name: null },
      ]);

      // The merged conversation is on record as it was, and its old id still opens the kept thread.
      const audit = await sql<{ before: { customer_wa_id: string }; after: { merged_into: number } }>`
        select before, after from audit_log where action = 'whatsapp.merge' and entity_id = ${String(ids.duplicate)}`.execute(
        db,
      );
      expect(audit.rows).toHaveLength(1);
      expect(audit.rows[0]!.before.customer_wa_id).toBe('081277770009');
      expect(Number(audit.rows[0]!.after.merged_into)).toBe(ids.kept);
      const opened = await conversationDetail(db, ids.duplicate, new Date(Date.UTC(2026, 10, 20, 4)));
      expect(opened.conversation.id).toBe(ids.kept);
      expect(opened.customer.conversations.map((row) => row.id).sort()).toEqual([ids.kept, ids.other].sort());
      expect(opened.problems.map((row) => row.id)).toEqual([ids.fromDuplicate]);
    } finally {
      await current.close();
    }
  }, 60_000);
});
