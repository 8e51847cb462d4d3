import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';

/** The tables whose rows are named by an integer `id`. */
type IdTable = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];

/**
 * The row of `table` with this `id`, locked for the rest of the transaction (FOR UPDATE): a concurrent writer
 * waits, so what the caller checks still holds when it writes. Undefined when there is no such row.
 */
export async function lockRowById<T extends IdTable>(
  trx: Kysely<Database>,
  table: T,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  // Kysely cannot type a query over a table chosen by a type parameter; the answer is that table's row.
  const untyped = trx as unknown as Kysely<{ row: { id: number } }>;
  const row = await untyped
    .selectFrom(table as 'row')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}
