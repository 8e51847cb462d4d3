/** The resource routes that change rows: create, update, upsert, delete, restore, and the actions. */
import { z } from 'zod';
import {
  ENTITIES,
  actionBodySchema,
  apiErrorSchema,
  bulkActionResponseSchema,
  bulkDeleteResponseSchema,
  bulkIdsSchema,
  entityBodySchema,
  maskRow,
  resourceDeleteResponseSchema,
  type EntityAction,
  type EntityBody,
} from '@staff/console-contract';
import { type ResponseSpec, parseInput } from '../http.js';
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
  // the route helpers that document each entity.
  const { clock, anyDb, bodyLimit, pushRows, inputError, writable } = ctx;
  const { callerOf, rowCallerOf, entityGuard, actionGuard } = ctx;
  const { resourceRoute, member, entityRoute, rowParams, row, conflict, errors } = ctx;

  // --- writes --------------------------------------------------------------------------------------
  /** What a write to one row answers: the result, 404 for a row that is not there, 409 as `conflictWhen` says. */
  const oneRowWrite = (result: ResponseSpec, conflictWhen: string) => ({
    200: result,
    ...errors,
    ...conflict(conflictWhen),
  });

  entityRoute(
    'POST',
    '/api/resources/:entity',
    'write',
    (def) => ({
      summary: `Create a ${def.label.toLowerCase()}`,
      body: entityBodySchema(def, 'create'),
      responses: {
        201: row(def, 'Created'),
        ...conflict('A unique field is already used (code `unique`)'),
      },
    }),
    async (request, reply, input) => {
      const { actor, def } = callerOf(request);
      const created = await createRow(anyDb, def, input.body as EntityBody, actor);
      pushRows(def, 'create', [created]);
      return reply.code(201).send(maskRow(def, created));
    },
    { bodyLimit },
  );

  entityRoute(
    'PATCH',
    '/api/resources/:entity/:id',
    'write',
    (def) => ({
      summary: `Change a ${def.label.toLowerCase()} (send the version you read)`,
      params: rowParams,
      body: entityBodySchema(def, 'update'),
      responses: oneRowWrite(
        row(def),
        'Stale version (code `conflict`, with `current`: the row now) or a unique field in use (code `unique`)',
      ),
    }),
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

  entityRoute(
    'POST',
    '/api/resources/:entity/upsert',
    'write',
    (def) => ({
      summary: `Create, or update the live ${def.label.toLowerCase()} with the same unique key (automation; only the sent fields change)`,
      body: entityBodySchema(def, 'create'),
      responses: {
        200: row(def, 'Updated'),
        201: row(def, 'Created'),
        ...conflict('A unique field is already used'),
      },
    }),
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

  const deleteQuery = z.strictObject({
    version: z
      .string()
      .regex(/^\d{1,9}$/, 'Must be a whole number')
      .transform(Number)
      .optional(),
  });

  entityRoute(
    'DELETE',
    '/api/resources/:entity/:id',
    'delete',
    (def) => ({
      summary: def.softDelete
        ? `Delete (soft: sets deleted_at) a ${def.label.toLowerCase()}`
        : `Delete a ${def.label.toLowerCase()} for good`,
      params: rowParams,
      query: deleteQuery,
      responses: oneRowWrite(
        resourceDeleteResponseSchema,
        'Stale version (`conflict`) or rows still refer to it (`referenced`, with `references`)',
      ),
    }),
    async (request, _reply, input) => {
      const { actor, def, id } = rowCallerOf(request, input);
      const { version } = input.query as z.output<typeof deleteQuery>;
      const rows = await deleteRows(anyDb, def, [id], actor, version);
      const deleted = rows[0]!;
      pushRows(def, 'delete', [deleted]);
      return { id, deleted: true, soft: def.softDelete, version: deleted.version };
    },
  );

  const deleteGuard = entityGuard('delete');
  resourceRoute(
    'POST',
    '/api/resources/:entity/:id/restore',
    async (request) => {
      await deleteGuard(request);
      const { def } = callerOf(request);
      // Only soft-deleted entities document it; the others answer as for a row that is not there.
      if (!def.softDelete) {
        const { id } = parseInput('params', rowParams, request.params, inputError);
        throw notFound(def, id);
      }
    },
    writable
      .filter((def) => def.softDelete)
      .map((def) =>
        member(def, 'write', `Bring back a deleted ${def.label.toLowerCase()}`, {
          params: rowParams,
          responses: oneRowWrite(row(def), 'Its unique values are used by another row now (`unique`)'),
        }),
      ),
    async (request, _reply, input) => {
      const { actor, def, id } = rowCallerOf(request, input);
      const before = await readRow(anyDb, def, id);
      const restored = await restoreRow(anyDb, def, id, actor);
      if (before && restored.version !== before.version) pushRows(def, 'update', [restored]);
      return maskRow(def, restored);
    },
  );

  entityRoute(
    'POST',
    '/api/resources/:entity/bulk-delete',
    'delete',
    (def) => ({
      summary: `Delete several ${def.labelPlural.toLowerCase()} at once (all or nothing)`,
      body: bulkIdsSchema,
      responses: {
        200: bulkDeleteResponseSchema,
        404: { schema: apiErrorSchema, description: 'Some ids do not exist (`ids`)' },
        ...conflict('Rows still refer to some (`referenced`)'),
      },
    }),
    async (request, _reply, input) => {
      const { actor, def } = callerOf(request);
      const { ids } = input.body as z.output<typeof bulkIdsSchema>;
      const rows = await deleteRows(anyDb, def, ids, actor);
      pushRows(def, 'delete', rows);
      return { deleted: rows.length, ids: rows.map((deleted) => deleted.id) };
    },
  );

  // --- actions and state transitions ---------------------------------------------------------------
  const actionSummary = (action: EntityAction) =>
    `${action.label} (${
      action.transition
        ? `${action.transition.field}: ${action.transition.from.join(' / ')} → ${action.transition.to}`
        : `sets ${Object.keys(action.set ?? {}).join(', ')}`
    })`;
  const invalidState = conflict(
    'The row is not in a state the action starts from (invalid_state), or a stale version',
  );

  resourceRoute(
    'POST',
    '/api/resources/:entity/:id/actions/:action',
    actionGuard(false),
    ENTITIES.flatMap((def) =>
      (def.actions ?? []).map((action) =>
        member(
          def,
          action.mode,
          actionSummary(action),
          {
            params: rowParams.extend({ action: z.string() }),
            body: actionBodySchema,
            bodyOptional: true,
            responses: { 200: row(def, 'The row after the action'), ...errors, ...invalidState },
          },
          { action: action.name },
        ),
      ),
    ),
    async (request, _reply, input) => {
      const { actor, def, action, id } = rowCallerOf(request, input);
      const { version } = input.body as z.output<typeof actionBodySchema>;
      const rows = await runAction(anyDb, def, action!, [{ id, version }], actor, clock());
      pushRows(def, 'update', rows);
      return maskRow(def, rows[0]!);
    },
  );

  resourceRoute(
    'POST',
    '/api/resources/:entity/actions/:action',
    actionGuard(true),
    ENTITIES.flatMap((def) =>
      (def.actions ?? [])
        .filter((action) => action.bulk)
        .map((action) =>
          member(
            def,
            action.mode,
            `${action.label} on a selection, all or nothing`,
            {
              body: bulkIdsSchema,
              responses: { 200: bulkActionResponseSchema(def), ...errors, ...invalidState },
            },
            { action: action.name },
          ),
        ),
    ),
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
  );
}
