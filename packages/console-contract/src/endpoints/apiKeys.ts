/**
 * API keys for automation (n8n): administrators list, create (the secret is shown once) and revoke them. Only a
 * signed-in administrator may call these: an API key cannot manage API keys (the server's guard answers 403).
 */
import { z } from '../zod.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';
import { rowIdParam } from './resources.js';

/** The Users page's key: read to list the keys, write to create or revoke one. */
const ADMIN_KEY = pageKey('users');
const read = { key: ADMIN_KEY, mode: 'read' } as const;
const write = { key: ADMIN_KEY, mode: 'write' } as const;
const tag = 'administration';

/** A key as listed: never the secret, only its first characters (`prefix`). */
export const apiKeySummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** `sck_` and the secret's first six characters, to tell keys apart. */
  prefix: z.string(),
  /** The entities the key may read and write (create, update; never delete). */
  entities: z.array(z.string()),
  created_at: z.string(),
  /** The creator's full name. */
  created_by: z.nullable(z.string()),
  last_used_at: z.nullable(z.string()),
  revoked_at: z.nullable(z.string()),
});
export type ApiKeySummaryDto = z.infer<typeof apiKeySummarySchema>;

export const apiKeyListResponseSchema = z.object({ keys: z.array(apiKeySummarySchema) });

/** A new key: the summary and, this once, the secret itself. */
export const apiKeyCreatedSchema = z.extend(apiKeySummarySchema, { key: z.string() });

/** `POST /api/api-keys`: the key's name (for people: "n8n produksi"). */
export const apiKeyCreateBodySchema = z.strictObject(
  {
    name: z
      .string({ error: (issue) => (issue.input === undefined ? 'Name is required' : 'Must be text') })
      .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(80, 'Must be at most 80 characters')),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown field' : undefined) },
);

/** `:id`: one API key. */
export const apiKeyParamsSchema = z.object({ id: rowIdParam });

/** API keys: list, create, revoke. */
export const apiKeysEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/api-keys',
    tag,
    summary: 'API keys (never the secret)',
    permission: read,
    response: apiKeyListResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/api-keys',
    tag,
    summary: 'Create an API key for n8n; `key` is shown only in this answer',
    permission: write,
    body: apiKeyCreateBodySchema,
    response: apiKeyCreatedSchema,
    status: 201,
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/api-keys/:id',
    tag,
    summary: 'Revoke an API key',
    permission: write,
    params: apiKeyParamsSchema,
    response: apiKeySummarySchema,
  }),
};
