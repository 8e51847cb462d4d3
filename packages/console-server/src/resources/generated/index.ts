/** Generated: the resource migrations written by the generator and the schema after each. */
import { MIGRATION as m102 } from './m102-database-checks-for-enum-options-lengths-and-bound.js';
import { SCHEMA as s101 } from './schema-101.js';
import { SCHEMA as s102 } from './schema-102.js';
import type { GeneratedMigration } from '../migrationFiles.js';
import type { SchemaSnapshot } from '../schema.js';

export const GENERATED_MIGRATIONS: readonly GeneratedMigration[] = [m102];

/** Oldest first; the first is what migrations 100 and 101 made. */
export const SCHEMA_SNAPSHOTS: readonly SchemaSnapshot[] = [s101, s102];

export const LATEST_SCHEMA: SchemaSnapshot = s102;
