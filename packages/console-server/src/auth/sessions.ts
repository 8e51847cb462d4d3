import { performance } from 'node:perf_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database, User } from '../db/schema.js';
import { findUserByUsername } from '../services/users.js';
import { AUTH_MESSAGES } from './messages.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import { generateToken, hashToken, isWellFormedToken } from './tokens.js';
import { scheduleOnce } from '../jobs/runOnce.js';
import { type AuthDeferral, type CachedSession, authCacheOf } from './authCache.js';

export interface LockoutPolicy {
  /** Consecutive failures on one username before it is locked. */
  userMaxFailures: number;
  userLockMs: number;
  /** Failures from one address within `addressWindowMs` before the address is blocked. */
  addressMaxFailures: number;
  addressWindowMs: number;
  addressLockMs: number;
}

export const DEFAULT_LOCKOUT: LockoutPolicy = {
  userMaxFailures: 5,
  userLockMs: 15 * 60_000,
  addressMaxFailures: 20,
  addressWindowMs: 15 * 60_000,
  addressLockMs: 15 * 60_000,
};

export interface LoginContext {
  ip: string | null;
  userAgent: string | null;
  now: Date;
  tokenTtlMs: number;
  lockout: LockoutPolicy;
}

export type LoginResult =
  | { ok: true; user: User; token: string; sessionId: string; previousLogin: Date | null }
  /** The password was right but the user has two-step sign-in: no session yet (src/auth/twoFactor.ts). */
  | { ok: 'second_factor'; user: User }
  | { ok: false; reason: 'invalid' | 'disabled' | 'locked' | 'address_blocked'; message: string };

export const minutesLeft = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

/** Counts a failed attempt from an address (none without one); answers until when the address is blocked. */
export async function countAddressFailure(
  db: Kysely<Database>,
  addressKey: string | null,
  now: Date,
  lockout: LockoutPolicy,
): Promise<Date | null> {
  if (!addressKey) return null;
  return countThrottleFailure(
    db,
    addressKey,
    now,
    lockout.addressMaxFailures,
    lockout.addressWindowMs,
    lockout.addressLockMs,
  );
}

/** The refusal after a failed attempt that locked the user (first) or blocked the address; null when neither. */
export function lockRefusal(userLock: Date | null, addressLock: Date | null, now: Date) {
  if (userLock)
    return {
      ok: false as const,
      reason: 'locked' as const,
      message: AUTH_MESSAGES.locked(minutesLeft(userLock, now)),
    };
  if (addressLock)
    return {
      ok: false as const,
      reason: 'address_blocked' as const,
      message: AUTH_MESSAGES.addressBlocked(minutesLeft(addressLock, now)),
    };
  return null;
}

export async function recordEvent(
  db: Kysely<Database>,
  ctx: LoginContext,
  username: string,
  userId: number | null,
  success: boolean,
  reason: string,
) {
  await db
    .insertInto('login_events')
    .values({
      user_id: userId,
      username: username.slice(0, 200),
      success,
      reason,
      ip: ctx.ip,
      user_agent: ctx.userAgent?.slice(0, 500) ?? null,
      at: ctx.now,
    })
    .execute();
}

/** Reads a login_throttle row; a lock that has run out counts as none. */
export async function throttleLockedUntil(
  db: Kysely<Database>,
  key: string,
  now: Date,
): Promise<Date | null> {
  const row = await db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.locked_until && row.locked_until > now ? row.locked_until : null;
}

/** Counts one failure on a login_throttle key; returns the lock end when this failure set one. */
export async function countThrottleFailure(
  db: Kysely<Database>,
  key: string,
  now: Date,
  max: number,
  windowMs: number,
  lockMs: number,
): Promise<Date | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('login_throttle')
      .selectAll()
      .where('key', '=', key)
      .forUpdate()
      .executeTakeFirst();
    const windowOpen =
      row &&
      now.getTime() - row.window_started_at.getTime() < windowMs &&
      !(row.locked_until && row.locked_until <= now);
    const failures = windowOpen ? row.failures + 1 : 1;
    const windowStart = windowOpen ? row.window_started_at : now;
    const lockedUntil = failures >= max ? new Date(now.getTime() + lockMs) : null;
    await trx
      .insertInto('login_throttle')
      .values({
        key,
        failures: lockedUntil ? 0 : failures,
        window_started_at: windowStart,
        locked_until: lockedUntil,
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: lockedUntil ? 0 : failures,
          window_started_at: windowStart,
          locked_until: lockedUntil,
        }),
      )
      .execute();
    return lockedUntil;
  });
}

/** Counts one failure on an existing user; locks the account at the threshold. */
export async function countUserFailure(
  db: Kysely<Database>,
  userId: number,
  now: Date,
  policy: LockoutPolicy,
): Promise<Date | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['failed_attempts', 'locked_until'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const lockExpired = row.locked_until !== null && row.locked_until <= now;
    const failures = (lockExpired ? 0 : row.failed_attempts) + 1;
    const lockedUntil =
      failures >= policy.userMaxFailures ? new Date(now.getTime() + policy.userLockMs) : null;
    await trx
      .updateTable('users')
      .set({ failed_attempts: lockedUntil ? 0 : failures, locked_until: lockedUntil })
      .where('id', '=', userId)
      .execute();
    return lockedUntil;
  });
}

/**
 * Checks credentials and opens a session. Unknown names are throttled exactly like real ones (a `user:` row in
 * login_throttle), and the password check runs either way, so neither the message nor the timing reveals
 * whether an account exists.
 */
export async function login(
  db: Kysely<Database>,
  username: string,
  password: string,
  ctx: LoginContext,
): Promise<LoginResult> {
  const { now, lockout } = ctx;
  const addressKey = ctx.ip ? `ip:${ctx.ip}` : null;
  const nameKey = `user:${username.toLowerCase()}`;

  const blocked = addressKey ? lockRefusal(null, await throttleLockedUntil(db, addressKey, now), now) : null;
  if (blocked) {
    await recordEvent(db, ctx, username, null, false, 'address_blocked');
    return blocked;
  }

  const user = username ? await findUserByUsername(db, username) : undefined;
  const lockedUntil = user
    ? user.locked_until && user.locked_until > now
      ? user.locked_until
      : null
    : await throttleLockedUntil(db, nameKey, now);
  if (lockedUntil) {
    await recordEvent(db, ctx, username, user?.id ?? null, false, 'locked');
    return { ok: false, reason: 'locked', message: AUTH_MESSAGES.locked(minutesLeft(lockedUntil, now)) };
  }

  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.password_hash, password);
  else await burnPasswordCheck(password);

  if (!user || !passwordOk) {
    const userLock = user
      ? await countUserFailure(db, user.id, now, lockout)
      : await countThrottleFailure(
          db,
          nameKey,
          now,
          lockout.userMaxFailures,
          lockout.userLockMs,
          lockout.userLockMs,
        );
    const addressLock = await countAddressFailure(db, addressKey, now, lockout);
    await recordEvent(db, ctx, username, user?.id ?? null, false, 'invalid');
    return (
      lockRefusal(userLock, addressLock, now) ?? {
        ok: false,
        reason: 'invalid',
        message: AUTH_MESSAGES.invalidCredentials,
      }
    );
  }

  if (!user.active) {
    await recordEvent(db, ctx, username, user.id, false, 'disabled');
    return { ok: false, reason: 'disabled', message: AUTH_MESSAGES.disabled };
  }

  // Failure counters are not reset and no login event is written here: only the code step completes a sign-in
  // (else a known password would reset the count between guesses at the code). The challenge row is the trace.
  if (user.totp_enabled_at) return { ok: 'second_factor', user };

  // Without a claim the session is always opened.
  return (await openSession(db, user, username, ctx)) as Extract<LoginResult, { ok: true }>;
}

/** Completes a sign-in: clears the failure count, records the login and creates the session. */
export async function openSession(
  db: Kysely<Database>,
  user: User,
  username: string,
  ctx: LoginContext,
  /** Runs first in the same transaction; returning false aborts (a challenge or code already used). */
  claim?: (trx: Kysely<Database>) => Promise<boolean>,
): Promise<Extract<LoginResult, { ok: true }> | null> {
  const { now } = ctx;
  const token = generateToken();
  const sessionId = await db.transaction().execute(async (trx) => {
    if (claim && !(await claim(trx))) return null;
    await trx
      .updateTable('users')
      .set({ last_login_at: now, failed_attempts: 0, locked_until: null })
      .where('id', '=', user.id)
      .execute();
    const session = await trx
      .insertInto('sessions')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: now,
        expires_at: new Date(now.getTime() + ctx.tokenTtlMs),
        last_seen_at: now,
        ip: ctx.ip,
        user_agent: ctx.userAgent?.slice(0, 500) ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordEvent(trx, ctx, username, user.id, true, 'ok');
    return session.id;
  });
  if (sessionId === null) return null;
  return { ok: true, user, token, sessionId, previousLogin: user.last_login_at };
}

export interface AuthenticatedSession {
  sessionId: string;
  userId: number;
  username: string;
  fullName: string;
  /** The absolute end of the session (a socket is closed then). */
  expiresAt: Date;
}

/** Throttles last_seen_at writes: at most one a minute per session (finer under a short idle timeout). */
const LAST_SEEN_GRANULARITY_MS = 60_000;

export type SessionCheck =
  | { status: 'ok'; session: AuthenticatedSession }
  /** Valid, but unused for longer than the idle timeout: the next call must re-authenticate (ADR 013). */
  | { status: 'idle'; session: AuthenticatedSession }
  | { status: 'none' };

/**
 * The check every call makes: the token's session exists, is not revoked, has not expired, and its user is
 * active; with `idleMs`, also that it was used within that time. An idle session is kept (not revoked) and
 * its last use is not moved, so only a re-authentication brings it back.
 */
export async function checkSession(
  db: Kysely<Database>,
  token: string | null,
  now: Date,
  options: {
    idleMs?: number | null;
    /** false: a look that is not a use (the socket handshake), so it cannot end idleness. */
    touch?: boolean;
    /** When the caller's request began (performance.now()): the answer holds every change committed before. */
    since?: number;
    /** A read-only request's: a session memory holds passes at once, confirmed before the answer leaves. */
    deferral?: AuthDeferral;
  } = {},
): Promise<SessionCheck> {
  const idleMs = options.idleMs ?? null;
  if (!token || !isWellFormedToken(token)) return { status: 'none' };
  const tokenHash = hashToken(token);
  const cache = authCacheOf(db);
  const sessionRow = sql<CachedSession>`
    select s.id, s.user_id, s.expires_at, s.revoked_at, s.last_seen_at, u.active, u.username, u.full_name
    from sessions s join users u on u.id = s.user_id where s.token_hash = ${tokenHash}`;
  const since = options.since ?? performance.now();
  // `held`: the object memory keeps (its last use moves forward here); `row`: what this check decides on.
  const usable = (found: CachedSession | undefined): found is CachedSession =>
    found !== undefined && found.revoked_at === null && found.expires_at > now && found.active;
  let held = await cache.sessionAt(since, tokenHash, sessionRow, options.deferral);
  // A refusal is never decided on memory that is not confirmed yet.
  if (!usable(held) && options.deferral && options.deferral.epoch !== null)
    held = await cache.sessionAt(since, tokenHash, sessionRow);
  let row = held;
  if (!usable(row)) return { status: 'none' };
  let idleFor = row.last_seen_at ? now.getTime() - row.last_seen_at.getTime() : 0;
  // Memory's last use may be older than another node's: idleness is decided on the table.
  if (idleMs !== null && idleFor > idleMs) {
    row = (await sessionRow.execute(db)).rows[0];
    if (!usable(row)) return { status: 'none' };
    if (held && row.last_seen_at && (!held.last_seen_at || row.last_seen_at > held.last_seen_at))
      held.last_seen_at = row.last_seen_at;
    idleFor = row.last_seen_at ? now.getTime() - row.last_seen_at.getTime() : 0;
  }
  const session = {
    sessionId: row.id,
    userId: row.user_id,
    username: row.username,
    fullName: row.full_name,
    expiresAt: row.expires_at,
  };
  if (idleMs !== null && idleFor > idleMs) return { status: 'idle', session };
  const granularity =
    idleMs === null ? LAST_SEEN_GRANULARITY_MS : Math.min(LAST_SEEN_GRANULARITY_MS, idleMs / 20);
  if (options.touch !== false && (!row.last_seen_at || idleFor > granularity)) {
    // Only a session the table still holds as live: the check may have passed on memory not yet confirmed (a
    // deferred request, ADR 066), and a caller who is then refused must not have written anything.
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('users')
            .select('users.id')
            .whereRef('users.id', '=', 'sessions.user_id')
            .where('users.active', '=', true),
        ),
      )
      .execute();
    row.last_seen_at = now;
    if (held) held.last_seen_at = now;
  }
  return { status: 'ok', session };
}

/** `checkSession` without an idle limit: the session or null (the caller answers 401). */
export async function authenticate(
  db: Kysely<Database>,
  token: string | null,
  now: Date,
): Promise<AuthenticatedSession | null> {
  const result = await checkSession(db, token, now);
  return result.status === 'ok' ? result.session : null;
}

/** Marks a session as used now: a successful re-authentication ends its idleness. */
export async function touchSession(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

/** Revokes one session; returns false when it was already revoked. */
export async function revokeSession(
  db: Kysely<Database>,
  sessionId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How long ended sessions are kept (the admin pages show recent sign-outs and revocations). */
export const SESSION_RETENTION_MS = 30 * 24 * 3_600_000;

/** Removes sessions that ended long ago, so the table does not grow without bound. */
export async function pruneSessions(
  db: Kysely<Database>,
  now: Date,
  keepMs = SESSION_RETENTION_MS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - keepMs);
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface SessionPruningOptions {
  everyMs: number;
  now?: () => Date;
  keepMs?: number;
  onPruned?: (count: number) => void;
  onError?: (error: unknown) => void;
}

export interface SessionPruning {
  /** Stops the interval; resolves when a prune under way has finished (close the database after this). */
  stop: () => Promise<void>;
  /** Runs a prune now if one is due; after `stop`, nothing (what the interval calls too). */
  runNow: () => Promise<void>;
  /** The interval's timer: unref'd, so it never keeps the process alive. */
  readonly timer: ReturnType<typeof setInterval>;
}

/**
 * Runs `pruneSessions` now and then every `everyMs` until stopped: once per period across every server node on
 * the database (src/jobs/runOnce.ts), one run at a time, errors reported, never thrown.
 */
export function scheduleSessionPruning(db: Kysely<Database>, options: SessionPruningOptions): SessionPruning {
  const now = options.now ?? (() => new Date());
  return scheduleOnce(
    db,
    { name: 'sessions:prune', everyMs: options.everyMs },
    () => pruneSessions(db, now(), options.keepMs),
    {
      onRan: (count) => {
        if (count > 0) options.onPruned?.(count);
      },
      ...(options.onError ? { onError: options.onError } : {}),
    },
  );
}

/**
 * A user's sessions neither revoked nor expired, as the session lists answer them; `current` marks `currentId`.
 * The admin's list is newest first; the user's own is most recently used first.
 */
export async function openSessionsOf(
  db: Kysely<Database>,
  userId: number,
  options: { now: Date; currentId: string | null; order: 'created' | 'last-used' },
) {
  let query = db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', options.now);
  if (options.order === 'last-used') query = query.orderBy('last_seen_at', 'desc');
  const rows = await query.orderBy('created_at', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at ? row.last_seen_at.toISOString() : null,
    expires_at: row.expires_at.toISOString(),
    ip: row.ip,
    user_agent: row.user_agent,
    current: row.id === options.currentId,
  }));
}

/**
 * Answers a sign-in that ended (password, or the code step): 403 with the reason as its code when refused, else the
 * token, the user's name and their previous sign-in.
 */
export function answerSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  result:
    | { ok: false; reason: string; message: string }
    | { ok: true; user: User; token: string; previousLogin: Date | null },
  logs: { refused: string; signedIn: string },
) {
  if (!result.ok) {
    request.log.info({ reason: result.reason }, logs.refused);
    return reply.code(403).send({ message: result.message, code: result.reason.toUpperCase() });
  }
  request.log.info({ userId: result.user.id }, logs.signedIn);
  return {
    data: {
      token: result.token,
      fullname: result.user.full_name,
      last_login: result.previousLogin ? result.previousLogin.toISOString() : null,
    },
  };
}
