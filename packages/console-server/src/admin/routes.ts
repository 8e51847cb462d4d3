import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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
import {
  apiErrorSchema,
  activityQuerySchema,
  activityResponseSchema,
  adminUserRowSchema,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  deleteResponseSchema,
  matrixResponseSchema,
  matrixSaveBodySchema,
  matrixSaveResponseSchema,
  permissionSetListResponseSchema,
  permissionSetSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
  revokeAllResponseSchema,
  sessionListResponseSchema,
  setCreateBodySchema,
  setIdParamsSchema,
  setPatchBodySchema,
  userCreateBodySchema,
  userCreateResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userPatchBodySchema,
  viewAsResponseSchema,
} from '@staff/console-contract';

export type { RouteRegistrar };

export interface AdminRoutesOptions extends AdminContext {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => AuthenticatedSession;
}

const READ = { key: 'admin_manage_user', mode: 'read' } as const;
const WRITE = { key: 'admin_manage_user', mode: 'write' } as const;
const TAG = 'administration';
const userIdParams = z.object({ id: z.coerce.number().int().positive() });
const viewAsParams = z.object({ userId: z.coerce.number().int().positive() });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** Users, permission sets, the permission matrix, view-as, and the signed-in user's own password change (ADR 007). */
export function registerAdminRoutes(options: AdminRoutesOptions): void {
  const { route, sessionOf } = options;
  const ctx: AdminContext = { db: options.db, events: options.events, now: options.now };
  const actorOf = (request: FastifyRequest): Actor => ({
    id: sessionOf(request).userId,
    ip: request.ip ?? null,
  });

  route(
    {
      method: 'POST',
      url: '/api/auth/change-password',
      tag: 'auth',
      summary: "Change the signed-in user's password (the current one is required); their other sessions end",
      auth: true,
      body: changePasswordBodySchema,
      responses: { 200: changePasswordResponseSchema, 400: apiErrorSchema },
    },
    async (request, _reply, { body }) => {
      const session = sessionOf(request);
      return changeOwnPassword(
        ctx,
        session.userId,
        session.sessionId,
        body.old_password,
        body.new_password,
        request.ip ?? null,
      );
    },
  );

  // --- users ---
  route(
    {
      method: 'GET',
      url: '/api/admin/users',
      tag: TAG,
      summary:
        'Users matching a search and filters (active, permission set, last login), one page with the total',
      auth: true,
      permission: READ,
      query: userListQuerySchema,
      responses: { 200: userListResponseSchema },
    },
    async (_request, _reply, { query }) => listUsers(ctx, query),
  );

  route(
    {
      method: 'POST',
      url: '/api/admin/users',
      tag: TAG,
      summary: 'Create a user; without a password the server generates one and answers it once',
      auth: true,
      permission: WRITE,
      body: userCreateBodySchema,
      responses: { 201: userCreateResponseSchema, ...errors },
    },
    async (request, reply, { body }) => {
      const created = await createUser(ctx, body, actorOf(request));
      return reply.code(201).send(created);
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/users/:id',
      tag: TAG,
      summary: 'One user',
      auth: true,
      permission: READ,
      params: userIdParams,
      responses: { 200: adminUserRowSchema, 404: apiErrorSchema },
    },
    async (_request, _reply, { params }) => getUser(ctx, params.id),
  );

  route(
    {
      method: 'PATCH',
      url: '/api/admin/users/:id',
      tag: TAG,
      summary:
        'Edit a user, or disable/enable them (disabling ends their sessions at once; refused for the last administrator and oneself)',
      auth: true,
      permission: WRITE,
      params: userIdParams,
      body: userPatchBodySchema,
      responses: { 200: adminUserRowSchema, ...errors },
    },
    async (request, _reply, { params, body }) => patchUser(ctx, params.id, body, actorOf(request)),
  );

  route(
    {
      method: 'DELETE',
      url: '/api/admin/users/:id',
      tag: TAG,
      summary: 'Delete a user (refused for oneself and the last administrator); their audit entries stay',
      auth: true,
      permission: WRITE,
      params: userIdParams,
      responses: { 200: deleteResponseSchema, ...errors },
    },
    async (request, _reply, { params }) => {
      await deleteUser(ctx, params.id, actorOf(request));
      return { ok: true as const };
    },
  );

  route(
    {
      method: 'POST',
      url: '/api/admin/users/:id/reset-password',
      tag: TAG,
      summary: "Set a user's password (or generate one, answered once); ends their sessions",
      auth: true,
      permission: WRITE,
      params: userIdParams,
      body: resetPasswordBodySchema,
      responses: { 200: resetPasswordResponseSchema, ...errors },
    },
    async (request, _reply, { params, body }) =>
      resetPassword(ctx, params.id, body.password, actorOf(request)),
  );

  route(
    {
      method: 'PUT',
      url: '/api/admin/users/:id/permission-sets',
      tag: TAG,
      summary:
        "Replace a user's permission sets (their open tabs update at once; refused when it removes the last administrator)",
      auth: true,
      permission: WRITE,
      params: userIdParams,
      body: z.object({ permission_sets: z.array(z.string().min(1).max(200)).max(100) }),
      responses: { 200: adminUserRowSchema, ...errors },
    },
    async (request, _reply, { params, body }) =>
      replaceUserSets(ctx, params.id, body.permission_sets, actorOf(request)),
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/users/:id/sessions',
      tag: TAG,
      summary: "A user's open sessions",
      auth: true,
      permission: READ,
      params: userIdParams,
      responses: { 200: sessionListResponseSchema, 404: apiErrorSchema },
    },
    async (request, _reply, { params }) => listSessions(ctx, params.id, sessionOf(request).sessionId),
  );

  route(
    {
      method: 'POST',
      url: '/api/admin/users/:id/sessions/revoke-all',
      tag: TAG,
      summary: 'Sign a user out everywhere (their tabs go to the start screen at once)',
      auth: true,
      permission: WRITE,
      params: userIdParams,
      responses: { 200: revokeAllResponseSchema, 404: apiErrorSchema },
    },
    async (request, _reply, { params }) => revokeAllSessions(ctx, params.id, actorOf(request)),
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/users/:id/activity',
      tag: TAG,
      summary: 'Recent audit entries by or about a user, newest first',
      auth: true,
      permission: READ,
      params: userIdParams,
      query: activityQuerySchema,
      responses: { 200: activityResponseSchema, 404: apiErrorSchema },
    },
    async (_request, _reply, { params, query }) => userActivity(ctx, params.id, query.limit),
  );

  // --- permission sets ---
  route(
    {
      method: 'GET',
      url: '/api/admin/permission-sets',
      tag: TAG,
      summary: 'Every permission set with its entries and holder count',
      auth: true,
      permission: READ,
      responses: { 200: permissionSetListResponseSchema },
    },
    async () => listSets(ctx),
  );

  route(
    {
      method: 'POST',
      url: '/api/admin/permission-sets',
      tag: TAG,
      summary: 'Create a permission set',
      auth: true,
      permission: WRITE,
      body: setCreateBodySchema,
      responses: { 201: permissionSetSchema, ...errors },
    },
    async (request, reply, { body }) => reply.code(201).send(await createSet(ctx, body, actorOf(request))),
  );

  route(
    {
      method: 'PATCH',
      url: '/api/admin/permission-sets/:id',
      tag: TAG,
      summary:
        "Rename a set or change its entries (holders' tabs update at once; refused when it removes the last administrator)",
      auth: true,
      permission: WRITE,
      params: setIdParamsSchema,
      body: setPatchBodySchema,
      responses: { 200: permissionSetSchema, ...errors },
    },
    async (request, _reply, { params, body }) => patchSet(ctx, params.id, body, actorOf(request)),
  );

  route(
    {
      method: 'DELETE',
      url: '/api/admin/permission-sets/:id',
      tag: TAG,
      summary: 'Delete a permission set that no user holds (409 while assigned)',
      auth: true,
      permission: WRITE,
      params: setIdParamsSchema,
      responses: { 200: deleteResponseSchema, ...errors },
    },
    async (request, _reply, { params }) => {
      await deleteSet(ctx, params.id, actorOf(request));
      return { ok: true as const };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/permission-matrix',
      tag: TAG,
      summary: 'Keys (with the pages and menu groups each opens) × sets (with read/write per key)',
      auth: true,
      permission: READ,
      responses: { 200: matrixResponseSchema },
    },
    async () => permissionMatrix(ctx),
  );

  route(
    {
      method: 'PUT',
      url: '/api/admin/permission-matrix',
      tag: TAG,
      summary: "Save several sets' entries in one transaction; affected users' tabs update at once",
      auth: true,
      permission: WRITE,
      body: matrixSaveBodySchema,
      responses: { 200: matrixSaveResponseSchema, ...errors },
    },
    async (request, _reply, { body }) => saveMatrix(ctx, body.sets, actorOf(request)),
  );

  route(
    {
      method: 'GET',
      url: '/api/admin/view-as/:userId',
      tag: TAG,
      summary:
        "A user's permissions (as ___ca answers them), sidebar menu and openable pages; read-only, audited",
      auth: true,
      permission: READ,
      params: viewAsParams,
      responses: { 200: viewAsResponseSchema, 404: apiErrorSchema },
    },
    async (request, _reply, { params }) => viewAs(ctx, params.userId, actorOf(request)),
  );
}
