/**
 * Where the secrets key comes from (ADR 013): `CONSOLE_SECRETS_KEY` (a deployment's secret store), else a key
 * file (`CONSOLE_SECRETS_KEY_FILE`, or for the embedded default `<data folder>-secrets.key` created beside the
 * data folder with owner-only permissions). A key file holds one key per line: the first seals, the others only
 * open (what a rotation leaves while it runs). The key never lives in the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type SecretKey,
  type SecretKeyring,
  SecretError,
  formatSecretKey,
  generateSecretKey,
  keyringOf,
  parseSecretKey,
} from './seal.js';

export interface SecretsConfig {
  /** CONSOLE_SECRETS_KEY: the current key itself. */
  key?: string | undefined;
  /** CONSOLE_SECRETS_PREVIOUS_KEYS: comma-separated older keys that may still open values. */
  previousKeys?: string | undefined;
  /** CONSOLE_SECRETS_KEY_FILE. */
  keyFile?: string | undefined;
  /** The PGlite folder the key protects: the default key file sits beside it. */
  dataDir: string;
}

export type KeySource = { kind: 'env' } | { kind: 'file'; path: string; created: boolean };

export interface LoadedKeyring {
  keyring: SecretKeyring;
  source: KeySource;
  /** Things an operator should fix (a key file inside the data folder, readable by others). */
  warnings: string[];
}

/** `./data` → `./data-secrets.key`: beside the folder, so a copy of the folder does not carry the key. */
export const defaultKeyFile = (dataDir: string) =>
  path.join(path.dirname(path.resolve(dataDir)), `${path.basename(path.resolve(dataDir))}-secrets.key`);

const isInside = (file: string, folder: string) => {
  const relative = path.relative(path.resolve(folder), path.resolve(file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

export function readKeyFile(file: string): SecretKey[] {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  if (lines.length === 0) throw new SecretError(`The secrets key file ${file} holds no key.`);
  return lines.map((line, index) => parseSecretKey(line, `Line ${index + 1} of ${file}`));
}

/** Writes a key file atomically with owner-only permissions (0600): current key first. */
export function writeKeyFile(file: string, keys: readonly SecretKey[]): void {
  const text = [
    '# Staff console secrets key (ADR 013). First line seals; later lines only open. Keep it out of backups of the data.',
    ...keys.map(formatSecretKey),
    '',
  ].join('\n');
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  fs.renameSync(temporary, file);
}

/**
 * Loads the keyring. Creates the default key file on first start (never overwrites one); an explicit
 * CONSOLE_SECRETS_KEY_FILE must exist.
 */
export function loadSecretKeyring(config: SecretsConfig): LoadedKeyring {
  const warnings: string[] = [];
  const previous = (config.previousKeys ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text, index) => parseSecretKey(text, `Key ${index + 1} of CONSOLE_SECRETS_PREVIOUS_KEYS`));
  if (config.key?.trim()) {
    return {
      keyring: keyringOf(parseSecretKey(config.key, 'CONSOLE_SECRETS_KEY'), previous),
      source: { kind: 'env' },
      warnings,
    };
  }
  const file = path.resolve(config.keyFile?.trim() || defaultKeyFile(config.dataDir));
  let created = false;
  if (!fs.existsSync(file)) {
    if (config.keyFile?.trim())
      throw new SecretError(`CONSOLE_SECRETS_KEY_FILE names ${file}, which does not exist.`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    writeKeyFile(file, [generateSecretKey()]);
    created = true;
  }
  const keys = readKeyFile(file);
  if (isInside(file, config.dataDir))
    warnings.push(
      `The secrets key file ${file} is inside the data folder it protects: a copy of the folder carries the key. Move it beside the folder and set CONSOLE_SECRETS_KEY_FILE.`,
    );
  if (process.platform !== 'win32' && (fs.statSync(file).mode & 0o077) !== 0)
    warnings.push(`The secrets key file ${file} can be read by other users of this machine: chmod 600 it.`);
  return {
    keyring: keyringOf(keys[0]!, [...keys.slice(1), ...previous]),
    source: { kind: 'file', path: file, created },
    warnings,
  };
}
