// Both engines: pg_trgm (support/harness.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ENTITIES, listQuerySchema, n8nCreators } from '@staff/console-contract';
import { type AnyDb, whereOf } from '../src/resources/query.js';
import {
  TRIGRAM_INDEXES_V310,
  TRIGRAM_INDEXES_V470,
  TRIGRAM_INDEXES_V773,
  TRIGRAM_INDEXES_V860,
  containsPattern,
  trigramIndexSql,
} from '../src/resources/trigram.js';
import { ENGINES, type TestDatabase, openTestDatabase } from './support/harness.js';

const indexName = (statement: string) => /create index if not exists "([^"]+)"/.exec(statement)?.[1];

describe('trigram index statements', () => {
  it('migration 310 indexes every searchable entity and every filterable text field a contains filter can use', () => {
    // Entities added or changed after 310 get their trigram indexes in a later migration (470, 773).
    const frozen = new Set([
      ...TRIGRAM_INDEXES_V310,
      ...TRIGRAM_INDEXES_V470,
      ...TRIGRAM_INDEXES_V773,
      ...TRIGRAM_INDEXES_V860,
    ]);
    const searchable = ENTITIES.filter((def) => def.fields.some((field) => field.searchable));
    expect(searchable.length).toBeGreaterThan(10);
    for (const def of ENTITIES) {
      for (const statement of trigramIndexSql(def)) expect(frozen.has(statement), statement).toBe(true);
    }
    expect(TRIGRAM_INDEXES_V310[0]).toBe('create extension if not exists pg_trgm');
  });

  it('matches %, _ and \\ literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe.each(ENGINES)('trigram search on %s', (engine) => {
  let testDb: TestDatabase;
  let db: AnyDb;

  beforeAll(async () => {
    testDb = await openTestDatabase(engine);
    db = testDb.database.db as unknown as AnyDb;
    await sql`
      insert into n8n_creators (handle, platform, name, city, contact_email, source, status)
      values ('diskon_a', 'tiktok', 'Promo 50%_off Raya', 'Jakarta Selatan', 'promo@toko.id', 'manual', 'new'),
             ('diskon_b', 'tiktok', 'Promo 50 off Raya', 'Bandung', 'promo@toko.id', 'manual', 'new'),
             ('diskon_c', 'instagram', 'Promo 5x0 Raya', 'Surabaya', 'lain@toko.id', 'manual', 'new')`.execute(
      db,
    );
    // Enough other rows that the planner prefers an index to reading the table, as it would on a real one.
    await sql`
      insert into n8n_creators (handle, platform, name, city, contact_email, source, status)
      select 'isian_' || g, 'youtube', 'Kreator ' || g, 'Kota ' || g, 'k' || g || '@contoh.id', 'n8n', 'new'
      from generate_series(1, 20000) g`.execute(db);
    // vacuum also moves the new rows out of the GIN pending lists, as autovacuum would.
    await sql`vacuum analyze n8n_creators`.execute(db);
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it('has pg_trgm and every index of migration 310 in the catalog', async () => {
    const extension = await sql<{
      extname: string;
    }>`select extname from pg_extension where extname = 'pg_trgm'`.execute(db);
    expect(extension.rows).toHaveLength(1);
    const names = TRIGRAM_INDEXES_V310.map(indexName).filter((name): name is string => !!name);
    const found = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where indexname = any(${names})`.execute(db);
    expect(found.rows.map((row) => row.indexname).sort()).toEqual([...names].sort());
    for (const row of found.rows) expect(row.indexdef).toMatch(/USING gin .*gin_trgm_ops/);
  });

  const ids = async (queryString: string) => {
    const query = listQuerySchema(n8nCreators).parse(Object.fromEntries(new URLSearchParams(queryString)));
    const result = await sql<{
      handle: string;
    }>`select handle from n8n_creators ${whereOf(n8nCreators, query)} order by handle`.execute(db);
    return result.rows.map((row) => row.handle);
  };

  it('searches and filters by substring, with LIKE wildcards in the words taken literally', async () => {
    expect(await ids('q=50%_off')).toEqual(['diskon_a']);
    expect(await ids('q=PROMO raya')).toEqual(['diskon_a', 'diskon_b', 'diskon_c']);
    expect(await ids('q=promo 5_0')).toEqual([]);
    expect(await ids('f.city.contains=JAKARTA sel')).toEqual(['diskon_a']);
    expect(await ids('f.city.contains=%')).toEqual([]);
    expect(await ids('f.contact_email.contains=promo@')).toEqual(['diskon_a', 'diskon_b']);
  });

  it('answers search and contains filters from the trigram indexes', async () => {
    const plan = async (queryString: string) => {
      const query = listQuerySchema(n8nCreators).parse(Object.fromEntries(new URLSearchParams(queryString)));
      const result = await sql<Record<string, string>>`
        explain select count(*) from n8n_creators ${whereOf(n8nCreators, query)}`.execute(db);
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    };
    expect(await plan('q=promo')).toContain('n8n_creators_search_text_trgm');
    expect(await plan('f.city.contains=jakarta')).toContain('n8n_creators_city_trgm');
    expect(await plan('f.contact_email.contains=toko')).toContain('n8n_creators_contact_email_trgm');
  });
});
