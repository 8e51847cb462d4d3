/**
 * Telling customers their package is on its way, through an outbox (the forwarder's model): staff queue a
 * message per package in one transaction with its audit entry; a worker claims due messages with `FOR UPDATE
 * SKIP LOCKED` (several nodes never send one twice), sends them outside any transaction through the WhatsApp
 * adapter, and on success marks the package cust_notified (the entity's `notify` action, audited as the
 * system). Network errors and 5xx are retried with backoff; a refusal (4xx) stays failed until staff retry it.
 */
import { sql } from 'kysely';
import { SHIPPED_TEMPLATE, packages, shippedMessage, shippedParameters } from '@staff/console-contract';
import type { ResourceChangedPayload } from '../resources/push.js';
import { NODE_ID } from '../jobs/runOnce.js';
import {
  type QueueDrainCounts,
  type QueueDrainOptions,
  claimDue,
  drainClaimed,
  queueRetryPolicy,
} from '../jobs/outbox.js';
import { ResourceError, runActionIn, writeResourceAudit, type ResourceActor } from '../resources/service.js';
import type { AnyDb } from '../resources/query.js';
import { LOGISTICS_SYSTEM } from './service.js';

/** One message of the outbox: a template with its parameters, and the same in words. */
export interface OutgoingMessage {
  to: string;
  template: string;
  language: string;
  parameters: string[];
  body: string;
}

/** What the outbox needs of WhatsApp: send one message; a SendError says whether trying again may help. */
export interface MessageSender {
  send: (message: OutgoingMessage) => Promise<{ id: string | null }>;
}

/** A send that failed; `retry` false when the receiver refused the message itself (4xx). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'SendError';
  }
}

export const NOTIFY_MAX_ATTEMPTS = 5;

/** WhatsApp wants the number with its country code and digits only: `0812…` → `62812…`. */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const full = digits.startsWith('0')
    ? `62${digits.slice(1)}`
    : digits.startsWith('8')
      ? `62${digits}`
      : digits;
  return /^\d{8,15}$/.test(full) ? full : null;
}

/**
 * Queues the "package sent" message of each package (one pending message per package at most). A package
 * without courier, receipt or a usable phone is a 400 naming it; nothing is queued then.
 */
export async function queueNotifications(
  db: AnyDb,
  ids: readonly number[],
  linkOf: (courier: string, receipt: string) => string,
  actor: ResourceActor,
  now: Date,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const unique = [...new Set(ids)];
    const found = await sql<{
      id: string;
      order_ref: string;
      recipient_name: string;
      phone: string;
      courier: string | null;
      receipt: string | null;
    }>`select id, order_ref, recipient_name, phone, courier, receipt from packages
      where id in (${sql.join(unique)}) and deleted_at is null for update`.execute(trx);
    const fields: Record<string, string[]> = {};
    const byId = new Map(found.rows.map((row) => [Number(row.id), row]));
    const ready: { id: number; phone: string; parameters: string[]; body: string }[] = [];
    unique.forEach((id) => {
      const index = ids.indexOf(id);
      const row = byId.get(id);
      const problem = !row
        ? `No package ${id}`
        : !row.courier || !row.receipt
          ? `Package ${row.order_ref} has no courier and receipt yet`
          : !whatsappNumber(row.phone)
            ? `Package ${row.order_ref} has no usable phone number (${row.phone})`
            : null;
      if (problem || !row) {
        fields[`body.ids.${index}`] = [problem ?? `No package ${id}`];
        return;
      }
      const values = {
        name: row.recipient_name,
        courier: row.courier!,
        receipt: row.receipt!,
        link: linkOf(row.courier!, row.receipt!),
      };
      ready.push({
        id,
        phone: whatsappNumber(row.phone)!,
        parameters: shippedParameters(values),
        body: shippedMessage(values),
      });
    });
    if (Object.keys(fields).length > 0)
      throw new ResourceError(400, {
        message: 'Some packages cannot be notified yet; nothing was queued.',
        code: 'INVALID_INPUT',
        fields,
      });
    const queued: number[] = [];
    const userId = actor.kind === 'user' ? actor.userId : null;
    for (const item of ready) {
      const pending =
        await sql`select 1 from package_notifications where package_id = ${item.id} and status = 'pending'`.execute(
          trx,
        );
      if (pending.rows.length > 0) continue;
      const inserted = await sql<{ id: string }>`insert into package_notifications
        (package_id, phone, template, language, parameters, body, next_attempt_at, created_by, created_at, updated_at)
        values (${item.id}, ${item.phone}, ${SHIPPED_TEMPLATE.name}, ${SHIPPED_TEMPLATE.language},
          ${JSON.stringify(item.parameters)}, ${item.body}, ${now}, ${userId}, ${now}, ${now}) returning id`.execute(
        trx,
      );
      await writeResourceAudit(trx, actor, 'notify_queued', packages.name, item.id, null, {
        notification_id: Number(inserted.rows[0]!.id),
        phone: item.phone,
      });
      queued.push(item.id);
    }
    return queued;
  });
}

/** Puts a failed message back in the queue, now. */
export async function retryNotification(
  db: AnyDb,
  id: number,
  actor: ResourceActor,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await sql<{ package_id: string }>`update package_notifications
      set status = 'pending', next_attempt_at = ${now}, locked_until = null, updated_at = ${now}
      where id = ${id} and status = 'failed' returning package_id`.execute(trx);
    const row = updated.rows[0];
    if (!row) return false;
    await writeResourceAudit(trx, actor, 'notify_retried', packages.name, Number(row.package_id), null, {
      notification_id: id,
    });
    return true;
  });
}

export type NotifyDrainOptions = QueueDrainOptions;

export interface NotifyDrainResult extends QueueDrainCounts {
  changes: ResourceChangedPayload[];
}

/** One pass: claim due messages, send each, record the outcome. */
export async function drainNotifications(
  db: AnyDb,
  sender: MessageSender,
  options: NotifyDrainOptions,
): Promise<NotifyDrainResult> {
  const now = options.now();
  const holder = options.nodeId ?? NODE_ID;
  const ids = await claimDue(db, 'package_notifications', {
    now,
    nodeId: holder,
    leaseMs: options.leaseMs ?? 60_000,
    limit: options.claim ?? 20,
  });
  const claimed =
    ids.length === 0
      ? []
      : (
          await sql<{
            id: string;
            package_id: string;
            phone: string;
            template: string;
            language: string;
            parameters: string[];
            body: string;
            attempts: number;
          }>`
            select id, package_id, phone, template, language, parameters, body, attempts from package_notifications
            where id = any(${ids}::bigint[]) order by next_attempt_at, id`.execute(db)
        ).rows;
  const changes: ResourceChangedPayload[] = [];
  const counts = await drainClaimed<(typeof claimed)[number], string | null>({
    rows: claimed,
    send: async ([message]) => {
      try {
        const sent = await sender.send({
          to: message!.phone,
          template: message!.template,
          language: message!.language,
          parameters: message!.parameters,
          body: message!.body,
        });
        return { status: 'sent', value: sent.id };
      } catch (error) {
        const retry = error instanceof SendError ? error.retry : true;
        const text = error instanceof Error ? error.message : String(error);
        return { status: retry ? 'retry' : 'failed', error: text.slice(0, 1000) };
      }
    },
    // Sent: the package is marked notified in the same transaction (the entity's `notify` action, audited as
    // the system). Refused or given up: `failed` until staff retry it.
    record: async ([message], settled) => {
      const at = options.now();
      if (settled.status !== 'sent') {
        await sql`update package_notifications
          set status = ${settled.status === 'retry' ? 'pending' : 'failed'}, attempts = ${message!.attempts},
            last_error = ${settled.error}, next_attempt_at = ${settled.nextAttemptAt}, locked_until = null,
            updated_at = ${at}
          where id = ${message!.id} and locked_by = ${holder}`.execute(db);
        return;
      }
      await db.transaction().execute(async (trx) => {
        await sql`update package_notifications set status = 'sent', attempts = ${message!.attempts}, sent_at = ${at},
          message_id = ${settled.value}, last_error = null, locked_until = null, updated_at = ${at}
          where id = ${message!.id} and locked_by = ${holder}`.execute(trx);
        const notify = packages.actions!.find((action) => action.name === 'notify')!;
        const [row] = await runActionIn(
          trx,
          packages,
          notify,
          [{ id: Number(message!.package_id) }],
          LOGISTICS_SYSTEM,
          at,
        );
        if (row)
          changes.push({
            entity: packages.name,
            id: row.id as number,
            action: 'update',
            version: row.version as number,
          });
      });
    },
    attemptsOf: (message) => message.attempts,
    policy: queueRetryPolicy(options, NOTIFY_MAX_ATTEMPTS),
    now: options.now,
  });
  return {
    claimed: counts.claimed,
    sent: counts.sent,
    retrying: counts.retrying,
    failed: counts.failed + counts.dead,
    changes,
  };
}

/** The messages of the logistics page, newest first (failed ones are what staff act on). */
export async function listNotifications(
  db: AnyDb,
  filter: { status?: string | undefined; package_id?: number | undefined },
) {
  const result = await sql<{
    id: string;
    package_id: string;
    order_ref: string;
    phone: string;
    status: 'pending' | 'sent' | 'failed';
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date;
    sent_at: Date | null;
    created_at: Date;
  }>`select n.id, n.package_id, p.order_ref, n.phone, n.status, n.attempts, n.last_error, n.next_attempt_at,
      n.sent_at, n.created_at
    from package_notifications n join packages p on p.id = n.package_id
    where (${filter.status ?? null}::text is null or n.status = ${filter.status ?? null})
      and (${filter.package_id ?? null}::bigint is null or n.package_id = ${filter.package_id ?? null})
    order by n.id desc limit 200`.execute(db);
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return result.rows.map((row) => ({
    id: Number(row.id),
    package_id: Number(row.package_id),
    order_ref: row.order_ref,
    phone: row.phone,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    next_attempt_at: new Date(row.next_attempt_at).toISOString(),
    sent_at: iso(row.sent_at),
    created_at: new Date(row.created_at).toISOString(),
  }));
}
