import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  otpauthUri,
  totpCode,
  totpStep,
  verifyTotp,
} from '../src/auth/totp.js';

// RFC 6238 appendix B, SHA1 rows: the seed is the ASCII string "12345678901234567890".
const SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC6238_SHA1: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC6238_SHA1)('at %i s gives the 8-digit test vector %s', (seconds, code) => {
    expect(hotp(SEED, totpStep(seconds * 1000), 8)).toBe(code);
  });

  it.each(RFC6238_SHA1)('at %i s truncates to 6 digits (last six of %s)', (seconds, code) => {
    expect(totpCode(base32Encode(SEED), seconds * 1000)).toBe(code.slice(-6));
  });

  it('RFC 4226 appendix D HOTP values (counter 0–9)', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(SEED, counter))).toEqual(expected);
  });

  it('base32 round-trips and matches RFC 4648 vectors', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb-oi').toString()).toBe('foobar');
    expect(base32Encode(SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(() => base32Decode('abc1')).toThrow(/base32/);
  });

  it('generates 160-bit secrets (32 base32 characters), different every time', () => {
    const a = generateTotpSecret();
    const b = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(a).not.toBe(b);
  });

  it('accepts the codes of one step either side of now and refuses two steps away', () => {
    const secret = generateTotpSecret();
    const now = new Date(1_700_000_015_000);
    const at = (offsetSteps: number) => totpCode(secret, now.getTime() + offsetSteps * 30_000);
    expect(verifyTotp(secret, at(0), now, null)).toEqual({ ok: true, step: totpStep(now) });
    expect(verifyTotp(secret, at(-1), now, null)).toEqual({ ok: true, step: totpStep(now) - 1 });
    expect(verifyTotp(secret, at(1), now, null)).toEqual({ ok: true, step: totpStep(now) + 1 });
    // Two steps away could by chance equal a nearby code; only assert when it does not.
    for (const offset of [-2, 2]) {
      if (![at(-1), at(0), at(1)].includes(at(offset))) {
        expect(verifyTotp(secret, at(offset), now, null)).toEqual({ ok: false, reason: 'invalid' });
      }
    }
  });

  it('refuses a code of a step already used (replay) and older steps after a newer one', () => {
    const secret = generateTotpSecret();
    const now = new Date(1_700_000_015_000);
    const step = totpStep(now);
    const code = totpCode(secret, now);
    expect(verifyTotp(secret, code, now, step)).toEqual({ ok: false, reason: 'replayed' });
    expect(verifyTotp(secret, totpCode(secret, now.getTime() - 30_000), now, step)).toEqual({
      ok: false,
      reason: 'replayed',
    });
    expect(verifyTotp(secret, totpCode(secret, now.getTime() + 30_000), now, step)).toEqual({
      ok: true,
      step: step + 1,
    });
  });

  it('refuses anything that is not six digits', () => {
    const secret = generateTotpSecret();
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) {
      expect(verifyTotp(secret, code, new Date(), null)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('builds the otpauth URI with the issuer and an escaped username', () => {
    expect(otpauthUri('jane.doe', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Staff%20Console:jane.doe?secret=JBSWY3DPEHPK3PXP&issuer=Staff%20Console',
    );
    expect(otpauthUri('a b', 'X')).toContain('Staff%20Console:a%20b?');
  });
});
