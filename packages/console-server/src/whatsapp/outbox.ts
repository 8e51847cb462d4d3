/**
 * Outgoing WhatsApp messages: written as `pending` rows in the same transaction as whatever caused them (a
 * person's reply, the bot's answer), then drained by whichever node claims them first (`FOR UPDATE SKIP LOCKED`
 * plus a lease, as the forwarder does). Retryable errors back off; permanent ones fail with Meta's message.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { NODE_ID } from '../jobs/runOnce.js';
import {
  type Attempt,
  type QueueDrainCounts,
  type QueueDrainOptions,
  claimDue,
  drainClaimed,
  queueRetryPolicy,
  drainUntilEmpty,
} from '../jobs/outbox.js';
import { WhatsAppError } from './client.js';
import { type WhatsAppApiSettings, WhatsAppSenderError, whatsAppClientFor } from './sender.js';

/** Free text only within 24 hours of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 3_600_000;
export const MAX_SEND_ATTEMPTS = 5;

export type Outgoing =
  { type: 'text'; body: string } | { type: 'template'; name: string; language: string; parameters: string[] };

export const windowOpen = (lastInboundAt: Date | null, now: Date) =>
  lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() < SERVICE_WINDOW_MS;

/** What a template shows in the thread. */
export const templateText = (message: Extract<Outgoing, { type: 'template' }>) =>
  `[template ${message.name}]${message.parameters.length ? ` ${message.parameters.join(' · ')}` : ''}`;

/** Queues one message in the caller's transaction; returns its id. The conversation's summary follows. */
export async function queueOutgoing(
  trx: Kysely<Database>,
  input: {
    conversationId: number | string;
    message: Outgoing;
    sentBy: number | null;
    botRuleId?: number | string | null;
    now: Date;
  },
): Promise<{ id: number; version: number }> {
  const { message, now } = input;
  const body = message.type === 'text' ? message.body : templateText(message);
  const template =
    message.type === 'template'
      ? JSON.stringify({ name: message.name, language: message.language, parameters: message.parameters })
      : null;
  const row = await sql<{ id: string }>`
    insert into wa_messages
      (conversation_id, direction, type, body, template, status, sent_by, bot_rule_id, at, next_attempt_at)
    values (${input.conversationId}, 'out', ${message.type}, ${body}, ${template}::jsonb, 'pending',
      ${input.sentBy}, ${input.botRuleId ?? null}, ${now}, ${now})
    returning id`.execute(trx);
  const conversation = await sql<{ version: number }>`
    update wa_conversations set last_message_at = ${now}, last_message_text = ${body.slice(0, 300)},
      last_direction = 'out', updated_at = ${now}, version = version + 1,
      bot_replies = bot_replies + ${input.botRuleId ? 1 : 0}
    where id = ${input.conversationId}
    returning version`.execute(trx);
  return { id: Number(row.rows[0]!.id), version: conversation.rows[0]?.version ?? 1 };
}

export interface OutboxOptions extends WhatsAppApiSettings, QueueDrainOptions {}

export interface OutboxResult extends QueueDrainCounts {
  /** Conversations whose messages changed (for the socket push). */
  conversations: number[];
}

interface Claimed {
  id: string;
  conversation_id: string;
  type: 'text' | 'template';
  body: string;
  template: { name: string; language: string; parameters: string[] } | null;
  attempts: number;
  wa_registry_id: string;
  customer_wa_id: string;
}

/** One drain: claim due messages, send each, record the answer. */
export async function drainOutbox(db: Kysely<Database>, options: OutboxOptions): Promise<OutboxResult> {
  const now = options.now();
  const nodeId = options.nodeId ?? NODE_ID;
  const leaseMs = options.leaseMs ?? 60_000;
  const ids = await claimDue(db, 'wa_messages', { now, nodeId, leaseMs, limit: options.claim ?? 50 });
  const claimed =
    ids.length === 0
      ? []
      : (
          await sql<Claimed>`
            select m.id, m.conversation_id, m.type, m.body, m.template, m.attempts, c.wa_registry_id,
              c.customer_wa_id
            from wa_messages m join wa_conversations c on c.id = m.conversation_id
            where m.id = any(${ids}::bigint[]) order by m.next_attempt_at, m.id`.execute(db)
        ).rows;
  const touched = new Set<number>();
  const counts = await drainClaimed<Claimed, string>({
    rows: claimed,
    send: async ([row]): Promise<Attempt<string>> => {
      touched.add(Number(row!.conversation_id));
      try {
        const client = await whatsAppClientFor(db, Number(row!.wa_registry_id), options);
        const wamid =
          row!.type === 'template' && row!.template
            ? await client.sendTemplate(
                row!.customer_wa_id,
                row!.template.name,
                row!.template.language,
                row!.template.parameters,
              )
            : await client.sendText(row!.customer_wa_id, row!.body);
        return { status: 'sent', value: wamid };
      } catch (error) {
        const message =
          error instanceof WhatsAppError || error instanceof WhatsAppSenderError
            ? error.message
            : `Not sent: ${error instanceof Error ? error.message : String(error)}`;
        return {
          status: error instanceof WhatsAppError && error.retryable ? 'retry' : 'failed',
          error: message,
        };
      }
    },
    // Sent is `accepted` (Meta's receipts move it on); one given up stays `failed`, saying so.
    record: async ([row], settled) => {
      const status =
        settled.status === 'sent' ? 'accepted' : settled.status === 'retry' ? 'pending' : 'failed';
      const wamid = settled.status === 'sent' ? settled.value : null;
      const error =
        settled.status === 'sent'
          ? null
          : settled.gaveUp
            ? `${settled.error} — ${settled.gaveUp}`
            : settled.error;
      const next = settled.status === 'retry' ? settled.nextAttemptAt : null;
      await sql`
        update wa_messages set status = ${status}, wamid = ${wamid},
          error = ${error}, locked_until = null, locked_by = null,
          next_attempt_at = coalesce(${next}, next_attempt_at), updated_at = ${options.now()}
        where id = ${row!.id} and locked_by = ${nodeId}`.execute(db);
    },
    attemptsOf: (row) => row.attempts,
    policy: queueRetryPolicy(options, MAX_SEND_ATTEMPTS),
    now: () => now,
  });
  for (const id of touched)
    await sql`update wa_conversations set version = version + 1 where id = ${id}`.execute(db);
  return {
    claimed: counts.claimed,
    sent: counts.sent,
    retrying: counts.retrying,
    failed: counts.failed + counts.dead,
    conversations: [...touched],
  };
}

/** Drains until nothing due is left (tests; the server's worker drains on a timer and when kicked). */
export async function drainOutboxAll(
  db: Kysely<Database>,
  options: OutboxOptions,
  /** Aborted by a stopping server: the loop ends after the batch in hand. */
  signal?: AbortSignal,
): Promise<OutboxResult> {
  return drainUntilEmpty(
    () => drainOutbox(db, options),
    (total, step) => ({
      claimed: total.claimed + step.claimed,
      sent: total.sent + step.sent,
      retrying: total.retrying + step.retrying,
      failed: total.failed + step.failed,
      conversations: [...new Set([...total.conversations, ...step.conversations])],
    }),
    signal,
  );
}
