/** Generated: the resource migrations written by the generator and the schema after each. */
import { MIGRATION as m102 } from './m102-database-checks-for-enum-options-lengths-and-bound.js';
import { MIGRATION as m103 } from './m103-packages-and-package-tracking-events.js';
import { MIGRATION as m104 } from './m104-monthly-target-title-and-soft-delete.js';
import { MIGRATION as m105 } from './m105-ad-campaigns-from-meta-data-product-account-and-ob.js';
import { MIGRATION as m106 } from './m106-hook-generation-runs-and-draft-creatives.js';
import { MIGRATION as m107 } from './m107-companies-city-searchable.js';
import s101 from './schema-101.json';
import s102 from './schema-102.json';
import s103 from './schema-103.json';
import s104 from './schema-104.json';
import s105 from './schema-105.json';
import s106 from './schema-106.json';
import s107 from './schema-107.json';
import type { GeneratedMigration } from '../migrationFiles.js';
import type { SchemaSnapshot } from '../schema.js';

export const GENERATED_MIGRATIONS: readonly GeneratedMigration[] = [m102, m103, m104, m105, m106, m107];

/** Oldest first; the first is what migrations 100 and 101 made. */
export const SCHEMA_SNAPSHOTS = [s101, s102, s103, s104, s105, s106, s107] as readonly SchemaSnapshot[];

export const LATEST_SCHEMA: SchemaSnapshot = SCHEMA_SNAPSHOTS.at(-1)!;
