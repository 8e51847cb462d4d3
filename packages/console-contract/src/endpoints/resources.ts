/**
 * The generic routes of every master-data entity (`/api/resources/:entity/…`): list (and its CSV export), the
 * relation choices, one row, its history, create, update, upsert, delete, restore, bulk delete and the actions.
 * One endpoint serves every entity; its `members` document (OpenAPI, one path per entity) and parse each
 * entity's requests with that entity's schemas, and its permission is the entity's key (EntityAccess).
 */
import { z } from '../zod.js';
import { apiErrorSchema } from '../api.js';
import { ENTITIES } from '../entities/index.js';
import type { EntityAction, EntityDef } from '../entities/types.js';
import { listQuerySchema } from '../entities/listQuery.js';
import {
  actionBodySchema,
  anyListResponseSchema,
  bulkActionResponseSchema,
  bulkDeleteResponseSchema,
  bulkIdsSchema,
  entityBodySchema,
  entityRowSchema,
  historyResponseSchema,
  listQueryParametersSchema,
  listResponseSchema,
  relationOptionsResponseSchema,
  resourceDeleteResponseSchema,
  savedViewListSchema,
  savedViewSchema,
} from '../entities/wire.js';
import { type EndpointMember, type EndpointResponseSpec, defineEndpoint } from './define.js';

/** A row id in the path: digits only, at least 1 (15 digits stay exact in JavaScript). */
export const rowIdParam = z
  .pipe(
    z.string().check(z.regex(/^\d{1,15}$/, 'Must be a row id (a positive whole number)')),
    z.transform(Number),
  )
  .check(z.refine((n) => n >= 1, 'Must be a row id (a positive whole number)'));

/** The most choices a relation select asks for at once. */
export const OPTIONS_LIMIT_MAX = 50;

/** `:entity`: which entity's rows (an unknown name is a 404). */
export const resourceParamsSchema = z.object({ entity: z.string() });
/** `:entity/:id`: one row of an entity. */
export const resourceRowParamsSchema = z.object({ entity: z.string(), id: rowIdParam });
/** `:entity/:id/actions/:action`: an action on one row. */
export const resourceActionParamsSchema = z.extend(resourceRowParamsSchema, { action: z.string() });
/** `:entity/actions/:action`: an action on a selection. */
export const resourceBulkActionParamsSchema = z.extend(resourceParamsSchema, { action: z.string() });

/** The list's query string as sent (`f.<field>.<op>`, `or` repeated, `q`, `sort`, paging, `columns`, `format`). */
export const resourceListQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** The relation select's query: search words, or the ids to label; at most OPTIONS_LIMIT_MAX. */
export const resourceOptionsQuerySchema = z.strictObject({
  q: z.optional(z.string().check(z.maxLength(200, 'Must be at most 200 characters'))),
  ids: z.optional(
    z.string().check(z.regex(/^\d{1,15}(,\d{1,15}){0,99}$/, 'Use up to 100 row ids separated by commas')),
  ),
  limit: z.optional(
    z
      .pipe(z.string().check(z.regex(/^\d+$/, 'Must be a whole number')), z.transform(Number))
      .check(z.refine((n) => n >= 1 && n <= OPTIONS_LIMIT_MAX, `Must be from 1 to ${OPTIONS_LIMIT_MAX}`)),
  ),
});

/** A delete's query: the version the caller read (409 when stale). */
export const resourceDeleteQuerySchema = z.strictObject({
  version: z.optional(
    z.pipe(z.string().check(z.regex(/^\d{1,9}$/, 'Must be a whole number')), z.transform(Number)),
  ),
});

/** Any entity's row as a generic caller reads it: id and version, the rest as the entity has it. */
export const anyEntityRowSchema = z.looseObject({ id: z.number(), version: z.number() });
/** Any entity's create, update or upsert body (each entity's member parses its own fields). */
export const anyEntityBodySchema = z.record(z.string(), z.unknown());
export const anyBulkActionResponseSchema = z.object({
  count: z.number().check(z.int()),
  ids: z.array(z.number()),
  rows: z.array(anyEntityRowSchema),
});

// --- how each entity's member is documented ------------------------------------------------------------

const writable = (entities: readonly EntityDef[]) => entities.filter((def) => def.access !== 'read-only');

const member = (
  def: EntityDef,
  mode: 'read' | 'write',
  summary: string,
  rest: Omit<EndpointMember, 'values' | 'summary' | 'permission' | 'tag'>,
  values: Record<string, string> = {},
): EndpointMember => ({
  values: { entity: def.name, ...values },
  summary,
  tag: `resource: ${def.name}`,
  permission: { key: def.permissionKey, mode },
  ...rest,
});

const row = (def: EntityDef, description = 'Success') => ({ schema: entityRowSchema(def), description });
const notThere = { 404: { schema: apiErrorSchema, description: 'No such row' } };
const conflict = (description: string) => ({ 409: { schema: apiErrorSchema, description } });
/** What a write to one row answers: the result, 404 for a row that is not there, 409 as `conflictWhen` says. */
const oneRowWrite = (result: EndpointResponseSpec, conflictWhen: string) => ({
  200: result,
  ...notThere,
  ...conflict(conflictWhen),
});
const actionSummary = (action: EntityAction) =>
  `${action.label} (${
    action.transition
      ? `${action.transition.field}: ${action.transition.from.join(' / ')} → ${action.transition.to}`
      : `sets ${Object.keys(action.set ?? {}).join(', ')}`
  })`;
const invalidState = conflict(
  'The row is not in a state the action starts from (invalid_state), or a stale version',
);

export const resourcesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:entity',
    permission: { entity: 'read' },
    apiKey: true,
    tag: 'resources',
    summary: 'List the rows of an entity (filters, search, sort, offset or keyset paging, total; format=csv)',
    params: resourceParamsSchema,
    query: resourceListQuerySchema,
    response: anyListResponseSchema,
    members: (entities = ENTITIES) =>
      entities.map((def) =>
        member(
          def,
          'read',
          `List ${def.labelPlural} (filters, search, sort, offset or keyset paging, total; format=csv exports the view)`,
          {
            query: listQuerySchema(def),
            queryParameters: listQueryParametersSchema(def),
            responses: {
              200: {
                schema: listResponseSchema(def),
                description: 'A page with the total, or the CSV of the whole view',
                also: { 'text/csv': z.string() },
              },
            },
          },
        ),
      ),
  }),

  options: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:entity/options',
    permission: { entity: 'pick' },
    apiKey: true,
    tag: 'resources',
    summary: 'Choices for a relation select: id and title of the rows of an entity',
    params: resourceParamsSchema,
    query: resourceOptionsQuerySchema,
    response: relationOptionsResponseSchema,
    members: (entities = ENTITIES) =>
      entities.map((def) =>
        member(def, 'read', `Choices for a relation select: id and ${def.titleField}`, {
          query: resourceOptionsQuerySchema,
          responses: { 200: relationOptionsResponseSchema },
        }),
      ),
  }),

  get: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:entity/:id',
    permission: { entity: 'read' },
    apiKey: true,
    tag: 'resources',
    summary: 'One row of an entity',
    params: resourceRowParamsSchema,
    response: anyEntityRowSchema,
    members: (entities = ENTITIES) =>
      entities.map((def) =>
        member(def, 'read', `One ${def.label.toLowerCase()}`, {
          params: resourceRowParamsSchema,
          responses: { 200: row(def), ...notThere },
        }),
      ),
  }),

  history: defineEndpoint({
    method: 'GET',
    path: '/api/resources/:entity/:id/history',
    permission: { entity: 'read' },
    apiKey: true,
    tag: 'resources',
    summary: 'Audit entries of a row, newest first, with before/after and the changed fields',
    params: resourceRowParamsSchema,
    response: historyResponseSchema,
    members: (entities = ENTITIES) =>
      entities.map((def) =>
        member(
          def,
          'read',
          'Audit entries of the row, newest first, with before/after and the changed fields',
          {
            params: resourceRowParamsSchema,
            responses: { 200: historyResponseSchema, ...notThere },
          },
        ),
      ),
  }),

  create: defineEndpoint({
    method: 'POST',
    path: '/api/resources/:entity',
    permission: { entity: 'write' },
    apiKey: true,
    tag: 'resources',
    summary: 'Create a row of an entity',
    params: resourceParamsSchema,
    body: anyEntityBodySchema,
    response: anyEntityRowSchema,
    status: 201,
    errors: [409],
    members: (entities = ENTITIES) =>
      writable(entities).map((def) =>
        member(def, 'write', `Create a ${def.label.toLowerCase()}`, {
          body: entityBodySchema(def, 'create'),
          responses: {
            201: row(def, 'Created'),
            ...conflict('A unique field is already used (code `unique`)'),
          },
        }),
      ),
  }),

  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/resources/:entity/:id',
    permission: { entity: 'write' },
    apiKey: true,
    tag: 'resources',
    summary: 'Change a row of an entity (send the version you read)',
    params: resourceRowParamsSchema,
    body: anyEntityBodySchema,
    response: anyEntityRowSchema,
    errors: [409],
    members: (entities = ENTITIES) =>
      writable(entities).map((def) =>
        member(def, 'write', `Change a ${def.label.toLowerCase()} (send the version you read)`, {
          params: resourceRowParamsSchema,
          body: entityBodySchema(def, 'update'),
          responses: oneRowWrite(
            row(def),
            'Stale version (code `conflict`, with `current`: the row now) or a unique field in use (code `unique`)',
          ),
        }),
      ),
  }),

  upsert: defineEndpoint({
    method: 'POST',
    path: '/api/resources/:entity/upsert',
    permission: { entity: 'write' },
    apiKey: true,
    tag: 'resources',
    summary: 'Create, or update the live row with the same unique key (automation; 201 when created)',
    params: resourceParamsSchema,
    body: anyEntityBodySchema,
    response: anyEntityRowSchema,
    errors: [409],
    members: (entities = ENTITIES) =>
      writable(entities).map((def) =>
        member(
          def,
          'write',
          `Create, or update the live ${def.label.toLowerCase()} with the same unique key (automation; only the sent fields change)`,
          {
            body: entityBodySchema(def, 'create'),
            responses: {
              200: row(def, 'Updated'),
              201: row(def, 'Created'),
              ...conflict('A unique field is already used'),
            },
          },
        ),
      ),
  }),

  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/resources/:entity/:id',
    permission: { entity: 'delete' },
    apiKey: true,
    tag: 'resources',
    summary: 'Delete a row of an entity (soft where the entity keeps deleted rows)',
    params: resourceRowParamsSchema,
    query: resourceDeleteQuerySchema,
    response: resourceDeleteResponseSchema,
    errors: [409],
    members: (entities = ENTITIES) =>
      writable(entities).map((def) =>
        member(
          def,
          'write',
          def.softDelete
            ? `Delete (soft: sets deleted_at) a ${def.label.toLowerCase()}`
            : `Delete a ${def.label.toLowerCase()} for good`,
          {
            params: resourceRowParamsSchema,
            query: resourceDeleteQuerySchema,
            responses: oneRowWrite(
              resourceDeleteResponseSchema,
              'Stale version (`conflict`) or rows still refer to it (`referenced`, with `references`)',
            ),
          },
        ),
      ),
  }),

  restore: defineEndpoint({
    method: 'POST',
    path: '/api/resources/:entity/:id/restore',
    permission: { entity: 'delete' },
    apiKey: true,
    tag: 'resources',
    summary: 'Bring back a deleted row (entities that keep deleted rows)',
    params: resourceRowParamsSchema,
    response: anyEntityRowSchema,
    errors: [409],
    members: (entities = ENTITIES) =>
      writable(entities)
        .filter((def) => def.softDelete)
        .map((def) =>
          member(def, 'write', `Bring back a deleted ${def.label.toLowerCase()}`, {
            params: resourceRowParamsSchema,
            responses: oneRowWrite(row(def), 'Its unique values are used by another row now (`unique`)'),
          }),
        ),
  }),

  bulkDelete: defineEndpoint({
    method: 'POST',
    path: '/api/resources/:entity/bulk-delete',
    permission: { entity: 'delete' },
    apiKey: true,
    tag: 'resources',
    summary: 'Delete several rows of an entity at once (all or nothing)',
    params: resourceParamsSchema,
    body: bulkIdsSchema,
    response: bulkDeleteResponseSchema,
    errors: [404, 409],
    members: (entities = ENTITIES) =>
      writable(entities).map((def) =>
        member(def, 'write', `Delete several ${def.labelPlural.toLowerCase()} at once (all or nothing)`, {
          body: bulkIdsSchema,
          responses: {
            200: bulkDeleteResponseSchema,
            404: { schema: apiErrorSchema, description: 'Some ids do not exist (`ids`)' },
            ...conflict('Rows still refer to some (`referenced`)'),
          },
        }),
      ),
  }),

  action: defineEndpoint({
    method: 'POST',
    path: '/api/resources/:entity/:id/actions/:action',
    permission: { entity: 'action' },
    apiKey: true,
    tag: 'resources',
    summary: 'An action of the entity on one row (send the version you read)',
    params: resourceActionParamsSchema,
    body: actionBodySchema,
    response: anyEntityRowSchema,
    errors: [409],
    members: (entities = ENTITIES) =>
      entities.flatMap((def) =>
        (def.actions ?? []).map((action) =>
          member(
            def,
            action.mode,
            actionSummary(action),
            {
              params: resourceActionParamsSchema,
              body: actionBodySchema,
              bodyOptional: true,
              responses: { 200: row(def, 'The row after the action'), ...notThere, ...invalidState },
            },
            { action: action.name },
          ),
        ),
      ),
  }),

  bulkAction: defineEndpoint({
    method: 'POST',
    path: '/api/resources/:entity/actions/:action',
    permission: { entity: 'action' },
    apiKey: true,
    tag: 'resources',
    summary: 'An action of the entity on a selection, all or nothing',
    params: resourceBulkActionParamsSchema,
    body: bulkIdsSchema,
    response: anyBulkActionResponseSchema,
    errors: [409],
    members: (entities = ENTITIES) =>
      entities.flatMap((def) =>
        (def.actions ?? [])
          .filter((action) => action.bulk)
          .map((action) =>
            member(
              def,
              action.mode,
              `${action.label} on a selection, all or nothing`,
              {
                body: bulkIdsSchema,
                responses: { 200: bulkActionResponseSchema(def), ...notThere, ...invalidState },
              },
              { action: action.name },
            ),
          ),
      ),
  }),
};

// --- saved views (`/api/views`) --------------------------------------------------------------------------
// Signed-in users who may read a master-data page; the server's guard also finds the view of `:id` (404) and
// checks read access to its entity (403). API keys have none.

const filterSchema = z.union([
  z.strictObject({
    field: z.string().check(z.maxLength(64)),
    op: z.literal('eq'),
    value: z.union([z.string().check(z.maxLength(200)), z.number(), z.boolean()]),
  }),
  z.strictObject({
    field: z.string().check(z.maxLength(64)),
    op: z.literal('in'),
    values: z
      .array(z.union([z.string().check(z.maxLength(200)), z.number(), z.boolean()]))
      .check(z.minLength(1), z.maxLength(100)),
  }),
  z.strictObject({
    field: z.string().check(z.maxLength(64)),
    op: z.literal('range'),
    min: z.union([z.string().check(z.maxLength(200)), z.number(), z.boolean(), z.null()]),
    max: z.union([z.string().check(z.maxLength(200)), z.number(), z.boolean(), z.null()]),
  }),
  z.strictObject({
    field: z.string().check(z.maxLength(64)),
    op: z.literal('contains'),
    value: z.string().check(z.maxLength(200)),
  }),
  z.strictObject({ field: z.string().check(z.maxLength(64)), op: z.literal('empty'), empty: z.boolean() }),
  z.strictObject({ field: z.string().check(z.maxLength(64)), op: z.literal('within'), days: z.number() }),
]);

/** OR groups keep their meaning: "within the last 30 days" is stored as such and counted from the day it is read. */
const groupSchema = z.strictObject(
  {
    any: z
      .array(z.array(filterSchema).check(z.minLength(1), z.maxLength(20)))
      .check(z.minLength(1), z.maxLength(20)),
  },
  { error: 'Must be { any: [[filter, …], …] }' },
);
/** A saved view's filter and OR group, as a save checks them and the app reads them back. */
export const savedViewFilterSchema = filterSchema;
export const savedViewGroupSchema = groupSchema;

const viewFields = {
  name: z
    .string({ error: 'Must be text' })
    .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(80, 'Must be at most 80 characters')),
  shared: z.boolean({ error: 'Must be true or false' }),
  q: z.nullable(
    z.string({ error: 'Must be text' }).check(z.maxLength(200, 'Must be at most 200 characters')),
  ),
  filters: z
    .array(filterSchema, { error: 'Must be a list of filters' })
    .check(z.maxLength(50, 'Must have at most 50 filters')),
  groups: z
    .array(groupSchema, { error: 'Must be a list of OR groups' })
    .check(z.maxLength(5, 'Must have at most 5 OR groups')),
  sort: z.nullable(
    z.strictObject(
      { field: z.string().check(z.maxLength(64)), direction: z.enum(['asc', 'desc']) },
      { error: 'Must be { field, direction }' },
    ),
  ),
  columns: z.nullable(
    z
      .array(z.string().check(z.maxLength(64)), { error: 'Must be a list of column names' })
      .check(z.maxLength(100)),
  ),
};

/** A new saved view of an entity's list (`POST /api/views`). */
export const savedViewCreateSchema = z.strictObject(
  {
    entity: z.string({ error: 'Entity is required' }).check(z.maxLength(64)),
    name: viewFields.name,
    shared: z._default(viewFields.shared, false),
    q: z._default(viewFields.q, null),
    filters: z._default(viewFields.filters, []),
    groups: z._default(viewFields.groups, []),
    sort: z._default(viewFields.sort, null),
    columns: z._default(viewFields.columns, null),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown field' : undefined) },
);

/** A change to a saved view (`PATCH /api/views/:id`), with the version read. */
export const savedViewUpdateSchema = z.strictObject(
  {
    name: z.optional(viewFields.name),
    shared: z.optional(viewFields.shared),
    q: z.optional(viewFields.q),
    filters: z.optional(viewFields.filters),
    groups: z.optional(viewFields.groups),
    sort: z.optional(viewFields.sort),
    columns: z.optional(viewFields.columns),
    version: z.optional(z.number().check(z.int(), z.gte(1))),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown field' : undefined) },
);

/** `GET /api/views?entity=`: which entity's views. */
export const savedViewsQuerySchema = z.strictObject({
  entity: z.string({ error: 'Entity is required' }).check(z.maxLength(64)),
});
/** `/api/views/:id`. */
export const savedViewParamsSchema = z.object({ id: rowIdParam });

export const savedViewsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/views',
    permission: 'auth',
    tag: 'views',
    summary: "The user's views of an entity and those shared with readers",
    query: savedViewsQuerySchema,
    response: savedViewListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/views/:id',
    permission: 'auth',
    tag: 'views',
    summary: 'Open a view by id (own or shared)',
    params: savedViewParamsSchema,
    response: savedViewSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/views',
    permission: 'auth',
    tag: 'views',
    summary: 'Save a view (filters, search, sort, columns; shared or not)',
    body: savedViewCreateSchema,
    response: savedViewSchema,
    status: 201,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/views/:id',
    permission: 'auth',
    tag: 'views',
    summary: 'Change or share a view (owner only)',
    params: savedViewParamsSchema,
    body: savedViewUpdateSchema,
    response: savedViewSchema,
    errors: [409],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/views/:id',
    permission: 'auth',
    tag: 'views',
    summary: 'Delete a view (owner only)',
    params: savedViewParamsSchema,
    response: z.object({ id: z.number(), deleted: z.literal(true) }),
  }),
};
