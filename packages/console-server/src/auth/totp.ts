import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// RFC 6238 time-based one-time codes (RFC 4226 HOTP over a 30 s counter), node:crypto only.

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: a phone clock a little off, or a code typed as it rolls over. */
export const TOTP_WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA1 key. */
export const TOTP_SECRET_BYTES = 20;
export const TOTP_ISSUER = 'Staff Console';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, without padding (what authenticator apps expect in otpauth URIs). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case, spaces, dashes and padding ignored); throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 character: ${char}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret, base32 (32 characters for 160 bits). */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(TOTP_SECRET_BYTES));
}

/** The time step (counter) that `time` falls in. */
export function totpStep(time: Date | number): number {
  const ms = typeof time === 'number' ? time : time.getTime();
  return Math.floor(ms / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 4226 HOTP with HMAC-SHA1 and dynamic truncation to `digits` digits (zero-padded). */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code for a base32 secret at a time. */
export function totpCode(secret: string, time: Date | number, digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), totpStep(time), digits);
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'replayed' };

/**
 * Checks a 6-digit code against the steps now-1 … now+1. A code whose step is not after `lastUsedStep` is
 * refused as replayed: a code seen once (on the wire, over a shoulder) cannot sign in again, and neither can an
 * older one after a newer one was used.
 */
export function verifyTotp(secret: string, code: string, now: Date, lastUsedStep: number | null): TotpCheck {
  if (!/^\d{6}$/.test(code)) return { ok: false, reason: 'invalid' };
  const key = base32Decode(secret);
  const current = totpStep(now);
  const given = Buffer.from(code);
  let matched: number | null = null;
  // Every candidate is compared (no early exit), in constant time.
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step += 1) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given) && matched === null) matched = step;
  }
  if (matched === null) return { ok: false, reason: 'invalid' };
  if (lastUsedStep !== null && matched <= lastUsedStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step: matched };
}

/** `otpauth://totp/Staff%20Console:<username>?secret=…&issuer=Staff%20Console` (Google Authenticator's key URI format). */
export function otpauthUri(username: string, secret: string): string {
  const issuer = encodeURIComponent(TOTP_ISSUER);
  return `otpauth://totp/${issuer}:${encodeURIComponent(username)}?secret=${secret}&issuer=${issuer}`;
}
