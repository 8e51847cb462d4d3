// Both engines: index builds differ between the engines (support/harness.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { MIGRATIONS, type Migration, migrate } from '../src/db/migrations.js';
import type { Database } from '../src/db/schema.js';
import { TRIGRAM_LABEL_INDEXES_V670 } from '../src/resources/trigram.js';
import { ENGINES, type TestDatabase, openTestDatabase } from './support/harness.js';

// Test-only migrations after every real one; each test database is thrown away.
const indexMigration = (version: number, table: string): Migration => ({
  version,
  name: `test: index on ${table}`,
  up: async (db) => {
    await sql`create table if not exists ${sql.table(table)} (id bigint generated always as identity primary key, note text not null)`.execute(
      db,
    );
  },
  indexes: [{ name: `${table}_note_trgm`, definition: `on "${table}" using gin (lower(note) gin_trgm_ops)` }],
});

const indexState = async (db: Kysely<Database>, name: string) => {
  const { rows } = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relname = ${name}`.execute(db);
  return rows.length === 0 ? 'missing' : rows[0]!.valid ? 'valid' : 'invalid';
};

const isApplied = async (db: Kysely<Database>, version: number) => {
  const { rows } = await sql`select 1 from schema_migrations where version = ${version}`.execute(db);
  return rows.length === 1;
};

/**
 * The backend building an index on `table`, once it waits for `holder`. Its 'initializing' phase is not
 * enough: the index's catalog row is committed only after it, so a kill then leaves no index at all.
 */
async function buildingBackend(db: Kysely<Database>, table: string): Promise<{ pid: number; phase: string }> {
  for (;;) {
    const { rows } = await sql<{ pid: number; phase: string }>`
      select pid, phase from pg_stat_progress_create_index
      where relid = to_regclass(${table}) and phase = 'waiting for writers before build'`.execute(db);
    if (rows[0]) return rows[0];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(ENGINES)('migration 670 (relation-label trigram indexes) on %s', (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('has every index valid, and the label search uses it', async () => {
    const db = testDb.database.db;
    for (const index of TRIGRAM_LABEL_INDEXES_V670) expect(await indexState(db, index.name)).toBe('valid');
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{
        'QUERY PLAN': string;
      }>`explain select id from products where lower(cast(name as text)) like '%kopi%'`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('products_name_trgm');
  });
});

describe('index builds on PostgreSQL do not block writes', () => {
  let testDb: TestDatabase;
  let url: string;
  beforeAll(async () => {
    testDb = await openTestDatabase('postgres');
    url = testDb.database.connectionString!;
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('builds concurrently: another write completes while the build waits, and the build then finishes', async () => {
    const db = testDb.database.db;
    const migration = indexMigration(900_001, 'probe_writes');
    await sql`create table probe_writes (id bigint generated always as identity primary key, note text not null)`.execute(
      db,
    );
    await sql`insert into probe_writes (note) select 'baris ' || g from generate_series(1, 5000) g`.execute(
      db,
    );
    // An open writing transaction: a concurrent build waits for it before building, so the build is
    // observably under way while the test writes.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`insert into probe_writes (note) values ('ditahan')`);
      const migrating = migrate(db, [...MIGRATIONS, migration], { engine: 'postgres' });
      const builder = await buildingBackend(db, 'probe_writes');

      // A write from another session goes through while the index is being built.
      await sql`insert into probe_writes (note) values ('selama build')`.execute(db);
      expect(await indexState(db, 'probe_writes_note_trgm')).toBe('invalid');
      const { rows: locks } = await sql<{ mode: string }>`
        select mode from pg_locks where pid = ${builder.pid} and relation = to_regclass('probe_writes')`.execute(
        db,
      );
      expect(locks.map((lock) => lock.mode)).toEqual(['ShareUpdateExclusiveLock']);
      expect(await isApplied(db, 900_001)).toBe(false);

      await holder.query('commit');
      expect(await migrating).toEqual([900_001]);
    } finally {
      await holder.end();
    }
    expect(await indexState(db, 'probe_writes_note_trgm')).toBe('valid');
    expect(await isApplied(db, 900_001)).toBe(true);
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from probe_writes where lower(note) like '%selama%'`.execute(db);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('a build killed half way leaves an invalid index; the next start drops it and builds it again', async () => {
    const db = testDb.database.db;
    const migration = indexMigration(900_002, 'probe_killed');
    const migrations = [...MIGRATIONS, indexMigration(900_001, 'probe_writes'), migration];
    await sql`create table probe_killed (id bigint generated always as identity primary key, note text not null)`.execute(
      db,
    );
    await sql`insert into probe_killed (note) select 'baris ' || g from generate_series(1, 5000) g`.execute(
      db,
    );
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`insert into probe_killed (note) values ('ditahan')`);
      const migrating = migrate(db, migrations, { engine: 'postgres' });
      const failed = migrating.then(
        () => null,
        (error: unknown) => error,
      );
      const builder = await buildingBackend(db, 'probe_killed');
      // What a crash of the node (or of its connection) does to the build: the backend goes away.
      await sql`select pg_terminate_backend(${builder.pid})`.execute(db);
      expect(await failed).toBeInstanceOf(Error);
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    expect(await indexState(db, 'probe_killed_note_trgm')).toBe('invalid');
    expect(await isApplied(db, 900_002)).toBe(false);

    // The next start: the invalid index is dropped and built again, then the version is recorded.
    expect(await migrate(db, migrations, { engine: 'postgres' })).toEqual([900_002]);
    expect(await indexState(db, 'probe_killed_note_trgm')).toBe('valid');
    expect(await isApplied(db, 900_002)).toBe(true);
    // And once recorded, a further start does nothing.
    expect(await migrate(db, migrations, { engine: 'postgres' })).toEqual([]);
  });
});

describe('index builds on PGlite', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('build inside the migration transaction', async () => {
    const db = testDb.database.db;
    expect(
      await migrate(db, [...MIGRATIONS, indexMigration(900_003, 'probe_pglite')], { engine: 'pglite' }),
    ).toEqual([900_003]);
    expect(await indexState(db, 'probe_pglite_note_trgm')).toBe('valid');
  });
});
