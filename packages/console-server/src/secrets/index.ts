/**
 * Secrets at rest (ADR 013). The server loads one keyring at start (`setSecretKeyring`); code that stores a
 * secret seals it with `sealSecret(value)`, code that uses one (an outgoing call, a token comparison) opens it
 * with `readSecret(stored)` right there, and nothing else ever sees the clear value.
 *
 * @example
 * import { readSecret } from '../secrets/index.js';
 * const token = readSecret(account.webhook_token); // only where compared / sent
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { storedSecretValue } from './stored.js';
import {
  type SecretKeyring,
  generateSecretKey,
  isSealed,
  keyringOf,
  openSecret as openWith,
  sealSecret as sealWith,
} from './seal.js';

export {
  SEALED_PREFIX,
  SecretError,
  type SecretKey,
  type SecretKeyring,
  formatSecretKey,
  generateSecretKey,
  isSealed,
  keyringOf,
  parseSecretKey,
  sealedKeyId,
  secretDisplay,
} from './seal.js';
export {
  defaultKeyFile,
  loadSecretKeyring,
  readKeyFile,
  writeKeyFile,
  type LoadedKeyring,
} from './keyring.js';

let active: SecretKeyring | null = null;

/** Sets the keyring the process seals and opens with (main.ts and the CLI, from the configured key). */
export function setSecretKeyring(keyring: SecretKeyring): void {
  active = keyring;
}

/**
 * The process's keyring. Without one loaded (tests that build a server directly) a random key for this process
 * only, marked ephemeral: the sealing migration refuses to seal stored values under it.
 */
export function activeSecretKeyring(): SecretKeyring {
  active ??= { ...keyringOf(generateSecretKey()), ephemeral: true };
  return active;
}

/** Seals a clear secret under the current key (the envelope is what the database stores). */
export const sealSecret = (plain: string, keyring: SecretKeyring = activeSecretKeyring()) =>
  sealWith(plain, keyring);

/** Opens a sealed secret where it is used; throws SecretError when it cannot (never returns the envelope). */
export const openSecret = (stored: string, keyring: SecretKeyring = activeSecretKeyring()) =>
  openWith(stored, keyring);

/**
 * The one way to read a stored secret where it is used (an outgoing call, a token comparison): a sealed value is
 * opened (SecretError when its key is not loaded), a clear one (written before migration 320 sealed the column)
 * is used as it is, and nothing stored is null.
 *
 * @example const apiKey = readSecret(account.api_key); // the row's sealed column, opened only here
 */
export const readSecret = (
  stored: string | null | undefined,
  keyring: SecretKeyring = activeSecretKeyring(),
): string | null => (stored ? (isSealed(stored) ? openWith(stored, keyring) : stored) : null);

/**
 * Reads one stored secret column of one row and opens it with `readSecret`.
 *
 * @example const token = await readStoredSecret(db, 'mayar_accounts', account.id, 'webhook_token');
 */
export const readStoredSecret = async (
  db: Kysely<Database>,
  table: string,
  id: number,
  column: string,
  keyring: SecretKeyring = activeSecretKeyring(),
) => readSecret(await storedSecretValue(db, table, id, column), keyring);

export { resealSecrets, sealClearSecrets, secretColumns, type ResealResult } from './stored.js';
