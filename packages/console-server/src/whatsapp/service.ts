/** The Chat List's reads and writes (the routes stay thin; tests call these with a database). */
import { type Kysely, sql } from 'kysely';
import {
  type ChatFilter,
  type UnregisteredMessage,
  type ChatMessage,
  type Conversation,
  type chatCustomerSchema,
  type chatListQuerySchema,
  type conversationDetailSchema,
  type z,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { UnregisteredMessageRow } from './tables.js';
import { HttpError } from '../http.js';
import { windowOpen } from './outbox.js';

interface ConversationDbRow {
  id: string;
  wa_registry_id: string;
  number_name: string;
  number_active: boolean;
  number_phone: string | null;
  customer_wa_id: string;
  customer_name: string | null;
  customer_id: string;
  customer_conversations: string | number;
  status: 'open' | 'resolved';
  assigned_to: number | null;
  assignee_name: string | null;
  handed_over: boolean;
  bot_replies: number;
  unread_count: number;
  last_message_at: Date | null;
  last_message_text: string | null;
  last_direction: 'in' | 'out' | null;
  last_inbound_at: Date | null;
  version: number;
}

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export function conversationOut(row: ConversationDbRow, now: Date): Conversation {
  const lastInbound = row.last_inbound_at === null ? null : new Date(row.last_inbound_at);
  return {
    id: Number(row.id),
    wa_registry_id: Number(row.wa_registry_id),
    number_name: row.number_name,
    number_active: row.number_active,
    number_phone: row.number_phone ?? '',
    customer_wa_id: row.customer_wa_id,
    customer_name: row.customer_name,
    customer_id: Number(row.customer_id),
    customer_conversations: Number(row.customer_conversations),
    status: row.status,
    assigned_to: row.assigned_to,
    assignee_name: row.assignee_name,
    handed_over: row.handed_over,
    bot_replies: Number(row.bot_replies),
    unread_count: Number(row.unread_count),
    last_message_at: iso(row.last_message_at),
    last_message_text: row.last_message_text,
    last_direction: row.last_direction,
    last_inbound_at: iso(lastInbound),
    window_open: windowOpen(lastInbound, now),
    version: Number(row.version),
  };
}

const SELECT_CONVERSATION = sql`
  select c.id, c.wa_registry_id, r.name as number_name, (r.active and r.deleted_at is null) as number_active,
    r.phone as number_phone, c.customer_wa_id, c.customer_name, c.customer_id,
    (select count(*) from wa_conversations o where o.customer_id = c.customer_id) as customer_conversations,
    c.status,
    c.assigned_to, u.full_name as assignee_name, c.handed_over, c.bot_replies, c.unread_count,
    c.last_message_at, c.last_message_text, c.last_direction, c.last_inbound_at, c.version
  from wa_conversations c
  join wa_registries r on r.id = c.wa_registry_id
  left join users u on u.id = c.assigned_to`;

function filterSql(filter: ChatFilter, userId: number) {
  switch (filter) {
    case 'mine':
      return sql`c.status = 'open' and c.assigned_to = ${userId}`;
    case 'unassigned':
      return sql`c.status = 'open' and c.assigned_to is null`;
    case 'bot':
      return sql`c.status = 'open' and c.bot_replies > 0 and not c.handed_over and c.assigned_to is null`;
    case 'resolved':
      return sql`c.status = 'resolved'`;
    default:
      return sql`true`;
  }
}

/** Newest first, keyset paging on (last_message_at, id). */
export async function listConversations(
  db: Kysely<Database>,
  query: z.output<typeof chatListQuerySchema>,
  userId: number,
  now: Date,
) {
  const conditions = [filterSql(query.filter, userId), sql`c.last_message_at is not null`];
  if (query.q) {
    const digits = query.q.replace(/\D/g, '');
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      digits.length >= 4
        ? sql`(c.search_text like ${like} or c.customer_wa_id like ${`%${digits.replace(/^0/, '62')}%`})`
        : sql`c.search_text like ${like}`,
    );
  }
  if (query.cursor) {
    const [ms, id] = query.cursor.split(':').map(Number) as [number, number];
    conditions.push(sql`(c.last_message_at, c.id) < (${new Date(ms)}, ${id})`);
  }
  const rows = (
    await sql<ConversationDbRow>`${SELECT_CONVERSATION}
      where ${sql.join(conditions, sql` and `)}
      order by c.last_message_at desc, c.id desc
      limit ${query.limit + 1}`.execute(db)
  ).rows;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const unread = await sql<{ n: string | number | null }>`
    select coalesce(sum(unread_count), 0) as n from wa_conversations where status = 'open'`.execute(db);
  return {
    data: page.map((row) => conversationOut(row, now)),
    next_cursor:
      rows.length > query.limit && last?.last_message_at
        ? `${new Date(last.last_message_at).getTime()}:${last.id}`
        : null,
    total_unread: Number(unread.rows[0]?.n ?? 0),
  };
}

export async function conversationById(db: Kysely<Database>, id: number, now: Date): Promise<Conversation> {
  const row = (await sql<ConversationDbRow>`${SELECT_CONVERSATION} where c.id = ${id}`.execute(db)).rows[0];
  if (!row) throw new HttpError(404, `No conversation ${id}`, 'NOT_FOUND');
  return conversationOut(row, now);
}

/** Local forms of a 62… number, as purchases and packages store them (0812…, 62812…, +62 812…). */
export const phoneForms = (digits: string) => [
  digits,
  digits.startsWith('62') ? `0${digits.slice(2)}` : digits,
];

/**
 * The conversation an id names now: itself, or the one it was merged into (migration 870 merged a customer's
 * conversations of one business number stored in two phone forms), so an old link still opens the thread.
 */
export async function currentConversationId(db: Kysely<Database>, id: number): Promise<number> {
  const row = (
    await sql<{ id: string }>`
      select id from wa_conversations where id = ${id}
      union all
      select into_id from wa_conversation_merges where merged_id = ${id}
      limit 1`.execute(db)
  ).rows[0];
  return row ? Number(row.id) : id;
}

/** The customer (one per phone number) and every conversation of theirs, newest first. */
export async function chatCustomer(
  db: Kysely<Database>,
  customerId: number,
): Promise<z.infer<typeof chatCustomerSchema>> {
  const customer = (
    await sql<{ id: string; phone: string; name: string | null }>`
      select id, phone, name from wa_customers where id = ${customerId}`.execute(db)
  ).rows[0];
  if (!customer) throw new HttpError(404, `No customer ${customerId}`, 'NOT_FOUND');
  const conversations = (
    await sql<{
      id: string;
      wa_registry_id: string;
      number_name: string;
      number_phone: string | null;
      number_active: boolean;
      status: 'open' | 'resolved';
      unread_count: number;
      assignee_name: string | null;
      last_message_at: Date | null;
      last_message_text: string | null;
    }>`
      select c.id, c.wa_registry_id, r.name as number_name, r.phone as number_phone,
        (r.active and r.deleted_at is null) as number_active, c.status, c.unread_count,
        u.full_name as assignee_name, c.last_message_at, c.last_message_text
      from wa_conversations c
      join wa_registries r on r.id = c.wa_registry_id
      left join users u on u.id = c.assigned_to
      where c.customer_id = ${customerId}
      order by c.last_message_at desc nulls last, c.id desc
      limit 50`.execute(db)
  ).rows;
  return {
    id: Number(customer.id),
    phone: customer.phone,
    name: customer.name,
    conversations: conversations.map((row) => ({
      id: Number(row.id),
      wa_registry_id: Number(row.wa_registry_id),
      number_name: row.number_name,
      number_phone: row.number_phone ?? '',
      number_active: row.number_active,
      status: row.status,
      unread_count: Number(row.unread_count),
      assignee_name: row.assignee_name,
      last_message_at: iso(row.last_message_at),
      last_message_text: row.last_message_text,
    })),
  };
}

export async function conversationDetail(
  db: Kysely<Database>,
  requestedId: number,
  now: Date,
): Promise<z.infer<typeof conversationDetailSchema>['data']> {
  const id = await currentConversationId(db, requestedId);
  const conversation = await conversationById(db, id, now);
  const customer = await chatCustomer(db, conversation.customer_id);
  const messages = (
    await sql<{
      id: string;
      direction: 'in' | 'out';
      type: string;
      body: string;
      status: ChatMessage['status'];
      error: string | null;
      at: Date;
      sent_by_name: string | null;
      bot_rule_name: string | null;
    }>`
      select * from (
        select m.id, m.direction, m.type, m.body, m.status, m.error, m.at, u.full_name as sent_by_name,
          b.name as bot_rule_name
        from wa_messages m
        left join users u on u.id = m.sent_by
        left join bot_rules b on b.id = m.bot_rule_id
        where m.conversation_id = ${id}
        order by m.id desc
        limit 300
      ) last order by id`.execute(db)
  ).rows;
  // Purchases by the customer's key (customer_mobile is normalised at intake and indexed: no scan).
  const forms = phoneForms(customer.phone);
  const purchases = (
    await sql<{
      id: string;
      mayar_id: string;
      product_name: string | null;
      amount: string;
      transaction_status: string;
      at: Date;
    }>`
      select id, mayar_id, product_name, amount, transaction_status, mayar_created_at as at from purchases
      where customer_mobile in (${forms[0]}, ${forms[1]}, ${`+${customer.phone}`})
      order by mayar_created_at desc limit 20`.execute(db)
  ).rows;
  const packages = (
    await sql<{ id: string; label: string; status: string | null; resi: string | null }>`
      select id, coalesce(order_ref, recipient_name) as label, status, receipt as resi from packages
      where deleted_at is null
        and regexp_replace(coalesce(phone, ''), '\\D', '', 'g') in (${forms[0]}, ${forms[1]})
      order by id desc limit 20`.execute(db)
  ).rows;
  const problems = (
    await sql<{
      id: string;
      status: 'open' | 'in_progress' | 'resolved' | 'closed';
      description: string;
      opened_at: Date;
      conversation_id: string | null;
      message_id: string | null;
    }>`
      select p.id, p.status, p.description, p.opened_at, p.conversation_id, p.message_id
      from customer_problems p
      where p.customer_id = ${customer.id}
      order by (p.status in ('open', 'in_progress')) desc, p.opened_at desc, p.id desc limit 20`.execute(db)
  ).rows;
  return {
    conversation,
    customer,
    problems: problems.map((p) => ({
      id: Number(p.id),
      status: p.status,
      description: p.description,
      opened_at: new Date(p.opened_at).toISOString(),
      conversation_id: p.conversation_id === null ? null : Number(p.conversation_id),
      message_id: p.message_id === null ? null : Number(p.message_id),
    })),
    messages: messages.map((m) => ({
      id: Number(m.id),
      direction: m.direction,
      type: m.type,
      body: m.body,
      status: m.status,
      error: m.error,
      at: new Date(m.at).toISOString(),
      sent_by_name: m.sent_by_name,
      bot_rule_name: m.bot_rule_name,
    })),
    purchases: purchases.map((p) => ({
      id: Number(p.id),
      mayar_id: p.mayar_id,
      product_name: p.product_name,
      amount: Number(p.amount),
      transaction_status: p.transaction_status,
      at: new Date(p.at).toISOString(),
    })),
    packages: packages.map((p) => ({ id: Number(p.id), label: p.label, status: p.status, resi: p.resi })),
  };
}

/** The messages kept for numbers missing from WA Registries: per number, and the newest 200. */
export async function listUnregistered(db: Kysely<Database>) {
  const numbers = (
    await sql<{
      phone_number_id: string;
      display_phone: string;
      count: string;
      last_at: Date;
      registered: boolean;
    }>`
      select u.phone_number_id, u.display_phone, count(*) as count, max(u.at) as last_at,
        exists (
          select 1 from wa_registries r left join whatsapp_numbers n on n.wa_registry_id = r.id
          where r.deleted_at is null and (n.phone_number_id = u.phone_number_id
            or regexp_replace(r.phone, '\\D', '', 'g') in (u.phone_number_id,
              regexp_replace(u.display_phone, '\\D', '', 'g')))) as registered
      from wa_unregistered_messages u
      group by u.phone_number_id, u.display_phone
      order by max(u.at) desc`.execute(db)
  ).rows;
  const messages = (
    await sql<Omit<UnregisteredMessageRow, 'wamid'>>`
      select id, phone_number_id, display_phone, customer_wa_id, customer_name, type, body, at
      from wa_unregistered_messages order by at desc, id desc limit 200`.execute(db)
  ).rows;
  return {
    total: numbers.reduce((sum, row) => sum + Number(row.count), 0),
    numbers: numbers.map((row) => ({
      phone_number_id: row.phone_number_id,
      display_phone: row.display_phone,
      count: Number(row.count),
      last_at: new Date(row.last_at).toISOString(),
      registered: row.registered,
    })),
    messages: messages.map((row): UnregisteredMessage => ({
      ...row,
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
    })),
  };
}
