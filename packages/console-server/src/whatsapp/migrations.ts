import { sql } from 'kysely';
import type { Migration } from '../db/migrations.js';

/** One round trip for all statements (simple query protocol). */
const run =
  (statements: readonly string[]): Migration['up'] =>
  async (db) => {
    await sql.raw(statements.join(';\n')).execute(db);
  };

/**
 * A WA Registries number's identity at Meta (the Cloud API's phone-number-id) and its connection state as a bot.
 * Frozen once shipped: later changes go in a new version.
 */
export const WHATSAPP_V560: readonly string[] = [
  `create table whatsapp_numbers (
    wa_registry_id bigint primary key references wa_registries (id) on delete cascade,
    phone_number_id text not null,
    status text not null default 'disconnected'
      check (status in ('pending', 'connected', 'failed', 'disconnected')),
    code_method text check (code_method in ('SMS', 'VOICE')),
    last_error text,
    connected_at timestamptz,
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index whatsapp_numbers_phone_number_id on whatsapp_numbers (phone_number_id)`,
];

/** WhatsApp (versions 560–579). */
export const WHATSAPP_MIGRATIONS: readonly Migration[] = [
  { version: 560, name: 'whatsapp numbers: phone-number-id and bot state', up: run(WHATSAPP_V560) },
];
