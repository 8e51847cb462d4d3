import { sql } from 'kysely';
import type { Migration } from '../db/migration.js';

/** Versions 300–309: several nodes on one database (src/jobs/, src/realtime.ts). Frozen once shipped. */
export const CLUSTER_MIGRATIONS: readonly Migration[] = [
  {
    version: 300,
    name: 'job leases (run-once background work) and socket.io adapter attachments',
    up: async (db) => {
      // One row per background job: the node holding the lease runs it; the others skip (FOR UPDATE SKIP LOCKED).
      await sql`
        create table job_leases (
          name text primary key check (length(name) between 1 and 100),
          holder text,
          lease_until timestamptz,
          last_started_at timestamptz,
          last_finished_at timestamptz,
          runs bigint not null default 0
        )`.execute(db);
      // @socket.io/postgres-adapter keeps payloads over NOTIFY's 8000-byte limit here (its default table name).
      await sql`
        create table socket_io_attachments (
          id bigserial unique,
          created_at timestamptz default now(),
          payload bytea
        )`.execute(db);
    },
  },
];
