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

/**
 * Versions 890–899: one lease table (issue 28). The intake's own lease table (`intake_jobs`, the Mayar
 * reconciliation's lease per account) folds into `job_leases`: its rows move over — a lease still held stays held
 * until it runs out, by the same holder — and the table goes. Frozen once shipped.
 */
export const LEASE_MIGRATIONS: readonly Migration[] = [
  {
    version: 890,
    name: 'one lease table: intake_jobs folds into job_leases',
    up: async (db) => {
      // A name in both tables keeps job_leases' row (nothing wrote both before this version).
      await sql`
        insert into job_leases
          (name, holder, lease_until, last_started_at, last_finished_at, runs, last_ok, last_error)
        select name, locked_by, locked_until, last_started_at, last_finished_at,
          case when last_started_at is null then 0 else 1 end,
          case when last_finished_at is null then null else last_error is null end,
          last_error
        from intake_jobs
        on conflict (name) do nothing`.execute(db);
      await sql`drop table intake_jobs`.execute(db);
    },
  },
];
