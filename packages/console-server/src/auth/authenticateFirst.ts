import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError, type AnyRouteSpec } from '../http.js';
import { findApiKey, presentedApiKey } from '../resources/apiKeys.js';
import { AUTH_MESSAGES } from './messages.js';
import { authenticate } from './sessions.js';
import { bearerToken } from './tokens.js';

/**
 * The first check of every route that needs a caller (RouteGuards.authenticate, run in the route's onRequest hook,
 * before Fastify reads the body): a valid session or a valid API key; 401 otherwise.
 * Permission checks stay with the route's guard (after this, still before the input is parsed).
 * @example
 * const guards = { authenticate: authenticateFirst(db, clock), guard };
 */
export function authenticateFirst(db: Kysely<Database>, clock: () => Date) {
  return async (request: FastifyRequest, _spec: AnyRouteSpec): Promise<void> => {
    // Set by the app's onRequest hook (one lookup, with the idle limit).
    if (request.session) return;
    const authorization = request.headers.authorization;
    // A valid API key passes here on any route: the route's guard says whether keys may call it (403 if not).
    const key = presentedApiKey(request.headers);
    if (key && !(typeof authorization === 'string' && /^Bearer\s/i.test(authorization))) {
      if (await findApiKey(db, key, clock(), request.authSince)) return;
      throw new HttpError(401, 'Unknown or revoked API key', 'UNAUTHORIZED');
    }
    const session = await authenticate(db, bearerToken(authorization), clock());
    if (!session) throw new HttpError(401, AUTH_MESSAGES.unauthorized, 'UNAUTHORIZED');
    request.session = session;
  };
}
