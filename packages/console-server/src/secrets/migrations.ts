import type { Migration } from '../db/migration.js';
import { activeSecretKeyring } from './index.js';
import { sealClearSecrets } from './stored.js';

/**
 * Versions 320–329 belong to secrets at rest (ADR 013). 320 seals the secrets a previous release stored in
 * clear. It needs the key, which main.ts and the CLI load before opening the database; it runs in the
 * migration's transaction (all or nothing) and leaves sealed values alone, so running it again changes nothing.
 */
export const SECRETS_MIGRATIONS: readonly Migration[] = [
  {
    version: 320,
    name: 'seal stored secrets (AES-256-GCM)',
    up: async (db) => {
      await sealClearSecrets(db, activeSecretKeyring());
    },
  },
];
