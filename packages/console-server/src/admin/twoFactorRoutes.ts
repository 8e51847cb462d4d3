import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { accountEndpoints, adminEndpoints, authEndpoints } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { type AuthenticatedSession, type LoginContext, answerSignIn } from '../auth/sessions.js';
import {
  beginSetup,
  disableTwoFactor,
  enableTwoFactor,
  loginWithSecondFactor,
  resetTwoFactor,
  twoFactorStatus,
  type TwoFactorContext,
} from '../auth/twoFactor.js';
import type { RouteRegistrar } from './routes.js';
import type { ConsoleEvents } from '../services/events.js';
import { implement } from '../pageRoutes.js';

export interface TwoFactorRoutesOptions {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => AuthenticatedSession;
  db: Kysely<Database>;
  now: () => Date;
  /** The login route's context minus the per-request parts. */
  loginContext: Omit<LoginContext, 'ip' | 'userAgent' | 'now'>;
  /** The login route's rate-limit config: the code step caps the same work. */
  loginRouteConfig: Record<string, unknown>;
  /** Sockets of sessions ended by turning two-step sign-in off are closed through this. */
  events?: ConsoleEvents;
}

/** Two-step sign-in: the code step of sign-in, the user's own enrolment, and the administrator's reset. */
export function registerTwoFactorRoutes(options: TwoFactorRoutesOptions): void {
  const { route, sessionOf, db } = options;
  const ctx: TwoFactorContext = { db, now: options.now };

  implement(
    route,
    authEndpoints.loginOtp,
    async (request, reply, { body }) => {
      const result = await loginWithSecondFactor(db, body.challenge, body.code, {
        ...options.loginContext,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        now: options.now(),
      });
      return answerSignIn(request, reply, result, {
        refused: 'second sign-in step refused',
        signedIn: 'signed in with a second factor',
      });
    },
    { config: options.loginRouteConfig },
  );

  // The user's own enrolment: the contract's `accountEndpoints`.
  implement(route, accountEndpoints.twoFactorStatus, async (request) =>
    twoFactorStatus(ctx, sessionOf(request).userId),
  );

  implement(route, accountEndpoints.twoFactorSetup, async (request) =>
    beginSetup(ctx, sessionOf(request).userId, request.ip ?? null),
  );

  implement(route, accountEndpoints.twoFactorEnable, async (request, _reply, { body }) =>
    enableTwoFactor(ctx, sessionOf(request).userId, body.code, request.ip ?? null),
  );

  implement(route, accountEndpoints.twoFactorDisable, async (request, _reply, { body }) => {
    const session = sessionOf(request);
    const { revoked } = await disableTwoFactor(
      ctx,
      session.userId,
      body.password,
      request.ip ?? null,
      session.sessionId,
    );
    if (revoked.length > 0) options.events?.sessionsRevoked(session.userId, revoked, '2fa turned off');
    return { ok: true as const };
  });

  // The administrator's reset (lost phone and recovery codes).
  implement(route, adminEndpoints.resetTwoFactor, async (request, _reply, { params }) => {
    const { revoked, ...result } = await resetTwoFactor(ctx, params.id, {
      id: sessionOf(request).userId,
      ip: request.ip ?? null,
    });
    if (revoked.length > 0) options.events?.sessionsRevoked(params.id, revoked, '2fa reset');
    return result;
  });
}
