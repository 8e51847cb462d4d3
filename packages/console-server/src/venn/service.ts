import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { VennCustomer, VennCustomersResponse, VennResponse, VennSetKind } from '@staff/console-contract';
import { VENN_PAGE_SIZE } from '@staff/console-contract';
import type { Database } from '../db/schema.js';

export interface VennSelection {
  by: VennSetKind;
  /** The chosen sets in order: set i is bit i of a region's mask. */
  ids: readonly number[];
  from: string;
  to: string;
}

/** A chosen id that names no product or tribe (the route answers 400 naming `query.ids`). */
export class VennInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VennInputError';
  }
}

/**
 * The customer of a purchase: the normalised email, else the phone as 62… digits (the intake's normalisePhone in
 * SQL, so stored "0812…" and "+62 812…" are one customer). Null when the purchase names neither.
 */
const CUSTOMER_KEY = sql.raw(`coalesce(
  nullif(lower(btrim(p.customer_email)), ''),
  (select case
      when d = '' then null
      when d like '62%' then d
      when d like '0%' then '62' || substr(d, 2)
      when d like '8%' then '62' || d
      else d end
    from (select regexp_replace(coalesce(p.customer_mobile, ''), '[^0-9]', '', 'g') as d) digits)
)`);

/**
 * Per customer, the bit mask of the chosen sets they paid for in the period (Jakarta days of the paid time):
 * the one place the sets are defined, shared by the counts and the customer lists.
 */
function customerMasks(selection: VennSelection): RawBuilder<unknown> {
  const column = sql.raw(selection.by === 'product' ? 'p.product_id' : 'p.tribe_id');
  const ids = sql.join(selection.ids.map((id) => sql`${id}::bigint`));
  return sql`select customer_key,
        bit_or(bit) as mask,
        count(*)::int as purchases,
        coalesce(sum(amount), 0)::bigint as amount,
        max(at) as last_paid_at,
        (array_agg(customer_name order by at desc) filter (where customer_name is not null))[1] as name,
        (array_agg(email order by at desc) filter (where email is not null))[1] as email,
        (array_agg(phone order by at desc) filter (where phone is not null))[1] as phone
      from (
        select ${CUSTOMER_KEY} as customer_key,
          1 << (array_position(array[${ids}], ${column}) - 1) as bit,
          p.amount,
          coalesce(p.paid_at, p.mayar_created_at) as at,
          nullif(btrim(p.customer_name), '') as customer_name,
          nullif(lower(btrim(p.customer_email)), '') as email,
          nullif(btrim(p.customer_mobile), '') as phone
        from purchases p
        where p.transaction_status = 'paid'
          and ${column} in (${ids})
          and coalesce(p.paid_at, p.mayar_created_at) >= (${selection.from}::date::timestamp at time zone 'Asia/Jakarta')
          and coalesce(p.paid_at, p.mayar_created_at) < ((${selection.to}::date + 1)::timestamp at time zone 'Asia/Jakarta')
      ) b
      where customer_key is not null
      group by customer_key`;
}

async function setLabels(db: Kysely<Database>, selection: VennSelection): Promise<string[]> {
  const table = sql.raw(selection.by === 'product' ? 'products' : 'tribes');
  const ids = sql.join(selection.ids.map((id) => sql`${id}::bigint`));
  const found = await sql<{
    id: string;
    name: string;
  }>`select id, name from ${table} where id in (${ids})`.execute(db);
  const names = new Map(found.rows.map((row) => [Number(row.id), row.name]));
  const missing = selection.ids.filter((id) => !names.has(id));
  if (missing.length > 0) throw new VennInputError(`No ${selection.by} with id ${missing.join(', ')}`);
  return selection.ids.map((id) => names.get(id)!);
}

/** Active products or tribes by name, for choosing the sets (at most 2 000; the picker filters by typing). */
export async function vennOptions(
  db: Kysely<Database>,
  by: VennSetKind,
): Promise<{ items: { id: number; label: string }[] }> {
  const table = sql.raw(by === 'product' ? 'products' : 'tribes');
  const rows = await sql<{ id: string; name: string }>`
    select id, name from ${table} where active order by lower(name) collate "C", id limit 2000`.execute(db);
  return { items: rows.rows.map((row) => ({ id: Number(row.id), label: row.name })) };
}

/** The counts of every non-empty exclusive region, computed in SQL, and each set's total. */
export async function vennCounts(db: Kysely<Database>, selection: VennSelection): Promise<VennResponse> {
  const labels = await setLabels(db, selection);
  const result = await sql<{ mask: number; count: string }>`
    with c as (${customerMasks(selection)})
    select mask, count(*) as count from c group by mask order by count(*) desc, mask`.execute(db);
  const regions = result.rows.map((row) => ({ mask: Number(row.mask), count: Number(row.count) }));
  return {
    by: selection.by,
    from: selection.from,
    to: selection.to,
    sets: selection.ids.map((id, i) => ({
      id,
      label: labels[i]!,
      total: regions
        .filter((region) => region.mask & (1 << i))
        .reduce((sum, region) => sum + region.count, 0),
    })),
    regions,
    customers: regions.reduce((sum, region) => sum + region.count, 0),
  };
}

/** Most rows one CSV export carries; a larger region is cut there (the header row says so). */
export const VENN_EXPORT_LIMIT = 50_000;

/** The customers of one exclusive region, by key; a page of them, or up to the export limit when `page` is null. */
export async function vennCustomers(
  db: Kysely<Database>,
  selection: VennSelection,
  mask: number,
  page: number | null,
): Promise<VennCustomersResponse> {
  await setLabels(db, selection);
  const limit = page === null ? VENN_EXPORT_LIMIT : VENN_PAGE_SIZE;
  const offset = page === null ? 0 : (page - 1) * VENN_PAGE_SIZE;
  const result = await sql<{
    customer_key: string;
    name: string | null;
    email: string | null;
    phone: string | null;
    purchases: number;
    amount: string;
    last_paid_at: Date | string;
    total: string;
  }>`
    with c as (${customerMasks(selection)})
    select customer_key, name, email, phone, purchases, amount, last_paid_at, count(*) over () as total
    from c where mask = ${mask}
    order by customer_key
    limit ${limit} offset ${offset}`.execute(db);
  let total = Number(result.rows[0]?.total ?? 0);
  if (result.rows.length === 0 && offset > 0) {
    const counted = await sql<{ total: string }>`
      with c as (${customerMasks(selection)}) select count(*) as total from c where mask = ${mask}`.execute(
      db,
    );
    total = Number(counted.rows[0]?.total ?? 0);
  }
  const rows: VennCustomer[] = result.rows.map((row) => ({
    key: row.customer_key,
    name: row.name,
    email: row.email,
    phone: row.phone,
    purchases: Number(row.purchases),
    amount: Number(row.amount),
    last_paid_at: new Date(row.last_paid_at).toISOString(),
  }));
  return { rows, total, page: page ?? 1, page_size: limit };
}
