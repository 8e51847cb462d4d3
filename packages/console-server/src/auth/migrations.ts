import type { Migration } from '../db/migration.js';
import { sqlMigration } from '../db/statements.js';

/**
 * Version 900: the generation of what the per-node cache holds (src/auth/authCache.ts, ADR 066). Any transaction
 * that changes a session's validity, an account's activity or name, what a user may do, or an API key gives
 * `auth_generation` a new value, at its commit and in it: a deferred constraint trigger runs last, so the row's lock
 * is the last one the transaction takes and cannot close a deadlock. A new session (a sign-in) or key, and a
 * session's or key's last use (`last_seen_at`, `last_used_at`), do not change it. A random value, not a count: a
 * restored backup can never bring back a value some node still holds. Frozen once shipped.
 */
const AUTH_V900 = [
  `create table auth_generation (
    id smallint primary key check (id = 1),
    value text not null
  )`,
  `insert into auth_generation (id, value) values (1, gen_random_uuid()::text)`,
  `create function auth_generation_bump() returns trigger language plpgsql as $fn$
    begin
      -- Once per transaction: the setting is local to it.
      if current_setting('console.auth_bumped', true) is distinct from 'y' then
        update auth_generation set value = gen_random_uuid()::text where id = 1;
        perform set_config('console.auth_bumped', 'y', true);
      end if;
      return null;
    end $fn$`,
  `create constraint trigger sessions_auth_generation
    after update of token_hash, user_id, expires_at, revoked_at or delete on sessions
    deferrable initially deferred for each row execute function auth_generation_bump()`,
  `create constraint trigger users_auth_generation
    after update of active, username, full_name or delete on users
    deferrable initially deferred for each row execute function auth_generation_bump()`,
  `create constraint trigger user_permission_sets_auth_generation
    after insert or update or delete on user_permission_sets
    deferrable initially deferred for each row execute function auth_generation_bump()`,
  `create constraint trigger api_keys_auth_generation
    after update of key_hash, name, entities, revoked_at or delete on api_keys
    deferrable initially deferred for each row execute function auth_generation_bump()`,
  `create constraint trigger permission_set_entries_auth_generation
    after insert or update or delete on permission_set_entries
    deferrable initially deferred for each row execute function auth_generation_bump()`,
  // An operator's `truncate sessions` (everyone signed out at once) fires no row trigger: a statement one each.
  ...['sessions', 'users', 'user_permission_sets', 'permission_set_entries', 'api_keys'].map(
    (table) => `create trigger ${table}_auth_generation_truncate after truncate on ${table}
    for each statement execute function auth_generation_bump()`,
  ),
];

export const AUTH_MIGRATIONS: readonly Migration[] = [
  sqlMigration(900, 'a generation for the per-node sessions and permissions cache', AUTH_V900, {
    oneByOne: true,
  }),
];
