// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_INACTIVE_MESSAGE, WINDOW_CLOSED_MESSAGE } from '@staff/console-contract';
import { drainOutboxAll } from '../src/whatsapp/outbox.js';
import {
  type FakeWhatsApp,
  customerSays,
  inboundPayload,
  newWamid,
  postWebhook,
  startFakeWhatsApp,
  statusPayload,
} from './fakes/whatsapp.js';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  openTestDatabase,
  testClock,
  testServer,
  userWithKeys,
} from './support/harness.js';
import { WA_APP_SECRET, WA_TOKEN, WA_VERIFY_TOKEN, waNumber } from './support/whatsapp.js';
import { intakeFixture } from './support/intake.js';

describe.each(ONE_ENGINE)('WhatsApp webhook and Chat List on %s', (engine) => {
  let db: TestDatabase;
  let fake: FakeWhatsApp;
  let app: FastifyInstance;
  let base: string;
  const clock = testClock();
  let c: Client;
  let agent: string;
  let agentId: number;
  let reader: string;

  beforeAll(async () => {
    db = await openTestDatabase(engine);
    fake = await startFakeWhatsApp({ accessToken: WA_TOKEN });
    app = await testServer(db.database, {
      clock: clock.now,
      whatsapp: {
        apiUrl: fake.url,
        apiVersion: fake.version,
        appSecret: WA_APP_SECRET,
        verifyToken: WA_VERIFY_TOKEN,
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}/api/webhooks/whatsapp`;
    c = new Client(app);
    const agentName = await userWithKeys(db.database, [{ key: 'statistics', read: true, write: true }]);
    agent = await c.token(agentName);
    agentId = Number(
      (await sql<{ id: number }>`select id from users where username = ${agentName}`.execute(db.database.db))
        .rows[0]!.id,
    );
    reader = await c.token(await userWithKeys(db.database, [{ key: 'statistics', read: true }]));
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await db?.close();
  });

  const drain = () =>
    drainOutboxAll(db.database.db, {
      baseUrl: fake.url,
      version: fake.version,
      now: clock.now,
      random: () => 0,
    });
  const list = async (query = '') =>
    (await c.get(`/api/chats/conversations${query}`, agent)).json() as {
      data: {
        id: number;
        customer_wa_id: string;
        unread_count: number;
        status: string;
        window_open: boolean;
      }[];
      next_cursor: string | null;
    };
  const thread = async (id: number) =>
    (
      (await c.get(`/api/chats/conversations/${id}`, agent)).json() as {
        data: { messages: { direction: string; body: string; status: string; error: string | null }[] };
      }
    ).data.messages;

  it("answers Meta's verification challenge only with the verify token", async () => {
    const ok = await fetch(
      `${base}?hub.mode=subscribe&hub.verify_token=${WA_VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(`${base}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
    expect(wrong.status).toBe(403);
  });

  it('refuses unsigned and badly signed calls, and names the field of a malformed body', async () => {
    const { number } = await waNumber(db.database);
    const payload = inboundPayload(number, [{ from: '6281200000001', text: 'Halo' }]);
    const unsigned = await fetch(base, { method: 'POST', body: JSON.stringify(payload) });
    expect(unsigned.status).toBe(401);
    expect((await postWebhook(base, payload, WA_APP_SECRET, { badSignature: true })).status).toBe(401);
    const malformed = await postWebhook(base, null, WA_APP_SECRET, {
      rawBody: JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ changes: [{ value: { metadata: {} } }] }],
      }),
    });
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.text).fields).toHaveProperty(['entry[0].changes[0].value.metadata']);
    const count = await sql<{ n: number }>`select count(*)::int as n from wa_messages`.execute(
      db.database.db,
    );
    expect(count.rows[0]!.n).toBe(0);
  });

  it('takes a message in once, however often Meta delivers it; unknown numbers are acknowledged and kept', async () => {
    const { number } = await waNumber(db.database);
    const id = newWamid();
    const first = await customerSays(base, WA_APP_SECRET, number, {
      from: '6281200000002',
      name: 'Rina',
      text: 'Kak, paket saya?',
      id,
    });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ received: 1, duplicates: 0, statuses: 0 });
    const again = await customerSays(base, WA_APP_SECRET, number, {
      from: '6281200000002',
      text: 'Kak, paket saya?',
      id,
    });
    expect(JSON.parse(again.text)).toEqual({ received: 0, duplicates: 1, statuses: 0 });
    const stranger = await customerSays(
      base,
      WA_APP_SECRET,
      { phoneNumberId: '000', displayPhoneNumber: '1555' },
      { from: '6281200000003', text: 'x' },
    );
    expect(stranger.status).toBe(200);
    const kept = await sql<{ customer_wa_id: string; body: string }>`
      select customer_wa_id, body from wa_unregistered_messages where phone_number_id = '000'`.execute(
      db.database.db,
    );
    expect(kept.rows).toEqual([{ customer_wa_id: '6281200000003', body: 'x' }]);
    const rows = (await list('?q=rina')).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      customer_wa_id: '6281200000002',
      unread_count: 1,
      status: 'open',
      window_open: true,
    });
    expect(await thread(rows[0]!.id)).toEqual([
      expect.objectContaining({ direction: 'in', body: 'Kak, paket saya?', status: 'received' }),
    ]);
  });

  it('replies in the window through the outbox; statuses move forward only; read-only users may not reply', async () => {
    const { number } = await waNumber(db.database);
    await customerSays(base, WA_APP_SECRET, number, { from: '6281200000004', name: 'Dewi', text: 'Halo' });
    const conversation = (await list('?q=dewi')).data[0]!;
    const denied = await c.request({
      method: 'POST',
      url: `/api/chats/conversations/${conversation.id}/messages`,
      token: reader,
      payload: { text: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    const sent = await c.request({
      method: 'POST',
      url: `/api/chats/conversations/${conversation.id}/messages`,
      token: agent,
      payload: { text: 'Halo Kak Dewi, kami cek dulu ya' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({ assigned_to: agentId, unread_count: 0 });
    const before = fake.sent.length;
    expect(await drain()).toMatchObject({ sent: 1, failed: 0 });
    expect(fake.sent.slice(before).map((m) => [m.to, m.type, m.text])).toEqual([
      ['6281200000004', 'text', 'Halo Kak Dewi, kami cek dulu ya'],
    ]);
    const wamid = fake.sent.at(-1)!.id;
    for (const status of ['delivered', 'read', 'sent'] as const)
      await postWebhook(
        base,
        statusPayload(number, [{ id: wamid, status, recipient: '6281200000004' }]),
        WA_APP_SECRET,
      );
    expect((await thread(conversation.id)).at(-1)).toMatchObject({ direction: 'out', status: 'read' });
    const audit = await sql<{ action: string }>`
      select action from audit_log where entity = 'wa_conversations' and entity_id = ${String(conversation.id)}`.execute(
      db.database.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['whatsapp.send']);
  });

  it('an inactive number says so before anything is queued: the conversation carries it, a reply is 409', async () => {
    const { registryId, number } = await waNumber(db.database);
    await customerSays(base, WA_APP_SECRET, number, { from: '6281200000011', name: 'Intan', text: 'Halo' });
    expect((await list('?q=intan')).data[0]).toMatchObject({ number_active: true });
    await sql`update wa_registries set active = false where id = ${registryId}`.execute(db.database.db);
    const conversation = (await list('?q=intan')).data[0]!;
    expect(conversation).toMatchObject({ number_active: false, window_open: true });
    const refused = await c.request({
      method: 'POST',
      url: `/api/chats/conversations/${conversation.id}/messages`,
      token: agent,
      payload: { text: 'Halo Kak' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NUMBER_INACTIVE', message: NUMBER_INACTIVE_MESSAGE });
    const queued = await sql<{ n: number }>`
      select count(*)::int as n from wa_messages where conversation_id = ${conversation.id} and direction = 'out'`.execute(
      db.database.db,
    );
    expect(queued.rows[0]!.n).toBe(0);
  });

  it("keeps messages to an unregistered number for the numbers' administrators, then takes them into conversations once it is registered", async () => {
    const phone = `62811${String(process.pid % 10000).padStart(4, '0')}990`;
    const missing = { phoneNumberId: phone, displayPhoneNumber: phone };
    const first = newWamid();
    await customerSays(base, WA_APP_SECRET, missing, {
      from: '6281200000021',
      name: 'Wulan',
      text: 'Halo?',
      id: first,
    });
    // Meta's retry of the same message is kept once.
    await customerSays(base, WA_APP_SECRET, missing, {
      from: '6281200000021',
      name: 'Wulan',
      text: 'Halo?',
      id: first,
    });
    await customerSays(base, WA_APP_SECRET, missing, { from: '6281200000021', text: 'Ada orang?' });
    const numbersAdmin = await c.token(
      await userWithKeys(db.database, [{ key: 'databank_whatsapp_notifications', read: true, write: true }]),
    );
    expect((await c.get('/api/chats/unregistered', agent)).statusCode).toBe(403);
    const seen = (await c.get('/api/chats/unregistered', numbersAdmin)).json().data as {
      total: number;
      numbers: { phone_number_id: string; count: number; registered: boolean }[];
      messages: { body: string; customer_name: string | null }[];
    };
    expect(seen.numbers.find((n) => n.phone_number_id === phone)).toMatchObject({
      count: 2,
      registered: false,
    });
    expect(seen.messages.filter((m) => m.body === 'Halo?' || m.body === 'Ada orang?')).toHaveLength(2);
    // Nothing to take in while the number is missing.
    const early = await c.request({
      method: 'POST',
      url: '/api/chats/unregistered/adopt',
      token: numbersAdmin,
    });
    expect(early.json().data.moved).toBe(0);

    await sql`
      insert into wa_registries (name, phone, purpose, provider, provider_token, active)
      values (${`CS ${phone}`}, ${phone}, 'cs', 'cloud_api', 'x', true)`.execute(db.database.db);
    const adopted = await c.request({
      method: 'POST',
      url: '/api/chats/unregistered/adopt',
      token: numbersAdmin,
    });
    expect(adopted.statusCode).toBe(200);
    expect(adopted.json().data.moved).toBe(2);
    const conversation = (await list('?q=6281200000021')).data[0]!;
    expect(conversation).toMatchObject({ customer_wa_id: '6281200000021', unread_count: 2 });
    expect((await thread(conversation.id)).map((m) => m.body)).toEqual(['Halo?', 'Ada orang?']);
    const left = await sql<{ n: number }>`
      select count(*)::int as n from wa_unregistered_messages where phone_number_id = ${phone}`.execute(
      db.database.db,
    );
    expect(left.rows[0]!.n).toBe(0);
    const audit = await sql<{ action: string }>`
      select action from audit_log where entity = 'wa_unregistered_messages'`.execute(db.database.db);
    expect(audit.rows.map((row) => row.action)).toContain('whatsapp.adopt_unregistered');
  });

  it('outside 24 hours free text is refused naming the rule; a template goes', async () => {
    const { number } = await waNumber(db.database);
    await customerSays(base, WA_APP_SECRET, number, {
      from: '6281200000005',
      name: 'Joko',
      text: 'Pesan lama',
      at: new Date(clock.now().getTime() - 25 * 3_600_000),
    });
    const conversation = (await list('?q=joko')).data[0]!;
    expect(conversation.window_open).toBe(false);
    const refused = await c.request({
      method: 'POST',
      url: `/api/chats/conversations/${conversation.id}/messages`,
      token: agent,
      payload: { text: 'Halo' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'WINDOW_CLOSED',
      fields: { text: [WINDOW_CLOSED_MESSAGE] },
    });
    const template = await c.request({
      method: 'POST',
      url: `/api/chats/conversations/${conversation.id}/messages`,
      token: agent,
      payload: { template: { name: 'follow_up', language: 'id', parameters: ['Joko'] } },
    });
    expect(template.statusCode).toBe(201);
    await drain();
    expect(fake.sent.at(-1)).toMatchObject({
      to: '6281200000005',
      type: 'template',
      template: { name: 'follow_up', language: 'id', parameters: ['Joko'] },
    });
  });

  it("retries while Meta is down, fails with Meta's message when it refuses", async () => {
    const { number } = await waNumber(db.database);
    await customerSays(base, WA_APP_SECRET, number, { from: '6281200000006', name: 'Tono', text: 'p' });
    const conversation = (await list('?q=tono')).data[0]!;
    const send = (text: string) =>
      c.request({
        method: 'POST',
        url: `/api/chats/conversations/${conversation.id}/messages`,
        token: agent,
        payload: { text },
      });
    fake.setMode('down');
    await send('satu');
    expect(await drain()).toMatchObject({ claimed: 1, retrying: 1 });
    expect((await thread(conversation.id)).at(-1)).toMatchObject({ status: 'pending' });
    fake.setMode('reject', 131026);
    clock.advance(10 * 60_000);
    expect(await drain()).toMatchObject({ claimed: 1, failed: 1 });
    expect((await thread(conversation.id)).at(-1)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('131026'),
    });
    fake.setMode('up');
  });

  it('assigns, filters mine / unassigned / resolved, resolves; a new message reopens', async () => {
    const { number } = await waNumber(db.database);
    await customerSays(base, WA_APP_SECRET, number, { from: '6281200000007', name: 'Sinta', text: 'tanya' });
    const conversation = (await list('?q=sinta')).data[0]!;
    expect((await list('?filter=unassigned&q=sinta')).data).toHaveLength(1);
    const badUser = await c.request({
      method: 'POST',
      url: `/api/chats/conversations/${conversation.id}/assign`,
      token: agent,
      payload: { user_id: 999_999 },
    });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().fields).toHaveProperty('user_id');
    const assigned = await c.request({
      method: 'POST',
      url: `/api/chats/conversations/${conversation.id}/assign`,
      token: agent,
      payload: { user_id: agentId },
    });
    expect(assigned.json().data).toMatchObject({ assigned_to: agentId, assignee_name: expect.any(String) });
    expect((await list('?filter=mine&q=sinta')).data).toHaveLength(1);
    expect((await list('?filter=unassigned&q=sinta')).data).toHaveLength(0);
    await c.request({
      method: 'POST',
      url: `/api/chats/conversations/${conversation.id}/resolve`,
      token: agent,
      payload: { resolved: true },
    });
    expect((await list('?filter=resolved&q=sinta')).data).toHaveLength(1);
    await customerSays(base, WA_APP_SECRET, number, {
      from: '6281200000007',
      name: 'Sinta',
      text: 'masih ada?',
    });
    expect((await list('?filter=resolved&q=sinta')).data).toHaveLength(0);
    expect((await list('?q=sinta')).data[0]).toMatchObject({ status: 'open', unread_count: 1 });
  });

  it('is one customer across business numbers: every conversation names it, the thread lists the others, problems and purchases follow the customer', async () => {
    const a = await waNumber(db.database);
    const b = await waNumber(db.database, 'bot');
    const c3 = await waNumber(db.database);
    const t0 = clock.now().getTime() - 600_000;
    await customerSays(base, WA_APP_SECRET, a.number, {
      from: '6281288880001',
      name: 'Maya Dua Nomor',
      text: 'Halo dari nomor CS',
      at: new Date(t0),
    });
    await customerSays(base, WA_APP_SECRET, b.number, {
      from: '6281288880001',
      name: 'Maya Dua Nomor',
      text: 'Halo dari nomor bot',
      at: new Date(t0 + 60_000),
    });
    // Another writer stores the local form (0812…): the same customer, normalised on the way in.
    await sql`insert into wa_conversations (wa_registry_id, customer_wa_id, customer_name, last_message_at)
      values (${c3.registryId}, '081288880001', null, ${new Date(t0 - 60_000)})`.execute(db.database.db);
    // On a number it already has a conversation on, the local form is that conversation, not a second one.
    await expect(
      sql`insert into wa_conversations (wa_registry_id, customer_wa_id) values (${a.registryId}, '0812 8888 0001')`.execute(
        db.database.db,
      ),
    ).rejects.toThrow(/wa_conversations_key/);

    const rows = (await c.get('/api/chats/conversations?q=081288880001', agent)).json().data as {
      id: number;
      wa_registry_id: number;
      number_phone: string;
      customer_id: number;
      customer_wa_id: string;
      customer_conversations: number;
    }[];
    expect(rows.map((row) => row.wa_registry_id)).toEqual([b.registryId, a.registryId, c3.registryId]);
    expect(new Set(rows.map((row) => row.customer_id)).size).toBe(1);
    expect(rows.every((row) => row.customer_wa_id === '6281288880001')).toBe(true);
    expect(rows.every((row) => row.customer_conversations === 3)).toBe(true);
    expect(rows[0]!.number_phone).toBe(b.number.displayPhoneNumber);
    const customers = await sql<{ n: number; name: string | null }>`
      select count(*)::int as n, max(name) as name from wa_customers where phone = '6281288880001'`.execute(
      db.database.db,
    );
    expect(customers.rows[0]).toEqual({ n: 1, name: 'Maya Dua Nomor' });

    // A problem from the bot number's conversation and one filed by phone alone; a purchase by the number.
    const category = (
      await sql<{ id: string }>`insert into problem_categories (name, description, sort_order, active)
        values ('Dua nomor', null, 0, true) returning id`.execute(db.database.db)
    ).rows[0]!.id;
    const problem = async (conversationId: number | null, phone: string | null, description: string) =>
      sql`insert into customer_problems (customer_name, customer_phone, category_id, description, priority,
          sla_hours, opened_at, sla_due_at, conversation_id)
        values ('Maya', ${phone}, ${category}, ${description}, 'medium', 24, ${clock.now()}, ${clock.now()},
          ${conversationId})`.execute(db.database.db);
    await problem(rows[0]!.id, null, 'Dari nomor bot');
    await problem(null, '+62 812-8888-0001', 'Lewat telepon');
    const fixture = await intakeFixture(db.database);
    await sql`insert into purchases (mayar_id, mayar_account_id, last_event, status, transaction_status, paid_at,
        mayar_created_at, mayar_updated_at, amount, customer_mobile, product_name, raw)
      values ('mayar-dua-nomor', ${fixture.accountId}, 'payment.received', 'SUCCESS', 'paid', ${clock.now()},
        ${clock.now()}, ${clock.now()}, 250000, '6281288880001', 'Kelas Dua Nomor', '{}')`.execute(
      db.database.db,
    );

    // The conversation on the CS number shows the customer's others and everything of theirs.
    const detail = (await c.get(`/api/chats/conversations/${rows[1]!.id}`, reader)).json().data as {
      conversation: { id: number };
      customer: {
        phone: string;
        name: string | null;
        conversations: { id: number; number_phone: string; last_message_text: string | null }[];
      };
      problems: { description: string; conversation_id: number | null }[];
      purchases: { mayar_id: string }[];
    };
    expect(detail.customer).toMatchObject({ phone: '6281288880001', name: 'Maya Dua Nomor' });
    expect(detail.customer.conversations.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect(detail.customer.conversations[0]).toMatchObject({
      number_phone: b.number.displayPhoneNumber,
      last_message_text: 'Halo dari nomor bot',
    });
    expect(detail.problems.map((p) => p.description).sort()).toEqual(['Dari nomor bot', 'Lewat telepon']);
    expect(detail.problems.find((p) => p.description === 'Dari nomor bot')?.conversation_id).toBe(
      rows[0]!.id,
    );
    expect(detail.purchases.map((p) => p.mayar_id)).toEqual(['mayar-dua-nomor']);
    // Without the Chat List's key: refused.
    const stranger = await c.token(
      await userWithKeys(db.database, [{ key: 'ad_daily_tracker', read: true }]),
    );
    expect((await c.get(`/api/chats/conversations/${rows[1]!.id}`, stranger)).statusCode).toBe(403);
  });

  it('pages newest first with a keyset cursor', async () => {
    const { number } = await waNumber(db.database);
    const t0 = clock.now().getTime() - 3_600_000;
    for (let i = 0; i < 5; i += 1)
      await customerSays(base, WA_APP_SECRET, number, {
        from: `62813000000${i}`,
        name: `Pager ${i}`,
        text: `m${i}`,
        at: new Date(t0 + i * 1000),
      });
    const first = await list('?q=pager&limit=3');
    expect(first.data.map((row) => row.customer_wa_id)).toEqual([
      '628130000004',
      '628130000003',
      '628130000002',
    ]);
    const second = await list(`?q=pager&limit=3&cursor=${first.next_cursor}`);
    expect(second.data.map((row) => row.customer_wa_id)).toEqual(['628130000001', '628130000000']);
    expect(second.next_cursor).toBeNull();
    expect((await c.get('/api/chats/conversations?cursor=abc', agent)).statusCode).toBe(400);
  });
});
