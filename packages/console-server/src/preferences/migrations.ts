import { sql } from 'kysely';
import type { Migration } from '../db/migration.js';
import { sqlMigration } from '../db/statements.js';

/** Frozen once shipped: change it with a new migration in 650–659. */
export const PREFERENCES_V650: readonly string[] = [
  `create table user_preferences (
    user_id integer primary key references users (id) on delete cascade,
    language text not null default 'id' check (language in ('id', 'en')),
    theme text not null default 'system' check (theme in ('system', 'light', 'dark')),
    updated_at timestamptz not null default now()
  )`,
];

/** Each user's language and theme (ADR 028), kept on the server so they follow the user between browsers. */
export const PREFERENCES_MIGRATIONS: readonly Migration[] = [
  sqlMigration(650, 'user preferences: language and theme', PREFERENCES_V650),
];

/**
 * English until a user chooses (ADR 028): the app's own texts were English before the language was applied, and no
 * one could choose one before, so every stored `id` is the old default, not a choice.
 */
export const PREFERENCES_MIGRATIONS_790: readonly Migration[] = [
  {
    version: 790,
    name: 'user preferences: English until chosen',
    up: async (db) => {
      await sql`alter table user_preferences alter column language set default 'en'`.execute(db);
      await sql`update user_preferences set language = 'en' where language = 'id'`.execute(db);
    },
  },
];
