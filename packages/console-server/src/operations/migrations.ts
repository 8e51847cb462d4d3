import { sql } from 'kysely';
import type { Migration } from '../db/migration.js';

/**
 * Versions 830–839: the operator's page (issue #29). Frozen once shipped.
 * - cluster_nodes: each server process's heartbeat (the node registry), written by main.ts's heartbeat.
 * - job_leases gains each job's last outcome, written by runOnce in the statement that frees the lease.
 * - backup_runs: each scheduled backup's outcome (nothing recorded them before).
 * - audit_log: the audit page filters by who acted; that index is built concurrently (ADR 030).
 */
export const OPERATIONS_MIGRATIONS: readonly Migration[] = [
  {
    version: 830,
    name: 'node registry, job outcomes on job leases, backup runs, audit log by actor',
    up: async (db) => {
      // Idempotent: the migration also builds an index outside its transaction on PostgreSQL.
      await sql`
        create table if not exists cluster_nodes (
          node_id text primary key check (length(node_id) between 1 and 200),
          hostname text not null,
          pid integer not null,
          version text not null,
          started_at timestamptz not null default now(),
          last_seen_at timestamptz not null default now(),
          stopped_at timestamptz
        )`.execute(db);
      await sql`
        alter table job_leases
          add column if not exists last_ok boolean,
          add column if not exists last_seconds double precision,
          add column if not exists last_error text,
          add column if not exists failures bigint not null default 0,
          add column if not exists consecutive_failures integer not null default 0`.execute(db);
      await sql`
        create table if not exists backup_runs (
          id bigint generated always as identity primary key,
          at timestamptz not null default now(),
          ok boolean not null,
          node_id text not null,
          kind text,
          file text,
          bytes bigint,
          ms double precision,
          error text
        )`.execute(db);
      await sql`create index if not exists backup_runs_at on backup_runs (at desc)`.execute(db);
    },
    indexes: [{ name: 'audit_log_actor_at', definition: 'on audit_log (actor_id, at desc)' }],
  },
];
