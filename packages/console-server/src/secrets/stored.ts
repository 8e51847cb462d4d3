/**
 * Every stored secret in one place: the `secret` fields of the master-data entities and each user's TOTP
 * secrets. Sealing clear values (migration 320) and re-sealing under a new key (`rotate-secrets`) walk this
 * list, in one transaction each, so a failure leaves every value as it was.
 */
import { type Kysely, sql } from 'kysely';
import { ENTITIES } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { SEALED_PREFIX, type SecretKeyring, SecretError, isSealed, openSecret, sealSecret } from './seal.js';

export interface SecretColumn {
  table: string;
  column: string;
}

/** The secret columns the contract and the users table define (some may not exist yet in an older schema). */
export function secretColumns(): SecretColumn[] {
  return [
    ...ENTITIES.flatMap((def) =>
      def.fields
        .filter((field) => field.type === 'secret')
        .map((field) => ({ table: def.name, column: field.name })),
    ),
    { table: 'users', column: 'totp_secret' },
    { table: 'users', column: 'totp_pending_secret' },
    { table: 'sheet_report_schedules', column: 'google_credentials' },
    { table: 'meta_ad_accounts', column: 'access_token' },
  ];
}

/** Only the columns present in this database (a migration runs against the schema of its time). */
async function presentColumns(db: Kysely<Database>): Promise<SecretColumn[]> {
  const wanted = secretColumns();
  const found = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()`.execute(db);
  const have = new Set(found.rows.map((row) => `${row.table_name}.${row.column_name}`));
  return wanted.filter((entry) => have.has(`${entry.table}.${entry.column}`));
}

/** Any fixed number: sealing and rotation take it so two never interleave (several nodes, a CLI). */
const SECRETS_LOCK_ID = 731_013_320;

export interface ResealResult {
  /** Values written per `table.column`. */
  counts: Record<string, number>;
  total: number;
}

async function rewrite(
  db: Kysely<Database>,
  pick: 'clear' | 'all',
  transform: (stored: string) => string,
): Promise<ResealResult> {
  // Inside a migration the caller's transaction is used (Kysely cannot nest them).
  const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SECRETS_LOCK_ID})`.execute(trx);
    const counts: Record<string, number> = {};
    let total = 0;
    for (const { table, column } of await presentColumns(trx)) {
      const ref = sql.ref(column);
      const rows = await sql<{ id: string; value: string }>`
        select id::text as id, ${ref} as value from ${sql.table(table)}
        where ${ref} is not null and ${ref} <> ''
        ${pick === 'clear' ? sql`and ${ref} not like ${`${SEALED_PREFIX}%`}` : sql``}
        for update`.execute(trx);
      for (const row of rows.rows) {
        // id is bigint in entity tables and integer in users: compare as text so one statement fits both.
        await sql`update ${sql.table(table)} set ${ref} = ${transform(row.value)} where id::text = ${row.id}`.execute(
          trx,
        );
      }
      if (rows.rows.length) counts[`${table}.${column}`] = rows.rows.length;
      total += rows.rows.length;
    }
    return { counts, total };
  });
}

/** Seals every stored value that is still in clear (idempotent: sealed values are left alone). */
export async function sealClearSecrets(db: Kysely<Database>, keyring: SecretKeyring): Promise<ResealResult> {
  return rewrite(db, 'clear', (value) => {
    if (keyring.ephemeral)
      throw new SecretError(
        'Stored secrets are in clear and no secrets key is configured to seal them: set CONSOLE_SECRETS_KEY or CONSOLE_SECRETS_KEY_FILE.',
      );
    return sealSecret(value, keyring);
  });
}

/**
 * Re-seals every stored secret under `keyring.current` (opened with any key of `keyring`): the rotation.
 * Values still in clear are sealed on the way.
 */
export async function resealSecrets(db: Kysely<Database>, keyring: SecretKeyring): Promise<ResealResult> {
  return rewrite(db, 'all', (value) =>
    sealSecret(isSealed(value) ? openSecret(value, keyring) : value, keyring),
  );
}

/**
 * One stored secret column's value as the database holds it (sealed, or clear from before sealing), or null;
 * `readStoredSecret` (secrets/index.ts) opens it.
 */
export async function storedSecretValue(
  db: Kysely<Database>,
  table: string,
  id: number,
  column: string,
): Promise<string | null> {
  if (!secretColumns().some((entry) => entry.table === table && entry.column === column))
    throw new SecretError(`${table}.${column} is not a secret column.`);
  const ref = sql.ref(column);
  const result = await sql<{
    value: string | null;
  }>`select ${ref} as value from ${sql.table(table)} where id = ${id}`.execute(db);
  return result.rows[0]?.value ?? null;
}
