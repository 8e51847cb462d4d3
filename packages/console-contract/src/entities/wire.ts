/**
 * The wire shapes of the resource API (`/api/resources/<entity>/…`) as zod: the server types its answers and
 * documents them (OpenAPI) with these, the app reads answers with them. Rows and bodies carry the JSON Schema
 * written from the EntityDef (jsonSchema.ts) as their documentation: their zod forms normalise input.
 */
import { z } from '../zod.js';
import type { EntityDef } from './types.js';
import { entityJsonSchema, type JsonSchema } from './jsonSchema.js';
import {
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  OR_GROUPS_MAX,
  createSchema,
  filterOperatorsFor,
  unknownKeyError,
  updateSchema,
} from './validation.js';

/** How a zod schema is documented when its own JSON Schema would say less (a named component or inline). */
export interface DocumentedSchema {
  schema: JsonSchema;
  /** Components name: documents refer to `#/components/schemas/<name>`. */
  name?: string;
}

const documented = new WeakMap<object, DocumentedSchema>();

/** Marks `schema` as documented by `json` (the OpenAPI builder uses it instead of converting the zod). */
export function documentedAs<S extends z.ZodMiniType>(schema: S, json: JsonSchema, name?: string): S {
  documented.set(schema, name ? { schema: json, name } : { schema: json });
  return schema;
}

export function documentationOf(schema: unknown): DocumentedSchema | undefined {
  return typeof schema === 'object' && schema !== null ? documented.get(schema) : undefined;
}

/** A row of any entity as the API returns it. */
export type EntityRow = Record<string, unknown> & { id: number; version: number };

const rowCache = new WeakMap<EntityDef, z.ZodMiniType<EntityRow>>();

/** A row as the API returns it (secrets masked). */
export function entityRowSchema(def: EntityDef): z.ZodMiniType<EntityRow> {
  let schema = rowCache.get(def);
  if (!schema) {
    schema = documentedAs(
      z.looseObject({ id: z.number(), version: z.number() }) as z.ZodMiniType<EntityRow>,
      entityJsonSchema(def, 'row'),
      `${def.name}_row`,
    );
    rowCache.set(def, schema);
  }
  return schema;
}

/** The create and update bodies, documented by the EntityDef's JSON Schema. */
export function entityBodySchema(def: EntityDef, kind: 'create' | 'update') {
  const schema = kind === 'create' ? createSchema(def) : updateSchema(def);
  if (!documentationOf(schema)) documentedAs(schema, entityJsonSchema(def, kind));
  return schema;
}

/** Relation field → id → label of the rows on a page: `{ creator_id: { "12": "Nadia Putri" } }`. */
export const relationLabelsSchema = z.record(z.string(), z.record(z.string(), z.string()));
export type RelationLabels = z.infer<typeof relationLabelsSchema>;

const listResponseBase = {
  total: z.number().check(z.int()),
  /** True when `total` comes from the table statistics (unfiltered list of a large table); exact otherwise. */
  total_estimated: z.boolean(),
  limit: z.number().check(z.int()),
  /** Null when the page was asked by cursor. */
  offset: z.nullable(z.number().check(z.int())),
  sort: z.object({ field: z.string(), direction: z.enum(['asc', 'desc']) }),
  /** The keyset cursor of the next page; null on the last page. */
  next_cursor: z.nullable(z.string()),
  labels: relationLabelsSchema,
};

/** A page of a list: `GET /api/resources/<entity>`. */
export function listResponseSchema(def: EntityDef) {
  return z.object({ rows: z.array(entityRowSchema(def)), ...listResponseBase });
}

/**
 * The list page of any entity as a generic reader (the app's DataProvider) takes it: rows untyped; the paging
 * fields it does not use may be left out (fakes, older servers), `total_estimated` and `labels` default.
 */
export const anyListResponseSchema = z.object({
  rows: z.array(z.looseObject({ id: z.union([z.number(), z.string()]) })),
  total: listResponseBase.total,
  total_estimated: z._default(listResponseBase.total_estimated, false),
  labels: z._default(listResponseBase.labels, {}),
  limit: z.optional(listResponseBase.limit),
  offset: z.optional(listResponseBase.offset),
  sort: z.optional(listResponseBase.sort),
  next_cursor: z.optional(listResponseBase.next_cursor),
});
export type ResourceListResponse = z.infer<typeof anyListResponseSchema>;

export const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  actor_type: z.enum(['user', 'api_key', 'system']),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});
export type ResourceHistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyResponseSchema = z.object({ entries: z.array(historyEntrySchema) });

export const resourceDeleteResponseSchema = z.object({
  id: z.number().check(z.int()),
  deleted: z.literal(true),
  soft: z.boolean(),
  version: z.number().check(z.int()),
});

const rowIdSchema = z
  .number({ error: 'Must be a row id (a positive whole number)' })
  .check(
    z.int('Must be a row id (a positive whole number)'),
    z.positive('Must be a row id (a positive whole number)'),
  );

/** `{ ids }` of a bulk delete or a bulk action: 1 to 500 row ids. */
export const bulkIdsSchema = z.strictObject(
  {
    ids: z
      .array(rowIdSchema, {
        error: (issue) => (issue.input === undefined ? 'Ids are required' : 'Must be a list of row ids'),
      })
      .check(z.minLength(1, 'Give at least one id'), z.maxLength(500, 'At most 500 rows at once')),
  },
  { error: unknownKeyError },
);

export const bulkDeleteResponseSchema = z.object({
  deleted: z.number().check(z.int()),
  ids: z.array(z.number()),
});

/** The body of a one-row action: the version the client saw (409 when stale). */
export const actionBodySchema = z.strictObject(
  {
    version: z.optional(
      z
        .number({ error: 'Must be a whole number' })
        .check(z.int('Must be a whole number'), z.positive('Must be a whole number')),
    ),
  },
  { error: unknownKeyError },
);

export function bulkActionResponseSchema(def: EntityDef) {
  return z.object({
    count: z.number().check(z.int()),
    ids: z.array(z.number()),
    rows: z.array(entityRowSchema(def)),
  });
}

export const relationOptionsResponseSchema = z.object({
  options: z.array(z.object({ id: z.number(), value: z.number(), label: z.string() })),
});

/** Where an entity's resource API is: `/api/resources/<entity>`, its rows, history and actions below it. */
export const resourcePath = (entity: string): string => `/api/resources/${encodeURIComponent(entity)}`;

/** The saved views of the lists (`/api/views`), or one of them (`/api/views/<id>`). */
export const savedViewsPath = (id?: string): string =>
  id === undefined ? '/api/views' : `/api/views/${encodeURIComponent(id)}`;

/** A saved view of a list (`/api/views`): its content, owner and the list query string it opens. */
export const savedViewSchema = z.object({
  id: z.number().check(z.int()),
  entity: z.string(),
  name: z.string(),
  shared: z.boolean(),
  mine: z.boolean(),
  owner: z.nullable(z.string()),
  q: z.nullable(z.string()),
  filters: z.array(z.record(z.string(), z.unknown())),
  groups: z.array(z.record(z.string(), z.unknown())),
  sort: z.nullable(z.object({ field: z.string(), direction: z.enum(['asc', 'desc']) })),
  columns: z.nullable(z.array(z.string())),
  /** The list query string of the view (open `/api/resources/<entity>?<query>`). */
  query: z.string(),
  version: z.number().check(z.int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) });

/**
 * The list's query parameters as documentation: `f.<field>.<op>` per filterable field, `or`, `q`, `sort`, paging,
 * `columns`, `format` and (soft-deleted entities) `deleted`. `listQuerySchema` parses them.
 */
export function listQueryParametersSchema(def: EntityDef) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const field of def.fields.filter((candidate) => candidate.filterable))
    for (const op of filterOperatorsFor(field))
      shape[`f.${field.name}.${op}`] = z.optional(z.string()).check(z.describe(`${field.label}: ${op}`));
  const sortable = [
    'id',
    'created_at',
    'updated_at',
    ...def.fields.filter((field) => field.sortable).map((field) => field.name),
  ];
  return z.object({
    ...shape,
    or: z
      .optional(z.array(z.string().check(z.maxLength(4000))).check(z.maxLength(OR_GROUPS_MAX)))
      .check(
        z.describe(
          'OR group as JSON: a list of alternatives, each an object of "<field>.<op>": value that must all hold, e.g. [{"status.in":["new"]},{"updated_at.within":30}]. Repeat for several groups (each must hold); at most 20 conditions in all.',
        ),
      ),
    q: z
      .optional(z.string().check(z.maxLength(200)))
      .check(z.describe('Search words over the searchable fields')),
    sort: z
      .optional(z.enum(sortable.flatMap((name) => [`${name}:asc`, `${name}:desc`]) as [string, ...string[]]))
      .check(z.describe(`Default ${def.defaultSort.field}:${def.defaultSort.direction}`)),
    limit: z.optional(
      z._default(z.number().check(z.int(), z.gte(1), z.lte(LIST_LIMIT_MAX)), LIST_LIMIT_DEFAULT),
    ),
    offset: z.optional(z.number().check(z.int(), z.gte(0))),
    cursor: z
      .optional(z.string())
      .check(z.describe('Keyset cursor (`next_cursor` of the previous page); not with offset')),
    columns: z
      .optional(z.string())
      .check(z.describe('Comma-separated columns of the view (CSV export writes these)')),
    format: z.optional(z.enum(['json', 'csv'])),
    ...(def.softDelete ? { deleted: z.optional(z.enum(['exclude', 'include', 'only'])) } : {}),
  });
}
