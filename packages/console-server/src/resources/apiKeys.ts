/**
 * API keys for automation (n8n): an admin creates one, sees it once; only its SHA-256 is stored. A key may read
 * and write (create, update — not delete) the entities marked `apiKeyWritable`, and is the audit actor of
 * those writes.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import { ENTITIES } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { type CachedApiKey, authCacheOf } from '../auth/authCache.js';
import { hashToken } from '../auth/tokens.js';
import { auditBy } from '../services/audit.js';
import { lockRowById } from '../db/lockRow.js';

export const API_KEY_PREFIX = 'sck_';
const KEY_SHAPE = /^sck_[A-Za-z0-9_-]{43}$/;

/** Entities an API key may write: those the contract marks `apiKeyWritable`. */
export const API_KEY_ENTITIES: readonly string[] = ENTITIES.filter((entity) => entity.apiKeyWritable).map(
  (entity) => entity.name,
);

export interface ApiKeySummary {
  id: number;
  name: string;
  prefix: string;
  entities: string[];
  created_at: string;
  created_by: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function listApiKeys(db: Kysely<Database>): Promise<ApiKeySummary[]> {
  const rows = await db
    .selectFrom('api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select([
      'k.id',
      'k.name',
      'k.key_prefix',
      'k.entities',
      'k.created_at',
      'k.last_used_at',
      'k.revoked_at',
      'u.full_name',
    ])
    .orderBy('k.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.key_prefix,
    entities: row.entities,
    created_at: row.created_at.toISOString(),
    created_by: row.full_name,
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
  }));
}

/** Creates a key; the returned `key` is the only time it exists in clear. */
export async function createApiKey(
  db: Kysely<Database>,
  name: string,
  actor: { id: number; ip?: string | null },
): Promise<ApiKeySummary & { key: string }> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = key.slice(0, API_KEY_PREFIX.length + 6);
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('api_keys')
      .values({
        name,
        key_prefix: prefix,
        key_hash: hashToken(key),
        entities: [...API_KEY_ENTITIES],
        created_by: actor.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditBy(trx, actor, {
      action: 'create',
      entity: 'api_key',
      entityId: inserted.id,
      after: { name, prefix, entities: inserted.entities },
    });
    return inserted;
  });
  const creator = await db
    .selectFrom('users')
    .select('full_name')
    .where('id', '=', actor.id)
    .executeTakeFirst();
  return {
    id: row.id,
    name: row.name,
    prefix,
    entities: row.entities,
    created_at: row.created_at.toISOString(),
    created_by: creator?.full_name ?? null,
    last_used_at: null,
    revoked_at: null,
    key,
  };
}

/** Revokes a key (kept for the audit trail). Null when there is no such key. */
export async function revokeApiKey(
  db: Kysely<Database>,
  id: number,
  actor: { id: number; ip?: string | null },
  now: Date,
): Promise<ApiKeySummary | null> {
  const revoked = await db.transaction().execute(async (trx) => {
    const row = await lockRowById(trx, 'api_keys', id);
    if (!row) return null;
    if (!row.revoked_at) {
      await trx
        .updateTable('api_keys')
        .set({ revoked_at: now, revoked_by: actor.id })
        .where('id', '=', id)
        .execute();
      await auditBy(trx, actor, {
        action: 'revoke',
        entity: 'api_key',
        entityId: id,
        before: { name: row.name, prefix: row.key_prefix },
      });
    }
    return row;
  });
  if (!revoked) return null;
  return (await listApiKeys(db)).find((key) => key.id === id) ?? null;
}

/** Throttles last_used_at writes: at most one a minute per key. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** The live key behind a presented secret, or null. */
export async function findApiKey(
  db: Kysely<Database>,
  key: string,
  now: Date,
  /** When the caller's request began (performance.now()): this node's cache answers as of then (ADR 066). */
  since: number = performance.now(),
): Promise<{ id: number; name: string; entities: string[] } | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const keyHash = hashToken(key);
  const row = await authCacheOf(db).apiKeyAt(
    since,
    keyHash,
    sql<CachedApiKey>`select id, name, entities, revoked_at, last_used_at from api_keys where key_hash = ${keyHash}`,
  );
  if (!row || row.revoked_at) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > LAST_USED_GRANULARITY_MS) {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: sql`now()` })
      .where('id', '=', row.id)
      .execute();
    row.last_used_at = now;
  }
  return { id: row.id, name: row.name, entities: row.entities };
}

/** Reads `Authorization: ApiKey <key>` or `X-Api-Key: <key>`. */
export function presentedApiKey(headers: Record<string, string | string[] | undefined>): string | null {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const authorization = first(headers.authorization);
  const match = authorization ? /^ApiKey\s+(\S+)\s*$/i.exec(authorization) : null;
  if (match?.[1]) return match[1];
  const header = first(headers['x-api-key'])?.trim();
  return header || null;
}
