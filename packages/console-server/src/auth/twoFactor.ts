import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database, User } from '../db/schema.js';
import { HttpError } from '../http.js';
import { writeAudit } from '../services/audit.js';
import type { Actor } from '../services/users.js';
import { AUTH_MESSAGES } from './messages.js';
import { verifyPassword } from './passwords.js';
import {
  type LoginContext,
  type LoginResult,
  countAddressFailure,
  countUserFailure,
  lockRefusal,
  minutesLeft,
  openSession,
  recordEvent,
  throttleLockedUntil,
} from './sessions.js';
import { generateToken, hashToken, isWellFormedToken } from './tokens.js';
import { openSecret, sealSecret } from '../secrets/index.js';
import { type TotpCheck, generateTotpSecret, otpauthUri, verifyTotp } from './totp.js';

/** How long the password step stays redeemable with a code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'Invalid code. Enter the current code from your authenticator app, or a recovery code.',
  replayedCode: 'This code was already used. Wait for the next code in your authenticator app.',
  challengeInvalid: 'This sign-in step has expired or was already used. Sign in again with your password.',
  alreadyEnabled: 'Two-step sign-in is already on. Turn it off first to set it up again.',
  notStarted: 'Start the setup first: no secret is waiting for confirmation.',
  notEnabled: 'Two-step sign-in is not on for this account.',
  wrongSetupCode: 'The code does not match. Check that the phone clock is right and enter the current code.',
  wrongPassword: 'The password is not correct.',
} as const;

export const TWO_FACTOR_CODES = {
  invalidCode: 'INVALID_CODE',
  alreadyEnabled: 'ALREADY_ENABLED',
  notStarted: 'SETUP_NOT_STARTED',
  notEnabled: 'NOT_ENABLED',
} as const;

// --- recovery codes ------------------------------------------------------------------------------------------

// 32 symbols without 0/O/1/I: a byte modulo 32 is unbiased; 16 symbols carry 80 random bits.
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `XXXX-XXXX-XXXX-XXXX`: 80 random bits, so a fast hash is enough (no one brute-forces 2^80). */
export function generateRecoveryCode(): string {
  const chars = [...randomBytes(16)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** Case, spaces and dashes do not matter when a code is typed back. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

// --- enrolment -----------------------------------------------------------------------------------------------

export interface TwoFactorContext {
  db: Kysely<Database>;
  now: () => Date;
}

async function twoFactorRow(db: Kysely<Database>, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash', 'totp_secret', 'totp_pending_secret', 'totp_enabled_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, `No user with id ${userId}.`, 'NOT_FOUND');
  return row;
}

export async function twoFactorStatus(ctx: TwoFactorContext, userId: number) {
  const row = await twoFactorRow(ctx.db, userId);
  const left = await ctx.db
    .selectFrom('totp_recovery_codes')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    enabled: row.totp_enabled_at !== null,
    enabled_at: row.totp_enabled_at ? row.totp_enabled_at.toISOString() : null,
    recovery_codes_left: row.totp_enabled_at ? Number(left.n) : 0,
  };
}

/** Starts enrolment: a new secret waits for a confirming code. Answered once; never readable again. */
export async function beginSetup(ctx: TwoFactorContext, userId: number, ip: string | null) {
  const row = await twoFactorRow(ctx.db, userId);
  if (row.totp_enabled_at)
    throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled, TWO_FACTOR_CODES.alreadyEnabled);
  const secret = generateTotpSecret();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_pending_secret: sealSecret(secret) })
      .where('id', '=', userId)
      .execute();
    await writeAudit(trx, { actorId: userId, ip, action: '2fa-setup', entity: 'user', entityId: userId });
  });
  return { secret, otpauth_uri: otpauthUri(row.username, secret) };
}

/** Confirms enrolment with a code from the app; answers ten recovery codes, shown once and stored hashed. */
export async function enableTwoFactor(
  ctx: TwoFactorContext,
  userId: number,
  code: string,
  ip: string | null,
) {
  const row = await twoFactorRow(ctx.db, userId);
  if (row.totp_enabled_at)
    throw new HttpError(409, TWO_FACTOR_MESSAGES.alreadyEnabled, TWO_FACTOR_CODES.alreadyEnabled);
  const pending = row.totp_pending_secret;
  if (!pending) throw new HttpError(409, TWO_FACTOR_MESSAGES.notStarted, TWO_FACTOR_CODES.notStarted);
  const check = verifyTotp(openSecret(pending), code, ctx.now(), null);
  if (!check.ok) {
    throw new HttpError(400, TWO_FACTOR_MESSAGES.wrongSetupCode, TWO_FACTOR_CODES.invalidCode, {
      'body.code': [TWO_FACTOR_MESSAGES.wrongSetupCode],
    });
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({
        totp_secret: pending,
        totp_pending_secret: null,
        totp_enabled_at: ctx.now(),
        totp_last_step: check.step,
      })
      .where('id', '=', userId)
      .where('totp_pending_secret', '=', pending)
      .where('totp_enabled_at', 'is', null)
      .executeTakeFirst();
    // Another tab confirmed or restarted the setup in the meantime.
    if (Number(updated.numUpdatedRows) !== 1)
      throw new HttpError(409, TWO_FACTOR_MESSAGES.notStarted, TWO_FACTOR_CODES.notStarted);
    await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('totp_recovery_codes')
      .values(codes.map((value) => ({ user_id: userId, code_hash: hashRecoveryCode(value) })))
      .execute();
    await writeAudit(trx, {
      actorId: userId,
      ip,
      action: '2fa-enable',
      entity: 'user',
      entityId: userId,
      after: { recovery_codes: RECOVERY_CODE_COUNT },
    });
  });
  return { recovery_codes: codes };
}

/**
 * Turns two-step sign-in off and ends the user's sessions except `keepSessionId` (the caller's own): a change of
 * sign-in factors must not leave another device signed in under the old rules. Returns the ended sessions.
 */
async function clearTwoFactor(
  trx: Kysely<Database>,
  userId: number,
  now: Date,
  reason: string,
  keepSessionId: string | null,
): Promise<string[]> {
  let revoke = trx
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) revoke = revoke.where('id', '!=', keepSessionId);
  const revoked = await revoke.returning('id').execute();
  await trx
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
  return revoked.map((row) => row.id);
}

/** The user turns it off; their password is required (a borrowed open tab is not enough). */
export async function disableTwoFactor(
  ctx: TwoFactorContext,
  userId: number,
  password: string,
  ip: string | null,
  /** The caller's session: kept; every other session of the user ends. */
  keepSessionId: string | null = null,
) {
  const row = await twoFactorRow(ctx.db, userId);
  if (!(await verifyPassword(row.password_hash, password))) {
    throw new HttpError(400, TWO_FACTOR_MESSAGES.wrongPassword, 'INVALID_INPUT', {
      'body.password': [TWO_FACTOR_MESSAGES.wrongPassword],
    });
  }
  if (!row.totp_enabled_at && !row.totp_pending_secret)
    throw new HttpError(409, TWO_FACTOR_MESSAGES.notEnabled, TWO_FACTOR_CODES.notEnabled);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const ended = await clearTwoFactor(trx, userId, ctx.now(), '2fa turned off', keepSessionId);
    await writeAudit(trx, {
      actorId: userId,
      ip,
      action: '2fa-disable',
      entity: 'user',
      entityId: userId,
      after: { revoked_sessions: ended.length },
    });
    return ended;
  });
  return { ok: true as const, revoked };
}

/** An administrator turns it off for a user who lost their phone and recovery codes. */
export async function resetTwoFactor(ctx: TwoFactorContext, userId: number, actor: Actor) {
  const row = await twoFactorRow(ctx.db, userId);
  const wasEnabled = row.totp_enabled_at !== null;
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    // Reset because the phone is lost: whoever holds it may hold a session too, so every session ends.
    const ended = await clearTwoFactor(trx, userId, ctx.now(), '2fa reset', null);
    await writeAudit(trx, {
      actorId: actor.id,
      ip: actor.ip ?? null,
      action: '2fa-reset',
      entity: 'user',
      entityId: userId,
      before: { enabled: wasEnabled },
      after: { enabled: false, revoked_sessions: ended.length },
    });
    return ended;
  });
  return { ok: true as const, was_enabled: wasEnabled, revoked };
}

// --- sign-in -------------------------------------------------------------------------------------------------

/** After a right password for an enrolled user: a single-use token redeemable with a code for a few minutes. */
export async function createChallenge(db: Kysely<Database>, user: User, ctx: LoginContext): Promise<string> {
  const token = generateToken();
  await db
    .deleteFrom('login_challenges')
    .where('user_id', '=', user.id)
    .where('expires_at', '<', ctx.now)
    .execute();
  await db
    .insertInto('login_challenges')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: ctx.now,
      expires_at: new Date(ctx.now.getTime() + CHALLENGE_TTL_MS),
      ip: ctx.ip,
    })
    .execute();
  return token;
}

export type SecondFactorResult =
  | Extract<LoginResult, { ok: true }>
  | {
      ok: false;
      reason:
        'invalid_code' | 'replayed_code' | 'challenge_invalid' | 'disabled' | 'locked' | 'address_blocked';
      message: string;
    };

const RECOVERY_SHAPE = /^[A-Z0-9]{16}$/;

/**
 * Redeems a challenge with a TOTP code or a recovery code. Wrong codes count toward the same lockouts as wrong
 * passwords (the account's consecutive failures and the address's window).
 */
export async function loginWithSecondFactor(
  db: Kysely<Database>,
  challenge: string,
  code: string,
  ctx: LoginContext,
): Promise<SecondFactorResult> {
  const { now, lockout } = ctx;
  const addressKey = ctx.ip ? `ip:${ctx.ip}` : null;
  const blocked = addressKey ? lockRefusal(null, await throttleLockedUntil(db, addressKey, now), now) : null;
  if (blocked) return blocked;
  const refusedChallenge = {
    ok: false,
    reason: 'challenge_invalid',
    message: TWO_FACTOR_MESSAGES.challengeInvalid,
  } as const;
  if (!isWellFormedToken(challenge)) return refusedChallenge;
  const row = await db
    .selectFrom('login_challenges')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(challenge))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return refusedChallenge;
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  // Reset by an administrator (or turned off) since the password step: start again.
  if (!user || !user.totp_enabled_at || !user.totp_secret) return refusedChallenge;
  if (!user.active) {
    await recordEvent(db, ctx, user.username, user.id, false, 'disabled');
    return { ok: false, reason: 'disabled', message: AUTH_MESSAGES.disabled };
  }
  if (user.locked_until && user.locked_until > now) {
    await recordEvent(db, ctx, user.username, user.id, false, 'locked');
    return {
      ok: false,
      reason: 'locked',
      message: AUTH_MESSAGES.locked(minutesLeft(user.locked_until, now)),
    };
  }

  const check = await checkCode(db, user, code, now);
  const claimUse = async (trx: Kysely<Database>, verdict: Extract<CodeCheck, { ok: true }>) =>
    'recoveryId' in verdict
      ? trx
          .updateTable('totp_recovery_codes')
          .set({ used_at: now })
          .where('id', '=', verdict.recoveryId)
          .where('used_at', 'is', null)
          .executeTakeFirst()
      : trx
          .updateTable('users')
          .set({ totp_last_step: verdict.step })
          .where('id', '=', user.id)
          .where((eb) =>
            eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(verdict.step))]),
          )
          .executeTakeFirst();

  let replayed = false;
  const opened = check.ok
    ? await openSession(db, user, user.username, ctx, async (trx) => {
        const claimed = await trx
          .updateTable('login_challenges')
          .set({ used_at: now })
          .where('id', '=', row.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        // Conditional updates: two requests racing with one code (or one recovery code) cannot both win.
        const used = await claimUse(trx, check);
        if (Number(used.numUpdatedRows) !== 1) {
          replayed = true;
          throw new ClaimLost();
        }
        return true;
      }).catch((error: unknown) => {
        if (error instanceof ClaimLost) return null;
        throw error;
      })
    : null;
  if (opened) return opened;
  if (check.ok && !replayed) return refusedChallenge;

  const userLock = await countUserFailure(db, user.id, now, lockout);
  const addressLock = await countAddressFailure(db, addressKey, now, lockout);
  const isReplay = replayed || (!check.ok && check.reason === 'replayed');
  await recordEvent(db, ctx, user.username, user.id, false, isReplay ? 'replayed_code' : 'invalid_code');
  const locked = lockRefusal(userLock, addressLock, now);
  if (locked) return locked;
  return isReplay
    ? { ok: false, reason: 'replayed_code', message: TWO_FACTOR_MESSAGES.replayedCode }
    : { ok: false, reason: 'invalid_code', message: TWO_FACTOR_MESSAGES.invalidCode };
}

type CodeCheck = TotpCheck | { ok: true; recoveryId: number };

async function checkCode(db: Kysely<Database>, user: User, code: string, now: Date): Promise<CodeCheck> {
  const compact = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(compact)) {
    const lastStep = user.totp_last_step === null ? null : Number(user.totp_last_step);
    // Opened only for this comparison (sealed at rest: ADR 013).
    return verifyTotp(user.totp_secret ? openSecret(user.totp_secret) : '', compact, now, lastStep);
  }
  if (!RECOVERY_SHAPE.test(normaliseRecoveryCode(code))) return { ok: false, reason: 'invalid' };
  const recovery = await db
    .selectFrom('totp_recovery_codes')
    .select('id')
    .where('user_id', '=', user.id)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return recovery ? { ok: true, recoveryId: recovery.id } : { ok: false, reason: 'invalid' };
}

/** Thrown inside the session transaction to roll back the claimed challenge when the code lost a race. */
class ClaimLost extends Error {}

/**
 * The code step of a re-authentication (an idle session, ADR 013): a TOTP code (not one used before) or an
 * unused recovery code, claimed like at sign-in so it cannot be replayed.
 */
export async function verifySecondFactor(
  db: Kysely<Database>,
  user: User,
  code: string,
  now: Date,
): Promise<boolean> {
  const check = await checkCode(db, user, code, now);
  if (!check.ok) return false;
  const claimed =
    'recoveryId' in check
      ? await db
          .updateTable('totp_recovery_codes')
          .set({ used_at: now })
          .where('id', '=', check.recoveryId)
          .where('used_at', 'is', null)
          .executeTakeFirst()
      : await db
          .updateTable('users')
          .set({ totp_last_step: check.step })
          .where('id', '=', user.id)
          .where((eb) =>
            eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', String(check.step))]),
          )
          .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
