/**
 * Mayar's webhook, taken in: parse `{ event, data }`, keep the raw call in the inbox, upsert the purchase
 * (newest `updatedAt` wins, a repeat changes nothing) and queue the matching forwarder deliveries, all in one
 * transaction. Used by the webhook route, the reconciliation job and the demo seed alike.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type CapiSource, capiEvent } from '../forwarder/capi.js';
import { normaliseEmail, normalisePhone, parseMayarTime, parseUtm, sha256Hex } from '../normalise.js';
import { type IntakeDb, type InboxStatus, intakeDb } from '../tables.js';
import { createPackageForPurchase } from '../../logistics/service.js';
import { applyShipperStatus } from '../../logistics/shipper.js';
import type { ResourceChangedPayload } from '../../resources/push.js';
import type { AnyDb } from '../../resources/query.js';

export const MAYAR_EVENTS = [
  'payment.received',
  'payment.reminder',
  'shipper.status',
  'membership.newMemberRegistered',
  'membership.changeTierMemberRegistered',
  'membership.memberUnsubscribed',
  'membership.memberExpired',
  'testing',
] as const;

/** Events that carry a transaction and so write a purchase. */
const PURCHASE_EVENTS = new Set(['payment.received', 'payment.reminder']);

export class MayarPayloadError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'MayarPayloadError';
  }
}

export interface ParsedMayarEvent {
  event: string;
  data: Record<string, unknown>;
  /** data.id, or another stable id of the event's subject; a hash of the body when none exists. */
  dataId: string;
  updatedAt: Date | null;
}

const str = (value: unknown): string | null =>
  typeof value === 'string'
    ? value.trim() === ''
      ? null
      : value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

const num = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

/** Parses a webhook body; throws MayarPayloadError naming the field that is wrong. */
export function parseMayarBody(rawBody: string): ParsedMayarEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new MayarPayloadError('The body is not JSON', 'body');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new MayarPayloadError('The body must be a JSON object { event, data }', 'body');
  const { event, data } = body as { event?: unknown; data?: unknown };
  if (typeof event !== 'string' || event.trim() === '')
    throw new MayarPayloadError('event is required (a string such as payment.received)', 'event');
  if (!(MAYAR_EVENTS as readonly string[]).includes(event) && !event.startsWith('membership.'))
    throw new MayarPayloadError(`event "${event.slice(0, 60)}" is not a Mayar event`, 'event');
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new MayarPayloadError('data must be an object', 'data');
  const record = data as Record<string, unknown>;
  const updatedRaw = record.updatedAt ?? record.createdAt;
  const updatedAt = updatedRaw === undefined || updatedRaw === null ? null : parseMayarTime(updatedRaw);
  if (updatedRaw !== undefined && updatedRaw !== null && !updatedAt)
    throw new MayarPayloadError('data.updatedAt must be epoch milliseconds or an ISO time', 'data.updatedAt');

  if (PURCHASE_EVENTS.has(event)) {
    if (!str(record.id)) throw new MayarPayloadError('data.id is required', 'data.id');
    if (!parseMayarTime(record.createdAt))
      throw new MayarPayloadError(
        'data.createdAt must be epoch milliseconds or an ISO time',
        'data.createdAt',
      );
    if (num(record.amount) === null)
      throw new MayarPayloadError('data.amount must be a number', 'data.amount');
    if (!str(record.transactionStatus) && !str(record.status))
      throw new MayarPayloadError('data.transactionStatus is required', 'data.transactionStatus');
  }
  const subject = str(record.id) ?? str(record.transactionId) ?? str(record.memberId);
  const dataId = subject ?? `sha256:${sha256Hex(rawBody)}`;
  return { event, data: record, dataId, updatedAt };
}

export interface IngestInput {
  accountId: number;
  rawBody: string;
  headers?: Record<string, unknown>;
  source: 'webhook' | 'reconciliation' | 'seed';
  historyId?: string;
  now: Date;
  /** Queue forwarder deliveries (off for the demo seed: its purchases are history, not news). */
  forward?: boolean;
  /**
   * MAYAR_VERIFY_PAID: a transaction the webhook calls paid is kept `unverified` (not paid: no report, no
   * forwarding, no package) until the verification job has read it back from Mayar's API (./verify.ts).
   */
  verifyPaid?: boolean;
}

export interface IngestResult {
  inboxId: number;
  status: InboxStatus;
  error?: string;
  field?: string;
  event?: string;
  purchase?: { id: number; action: 'create' | 'update'; version: number };
  /** The package made for a paid purchase of a product that ships (logistics). */
  package?: { id: number; version: number };
  /** A package a shipper.status event moved (Shipping → Delivered, Returned or Problem). */
  packageChange?: ResourceChangedPayload;
  deliveries: number;
  /** The purchase waits for the re-fetch from Mayar (verifyPaid): wake the verification job. */
  awaitsVerification?: boolean;
}

interface PurchaseRow {
  id: string;
  mayar_account_id: string;
  product_id: string | null;
  transaction_status: string;
  paid_at: Date | null;
  mayar_updated_at: Date;
  version: number;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Headers worth keeping (no cookies or authorization: Mayar sends neither, a stray caller might). */
function keptHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (['authorization', 'cookie'].includes(name.toLowerCase())) continue;
    out[name] = value;
  }
  return out;
}

/** Takes in one Mayar event in its own transaction. Never throws for a bad body: it is kept as rejected. */
export async function ingestMayarEvent(db: Kysely<Database>, input: IngestInput): Promise<IngestResult> {
  return intakeDb(db)
    .transaction()
    .execute((trx) => ingestInTransaction(trx, input));
}

export async function ingestInTransaction(trx: IntakeDb, input: IngestInput): Promise<IngestResult> {
  const inbox = (values: {
    status: InboxStatus;
    event?: string | null;
    dataId?: string | null;
    updatedAt?: Date | null;
    error?: string | null;
    purchaseId?: string | null;
  }) =>
    trx
      .insertInto('mayar_webhook_inbox')
      .values({
        mayar_account_id: input.accountId,
        source: input.source,
        event: values.event ?? null,
        data_id: values.dataId ?? null,
        data_updated_at: values.updatedAt ?? null,
        raw_body: input.rawBody,
        headers: JSON.stringify(keptHeaders(input.headers)),
        received_at: input.now,
        status: values.status,
        error: values.error ?? null,
        purchase_id: values.purchaseId ?? null,
        history_id: input.historyId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  let parsed: ParsedMayarEvent;
  try {
    parsed = parseMayarBody(input.rawBody);
  } catch (error) {
    if (!(error instanceof MayarPayloadError)) throw error;
    const row = await inbox({ status: 'rejected', error: error.message });
    return {
      inboxId: Number(row.id),
      status: 'rejected',
      error: error.message,
      field: error.field,
      deliveries: 0,
    };
  }
  const { event, data, dataId, updatedAt } = parsed;

  if (!PURCHASE_EVENTS.has(event)) {
    // No purchase to compare with: the same (event, subject, updatedAt) seen before is a repeat.
    const seen = await trx
      .selectFrom('mayar_webhook_inbox')
      .select('id')
      .where('mayar_account_id', '=', String(input.accountId))
      .where('event', '=', event)
      .where('data_id', '=', dataId)
      .where('status', '=', 'accepted')
      .where((eb) => (updatedAt ? eb('data_updated_at', '=', updatedAt) : eb('data_updated_at', 'is', null)))
      .executeTakeFirst();
    const status: InboxStatus = seen ? 'duplicate' : 'accepted';
    const row = await inbox({ status, event, dataId, updatedAt });
    const shipped =
      status === 'accepted' && event === 'shipper.status'
        ? await applyShipperStatus(trx as unknown as AnyDb, data, updatedAt, input.now)
        : null;
    const deliveries =
      status === 'accepted' && input.forward !== false
        ? await queueDeliveries(trx, input, {
            event,
            dataId,
            inboxId: row.id,
            purchase: null,
            body: input.rawBody,
          })
        : 0;
    return {
      inboxId: Number(row.id),
      status,
      event,
      deliveries,
      ...(shipped?.change ? { packageChange: shipped.change } : {}),
    };
  }

  const createdAt = parseMayarTime(data.createdAt)!;
  const changedAt = updatedAt ?? createdAt;
  const transactionStatus = (str(data.transactionStatus) ?? str(data.status) ?? 'unknown').toLowerCase();
  const awaitsVerification = input.verifyPaid === true && transactionStatus === 'paid';
  const mayarProductId = str(data.productId);
  const product = mayarProductId
    ? await trx
        .selectFrom('products')
        .select(['id', 'tribe_id', 'ships_package'])
        .where('mayar_product_id', '=', mayarProductId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  const tracking = data.urlParamTrackingData ?? data.trackingData ?? data.utm ?? null;
  const utm = parseUtm(tracking);
  const qty = num(data.qty);
  const values = {
    mayar_id: dataId,
    transaction_id: str(data.transactionId),
    mayar_account_id: input.accountId,
    last_event: event,
    status: str(data.status) ?? transactionStatus.toUpperCase(),
    transaction_status: awaitsVerification ? 'unverified' : transactionStatus,
    paid_at: transactionStatus === 'paid' && !awaitsVerification ? changedAt : null,
    verification: awaitsVerification ? ('pending' as const) : null,
    verify_attempts: 0,
    verify_next_at: awaitsVerification ? input.now : null,
    verify_note: null,
    mayar_created_at: createdAt,
    mayar_updated_at: changedAt,
    merchant_id: str(data.merchantId),
    merchant_name: str(data.merchantName),
    customer_name: str(data.customerName),
    customer_email: normaliseEmail(data.customerEmail),
    customer_mobile: normalisePhone(data.customerMobile),
    amount: Math.round(num(data.amount) ?? 0),
    nett_amount: num(data.nettAmount) === null ? null : Math.round(num(data.nettAmount)!),
    mayar_product_id: mayarProductId,
    product_id: product?.id ?? null,
    product_name: str(data.productName),
    product_type: str(data.productType),
    unknown_product: !product,
    tribe_id: product?.tribe_id ?? null,
    qty: qty === null ? null : Math.round(qty),
    payment_method: str(data.paymentMethod),
    coupon_used: str(data.couponUsed),
    pixel_fbp: str(data.pixelFbp),
    pixel_fbc: str(data.pixelFbc),
    ...utm,
    tracking_data: json(tracking),
    custom_field: json(data.customField ?? data.custom_field ?? data.customeField),
    extra_data: json(data.extraData ?? data.extra_data),
    raw: json(data)!,
    created_at: input.now,
    updated_at: input.now,
  };
  const { created_at: _created, ...updatable } = values;
  const written = await trx
    .insertInto('purchases')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('mayar_id')
        .doUpdateSet({
          ...Object.fromEntries(Object.keys(updatable).map((key) => [key, sql.ref(`excluded.${key}`)])),
          version: sql`purchases.version + 1`,
        })
        // Newest updatedAt wins; at equal times a paid state beats an unpaid one (reminder racing the payment).
        .where(
          sql<boolean>`purchases.mayar_account_id = excluded.mayar_account_id and (purchases.mayar_updated_at < excluded.mayar_updated_at or (purchases.mayar_updated_at = excluded.mayar_updated_at and purchases.transaction_status <> 'paid' and excluded.transaction_status = 'paid'))`,
        ),
    )
    .returning([
      'id',
      'mayar_account_id',
      'product_id',
      'transaction_status',
      'paid_at',
      'mayar_updated_at',
      'version',
    ])
    .executeTakeFirst();

  if (!written) {
    const existing = await trx
      .selectFrom('purchases')
      .select(['id', 'mayar_account_id', 'mayar_updated_at'])
      .where('mayar_id', '=', dataId)
      .executeTakeFirstOrThrow();
    if (Number(existing.mayar_account_id) !== input.accountId) {
      const error = 'data.id belongs to a transaction of another Mayar account';
      const row = await inbox({ status: 'rejected', event, dataId, updatedAt, error });
      return { inboxId: Number(row.id), status: 'rejected', error, field: 'data.id', event, deliveries: 0 };
    }
    const status: InboxStatus =
      existing.mayar_updated_at.getTime() === changedAt.getTime() ? 'duplicate' : 'stale';
    const row = await inbox({ status, event, dataId, updatedAt: changedAt, purchaseId: existing.id });
    return { inboxId: Number(row.id), status, event, deliveries: 0 };
  }

  const purchase = written as PurchaseRow;
  // A paid purchase of a product that ships gets its package for Logistics, once.
  const made =
    purchase.transaction_status === 'paid' && product?.ships_package
      ? await createPackageForPurchase(trx as unknown as AnyDb, {
          id: purchase.id,
          transaction_id: values.transaction_id,
          mayar_id: dataId,
          customer_name: values.customer_name,
          customer_mobile: values.customer_mobile,
          qty: values.qty,
          raw: data,
        })
      : null;
  const row = await inbox({
    status: 'accepted',
    event,
    dataId,
    updatedAt: changedAt,
    purchaseId: purchase.id,
  });
  // An unverified purchase is forwarded when it becomes paid (queuePaidPurchase), not now.
  const deliveries =
    input.forward === false || awaitsVerification
      ? 0
      : await queueDeliveries(trx, input, {
          event,
          dataId,
          inboxId: row.id,
          body: input.rawBody,
          purchase: {
            ...purchase,
            mayarId: dataId,
            transactionId: values.transaction_id,
            email: values.customer_email,
            mobile: values.customer_mobile,
            fbp: values.pixel_fbp,
            fbc: values.pixel_fbc,
            amount: values.amount,
            mayarProductId,
            productName: values.product_name,
            qty: values.qty,
          },
        });
  return {
    inboxId: Number(row.id),
    status: 'accepted',
    event,
    purchase: {
      id: Number(purchase.id),
      action: purchase.version === 1 ? 'create' : 'update',
      version: purchase.version,
    },
    ...(made ? { package: { id: made.id as number, version: made.version as number } } : {}),
    deliveries,
    ...(awaitsVerification ? { awaitsVerification } : {}),
  };
}

/**
 * What the webhook would have done for a paid purchase, done when a verified one becomes paid: its package
 * and its forwarder deliveries (from the inbox call that wrote it), in the caller's transaction.
 */
export async function queuePaidPurchase(
  trx: IntakeDb,
  purchaseId: string,
  now: Date,
): Promise<{ deliveries: number; package?: { id: number; version: number } }> {
  const purchase = await trx
    .selectFrom('purchases')
    .selectAll()
    .where('id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  const inboxRow = await trx
    .selectFrom('mayar_webhook_inbox')
    .select(['id', 'raw_body'])
    .where('purchase_id', '=', purchaseId)
    .where('status', '=', 'accepted')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const raw = (typeof purchase.raw === 'string' ? JSON.parse(purchase.raw) : purchase.raw) as Record<
    string,
    unknown
  >;
  const product = purchase.product_id
    ? await trx
        .selectFrom('products')
        .select('ships_package')
        .where('id', '=', purchase.product_id)
        .executeTakeFirst()
    : undefined;
  const made = product?.ships_package
    ? await createPackageForPurchase(trx as unknown as AnyDb, {
        id: purchase.id,
        transaction_id: purchase.transaction_id,
        mayar_id: purchase.mayar_id,
        customer_name: purchase.customer_name,
        customer_mobile: purchase.customer_mobile,
        qty: purchase.qty,
        raw,
      })
    : null;
  const deliveries = await queueDeliveries(
    trx,
    { accountId: Number(purchase.mayar_account_id), rawBody: inboxRow.raw_body, source: 'webhook', now },
    {
      event: purchase.last_event,
      dataId: purchase.mayar_id,
      inboxId: inboxRow.id,
      body: inboxRow.raw_body,
      purchase: {
        id: purchase.id,
        mayar_account_id: String(purchase.mayar_account_id),
        product_id: purchase.product_id === null ? null : String(purchase.product_id),
        transaction_status: purchase.transaction_status,
        paid_at: purchase.paid_at,
        mayar_updated_at: purchase.mayar_updated_at,
        version: purchase.version,
        mayarId: purchase.mayar_id,
        transactionId: purchase.transaction_id,
        email: purchase.customer_email,
        mobile: purchase.customer_mobile,
        fbp: purchase.pixel_fbp,
        fbc: purchase.pixel_fbc,
        amount: Number(purchase.amount),
        mayarProductId: purchase.mayar_product_id,
        productName: purchase.product_name,
        qty: purchase.qty,
      },
    },
  );
  return {
    deliveries,
    ...(made ? { package: { id: made.id as number, version: made.version as number } } : {}),
  };
}

interface QueueSource {
  event: string;
  dataId: string;
  inboxId: string;
  body: string;
  purchase: (PurchaseRow & Omit<CapiSource, 'eventTime'>) | null;
}

/**
 * The outbox: one delivery per matching rule and source event, in the caller's transaction, so a purchase and
 * the promise to forward it commit together. A rule sees an event once (unique forwarder + source key).
 */
async function queueDeliveries(trx: IntakeDb, input: IngestInput, source: QueueSource): Promise<number> {
  const rules = await trx
    .selectFrom('webhook_forwarders')
    .select(['id', 'destination', 'product_id', 'capi_event_name'])
    .where('mayar_account_id', '=', String(input.accountId))
    .where('event_filter', '=', source.event)
    .where('active', '=', true)
    .where('deleted_at', 'is', null)
    .execute();
  let queued = 0;
  for (const rule of rules) {
    const purchase = source.purchase;
    if (rule.product_id !== null && rule.product_id !== purchase?.product_id) continue;
    let payload: unknown;
    let eventTime: Date;
    if (rule.destination === 'meta_capi') {
      // Conversions are for money received: unpaid reminders and events without a purchase are not sent.
      if (!purchase || purchase.transaction_status !== 'paid') continue;
      eventTime = purchase.paid_at ?? purchase.mayar_updated_at;
      payload = capiEvent({ ...purchase, eventTime }, rule.capi_event_name ?? 'Purchase');
    } else {
      eventTime = purchase?.mayar_updated_at ?? input.now;
      payload = JSON.parse(source.body) as unknown;
    }
    const inserted = await trx
      .insertInto('forwarder_deliveries')
      .values({
        forwarder_id: rule.id,
        inbox_id: source.inboxId,
        purchase_id: purchase?.id ?? null,
        source_key: `${source.event}:${source.dataId}`,
        destination: rule.destination,
        payload: JSON.stringify(payload),
        event_time: eventTime,
        next_attempt_at: input.now,
        created_at: input.now,
        updated_at: input.now,
      })
      .onConflict((oc) => oc.columns(['forwarder_id', 'source_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) queued += 1;
  }
  return queued;
}
