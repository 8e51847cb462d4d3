/** The shared part of the resource routes (routes.ts and the route files beside it). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ENTITIES,
  formatValidationError,
  getEntity,
  rowIdParam,
  type AnyEndpoint,
  type EntityAccess,
  type EntityAction,
  type EntityDef,
  z,
} from '@staff/console-contract';
import { type InputErrorFormat, type RouteRegistrar } from '../http.js';
import { implement } from '../pageRoutes.js';
import { AUTH_MESSAGES } from '../auth/messages.js';
import { authenticate } from '../auth/sessions.js';
import { bearerToken } from '../auth/tokens.js';
import { userMay } from '../services/users.js';
import type { AuthDeferral } from '../auth/authCache.js';
import { findApiKey, presentedApiKey } from './apiKeys.js';
import { type ResourceChangedPayload, pushResourceChanges } from './push.js';
import { type AnyDb, type Row } from './query.js';
import { ResourceError, type ResourceActor } from './service.js';
import { type ViewDto } from './views.js';

/** A caller of the API (the server's own writes never come through here). */
export type Actor = Exclude<ResourceActor, { kind: 'system' }> & { entities?: readonly string[] };

export interface ResourceRouteOptions {
  clock: () => Date;
  /** app.ts's declared-route helper: zod in, guarded, listed in the OpenAPI document. */
  route: RouteRegistrar;
  /** Largest create/update body (bytes); larger ones get 413. Long field values within it get 400. */
  bodyLimit?: number;
  /** Unfiltered lists of tables with at least this many rows (statistics) get an estimated total; default 100 000. */
  estimateTotalsFrom?: number;
}

export const HISTORY_LIMIT = 200;

/** A handler's parsed input: each member of a route family has its own schemas. */
export interface RawInput {
  query: unknown;
  body: unknown;
  params: unknown;
}

export const changesOf = (before: Row | null, after: Row | null) => {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => !['id', 'version', 'created_at', 'updated_at'].includes(key),
  );
  return keys
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
};

// The caller found by a route's guard, for its handler.
export interface Caller {
  actor: Actor;
  def: EntityDef;
  action?: EntityAction;
  view?: ViewDto;
  userId?: number;
}

/** What the resource routes share: the caller, the guards, the route helpers and the realtime push. */
export function createResourceRouteContext(app: FastifyInstance, options: ResourceRouteOptions) {
  const db = app.database.db;
  const anyDb = db as unknown as AnyDb;
  const { clock, route } = options;
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;

  const push = (def: EntityDef, changes: ResourceChangedPayload[]) => {
    pushResourceChanges(db, app.realtime, def, changes).catch((error: unknown) =>
      app.log.warn({ err: error }, 'resource push failed'),
    );
  };
  /** Tells the readers of `def` that these rows were created, updated or deleted (at their new version). */
  const pushRows = (def: EntityDef, action: ResourceChangedPayload['action'], rows: readonly Row[]) =>
    push(
      def,
      rows.map((row) => ({ entity: def.name, id: row.id as number, action, version: row.version as number })),
    );

  async function actorOf(request: FastifyRequest): Promise<Actor> {
    const ip = request.ip ?? null;
    const authorization = request.headers.authorization;
    const key = presentedApiKey(request.headers);
    if (key && !(typeof authorization === 'string' && /^Bearer\s/i.test(authorization))) {
      const found = await findApiKey(db, key, clock(), request.authSince);
      if (!found)
        throw new ResourceError(401, { message: 'Unknown or revoked API key', code: 'UNAUTHORIZED' });
      return { kind: 'api_key', keyId: found.id, name: found.name, entities: found.entities, ip };
    }
    // Set by the app's onRequest hook (one lookup, with the idle limit), else checked here.
    const session = request.session ?? (await authenticate(db, bearerToken(authorization), clock()));
    if (!session) throw new ResourceError(401, { message: AUTH_MESSAGES.unauthorized, code: 'UNAUTHORIZED' });
    return { kind: 'user', userId: session.userId, name: session.fullName, ip };
  }

  const forbidden = (mode: string, key: string) =>
    new ResourceError(403, { message: `You need ${mode} access to ${key} for this.`, code: 'FORBIDDEN' });

  /** read: the entity's key with read; write: with write. API keys: read/write on their entities, never delete. */
  async function requireAccess(
    actor: Actor,
    def: EntityDef,
    mode: 'read' | 'write' | 'delete',
    /** When the request began (request.authSince), and its deferral (request.authDeferral). */
    since?: number,
    deferral?: AuthDeferral | null,
  ): Promise<void> {
    if (actor.kind === 'api_key') {
      if (def.apiKeyWritable && actor.entities?.includes(def.name) && mode !== 'delete') return;
      throw new ResourceError(403, {
        message: `This API key may not ${mode === 'read' ? 'read' : 'change'} ${def.labelPlural}.`,
        code: 'FORBIDDEN',
      });
    }
    const allowed = await userMay(db, actor.userId, def.permissionKey, mode === 'read' ? 'read' : 'write', {
      since,
      deferral,
    });
    if (!allowed) throw forbidden(mode === 'read' ? 'read' : 'write', def.permissionKey);
  }

  const entityOf = (request: FastifyRequest): EntityDef => {
    const name = (request.params as { entity?: string }).entity ?? '';
    const def = getEntity(name);
    if (!def) throw new ResourceError(404, { message: `No resource named "${name}"`, code: 'NOT_FOUND' });
    return def;
  };

  const actionOf = (def: EntityDef, request: FastifyRequest): EntityAction => {
    const name = (request.params as { action?: string }).action ?? '';
    const action = def.actions?.find((candidate) => candidate.name === name);
    if (!action)
      throw new ResourceError(404, {
        message: `${def.labelPlural} have no action "${name}"`,
        code: 'NOT_FOUND',
      });
    return action;
  };

  const callers = new WeakMap<FastifyRequest, Caller>();
  const callerOf = (request: FastifyRequest): Caller => {
    const found = callers.get(request);
    if (!found) throw new Error('resource route without its guard');
    return found;
  };

  /** The caller of a route on one row, with the row's id from the path. */
  const rowCallerOf = (request: FastifyRequest, input: { params: unknown }) => ({
    ...callerOf(request),
    id: (input.params as { id: number }).id,
  });

  /** The caller, the entity in the path and the access check, in this order: 401, then 404, then 403. */
  const entityGuard = (mode: 'read' | 'write' | 'delete') => async (request: FastifyRequest) => {
    const actor = await actorOf(request);
    const def = entityOf(request);
    // A read-only entity (rows the system writes): 405 on every write route, before the permission check.
    if (mode !== 'read' && def.access === 'read-only')
      throw new ResourceError(405, {
        message: `${def.labelPlural} are read-only: they are written by the system.`,
        code: 'READ_ONLY',
      });
    await requireAccess(actor, def, mode, request.authSince, request.authDeferral);
    callers.set(request, { actor, def });
  };

  /** An action's own mode decides the access (Confirm needs write, a read-mode action read). */
  const actionGuard = (bulk: boolean) => async (request: FastifyRequest) => {
    const actor = await actorOf(request);
    const def = entityOf(request);
    const action = actionOf(def, request);
    if (bulk && !action.bulk)
      throw new ResourceError(404, {
        message: `"${action.label}" runs on one ${def.label.toLowerCase()} at a time`,
        code: 'NOT_FOUND',
      });
    await requireAccess(actor, def, action.mode, request.authSince, request.authDeferral);
    callers.set(request, { actor, def, action });
  };

  const inputError: InputErrorFormat = (_location, error) =>
    new ResourceError(400, { ...formatValidationError(error), code: 'INVALID_INPUT' });

  type ResourceHandler = (request: FastifyRequest, reply: FastifyReply, input: RawInput) => Promise<unknown>;
  /**
   * Serves a contract resource endpoint (resourcesEndpoints) by reference: its members document and parse each
   * entity's requests; the guard is the entity's key in the endpoint's mode (EntityAccess), or `guard` where the
   * mode needs more than the path (`pick`, `action`).
   */
  const serve = (
    endpoint: AnyEndpoint,
    handler: ResourceHandler,
    extra: {
      guard?: (request: FastifyRequest) => Promise<void>;
      bodyLimit?: number;
      /** Its checks may pass from memory, confirmed before the answer leaves (a route that only reads). */
      deferAuth?: boolean;
    } = {},
  ) => {
    const access = (endpoint.permission as { entity?: EntityAccess }).entity;
    const guard =
      extra.guard ??
      (access === 'read' || access === 'write' || access === 'delete' ? entityGuard(access) : undefined);
    if (!guard) throw new Error(`${endpoint.name}: the resource routes need a guard for '${String(access)}'`);
    implement(route, endpoint, (request, reply, input) => handler(request, reply, input as RawInput), {
      guard,
      inputError,
      // The entities this server serves (a test may add one to the contract's list).
      ...(endpoint.members ? { members: endpoint.members(ENTITIES) } : {}),
      ...(extra.bodyLimit ? { bodyLimit: extra.bodyLimit } : {}),
      ...(extra.deferAuth ? { config: { authDeferred: true } } : {}),
    });
  };

  const idParams = z.object({ id: rowIdParam });
  return {
    app,
    options,
    clock,
    route,
    db,
    anyDb,
    bodyLimit,
    push,
    pushRows,
    actorOf,
    forbidden,
    requireAccess,
    entityOf,
    actionOf,
    callers,
    callerOf,
    rowCallerOf,
    entityGuard,
    actionGuard,
    inputError,
    serve,
    idParams,
  };
}

export type ResourceRouteContext = ReturnType<typeof createResourceRouteContext>;
