// Both engines: migrations over an earlier release's data (support/harness.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '@staff/console-contract';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../src/db/database.js';
import { MIGRATIONS } from '../src/db/migrations.js';
import { seedResourceDemo } from '../src/resources/demo.js';
import { GENERATED_MIGRATIONS, SCHEMA_SNAPSHOTS } from '../src/resources/generated/index.js';
import { seed } from '../src/seed.js';
import { Client, ENGINES, TEST_PASSWORD, freshAddress, testServer } from './support/harness.js';
import { createEmptyPostgres, testRunDir } from './support/templates.js';

/**
 * The release before this one shipped migrations 1, 100, 101 and 200; everything later (the generated 102+, the
 * cluster, trigram, secrets, intake and report migrations) is this release's and must apply on top of it.
 */
const PREVIOUS_RELEASE_VERSIONS = new Set([1, 100, 101, 200]);
const PREVIOUS_RELEASE = MIGRATIONS.filter((migration) => PREVIOUS_RELEASE_VERSIONS.has(migration.version));
const generated = new Set(GENERATED_MIGRATIONS.map((migration) => migration.version));

type Fingerprint = Record<string, { rows: string; digest: string }>;

/** Each table's columns, to compare rows over the columns the previous release had. */
async function columnsOf(database: DatabaseHandle): Promise<Map<string, string[]>> {
  const result = await sql<{ table: string; column: string }>`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = 'public'`.execute(database.db);
  const out = new Map<string, string[]>();
  for (const row of result.rows) out.set(row.table, [...(out.get(row.table) ?? []), row.column]);
  return out;
}

/**
 * Every table's row count and a digest of all its rows (as text, in a stable order), over the columns of `only`
 * when given: a column a later migration adds (empty, or with a default such as 105's `origin`) leaves the row's
 * data the same.
 */
async function fingerprint(database: DatabaseHandle, only?: Map<string, string[]>): Promise<Fingerprint> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'schema_migrations'
    order by table_name`.execute(database.db);
  const columns = await columnsOf(database);
  const out: Fingerprint = {};
  for (const { name } of tables.rows) {
    const kept = only?.get(name);
    const added = kept ? (columns.get(name) ?? []).filter((column) => !kept.includes(column)) : [];
    // The row as json without the generated search column and without nulls: what the data is, not how it is
    // indexed, and a column added empty by a later migration (e.g. 104's deleted_at) leaves the row the same.
    const without = added.length ? sql` - array[${sql.join(added.map((column) => sql.lit(column)))}]` : sql``;
    const row = sql`jsonb_strip_nulls(to_jsonb(x) - 'search_text'${without})::text`;
    const result = await sql<{ rows: string; digest: string }>`
      select count(*)::text as rows,
             md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest
      from ${sql.table(name)} x`.execute(database.db);
    out[name] = result.rows[0]!;
  }
  return out;
}

describe.each(ENGINES)('a database of the previous release on %s', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('starts under this release with every row of every table kept and served', async () => {
    expect(GENERATED_MIGRATIONS.length).toBeGreaterThan(0);
    let options: DatabaseOptions;
    // A migration from nothing to the previous release, then to this one: a fresh folder or an empty database
    // (on the run's shared cluster), never the run's template (already on this release).
    if (engine === 'pglite') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-upgrade-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      options = { dataDir };
    } else {
      const runDir = testRunDir();
      if (!runDir) throw new Error('this test needs the server project global setup (the shared PostgreSQL)');
      const pg = await createEmptyPostgres(runDir);
      cleanups.push(() => pg.drop());
      options = { databaseUrl: pg.url };
    }

    const previous = await openDatabase({ ...options, migrations: PREVIOUS_RELEASE });
    await seed(previous.db, {
      adminUsername: 'admin',
      adminPassword: TEST_PASSWORD,
      demo: true,
      demoRows: false,
      log: () => undefined,
    });
    // Rows in every table the previous release had (this release's demo data, for its tables and columns only:
    // a field a later migration adds, such as 106's hook_count, is not there yet).
    const previousTables = new Set(SCHEMA_SNAPSHOTS[0]!.tables.map((table) => table.name));
    const snapshotColumns = new Map(
      SCHEMA_SNAPSHOTS[0]!.tables.map((table) => [table.name, new Set(table.columns.map((c) => c.name))]),
    );
    await seedResourceDemo(previous.db, {
      scale: 0.05,
      entities: ENTITIES.filter((def) => previousTables.has(def.name)).map((def) => ({
        ...def,
        fields: def.fields.filter((field) => snapshotColumns.get(def.name)!.has(field.name)),
      })),
    });
    const before = await fingerprint(previous);
    const previousColumns = await columnsOf(previous);
    for (const name of previousTables) expect(before[name]?.rows, `${name} has rows`).not.toBe('0');
    const appliedVersions = async (database: DatabaseHandle) =>
      (
        await sql<{ version: number }>`select version from schema_migrations order by version`.execute(
          database.db,
        )
      ).rows.map((row) => row.version);
    const previousVersions = await appliedVersions(previous);
    await previous.close();

    const current = await openDatabase(options);
    try {
      const applied = (await appliedVersions(current)).filter((v) => !previousVersions.includes(v));
      // Every migration of this release applies on top, the generated ones among them.
      expect(applied).toEqual(
        MIGRATIONS.map((migration) => migration.version).filter((v) => !PREVIOUS_RELEASE_VERSIONS.has(v)),
      );
      for (const version of generated) expect(applied).toContain(version);
      const after = await fingerprint(current, previousColumns);
      expect(Object.fromEntries(Object.keys(before).map((name) => [name, after[name]]))).toEqual(before);

      // The new release serves the old rows through the API.
      const app = await testServer(current);
      try {
        const client = new Client(app, freshAddress());
        const token = await client.token('admin');
        for (const def of ENTITIES.filter((entity) => previousTables.has(entity.name))) {
          const response = await client.get(`/api/resources/${def.name}?limit=1`, token);
          expect(response.statusCode, def.name).toBe(200);
          const live = def.softDelete
            ? await sql<{
                n: string;
              }>`select count(*)::text as n from ${sql.table(def.name)} where deleted_at is null`.execute(
                current.db,
              )
            : { rows: [{ n: before[def.name]!.rows }] };
          expect(String((response.json() as { total: number }).total), def.name).toBe(live.rows[0]!.n);
        }
      } finally {
        await app.close();
      }
    } finally {
      await current.close();
    }
  });
});
