import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: opaque to the client, meaningless without the sessions table (ADR 004). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a leaked sessions table yields no usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** Reads `Authorization: Bearer <token>` (scheme case-insensitive); null when absent or malformed. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? null;
}
