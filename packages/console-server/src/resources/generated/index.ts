/** Generated: the resource migrations written by the generator and the schema after each. */
import { MIGRATION as m102 } from './m102-database-checks-for-enum-options-lengths-and-bound.js';
import { MIGRATION as m103 } from './m103-packages-and-package-tracking-events.js';
import { SCHEMA as s101 } from './schema-101.js';
import { SCHEMA as s102 } from './schema-102.js';
import { SCHEMA as s103 } from './schema-103.js';
import type { GeneratedMigration } from '../migrationFiles.js';
import type { SchemaSnapshot } from '../schema.js';

export const GENERATED_MIGRATIONS: readonly GeneratedMigration[] = [m102, m103];

/** Oldest first; the first is what migrations 100 and 101 made. */
export const SCHEMA_SNAPSHOTS: readonly SchemaSnapshot[] = [s101, s102, s103];

export const LATEST_SCHEMA: SchemaSnapshot = s103;
