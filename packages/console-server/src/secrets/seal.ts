/**
 * Secrets sealed at rest (ADR 013): AES-256-GCM through node:crypto, in a versioned text envelope that names the
 * key it was sealed under, so several keys can be loaded while a rotation is under way.
 *
 * Envelope: `sealed:v1:<key id>:<hint>:<iv>:<ciphertext + tag>` (base64url parts). The hint is what the API
 * already shows of a secret (its last 4 characters when it has 8 or more, else nothing): keeping it beside the
 * sealed value lets lists show "••••••ab12" without opening anything. The header up to the hint is the
 * authenticated data, so neither the key id nor the hint can be swapped unnoticed.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const SEALED_PREFIX = 'sealed:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Shown in place of a secret (the contract's SECRET_MASK; repeated so this module has no dependency). */
const MASK = '••••••';

export class SecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretError';
  }
}

export interface SecretKey {
  /** 16 hex characters derived from the key: names it in envelopes without revealing it. */
  id: string;
  key: Buffer;
}

/** The key new values are sealed under, plus older ones that may still open values (during a rotation). */
export interface SecretKeyring {
  current: SecretKey;
  previous: readonly SecretKey[];
  /** True for a process-lifetime random key (tests): values sealed under it die with the process. */
  ephemeral?: boolean;
}

export const secretKeyId = (key: Buffer) =>
  createHash('sha256').update('console-secrets-key-id:').update(key).digest('hex').slice(0, 16);

/** Parses a key written as 44 base64 characters or 64 hex characters (32 bytes). */
export function parseSecretKey(text: string, source: string): SecretKey {
  const trimmed = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) key = Buffer.from(trimmed, 'base64');
  if (!key || key.length !== KEY_BYTES) {
    throw new SecretError(
      `${source} must hold a 32-byte key as 44 base64 or 64 hex characters (make one with: openssl rand -base64 32).`,
    );
  }
  return { id: secretKeyId(key), key };
}

export function generateSecretKey(): SecretKey {
  const key = randomBytes(KEY_BYTES);
  return { id: secretKeyId(key), key };
}

export const formatSecretKey = (key: SecretKey) => key.key.toString('base64');

export function keyringOf(current: SecretKey, previous: readonly SecretKey[] = []): SecretKeyring {
  return { current, previous: previous.filter((key) => key.id !== current.id) };
}

export const isSealed = (stored: unknown): boolean =>
  typeof stored === 'string' && stored.startsWith(SEALED_PREFIX);

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/**
 * Seals a clear secret under the keyring's current key. Each call draws a fresh IV, so sealing one value twice
 * gives two different envelopes.
 *
 * @example const stored = sealSecret('sk_live_9f8e7d6cab12', keyring) // 'sealed:v1:3f…:YWIxMg:…'
 */
export function sealSecret(plain: string, keyring: SecretKeyring): string {
  const hint = plain.length >= 8 ? plain.slice(-4) : '';
  const header = `${SEALED_PREFIX}${keyring.current.id}:${b64(Buffer.from(hint, 'utf8'))}`;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv);
  cipher.setAAD(Buffer.from(header, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${header}:${b64(iv)}:${b64(body)}`;
}

function parts(stored: string): { header: string; keyId: string; hint: string; iv: Buffer; body: Buffer } {
  const [sealed, version, keyId, hint, iv, body, ...rest] = stored.split(':');
  if (sealed !== 'sealed' || version !== 'v1' || !keyId || hint === undefined || !iv || !body || rest.length)
    throw new SecretError('The stored value is not a sealed secret.');
  return {
    header: `${SEALED_PREFIX}${keyId}:${hint}`,
    keyId,
    hint: Buffer.from(hint, 'base64url').toString('utf8'),
    iv: Buffer.from(iv, 'base64url'),
    body: Buffer.from(body, 'base64url'),
  };
}

/** The id of the key a value was sealed under (null for a value that is not sealed). */
export function sealedKeyId(stored: string): string | null {
  return isSealed(stored) ? parts(stored).keyId : null;
}

/**
 * Opens a sealed secret: call it only where the clear value is used (an outgoing call, a comparison), and never
 * log, audit or export what it returns. Throws SecretError for a value that is not sealed, sealed under a key
 * that is not loaded, or altered.
 *
 * @example const apiKey = openSecret(row.api_key, keyring)
 */
export function openSecret(stored: string, keyring: SecretKeyring): string {
  const { header, keyId, iv, body } = parts(stored);
  const key = [keyring.current, ...keyring.previous].find((candidate) => candidate.id === keyId);
  if (!key)
    throw new SecretError(
      `A secret is sealed under key ${keyId}, which is not loaded (CONSOLE_SECRETS_KEY / CONSOLE_SECRETS_KEY_FILE).`,
    );
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES)
    throw new SecretError('The sealed secret is damaged.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, iv);
    decipher.setAAD(Buffer.from(header, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretError('The sealed secret is damaged or was altered.');
  }
}

/**
 * What the API shows of a stored secret without opening it: the mask and the sealed hint (the same text as the
 * contract's maskSecret of the clear value). A value stored before sealing is masked the same way.
 */
export function secretDisplay(stored: string | null | undefined): string | null {
  if (stored === null || stored === undefined || stored === '') return null;
  if (!isSealed(stored)) return stored.length >= 8 ? `${MASK}${stored.slice(-4)}` : MASK;
  return `${MASK}${parts(stored).hint}`;
}
