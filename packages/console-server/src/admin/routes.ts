import type { FastifyRequest } from 'fastify';
import type { AuthenticatedSession } from '../auth/sessions.js';
import type { RouteRegistrar } from '../http.js';
import type { Actor } from '../services/users.js';
import {
  changeOwnPassword,
  createSet,
  createUser,
  deleteSet,
  deleteUser,
  getUser,
  listSessions,
  listSets,
  listUsers,
  patchSet,
  patchUser,
  permissionMatrix,
  replaceUserSets,
  resetPassword,
  revokeAllSessions,
  saveMatrix,
  userActivity,
  viewAs,
  type AdminContext,
} from './service.js';
import { adminEndpoints } from '@staff/console-contract';
import { implement } from '../pageRoutes.js';

export type { RouteRegistrar };

export interface AdminRoutesOptions extends AdminContext {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => AuthenticatedSession;
}

/**
 * Users, permission sets, the permission matrix, view-as, and the signed-in user's own password change (ADR 007):
 * the contract's `adminEndpoints`.
 */
export function registerAdminRoutes(options: AdminRoutesOptions): void {
  const { route, sessionOf } = options;
  const ctx: AdminContext = { db: options.db, events: options.events, now: options.now };
  const actorOf = (request: FastifyRequest): Actor => ({
    id: sessionOf(request).userId,
    ip: request.ip ?? null,
  });

  implement(route, adminEndpoints.changePassword, async (request, _reply, { body }) => {
    const session = sessionOf(request);
    return changeOwnPassword(
      ctx,
      session.userId,
      session.sessionId,
      body.old_password,
      body.new_password,
      request.ip ?? null,
    );
  });

  // --- users ---
  implement(route, adminEndpoints.listUsers, async (_request, _reply, { query }) => listUsers(ctx, query));
  implement(route, adminEndpoints.createUser, async (request, _reply, { body }) =>
    createUser(ctx, body, actorOf(request)),
  );
  implement(route, adminEndpoints.getUser, async (_request, _reply, { params }) => getUser(ctx, params.id));
  implement(route, adminEndpoints.updateUser, async (request, _reply, { params, body }) =>
    patchUser(ctx, params.id, body, actorOf(request)),
  );
  implement(route, adminEndpoints.deleteUser, async (request, _reply, { params }) => {
    await deleteUser(ctx, params.id, actorOf(request));
    return { ok: true as const };
  });
  implement(route, adminEndpoints.resetPassword, async (request, _reply, { params, body }) =>
    resetPassword(ctx, params.id, body.password, actorOf(request)),
  );
  implement(route, adminEndpoints.setUserSets, async (request, _reply, { params, body }) =>
    replaceUserSets(ctx, params.id, body.permission_sets, actorOf(request)),
  );
  implement(route, adminEndpoints.sessions, async (request, _reply, { params }) =>
    listSessions(ctx, params.id, sessionOf(request).sessionId),
  );
  implement(route, adminEndpoints.revokeAllSessions, async (request, _reply, { params }) =>
    revokeAllSessions(ctx, params.id, actorOf(request)),
  );
  implement(route, adminEndpoints.activity, async (_request, _reply, { params, query }) =>
    userActivity(ctx, params.id, query.limit),
  );

  // --- permission sets ---
  implement(route, adminEndpoints.listSets, async () => listSets(ctx));
  implement(route, adminEndpoints.createSet, async (request, _reply, { body }) =>
    createSet(ctx, body, actorOf(request)),
  );
  implement(route, adminEndpoints.updateSet, async (request, _reply, { params, body }) =>
    patchSet(ctx, params.id, body, actorOf(request)),
  );
  implement(route, adminEndpoints.deleteSet, async (request, _reply, { params }) => {
    await deleteSet(ctx, params.id, actorOf(request));
    return { ok: true as const };
  });
  implement(route, adminEndpoints.matrix, async () => permissionMatrix(ctx));
  implement(route, adminEndpoints.saveMatrix, async (request, _reply, { body }) =>
    saveMatrix(ctx, body.sets, actorOf(request)),
  );
  implement(route, adminEndpoints.viewAs, async (request, _reply, { params }) =>
    viewAs(ctx, params.userId, actorOf(request)),
  );
}
