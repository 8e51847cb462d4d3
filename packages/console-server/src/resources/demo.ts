/**
 * Demo rows for every entity on the embedded default: `demoRows` in `demoSeedOrder`, `DEMO_ROW_COUNTS` each,
 * inserted in multi-row batches (no audit entries: the demo data has no history).
 */
import { type Kysely, sql } from 'kysely';
import {
  DEMO_ROW_COUNTS,
  DEMO_TODAY,
  ENTITIES,
  demoRows,
  demoSeedOrder,
  demoSeeded,
  type DemoRefs,
  type EntityDef,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { type AnyDb, col, table, toDb } from './query.js';

/** Bound parameters per INSERT, well under PostgreSQL's 65 535. */
const PARAMS_PER_BATCH = 20_000;

/** Inserts create bodies of one entity in batches; returns the new ids in order. */
export async function insertRows(
  db: AnyDb,
  def: EntityDef,
  rows: readonly Record<string, unknown>[],
): Promise<number[]> {
  const fields = def.fields.filter((field) => !field.readOnly);
  const perBatch = Math.max(1, Math.floor(PARAMS_PER_BATCH / fields.length));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch);
    const values = batch.map(
      (row) => sql`(${sql.join(fields.map((field) => toDb(field, row[field.name] ?? null)))})`,
    );
    const result = await sql<{
      id: string;
    }>`insert into ${table(def)} (${sql.join(fields.map((field) => col(field.name)))}) values ${sql.join(values)} returning id`.execute(
      db,
    );
    for (const row of result.rows) ids.push(Number(row.id));
  }
  return ids;
}

export interface ResourceDemoOptions {
  /** Multiplies DEMO_ROW_COUNTS (tests use less); at least one row per entity. */
  scale?: number;
  today?: string;
  log?: (message: string) => void;
  /** Only these entities (default: every generated one); the upgrade test seeds an older schema's tables. */
  entities?: readonly EntityDef[];
}

/** Seeds every entity that is still empty. Returns rows inserted per entity. */
export async function seedResourceDemo(
  db: Kysely<Database>,
  options: ResourceDemoOptions = {},
): Promise<Record<string, number>> {
  const started = Date.now();
  const refs: Record<string, number[]> = {};
  const counts: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    const t = trx as unknown as AnyDb;
    // A hand-written migration's table (storage 'migration') is filled by its own writer (the intake), not here.
    for (const def of demoSeedOrder(demoSeeded(options.entities ?? ENTITIES))) {
      const existing = await sql<{ id: string }>`select id from ${table(def)} order by id`.execute(t);
      if (existing.rows.length > 0) {
        refs[def.name] = existing.rows.map((row) => Number(row.id));
        continue;
      }
      const count = Math.max(1, Math.round((DEMO_ROW_COUNTS[def.name] ?? 100) * (options.scale ?? 1)));
      const rows = demoRows(def, count, 1, refs as DemoRefs, { today: options.today ?? DEMO_TODAY });
      refs[def.name] = await insertRows(t, def, rows);
      counts[def.name] = rows.length;
    }
  });
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (total > 0)
    options.log?.(
      `Demo data: ${total} master-data rows in ${Object.keys(counts).length} tables (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  return counts;
}
