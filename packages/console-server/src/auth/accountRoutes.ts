/**
 * The signed-in user's own session (ADR 013): re-authenticating an idle session, and listing and ending one's
 * own sessions (the "Your sessions" dialog): the contract's `accountEndpoints`.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { accountEndpoints } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import type { RouteRegistrar } from '../admin/routes.js';
import type { ConsoleEvents } from '../services/events.js';
import { auditOwnAccount } from '../services/audit.js';
import { AUTH_MESSAGES } from './messages.js';
import { verifyPassword } from './passwords.js';
import {
  type AuthenticatedSession,
  type LockoutPolicy,
  countUserFailure,
  openSessionsOf,
  revokeSession,
  touchSession,
} from './sessions.js';
import { verifySecondFactor } from './twoFactor.js';
import { implement } from '../pageRoutes.js';

export interface AccountRoutesOptions {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => AuthenticatedSession;
  db: Kysely<Database>;
  events: ConsoleEvents;
  now: () => Date;
  lockout: LockoutPolicy;
}

export function registerAccountRoutes(options: AccountRoutesOptions): void {
  const { route, sessionOf, db, events, now } = options;

  implement(route, accountEndpoints.reauth, async (request, _reply, { body }) => {
    const session = sessionOf(request);
    const at = now();
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow();
    const passwordOk = await verifyPassword(user.password_hash, body.password);
    const needsCode = user.totp_enabled_at !== null;
    if (passwordOk && needsCode && !body.code) {
      // Not a failure: the dialog asks for the code field it did not show yet.
      throw new HttpError(400, AUTH_MESSAGES.reauthCodeNeeded, 'CODE_REQUIRED', {
        'body.code': [AUTH_MESSAGES.reauthCodeNeeded],
      });
    }
    const codeOk = !needsCode || (passwordOk && (await verifySecondFactor(db, user, body.code ?? '', at)));
    if (!passwordOk || !codeOk) {
      const lockedUntil = await countUserFailure(db, user.id, at, options.lockout);
      if (lockedUntil) {
        // Someone is guessing at an unattended session: end it rather than leave it open to more guesses.
        await revokeSession(db, session.sessionId, 'reauth failed', at);
        events.sessionsRevoked(user.id, [session.sessionId], 'reauth failed');
        throw new HttpError(401, AUTH_MESSAGES.unauthorized, 'UNAUTHORIZED');
      }
      const field = passwordOk ? 'body.code' : 'body.password';
      const message = passwordOk ? AUTH_MESSAGES.reauthWrongCode : AUTH_MESSAGES.reauthWrongPassword;
      throw new HttpError(400, message, 'INVALID_INPUT', { [field]: [message] });
    }
    await db
      .updateTable('users')
      .set({ failed_attempts: 0, locked_until: null })
      .where('id', '=', user.id)
      .execute();
    await touchSession(db, session.sessionId, at);
    request.log.info({ userId: user.id }, 'session re-authenticated');
    return { ok: true as const };
  });

  implement(route, accountEndpoints.sessions, async (request) => {
    const session = sessionOf(request);
    return {
      sessions: await openSessionsOf(db, session.userId, {
        now: now(),
        currentId: session.sessionId,
        order: 'last-used',
      }),
    };
  });

  implement(route, accountEndpoints.endSession, async (request, _reply, { params }) => {
    const session = sessionOf(request);
    const revoked = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('sessions')
        .set({ revoked_at: now(), revoked_reason: 'signed out by the user' })
        .where('id', '=', params.id)
        .where('user_id', '=', session.userId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      await auditOwnAccount(trx, { id: session.userId, ip: request.ip ?? null }, 'sign-out-session', {
        after: { session: row.id, current: row.id === session.sessionId },
      });
      return row.id;
    });
    if (!revoked) throw new HttpError(404, 'No such open session of yours.', 'NOT_FOUND');
    events.sessionsRevoked(session.userId, [revoked], 'signed out by the user');
    return { ok: true as const };
  });
}
