/**
 * Processing email change requests (issue #32). Approving a pending request is one transaction: the request's
 * row is locked (a second decision, from a second person pressing at once, waits and then finds it decided:
 * 409), its purchases move from the old email to the new one (each with its audit entry), the request becomes
 * done, and the customer's WhatsApp message (the `email_changed` template) and one call to Mayar's "update
 * customer email" per Mayar account are written to their outboxes. Nothing is sent inside the transaction, so
 * WhatsApp or Mayar being down cannot leave half a change: the outboxes retry later. Rejecting needs a reason.
 *
 * Which purchases move: paid or not, those whose email is the request's old email (trimmed, any case), narrowed
 * to the request's Mayar transaction (`mayar_id` or `transaction_id`) when it names one, and to its product when
 * it names one. No purchase matching is a 409: approving would change nothing but the request.
 * Product access is derived from purchases (there is no separate entitlement table), so moving the purchases is
 * moving the access; reports and the Venn diagram read purchases and follow.
 */
import { type Kysely, sql } from 'kysely';
import {
  CHANGE_EMAIL_CODES,
  CHANGE_EMAIL_MESSAGES,
  EMAIL_CHANGED_TEMPLATE,
  type ChangeEmailDecision,
  changeEmails,
  emailChangedMessage,
  emailChangedParameters,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import { whatsappNumber } from '../logistics/notify.js';
import { writeAudit } from '../services/audit.js';
import { queueOutgoing } from '../whatsapp/outbox.js';

export interface DecisionActor {
  userId: number;
  ip: string | null;
}

interface RequestRow {
  id: string;
  customer_name: string;
  customer_phone: string | null;
  old_email: string;
  new_email: string;
  mayar_transaction_id: string | null;
  product_id: string | null;
  status: string;
  processed_at: Date | null;
  version: number;
}

/** Why no WhatsApp message was queued for an approved request. */
export const NOTIFY_SKIPPED = {
  noPhone: 'The request has no usable WhatsApp number',
  noNumber: 'No active WhatsApp number with the purpose Notification',
} as const;

const ENTITY = changeEmails.name;

/** Locks the request's row; 404 when there is none (or it was deleted), 409 once decided. */
async function lockPending(trx: Kysely<Database>, id: number): Promise<RequestRow> {
  const found = await sql<RequestRow>`
    select id, customer_name, customer_phone, old_email, new_email, mayar_transaction_id, product_id, status,
      processed_at, version
    from change_emails where id = ${id} and deleted_at is null for update`.execute(trx);
  const row = found.rows[0];
  if (!row) throw new HttpError(404, `No email change with id ${id}`, 'NOT_FOUND');
  if (row.status !== 'pending')
    throw new HttpError(
      409,
      row.status === 'rejected'
        ? CHANGE_EMAIL_MESSAGES.alreadyRejected
        : CHANGE_EMAIL_MESSAGES.alreadyApproved,
      CHANGE_EMAIL_CODES.alreadyProcessed,
    );
  return row;
}

/** The request leaves `pending`: status, processed_at, who, a new version, and its audit entry. */
async function closeRequest(
  trx: Kysely<Database>,
  row: RequestRow,
  status: 'done' | 'rejected',
  actor: DecisionActor,
  now: Date,
  details: Record<string, unknown>,
): Promise<void> {
  await sql`update change_emails set status = ${status}, processed_at = ${now}, updated_at = ${now},
      updated_by = ${actor.userId}, version = version + 1
    where id = ${row.id}`.execute(trx);
  await writeAudit(trx, {
    actorId: actor.userId,
    ip: actor.ip,
    action: status === 'done' ? 'change_email.approve' : 'change_email.reject',
    entity: ENTITY,
    entityId: row.id,
    before: { status: row.status, processed_at: null },
    after: { status, processed_at: now.toISOString(), ...details },
  });
}

/**
 * The business number that sends the message: an active Notification number of the request's product, else
 * one of no product, else any active Notification number (lowest id first, so the choice is stable).
 */
async function notificationNumber(trx: Kysely<Database>, productId: string | null): Promise<string | null> {
  const found = await sql<{ id: string }>`
    select id from wa_registries
    where purpose = 'notification' and active and deleted_at is null
    order by case when product_id = ${productId} then 0 when product_id is null then 1 else 2 end, id
    limit 1`.execute(trx);
  return found.rows[0]?.id ?? null;
}

/** Queues the `email_changed` template in the customer's conversation; null with why when it cannot. */
async function queueNotification(
  trx: Kysely<Database>,
  row: RequestRow,
  actor: DecisionActor,
  now: Date,
): Promise<{ messageId: number | null; skipped: string | null }> {
  const to = row.customer_phone ? whatsappNumber(row.customer_phone) : null;
  if (!to) return { messageId: null, skipped: NOTIFY_SKIPPED.noPhone };
  const registryId = await notificationNumber(trx, row.product_id);
  if (!registryId) return { messageId: null, skipped: NOTIFY_SKIPPED.noNumber };
  const conversation = await sql<{ id: string }>`
    insert into wa_conversations as c (wa_registry_id, customer_wa_id, customer_name)
    values (${registryId}, ${to}, ${row.customer_name})
    on conflict (wa_registry_id, customer_wa_id) do update set
      customer_name = coalesce(c.customer_name, excluded.customer_name)
    returning id`.execute(trx);
  const values = { name: row.customer_name, oldEmail: row.old_email, newEmail: row.new_email };
  const queued = await queueOutgoing(trx, {
    conversationId: conversation.rows[0]!.id,
    message: {
      type: 'template',
      name: EMAIL_CHANGED_TEMPLATE.name,
      language: EMAIL_CHANGED_TEMPLATE.language,
      parameters: emailChangedParameters(values),
    },
    sentBy: actor.userId,
    now,
  });
  // The thread shows the words, not the template's name.
  await sql`update wa_messages set body = ${emailChangedMessage(values)} where id = ${queued.id}`.execute(
    trx,
  );
  return { messageId: queued.id, skipped: null };
}

/** Approves a pending request (see the file's comment). */
export async function approveChangeEmail(
  db: Kysely<Database>,
  id: number,
  actor: DecisionActor,
  now: Date,
): Promise<ChangeEmailDecision> {
  await db.transaction().execute(async (trx) => {
    const row = await lockPending(trx, id);
    const purchases = await sql<{ id: string; customer_email: string; mayar_account_id: string }>`
      select id, customer_email, mayar_account_id from purchases
      where customer_email is not null and lower(btrim(customer_email)) = lower(btrim(${row.old_email}))
        and (${row.mayar_transaction_id}::text is null
          or mayar_id = ${row.mayar_transaction_id} or transaction_id = ${row.mayar_transaction_id})
        and (${row.product_id}::bigint is null or product_id = ${row.product_id})
      order by id
      for update`.execute(trx);
    if (purchases.rows.length === 0)
      throw new HttpError(409, CHANGE_EMAIL_MESSAGES.nothingToMove, CHANGE_EMAIL_CODES.nothingToMove);
    const newEmail = row.new_email.trim().toLowerCase();
    await sql`update purchases set customer_email = ${newEmail}, updated_at = ${now}, version = version + 1
      where id = any(${purchases.rows.map((purchase) => purchase.id)}::bigint[])`.execute(trx);
    for (const purchase of purchases.rows)
      await writeAudit(trx, {
        actorId: actor.userId,
        ip: actor.ip,
        action: 'change_email.move_purchase',
        entity: 'purchases',
        entityId: purchase.id,
        before: { customer_email: purchase.customer_email },
        after: { customer_email: newEmail, change_email_id: Number(row.id) },
      });
    const notification = await queueNotification(trx, row, actor, now);
    const accounts = [...new Set(purchases.rows.map((purchase) => purchase.mayar_account_id))];
    for (const account of accounts)
      await sql`insert into change_email_mayar_updates
          (change_email_id, mayar_account_id, from_email, to_email, next_attempt_at, created_at, updated_at)
        values (${row.id}, ${account}, ${row.old_email.trim()}, ${newEmail}, ${now}, ${now}, ${now})`.execute(
        trx,
      );
    await sql`insert into change_email_decisions
        (change_email_id, decision, decided_by, decided_at, purchases_moved, notification_message_id,
         notification_skipped)
      values (${row.id}, 'approved', ${actor.userId}, ${now}, ${purchases.rows.length}, ${notification.messageId},
        ${notification.skipped})`.execute(trx);
    await closeRequest(trx, row, 'done', actor, now, {
      purchases_moved: purchases.rows.length,
      notification_message_id: notification.messageId,
      notification_skipped: notification.skipped,
      mayar_accounts: accounts.map(Number),
    });
  });
  return (await readDecision(db, id))!;
}

/** Rejects a pending request with a reason (the contract's schema has trimmed it and checked it is there). */
export async function rejectChangeEmail(
  db: Kysely<Database>,
  id: number,
  reason: string,
  actor: DecisionActor,
  now: Date,
): Promise<ChangeEmailDecision> {
  const text = reason.trim();
  if (!text)
    throw new HttpError(400, 'Invalid body', 'INVALID_INPUT', {
      'body.reason': [CHANGE_EMAIL_MESSAGES.reasonRequired],
    });
  await db.transaction().execute(async (trx) => {
    const row = await lockPending(trx, id);
    await sql`insert into change_email_decisions (change_email_id, decision, reason, decided_by, decided_at)
      values (${row.id}, 'rejected', ${text}, ${actor.userId}, ${now})`.execute(trx);
    await closeRequest(trx, row, 'rejected', actor, now, { reason: text });
  });
  return (await readDecision(db, id))!;
}

/** A request's decision with its message's and Mayar updates' state now; null while undecided. */
export async function readDecision(db: Kysely<Database>, id: number): Promise<ChangeEmailDecision | null> {
  const found = await sql<{
    change_email_id: string;
    decision: 'approved' | 'rejected';
    reason: string | null;
    decided_by: number | null;
    decided_by_name: string | null;
    decided_at: Date;
    purchases_moved: number;
    notification_message_id: string | null;
    notification_skipped: string | null;
    message_status: string | null;
    message_error: string | null;
  }>`
    select d.change_email_id, d.decision, d.reason, d.decided_by, u.full_name as decided_by_name, d.decided_at,
      d.purchases_moved, d.notification_message_id, d.notification_skipped, m.status as message_status,
      m.error as message_error
    from change_email_decisions d
    left join users u on u.id = d.decided_by
    left join wa_messages m on m.id = d.notification_message_id
    where d.change_email_id = ${id}`.execute(db);
  const row = found.rows[0];
  if (!row) return null;
  const updates = await sql<{
    id: string;
    mayar_account_id: string;
    status: 'pending' | 'done' | 'failed';
    attempts: number;
    last_error: string | null;
  }>`select id, mayar_account_id, status, attempts, last_error from change_email_mayar_updates
    where change_email_id = ${id} order by id`.execute(db);
  const notification =
    row.decision === 'rejected'
      ? null
      : row.notification_message_id
        ? {
            status: (row.message_status ?? 'pending') as 'pending',
            message_id: Number(row.notification_message_id),
            detail: row.message_error,
          }
        : { status: 'skipped' as const, message_id: null, detail: row.notification_skipped };
  return {
    change_email_id: Number(row.change_email_id),
    decision: row.decision,
    reason: row.reason,
    decided_by: row.decided_by,
    decided_by_name: row.decided_by_name,
    decided_at: new Date(row.decided_at).toISOString(),
    purchases_moved: row.purchases_moved,
    notification,
    mayar_updates: updates.rows.map((update) => ({
      id: Number(update.id),
      mayar_account_id: Number(update.mayar_account_id),
      status: update.status,
      attempts: update.attempts,
      last_error: update.last_error,
    })),
  };
}
