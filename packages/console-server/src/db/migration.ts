import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** One forward migration (the list is `MIGRATIONS` in migrations.ts; modules declare theirs against this type). */
export interface Migration {
  /** Strictly increasing; a migration, once released, is never edited: add a new one. */
  version: number;
  name: string;
  up: (db: Kysely<Database>) => Promise<void>;
  /**
   * Indexes built after `up`, outside its transaction: on PostgreSQL `create index concurrently`, so writes go
   * on during the build (docs/adr/030-index-builds.md); on PGlite a plain build inside the transaction. `up`
   * of such a migration must be idempotent: a crash during a build re-runs it.
   */
  indexes?: readonly IndexBuild[];
}

/** One index a migration builds without blocking writes: `create index <name> <definition>`. */
export interface IndexBuild {
  name: string;
  /** What follows the index name, e.g. `on "products" using gin (lower("name") gin_trgm_ops)`. */
  definition: string;
}
