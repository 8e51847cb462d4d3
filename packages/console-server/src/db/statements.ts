import { type Kysely, sql } from 'kysely';
import type { Migration } from './migration.js';
import type { Database } from './schema.js';

/** Frozen statements in one round trip (simple query protocol; 2.3× faster than one by one on PGlite). */
export async function runStatements(db: Kysely<Database>, statements: readonly string[]): Promise<void> {
  await sql.raw(statements.join(';\n')).execute(db);
}

/**
 * A migration that runs frozen statements: in one round trip, or `oneByOne` when they hold semicolons of their
 * own (function bodies).
 * @example
 * sqlMigration(650, 'user preferences: language and theme', PREFERENCES_V650)
 */
export function sqlMigration(
  version: number,
  name: string,
  statements: readonly string[],
  options: { oneByOne?: boolean } = {},
): Migration {
  return {
    version,
    name,
    up: async (db) => {
      if (!options.oneByOne) return runStatements(db, statements);
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
