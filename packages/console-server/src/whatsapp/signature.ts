/**
 * Meta signs every webhook call: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with the
 * app secret>`. Verify against the bytes as received: re-serialised JSON differs (key order, escapes).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-hub-signature-256';

/** The header value Meta would send for this body. */
export function signWhatsAppBody(rawBody: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** True only for a well-formed header whose HMAC matches; compared in constant time. */
export function verifyWhatsAppSignature(
  rawBody: string | Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): boolean {
  if (!appSecret) return false;
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(value?.trim() ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!.toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
