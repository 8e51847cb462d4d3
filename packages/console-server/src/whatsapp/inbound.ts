/**
 * Meta's webhook calls, taken in: customers' messages become conversation messages (idempotent on the wamid:
 * Meta retries and may deliver twice) and delivery statuses move outgoing messages forward (never back). One
 * transaction per call; the bot's answers are queued inside it, so an answer exists exactly when its message does.
 */
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { normalisePhone } from '../intake/normalise.js';
import type { UnregisteredMessageRow } from './tables.js';

export class WhatsAppPayloadError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'WhatsAppPayloadError';
  }
}

export interface InboundMessage {
  phoneNumberId: string;
  displayPhone: string;
  from: string;
  name: string | null;
  wamid: string;
  at: Date;
  type: string;
  body: string;
}

export interface StatusChange {
  phoneNumberId: string;
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  error: string | null;
}

export interface ParsedWebhook {
  messages: InboundMessage[];
  statuses: StatusChange[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

/** What a message shows as text: its body, a caption, or its kind in brackets. */
function textOf(message: Record<string, unknown>): string {
  const type = typeof message.type === 'string' ? message.type : 'unknown';
  const part = message[type];
  if (type === 'text' && isObject(part) && typeof part.body === 'string') return part.body;
  if (type === 'button' && isObject(part) && typeof part.text === 'string') return part.text;
  if (type === 'interactive' && isObject(part)) {
    const reply = (part.button_reply ?? part.list_reply) as { title?: unknown } | undefined;
    if (typeof reply?.title === 'string') return reply.title;
  }
  if (isObject(part) && typeof part.caption === 'string') return `[${type}] ${part.caption}`;
  return `[${type}]`;
}

/** Parses Meta's `{ object, entry[].changes[].value }`; throws WhatsAppPayloadError naming the wrong field. */
export function parseWhatsAppWebhook(rawBody: string): ParsedWebhook {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WhatsAppPayloadError('The body is not JSON', 'body');
  }
  if (!isObject(body)) throw new WhatsAppPayloadError('The body must be a JSON object', 'body');
  if (body.object !== 'whatsapp_business_account')
    throw new WhatsAppPayloadError('object must be "whatsapp_business_account"', 'object');
  if (!Array.isArray(body.entry)) throw new WhatsAppPayloadError('entry must be a list', 'entry');
  const parsed: ParsedWebhook = { messages: [], statuses: [] };
  body.entry.forEach((entry: unknown, e) => {
    if (!isObject(entry) || !Array.isArray(entry.changes))
      throw new WhatsAppPayloadError('changes must be a list', `entry[${e}].changes`);
    entry.changes.forEach((change: unknown, c) => {
      const at = `entry[${e}].changes[${c}]`;
      if (!isObject(change) || !isObject(change.value))
        throw new WhatsAppPayloadError('value must be an object', `${at}.value`);
      if (change.field !== undefined && change.field !== 'messages') return;
      const value = change.value;
      const metadata = isObject(value.metadata) ? value.metadata : {};
      const phoneNumberId = typeof metadata.phone_number_id === 'string' ? metadata.phone_number_id : '';
      if (!phoneNumberId)
        throw new WhatsAppPayloadError('metadata.phone_number_id is required', `${at}.value.metadata`);
      const displayPhone =
        typeof metadata.display_phone_number === 'string' ? metadata.display_phone_number : '';
      const names = new Map<string, string>();
      if (Array.isArray(value.contacts))
        for (const contact of value.contacts as unknown[]) {
          if (!isObject(contact) || typeof contact.wa_id !== 'string') continue;
          const profile = isObject(contact.profile) ? contact.profile : {};
          if (typeof profile.name === 'string') names.set(contact.wa_id, profile.name.slice(0, 200));
        }
      const list = (key: 'messages' | 'statuses') => {
        const items = value[key];
        if (items === undefined) return [];
        if (!Array.isArray(items))
          throw new WhatsAppPayloadError(`${key} must be a list`, `${at}.value.${key}`);
        return items as unknown[];
      };
      list('messages').forEach((message, m) => {
        const where = `${at}.value.messages[${m}]`;
        if (!isObject(message)) throw new WhatsAppPayloadError('a message must be an object', where);
        const from = normalisePhone(message.from);
        if (!from || !/^\d{6,20}$/.test(from))
          throw new WhatsAppPayloadError('from must be a phone number', `${where}.from`);
        if (typeof message.id !== 'string' || message.id === '' || message.id.length > 300)
          throw new WhatsAppPayloadError('id is required', `${where}.id`);
        const seconds = Number(message.timestamp);
        if (!Number.isFinite(seconds) || seconds <= 0)
          throw new WhatsAppPayloadError('timestamp must be unix seconds', `${where}.timestamp`);
        parsed.messages.push({
          phoneNumberId,
          displayPhone,
          from,
          name: names.get(String(message.from)) ?? null,
          wamid: message.id,
          at: new Date(seconds * 1000),
          type: typeof message.type === 'string' ? message.type.slice(0, 40) : 'unknown',
          body: textOf(message).slice(0, 4096),
        });
      });
      list('statuses').forEach((status, s) => {
        const where = `${at}.value.statuses[${s}]`;
        if (!isObject(status) || typeof status.id !== 'string' || status.id === '')
          throw new WhatsAppPayloadError('id is required', `${where}.id`);
        if (typeof status.status !== 'string' || !STATUSES.has(status.status))
          throw new WhatsAppPayloadError('status must be sent, delivered, read or failed', `${where}.status`);
        const seconds = Number(status.timestamp);
        const errors = Array.isArray(status.errors) ? (status.errors as Record<string, unknown>[]) : [];
        const first = errors[0];
        const details = isObject(first?.error_data) ? first.error_data.details : undefined;
        parsed.statuses.push({
          phoneNumberId,
          wamid: status.id,
          status: status.status as StatusChange['status'],
          at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date(),
          error: first
            ? `${String(first.title ?? first.message ?? 'Failed')}${first.code === undefined ? '' : ` (code ${String(first.code)})`}${typeof details === 'string' ? `: ${details}` : ''}`.slice(
                0,
                1000,
              )
            : null,
        });
      });
    });
  });
  return parsed;
}

/** The status order: a late "delivered" never overwrites "read". */
const RANK: Record<string, number> = {
  pending: 0,
  accepted: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
};

export interface ConversationRow {
  id: string;
  wa_registry_id: string;
  customer_wa_id: string;
  customer_name: string | null;
  status: 'open' | 'resolved';
  assigned_to: number | null;
  handed_over: boolean;
  last_inbound_at: Date | null;
  version: number;
}

/** Called in the intake's transaction for each new customer message (the bot). */
export type OnInbound = (
  trx: Transaction<Database>,
  conversation: ConversationRow,
  message: InboundMessage & { id: string },
  now: Date,
) => Promise<void>;

export interface IngestResult {
  received: number;
  duplicates: number;
  statuses: number;
  /**
   * Messages for numbers that are not WA Registries entries: kept in `wa_unregistered_messages` (administrators
   * see them and take them into conversations once the number is registered), never dropped.
   */
  unknownNumber: number;
  /** Conversations that changed (for the socket push). */
  changed: { id: number; version: number }[];
}

/** The WA Registries entry a webhook's number belongs to: by phone-number-id, else by its digits. */
async function registryOf(
  trx: Transaction<Database>,
  phoneNumberId: string,
  displayPhone: string,
): Promise<string | null> {
  const digits = normalisePhone(displayPhone) ?? '';
  const row = await sql<{ id: string }>`
    select r.id from wa_registries r
    left join whatsapp_numbers n on n.wa_registry_id = r.id
    where r.deleted_at is null
      and (n.phone_number_id = ${phoneNumberId}
        or regexp_replace(r.phone, '\\D', '', 'g') in (${phoneNumberId}, ${digits}))
    order by (n.phone_number_id = ${phoneNumberId}) desc nulls last, r.id
    limit 1`.execute(trx);
  return row.rows[0]?.id ?? null;
}

export async function ingestWhatsAppWebhook(
  db: Kysely<Database>,
  parsed: ParsedWebhook,
  options: { now: Date; onInbound?: OnInbound },
): Promise<IngestResult> {
  return db.transaction().execute((trx) => ingestInTransaction(trx, parsed, options));
}

/**
 * Takes the kept messages of numbers registered since into their conversations, oldest first, in one
 * transaction with `audit` (told how many moved). The bot does not answer them: they are old news.
 */
export async function adoptUnregistered(
  db: Kysely<Database>,
  now: Date,
  audit: (trx: Transaction<Database>, moved: number) => Promise<void>,
): Promise<{ moved: number; remaining: number; changed: { id: number; version: number }[] }> {
  return db.transaction().execute(async (trx) => {
    const rows = (
      await sql<UnregisteredMessageRow>`select * from wa_unregistered_messages order by at, id for update`.execute(
        trx,
      )
    ).rows;
    const registries = new Map<string, string | null>();
    const taken: typeof rows = [];
    for (const row of rows) {
      const key = `${row.phone_number_id}|${row.display_phone}`;
      if (!registries.has(key))
        registries.set(key, await registryOf(trx, row.phone_number_id, row.display_phone));
      if (registries.get(key)) taken.push(row);
    }
    if (taken.length === 0) return { moved: 0, remaining: rows.length, changed: [] };
    await sql`delete from wa_unregistered_messages where id = any(${taken.map((row) => row.id)}::bigint[])`.execute(
      trx,
    );
    const result = await ingestInTransaction(
      trx,
      {
        messages: taken.map((row) => ({
          phoneNumberId: row.phone_number_id,
          displayPhone: row.display_phone,
          from: row.customer_wa_id,
          name: row.customer_name,
          wamid: row.wamid,
          at: new Date(row.at),
          type: row.type,
          body: row.body,
        })),
        statuses: [],
      },
      { now },
    );
    await audit(trx, result.received);
    return { moved: result.received, remaining: rows.length - taken.length, changed: result.changed };
  });
}

async function ingestInTransaction(
  trx: Transaction<Database>,
  parsed: ParsedWebhook,
  options: { now: Date; onInbound?: OnInbound },
): Promise<IngestResult> {
  {
    const result: IngestResult = { received: 0, duplicates: 0, statuses: 0, unknownNumber: 0, changed: [] };
    const changed = new Map<number, number>();
    const registries = new Map<string, string | null>();
    for (const message of parsed.messages) {
      const key = `${message.phoneNumberId}|${message.displayPhone}`;
      if (!registries.has(key))
        registries.set(key, await registryOf(trx, message.phoneNumberId, message.displayPhone));
      const registryId = registries.get(key);
      if (!registryId) {
        const kept = await sql`
          insert into wa_unregistered_messages
            (phone_number_id, display_phone, customer_wa_id, customer_name, wamid, type, body, at, received_at)
          values (${message.phoneNumberId}, ${message.displayPhone}, ${message.from}, ${message.name},
            ${message.wamid}, ${message.type}, ${message.body}, ${message.at}, ${options.now})
          on conflict (wamid) do nothing
          returning id`.execute(trx);
        if (kept.rows.length === 0) result.duplicates += 1;
        else result.unknownNumber += 1;
        continue;
      }
      const seen = await sql`select 1 from wa_messages where wamid = ${message.wamid}`.execute(trx);
      if (seen.rows.length > 0) {
        result.duplicates += 1;
        continue;
      }
      // A new message reopens a resolved conversation and hands it back to the bot's rules.
      const conversation = (
        await sql<ConversationRow>`
          insert into wa_conversations as c
            (wa_registry_id, customer_wa_id, customer_name, unread_count, last_message_at, last_message_text,
             last_direction, last_inbound_at)
          values (${registryId}, ${message.from}, ${message.name}, 1, ${message.at}, ${message.body.slice(0, 300)},
             'in', ${message.at})
          on conflict (wa_registry_id, customer_wa_id) do update set
            customer_name = coalesce(excluded.customer_name, c.customer_name),
            unread_count = c.unread_count + 1,
            status = 'open',
            handed_over = case when c.status = 'resolved' then false else c.handed_over end,
            last_message_at = greatest(c.last_message_at, excluded.last_message_at),
            last_message_text = case when c.last_message_at is null or excluded.last_message_at >= c.last_message_at
              then excluded.last_message_text else c.last_message_text end,
            last_direction = case when c.last_message_at is null or excluded.last_message_at >= c.last_message_at
              then 'in' else c.last_direction end,
            last_inbound_at = greatest(c.last_inbound_at, excluded.last_inbound_at),
            updated_at = ${options.now},
            version = c.version + 1
          returning id, wa_registry_id, customer_wa_id, customer_name, status, assigned_to, handed_over,
            last_inbound_at, version`.execute(trx)
      ).rows[0]!;
      const inserted = await sql<{ id: string }>`
        insert into wa_messages (conversation_id, direction, wamid, type, body, status, at)
        values (${conversation.id}, 'in', ${message.wamid}, ${message.type}, ${message.body}, 'received', ${message.at})
        on conflict (wamid) where wamid is not null do nothing
        returning id`.execute(trx);
      if (inserted.rows.length === 0) {
        // Another node took the same message in first (the unique index waited for it): undo the count.
        await sql`update wa_conversations set unread_count = greatest(unread_count - 1, 0)
          where id = ${conversation.id}`.execute(trx);
        result.duplicates += 1;
        continue;
      }
      result.received += 1;
      changed.set(Number(conversation.id), conversation.version);
      if (options.onInbound)
        await options.onInbound(trx, conversation, { ...message, id: inserted.rows[0]!.id }, options.now);
    }
    for (const status of parsed.statuses) {
      const row = (
        await sql<{ id: string; conversation_id: string; status: string }>`
          select id, conversation_id, status from wa_messages where wamid = ${status.wamid} and direction = 'out'`.execute(
          trx,
        )
      ).rows[0];
      if (!row) continue;
      if ((RANK[status.status] ?? 0) <= (RANK[row.status] ?? 0)) continue;
      await sql`
        update wa_messages set status = ${status.status}, error = ${status.error}, updated_at = ${options.now}
        where id = ${row.id}`.execute(trx);
      const bumped = await sql<{ version: number }>`
        update wa_conversations set version = version + 1 where id = ${row.conversation_id}
        returning version`.execute(trx);
      changed.set(Number(row.conversation_id), bumped.rows[0]!.version);
      result.statuses += 1;
    }
    result.changed = [...changed].map(([id, version]) => ({ id, version }));
    return result;
  }
}
