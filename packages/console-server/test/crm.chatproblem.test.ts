// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, ONE_ENGINE, setupTestApp, uniqueName, userWithKeys } from './support/harness.js';
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
