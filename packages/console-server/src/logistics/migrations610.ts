import { sql } from 'kysely';
import type { Migration } from '../db/migration.js';

/** Versions 610–619 (issue 15's second round): Mayar shipper.status on packages. */
export const LOGISTICS_MIGRATIONS_610: readonly Migration[] = [
  {
    version: 610,
    name: 'logistics: the time of the last Mayar shipper.status applied to a package (older events are stale)',
    up: async (db) => {
      await sql`alter table package_tracking add column mayar_status_at timestamptz`.execute(db);
    },
  },
];
