/**
 * Mayar's `shipper.status` events (tracking of a physical product changed) onto the matching package: the same
 * path as the courier poll (applyTrackIn), inside the intake's transaction. Mayar does not document the body, so
 * the package is found by its receipt (waybill fields, with the courier when given) or by the purchase's
 * transaction. Stale-safe: an event older than the last one applied to the package changes nothing.
 */
import { sql } from 'kysely';
import { COURIER_OPTIONS, normaliseReceipt } from '@staff/console-contract';
import type { ResourceChangedPayload } from '../resources/push.js';
import type { AnyDb } from '../resources/query.js';
import { courierStateOf } from './courier.js';
import { applyTrackIn } from './tracking.js';

export interface ShipperOutcome {
  /** The matched package, or null when no live package matches (the event stays in the inbox). */
  packageId: number | null;
  applied: boolean;
  /** Why nothing was applied. */
  reason?: 'no_package' | 'stale' | 'no_status';
  change?: ResourceChangedPayload;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

const first = (data: Record<string, unknown>, keys: readonly string[]) => {
  for (const key of keys) {
    const value = text(data[key]);
    if (value) return value;
  }
  return null;
};

/** A courier code from a code or a label ("J&T", "sicepat", "SiCepat Ekspres" → sicepat). */
function courierCode(value: string | null): string | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  const option = COURIER_OPTIONS.find(
    (candidate) => candidate.value === lower || candidate.label.toLowerCase() === lower,
  );
  return (
    option?.value ?? COURIER_OPTIONS.find((candidate) => lower.startsWith(candidate.value))?.value ?? null
  );
}

async function findPackage(trx: AnyDb, data: Record<string, unknown>): Promise<number | null> {
  const waybill = first(data, ['waybillId', 'waybill', 'awb', 'resi', 'receipt', 'trackingNumber']);
  const courier = courierCode(first(data, ['courier', 'courierCode', 'courierCompany', 'courierName']));
  if (waybill) {
    const found = await sql<{ id: string }>`select id from packages
      where deleted_at is null and lower(receipt) = lower(${normaliseReceipt(waybill)})
        and (${courier}::text is null or courier = ${courier}) order by id limit 2`.execute(trx);
    // The same number at two couriers is two parcels: without the courier it names neither.
    if (found.rows.length === 1) return Number(found.rows[0]!.id);
  }
  const transaction = first(data, ['transactionId', 'paymentId', 'invoiceId']);
  if (transaction) {
    const found = await sql<{
      id: string;
    }>`select p.id from packages p join purchases pu on pu.id = p.purchase_id
      where p.deleted_at is null and (pu.transaction_id = ${transaction} or pu.mayar_id = ${transaction})
      limit 1`.execute(trx);
    if (found.rows[0]) return Number(found.rows[0].id);
  }
  return null;
}

/** Applies one accepted shipper.status event. `at` is the event's updatedAt (the receipt time when absent). */
export async function applyShipperStatus(
  trx: AnyDb,
  data: Record<string, unknown>,
  at: Date | null,
  now: Date,
): Promise<ShipperOutcome> {
  const packageId = await findPackage(trx, data);
  if (packageId === null) return { packageId, applied: false, reason: 'no_package' };
  const status = first(data, ['status', 'shipperStatus', 'shippingStatus', 'trackingStatus']);
  if (!status) return { packageId, applied: false, reason: 'no_status' };
  const when = at ?? now;
  // One row lock per package orders concurrent events; the newer one wins whatever the arrival order.
  const last = await sql<{ mayar_status_at: Date | null }>`
    select t.mayar_status_at from packages p left join package_tracking t on t.package_id = p.id
    where p.id = ${packageId} for update of p`.execute(trx);
  const previous = last.rows[0]?.mayar_status_at;
  if (previous && new Date(previous).getTime() >= when.getTime())
    return { packageId, applied: false, reason: 'stale' };
  const note = first(data, ['note', 'description', 'message']);
  const result = await applyTrackIn(
    trx,
    packageId,
    {
      state: courierStateOf(status),
      courierStatus: status.toLowerCase(),
      message: note,
      link: first(data, ['link', 'trackingUrl', 'trackingLink']),
      events: [{ at: when, description: `Mayar: ${note ?? status}`, status: status.toLowerCase() }],
    },
    now,
  );
  await sql`update package_tracking set mayar_status_at = ${when} where package_id = ${packageId}`.execute(
    trx,
  );
  return { packageId, applied: true, ...(result.change ? { change: result.change } : {}) };
}
