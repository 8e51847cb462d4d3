/** The resource routes that change rows: create, update, upsert, delete, restore, and the actions. */
import {
  maskRow,
  resourceRowParamsSchema,
  resourcesEndpoints,
  type actionBodySchema,
  type bulkIdsSchema,
  type EntityBody,
  type resourceDeleteQuerySchema,
  type z,
} from '@staff/console-contract';
import { parseInput } from '../http.js';
import {
  createRow,
  deleteRows,
  invalid,
  notFound,
  readRow,
  restoreRow,
  runAction,
  transitionFields,
  updateRow,
  upsertRow,
} from './service.js';
import { type ResourceRouteContext } from './routeContext.js';

/** Writes, deletes and restores of rows, then the named actions and state transitions. */
export function registerWriteRoutes(ctx: ResourceRouteContext): void {
  // What the writes share with the other resource routes (routeContext.ts): the data and push, the guards and
  // `serve`, which registers a contract endpoint (resourcesEndpoints) by reference.
  const { clock, anyDb, bodyLimit, pushRows, inputError } = ctx;
  const { callerOf, rowCallerOf, entityGuard, actionGuard, serve } = ctx;

  // --- writes --------------------------------------------------------------------------------------
  serve(
    resourcesEndpoints.create,
    async (request, reply, input) => {
      const { actor, def } = callerOf(request);
      const created = await createRow(anyDb, def, input.body as EntityBody, actor);
      pushRows(def, 'create', [created]);
      return reply.code(201).send(maskRow(def, created));
    },
    { bodyLimit },
  );

  serve(
    resourcesEndpoints.update,
    async (request, _reply, input) => {
      const { actor, def, id } = rowCallerOf(request, input);
      const changes = input.body as EntityBody & { version: number };
      const owned = transitionFields(def).filter((name) => name in changes);
      if (owned.length)
        throw invalid(
          Object.fromEntries(
            owned.map((name) => [
              name,
              [
                `Changes through the actions only: ${(def.actions ?? [])
                  .filter((action) => action.transition?.field === name)
                  .map((action) => action.label)
                  .join(', ')}`,
              ],
            ]),
          ),
        );
      const before = changes.version;
      const updated = await updateRow(anyDb, def, id, changes, actor);
      if (updated.version !== before) pushRows(def, 'update', [updated]);
      return maskRow(def, updated);
    },
    { bodyLimit },
  );

  serve(
    resourcesEndpoints.upsert,
    async (request, reply, input) => {
      const { actor, def } = callerOf(request);
      const present = Object.keys(request.body as Record<string, unknown>);
      const {
        row: saved,
        created,
        changed,
      } = await upsertRow(anyDb, def, input.body as EntityBody, present, actor);
      if (changed) pushRows(def, created ? 'create' : 'update', [saved]);
      return reply.code(created ? 201 : 200).send(maskRow(def, saved));
    },
    { bodyLimit },
  );

  serve(resourcesEndpoints.remove, async (request, _reply, input) => {
    const { actor, def, id } = rowCallerOf(request, input);
    const { version } = input.query as z.output<typeof resourceDeleteQuerySchema>;
    const rows = await deleteRows(anyDb, def, [id], actor, version);
    const deleted = rows[0]!;
    pushRows(def, 'delete', [deleted]);
    return { id, deleted: true, soft: def.softDelete, version: deleted.version };
  });

  const deleteGuard = entityGuard('delete');
  serve(
    resourcesEndpoints.restore,
    async (request, _reply, input) => {
      const { actor, def, id } = rowCallerOf(request, input);
      const before = await readRow(anyDb, def, id);
      const restored = await restoreRow(anyDb, def, id, actor);
      if (before && restored.version !== before.version) pushRows(def, 'update', [restored]);
      return maskRow(def, restored);
    },
    {
      guard: async (request) => {
        await deleteGuard(request);
        const { def } = callerOf(request);
        // Only soft-deleted entities document it; the others answer as for a row that is not there.
        if (!def.softDelete) {
          const { id } = parseInput('params', resourceRowParamsSchema, request.params, inputError);
          throw notFound(def, id);
        }
      },
    },
  );

  serve(resourcesEndpoints.bulkDelete, async (request, _reply, input) => {
    const { actor, def } = callerOf(request);
    const { ids } = input.body as z.output<typeof bulkIdsSchema>;
    const rows = await deleteRows(anyDb, def, ids, actor);
    pushRows(def, 'delete', rows);
    return { deleted: rows.length, ids: rows.map((deleted) => deleted.id) };
  });

  // --- actions and state transitions ---------------------------------------------------------------
  serve(
    resourcesEndpoints.action,
    async (request, _reply, input) => {
      const { actor, def, action, id } = rowCallerOf(request, input);
      const { version } = input.body as z.output<typeof actionBodySchema>;
      const rows = await runAction(anyDb, def, action!, [{ id, version }], actor, clock());
      pushRows(def, 'update', rows);
      return maskRow(def, rows[0]!);
    },
    { guard: actionGuard(false) },
  );

  serve(
    resourcesEndpoints.bulkAction,
    async (request, _reply, input) => {
      const { actor, def, action } = callerOf(request);
      const { ids } = input.body as z.output<typeof bulkIdsSchema>;
      const rows = await runAction(
        anyDb,
        def,
        action!,
        [...new Set(ids)].map((id) => ({ id })),
        actor,
        clock(),
      );
      pushRows(def, 'update', rows);
      return {
        count: rows.length,
        ids: rows.map((changed) => changed.id),
        rows: rows.map((changed) => maskRow(def, changed)),
      };
    },
    { guard: actionGuard(true) },
  );
}
