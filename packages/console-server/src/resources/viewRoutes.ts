/** Saved views (`/api/views`) and API keys (`/api/api-keys`). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ENTITIES,
  apiKeysEndpoints,
  endpointKey,
  getEntity,
  savedViewParamsSchema,
  savedViewsEndpoints,
  type AnyEndpoint,
  type savedViewCreateSchema,
  type savedViewUpdateSchema,
  type savedViewsQuerySchema,
  type z,
} from '@staff/console-contract';
import { parseInput } from '../http.js';
import { userPermission, userPermissions } from '../services/users.js';
import { createApiKey, listApiKeys, revokeApiKey } from './apiKeys.js';
import { ResourceError, invalid } from './service.js';
import { createView, deleteView, findView, listViews, updateView } from './views.js';
import { type EndpointHandler, implement } from '../pageRoutes.js';
import { type Actor, type Caller, type RawInput, type ResourceRouteContext } from './routeContext.js';

/** The saved views of the lists, and the API keys administrators hand to automation. */
export function registerViewAndKeyRoutes(ctx: ResourceRouteContext): void {
  const { clock, route, db, actorOf, forbidden, requireAccess, callers, callerOf, inputError } = ctx;

  // --- saved views ---------------------------------------------------------------------------------
  /** Saved views belong to master-data pages: a user who may read none of them is refused outright (403). */
  const viewerOf = async (actor: Actor): Promise<number> => {
    if (actor.kind !== 'user')
      throw new ResourceError(403, { message: 'API keys have no saved views.', code: 'FORBIDDEN' });
    const held = new Set(
      (await userPermissions(db, actor.userId))
        .filter((entry) => entry.allow_read)
        .map((e) => e.permission_key),
    );
    if (!ENTITIES.some((def) => held.has(def.permissionKey)))
      throw new ResourceError(403, {
        message: 'You need read access to a master-data page for saved views.',
        code: 'FORBIDDEN',
      });
    return actor.userId;
  };
  /** The viewer and, for `/api/views/:id`, their view (404) and read access to its entity (403). */
  const viewGuard = async (request: FastifyRequest) => {
    const actor = await actorOf(request);
    const userId = await viewerOf(actor);
    const caller: Caller = { actor, def: ENTITIES[0]!, userId };
    if ((request.params as { id?: string }).id !== undefined) {
      const { id } = parseInput('params', savedViewParamsSchema, request.params, inputError);
      const view = await findView(db, id, userId);
      if (!view) throw new ResourceError(404, { message: `No view with id ${id}`, code: 'NOT_FOUND' });
      caller.def = getEntity(view.entity)!;
      await requireAccess(actor, caller.def, 'read');
      caller.view = view;
    }
    callers.set(request, caller);
  };
  /** A saved-view endpoint, behind viewGuard. */
  const viewRoute = (
    endpoint: AnyEndpoint,
    handler: (request: FastifyRequest, reply: FastifyReply, input: RawInput) => Promise<unknown>,
  ) =>
    implement(route, endpoint, (request, reply, input) => handler(request, reply, input as RawInput), {
      guard: viewGuard,
      inputError,
    });
  const entityNamed = (name: string) => {
    const def = getEntity(name);
    if (!def) throw invalid({ entity: [`No resource named "${name}"`] });
    return def;
  };

  viewRoute(savedViewsEndpoints.list, async (request, _reply, input) => {
    const { actor, userId } = callerOf(request);
    const def = entityNamed((input.query as z.output<typeof savedViewsQuerySchema>).entity);
    await requireAccess(actor, def, 'read');
    return { views: await listViews(db, def.name, userId!) };
  });

  viewRoute(savedViewsEndpoints.get, async (request) => callerOf(request).view!);

  viewRoute(savedViewsEndpoints.create, async (request, reply, input) => {
    const { actor, userId } = callerOf(request);
    const body = input.body as z.output<typeof savedViewCreateSchema>;
    const def = entityNamed(body.entity);
    await requireAccess(actor, def, 'read');
    return reply.code(201).send(await createView(db, def, body, userId!));
  });

  viewRoute(savedViewsEndpoints.update, async (request, _reply, input) => {
    const { userId, view } = callerOf(request);
    return updateView(db, view!.id, input.body as z.output<typeof savedViewUpdateSchema>, userId!);
  });

  viewRoute(savedViewsEndpoints.remove, async (request) => {
    const { userId, view } = callerOf(request);
    await deleteView(db, view!.id, userId!);
    return { id: view!.id, deleted: true as const };
  });

  // --- API keys (admin) ----------------------------------------------------------------------------
  /** Signed-in administrators only: an API key cannot manage API keys. */
  const adminGuard = (mode: 'read' | 'write') => async (request: FastifyRequest) => {
    const actor = await actorOf(request);
    if (actor.kind !== 'user')
      throw new ResourceError(403, { message: 'API keys cannot do this.', code: 'FORBIDDEN' });
    const flags = await userPermission(db, actor.userId, 'admin_manage_user', { since: request.authSince });
    if (!(mode === 'read' ? flags.read : flags.write)) throw forbidden(mode, 'admin_manage_user');
    callers.set(request, { actor, def: ENTITIES[0]!, userId: actor.userId });
  };
  /** An API-key endpoint, behind adminGuard in the endpoint's mode. */
  const keyRoute = <E extends AnyEndpoint>(endpoint: E, handler: EndpointHandler<E>) =>
    implement(route, endpoint, handler, {
      guard: adminGuard(endpointKey(endpoint)!.mode),
      inputError,
    });
  const keyActor = (request: FastifyRequest) => {
    const { actor, userId } = callerOf(request);
    return { id: userId!, ip: actor.ip ?? null };
  };

  keyRoute(apiKeysEndpoints.list, async () => ({ keys: await listApiKeys(db) }));

  keyRoute(apiKeysEndpoints.create, async (request, _reply, { body }) =>
    createApiKey(db, body.name, keyActor(request)),
  );

  keyRoute(apiKeysEndpoints.revoke, async (request, _reply, { params }) => {
    const key = await revokeApiKey(db, params.id, keyActor(request), clock());
    if (!key) throw new ResourceError(404, { message: `No API key with id ${params.id}`, code: 'NOT_FOUND' });
    return key;
  });
}
