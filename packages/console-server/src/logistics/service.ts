/**
 * Logistics writes beyond the generic actions: receipts in bulk, receipt confirmation and the package the intake
 * makes for a paid purchase of a product that ships. Each runs in one transaction with its audit entries, through
 * the resource service's action runner (so the audit, versions and 409s are the entity's own).
 */
import { sql } from 'kysely';
import { packages, type EntityAction } from '@staff/console-contract';
import {
  ResourceError,
  guarded,
  runAction,
  runActionIn,
  writeResourceAudit,
  type ResourceActor,
} from '../resources/service.js';
import { type AnyDb, type Row, rowFromDb, selectList, table } from '../resources/query.js';

/** The server's own writes (tracking, the notification outbox, the intake). */
export const LOGISTICS_SYSTEM: ResourceActor = { kind: 'system', name: 'Logistics' };

const WIB_MS = 7 * 3_600_000;
export const jakartaDay = (instant: Date) => new Date(instant.getTime() + WIB_MS).toISOString().slice(0, 10);

/** Statuses whose receipt can still be set: not once the parcel came back or arrived. */
const RECEIPT_STATUSES = ['Waiting', 'Ready to Ship', 'Shipping', 'Problem'];

export interface ReceiptInput {
  id?: number | undefined;
  order_ref?: string | undefined;
  courier: string;
  receipt: string;
}

const bad = (fields: Record<string, string[]>) =>
  new ResourceError(400, {
    message: `${Object.keys(fields).length === 1 ? 'A row' : 'Some rows'} cannot be saved; nothing was changed.`,
    code: 'INVALID_INPUT',
    fields,
  });

/**
 * Records courier and receipt for each row (by package id or order number), all or none. A receipt is unique per
 * courier among live packages: a clash with another package or another row is a 400 naming the row.
 */
export async function setReceipts(
  db: AnyDb,
  rows: readonly ReceiptInput[],
  actor: ResourceActor,
  now: Date,
): Promise<Row[]> {
  return guarded(packages, () =>
    db.transaction().execute(async (trx) => {
      const fields: Record<string, string[]> = {};
      const fail = (index: number, field: string, message: string) =>
        (fields[`body.rows.${index}.${field}`] ??= []).push(message);
      const targets: { index: number; id: number; row: ReceiptInput }[] = [];
      for (const [index, row] of rows.entries()) {
        const found =
          row.id !== undefined
            ? await sql<{ id: string; status: string; order_ref: string }>`
                select id, status, order_ref from packages where id = ${row.id} and deleted_at is null`.execute(
                trx,
              )
            : await sql<{ id: string; status: string; order_ref: string }>`
                select id, status, order_ref from packages where order_ref = ${row.order_ref} and deleted_at is null`.execute(
                trx,
              );
        const where = row.id !== undefined ? 'id' : 'order_ref';
        if (found.rows.length === 0) {
          fail(index, where, `No package ${row.id !== undefined ? row.id : `with order ${row.order_ref}`}`);
          continue;
        }
        if (found.rows.length > 1) {
          fail(index, where, `Order ${row.order_ref} has ${found.rows.length} packages: give the package id`);
          continue;
        }
        const pkg = found.rows[0]!;
        if (!RECEIPT_STATUSES.includes(pkg.status)) {
          fail(index, where, `Package ${pkg.order_ref} is ${pkg.status}: its receipt can no longer change`);
          continue;
        }
        const id = Number(pkg.id);
        const again = targets.find((target) => target.id === id);
        if (again) {
          fail(index, where, `Package ${pkg.order_ref} is also in row ${again.index + 1}`);
          continue;
        }
        const twin = targets.find(
          (target) => target.row.courier === row.courier && target.row.receipt === row.receipt,
        );
        if (twin) {
          fail(index, 'receipt', `Same courier and receipt as row ${twin.index + 1}`);
          continue;
        }
        const taken = await sql<{ order_ref: string }>`
          select order_ref from packages
          where deleted_at is null and courier = ${row.courier} and lower(receipt) = lower(${row.receipt}) and id <> ${id}`.execute(
          trx,
        );
        if (taken.rows.length > 0) {
          fail(index, 'receipt', `Already the ${row.courier} receipt of package ${taken.rows[0]!.order_ref}`);
          continue;
        }
        targets.push({ index, id, row });
      }
      // Another package may give up its receipt in the same batch: ask the database last, row by row.
      if (Object.keys(fields).length > 0) throw bad(fields);
      const written: Row[] = [];
      for (const target of targets) {
        const action: EntityAction = {
          name: 'receipt',
          label: 'Receipt',
          mode: 'write',
          set: { courier: target.row.courier, receipt: target.row.receipt },
        };
        written.push(...(await runActionIn(trx, packages, action, [{ id: target.id }], actor, now)));
      }
      return written;
    }),
  );
}

/**
 * Confirms delivery (Shipping → Delivered) with who received the parcel and on which Jakarta day: today's
 * confirmation keeps the time of the call, an earlier day is noon of that day.
 */
export async function confirmDelivery(
  db: AnyDb,
  input: { ids: number[]; receiver_name: string; received_date: string },
  actor: ResourceActor,
  now: Date,
): Promise<Row[]> {
  const today = jakartaDay(now);
  if (input.received_date > today)
    throw new ResourceError(400, {
      message: 'The day received cannot be after today.',
      code: 'INVALID_INPUT',
      fields: { 'body.received_date': [`Must be ${today} or earlier`] },
    });
  const receivedAt =
    input.received_date === today
      ? now.toISOString()
      : new Date(`${input.received_date}T12:00:00+07:00`).toISOString();
  const deliver = packages.actions!.find((action) => action.name === 'deliver')!;
  return runAction(
    db,
    packages,
    { ...deliver, name: 'confirm', set: { received_at: receivedAt, receiver_name: input.receiver_name } },
    [...new Set(input.ids)].map((id) => ({ id })),
    actor,
    now,
  );
}

export interface PurchaseForPackage {
  id: string | number;
  transaction_id: string | null;
  mayar_id: string;
  customer_name: string | null;
  customer_mobile: string | null;
  qty: number | null;
  raw: unknown;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The shipping address Mayar sends for a physical product, when it sends one. */
function addressOf(raw: unknown): string | null {
  const data = (typeof raw === 'string' ? safeJson(raw) : raw) as Record<string, unknown> | null;
  if (!data || typeof data !== 'object') return null;
  const shipper = (data.shipper ?? data.shipping ?? null) as Record<string, unknown> | null;
  return (
    text(data.customerAddress) ??
    text(data.address) ??
    text(data.shippingAddress) ??
    (shipper && typeof shipper === 'object' ? (text(shipper.address) ?? text(shipper.destination)) : null)
  );
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** Until Mayar or staff give one: staff fill it in before packing. */
export const ADDRESS_MISSING = '(alamat belum diisi)';

/**
 * The package of a paid purchase of a product that ships, made once (unique purchase_id) in the intake's
 * transaction; audited as the system. Returns the new row, or null when the purchase has one already.
 */
export async function createPackageForPurchase(
  trx: AnyDb,
  purchase: PurchaseForPackage,
): Promise<Row | null> {
  const values = {
    order_ref: (purchase.transaction_id ?? purchase.mayar_id).slice(0, 60),
    recipient_name: (purchase.customer_name ?? 'Pelanggan').slice(0, 120),
    phone: purchase.customer_mobile ?? '-',
    address: (addressOf(purchase.raw) ?? ADDRESS_MISSING).slice(0, 500),
    qty: Math.min(1000, Math.max(1, purchase.qty ?? 1)),
  };
  const inserted = await sql<Row>`
    insert into ${table(packages)} (order_ref, recipient_name, phone, address, qty, status, cust_notified, purchase_id)
    values (${values.order_ref}, ${values.recipient_name}, ${values.phone}, ${values.address}, ${values.qty},
      'Waiting', false, ${String(purchase.id)})
    on conflict (purchase_id) where purchase_id is not null do nothing
    returning ${selectList(packages)}`.execute(trx);
  const raw = inserted.rows[0];
  if (!raw) return null;
  const row = rowFromDb(packages, raw);
  await writeResourceAudit(trx, LOGISTICS_SYSTEM, 'create', packages.name, row.id as number, null, {
    ...values,
    status: 'Waiting',
    purchase_id: Number(purchase.id),
  });
  return row;
}
