/**
 * The OpenAPI paths of the resource routes: one set per entity (the routes are generic, the document is not),
 * with the contract's JSON Schemas (`entityJsonSchema`) for bodies and rows.
 */
import {
  ENTITIES,
  LIST_LIMIT_MAX,
  entityJsonSchema,
  filterOperatorsFor,
  type EntityDef,
} from '@staff/console-contract';

type Json = Record<string, unknown>;

const errorRef = { $ref: '#/components/schemas/ApiError' };
const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorRef } },
});
const json = (schema: Json, description = 'Success') => ({
  description,
  content: { 'application/json': { schema } },
});
const security = [{ bearer: [] }, { apiKey: [] }];
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const rowRef = (def: EntityDef) => ({ $ref: `#/components/schemas/${def.name}_row` });

function listParameters(def: EntityDef): Json[] {
  const params: Json[] = [];
  for (const field of def.fields.filter((candidate) => candidate.filterable)) {
    for (const op of filterOperatorsFor(field)) {
      params.push({
        name: `f.${field.name}.${op}`,
        in: 'query',
        required: false,
        schema: { type: 'string' },
        description: `${field.label}: ${op}`,
      });
    }
  }
  const sortable = [
    'id',
    'created_at',
    'updated_at',
    ...def.fields.filter((field) => field.sortable).map((field) => field.name),
  ];
  params.push(
    {
      name: 'or',
      in: 'query',
      schema: { type: 'array', items: { type: 'string', maxLength: 4000 }, maxItems: 5 },
      style: 'form',
      explode: true,
      description:
        'OR group as JSON: a list of alternatives, each an object of "<field>.<op>": value that must all hold, e.g. [{"status.in":["new"]},{"updated_at.within":30},{"updated_at.empty":true}]. Repeat for several groups (each must hold); at most 20 conditions in all.',
    },
    {
      name: 'q',
      in: 'query',
      schema: { type: 'string', maxLength: 200 },
      description: 'Search words over the searchable fields',
    },
    {
      name: 'sort',
      in: 'query',
      schema: { type: 'string', enum: sortable.flatMap((name) => [`${name}:asc`, `${name}:desc`]) },
      description: `Default ${def.defaultSort.field}:${def.defaultSort.direction}`,
    },
    {
      name: 'limit',
      in: 'query',
      schema: { type: 'integer', minimum: 1, maximum: LIST_LIMIT_MAX, default: 50 },
    },
    { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } },
    {
      name: 'cursor',
      in: 'query',
      schema: { type: 'string' },
      description: 'Keyset cursor (`next_cursor` of the previous page); not with offset',
    },
    {
      name: 'columns',
      in: 'query',
      schema: { type: 'string' },
      description: 'Comma-separated columns of the view (CSV export writes these)',
    },
    { name: 'format', in: 'query', schema: { type: 'string', enum: ['json', 'csv'] } },
  );
  if (def.softDelete)
    params.push({
      name: 'deleted',
      in: 'query',
      schema: { type: 'string', enum: ['exclude', 'include', 'only'] },
    });
  return params;
}

function entityPaths(def: EntityDef): Record<string, Json> {
  const base = `/api/resources/${def.name}`;
  const tags = [`resource: ${def.name}`];
  const op = (method: string, summary: string, mode: 'read' | 'write', rest: Json) => ({
    operationId: `${method}_${def.name}${String(rest.suffix ?? '')}`,
    summary,
    tags,
    security,
    'x-permission': { key: def.permissionKey, mode },
    ...Object.fromEntries(Object.entries(rest).filter(([key]) => key !== 'suffix')),
  });
  const common = {
    401: error('Missing or invalid token / API key'),
    403: error(`Needs ${def.permissionKey}`),
  };
  const paths: Record<string, Record<string, Json>> = {
    [base]: {
      get: op(
        'list',
        `List ${def.labelPlural} (filters, search, sort, offset or keyset paging, total; format=csv exports the view)`,
        'read',
        {
          parameters: listParameters(def),
          responses: {
            200: {
              description: 'A page with the total, or the CSV of the whole view',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['rows', 'total'],
                    properties: {
                      rows: { type: 'array', items: rowRef(def) },
                      total: { type: 'integer' },
                      total_estimated: {
                        type: 'boolean',
                        description:
                          'True when total is an estimate from the table statistics (unfiltered list of a table of 100 000+ rows); exact otherwise',
                      },
                      limit: { type: 'integer' },
                      offset: { type: ['integer', 'null'] },
                      next_cursor: { type: ['string', 'null'] },
                      sort: { type: 'object' },
                      labels: {
                        type: 'object',
                        description: 'Relation field → id → label of the rows on the page',
                      },
                    },
                  },
                },
                'text/csv': { schema: { type: 'string' } },
              },
            },
            400: error('Invalid parameter: `fields` maps each parameter to its messages'),
            ...common,
          },
        },
      ),
      post: op('create', `Create a ${def.label.toLowerCase()}`, 'write', {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: entityJsonSchema(def, 'create') } },
        },
        responses: {
          201: json(rowRef(def), 'Created'),
          400: error('Invalid body: `fields` maps each field to its messages'),
          ...common,
          409: error('A unique field is already used (code `unique`)'),
        },
      }),
    },
    [`${base}/{id}`]: {
      get: op('get', `One ${def.label.toLowerCase()}`, 'read', {
        parameters: [idParam],
        responses: { 200: json(rowRef(def)), ...common, 404: error('No such row') },
      }),
      patch: op('update', `Change a ${def.label.toLowerCase()} (send the version you read)`, 'write', {
        suffix: '_one',
        parameters: [idParam],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: entityJsonSchema(def, 'update') } },
        },
        responses: {
          200: json(rowRef(def)),
          400: error('Invalid body or a broken rule on the merged row'),
          ...common,
          404: error('No such row'),
          409: error(
            'Stale version (code `conflict`, with `current`: the row now) or a unique field in use (code `unique`)',
          ),
        },
      }),
      delete: op(
        'delete',
        def.softDelete
          ? `Delete (soft: sets deleted_at) a ${def.label.toLowerCase()}`
          : `Delete a ${def.label.toLowerCase()} for good`,
        'write',
        {
          suffix: '_one',
          parameters: [
            idParam,
            { name: 'version', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } },
          ],
          responses: {
            200: json({ type: 'object' }),
            ...common,
            404: error('No such row'),
            409: error(
              'Stale version (`conflict`) or rows still refer to it (`referenced`, with `references`)',
            ),
          },
        },
      ),
    },
    [`${base}/{id}/history`]: {
      get: op(
        'history',
        'Audit entries of the row, newest first, with before/after and the changed fields',
        'read',
        {
          parameters: [idParam],
          responses: {
            200: json({
              type: 'object',
              properties: { entries: { type: 'array', items: { type: 'object' } } },
            }),
            ...common,
            404: error('No such row'),
          },
        },
      ),
    },
    ...(def.softDelete
      ? {
          [`${base}/{id}/restore`]: {
            post: op('restore', `Bring back a deleted ${def.label.toLowerCase()}`, 'write', {
              parameters: [idParam],
              responses: {
                200: json(rowRef(def)),
                ...common,
                404: error('No such row'),
                409: error('Its unique values are used by another row now (`unique`)'),
              },
            }),
          },
        }
      : {}),
    [`${base}/bulk-delete`]: {
      post: op(
        'bulk_delete',
        `Delete several ${def.labelPlural.toLowerCase()} at once (all or nothing)`,
        'write',
        {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['ids'],
                  additionalProperties: false,
                  properties: {
                    ids: {
                      type: 'array',
                      minItems: 1,
                      maxItems: 500,
                      items: { type: 'integer', minimum: 1 },
                    },
                  },
                },
              },
            },
          },
          responses: {
            200: json({
              type: 'object',
              properties: {
                deleted: { type: 'integer' },
                ids: { type: 'array', items: { type: 'integer' } },
              },
            }),
            400: error('Invalid body'),
            ...common,
            404: error('Some ids do not exist (`ids`)'),
            409: error('Rows still refer to some (`referenced`)'),
          },
        },
      ),
    },
    [`${base}/upsert`]: {
      post: op(
        'upsert',
        `Create, or update the live ${def.label.toLowerCase()} with the same unique key (automation; only the sent fields change)`,
        'write',
        {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: entityJsonSchema(def, 'create') } },
          },
          responses: {
            200: json(rowRef(def), 'Updated'),
            201: json(rowRef(def), 'Created'),
            400: error('Invalid body'),
            ...common,
            409: error('A unique field is already used'),
          },
        },
      ),
    },
    [`${base}/options`]: {
      get: op('options', `Choices for a relation select: id and ${def.titleField}`, 'read', {
        parameters: [
          { name: 'q', in: 'query', schema: { type: 'string', maxLength: 200 } },
          {
            name: 'ids',
            in: 'query',
            schema: { type: 'string' },
            description: 'Comma-separated ids to resolve',
          },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 } },
        ],
        responses: {
          200: json({
            type: 'object',
            properties: {
              options: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    value: { type: 'integer' },
                    label: { type: 'string' },
                  },
                },
              },
            },
          }),
          ...common,
        },
      }),
    },
  };
  if (def.access === 'read-only') {
    // Not offered: every write route of a read-only entity answers 405 READ_ONLY.
    delete paths[base]!.post;
    delete paths[`${base}/{id}`]!.patch;
    delete paths[`${base}/{id}`]!.delete;
    for (const suffix of ['/bulk-delete', '/upsert', '/{id}/restore']) delete paths[`${base}${suffix}`];
  }
  for (const action of def.actions ?? []) {
    const responses = {
      400: error('Invalid body'),
      ...common,
      404: error('No such row'),
      409: error('The row is not in a state the action starts from (invalid_state), or a stale version'),
    };
    const what = action.transition
      ? `${action.transition.field}: ${action.transition.from.join(' / ')} → ${action.transition.to}`
      : `sets ${Object.keys(action.set ?? {}).join(', ')}`;
    paths[`${base}/{id}/actions/${action.name}`] = {
      post: op(`action_${action.name.replace(/-/g, '_')}`, `${action.label} (${what})`, action.mode, {
        parameters: [idParam],
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  version: { type: 'integer', description: 'The version you saw (409 if stale)' },
                },
                additionalProperties: false,
              },
            },
          },
        },
        responses: { 200: json(rowRef(def), 'The row after the action'), ...responses },
      }),
    };
    if (action.bulk)
      paths[`${base}/actions/${action.name}`] = {
        post: op(
          `bulk_action_${action.name.replace(/-/g, '_')}`,
          `${action.label} on a selection, all or nothing`,
          action.mode,
          {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['ids'],
                    properties: {
                      ids: {
                        type: 'array',
                        items: { type: 'integer', minimum: 1 },
                        minItems: 1,
                        maxItems: 500,
                      },
                    },
                    additionalProperties: false,
                  },
                },
              },
            },
            responses: {
              200: json({
                type: 'object',
                properties: {
                  count: { type: 'integer' },
                  ids: { type: 'array', items: { type: 'integer' } },
                  rows: { type: 'array', items: rowRef(def) },
                },
              }),
              ...responses,
            },
          },
        ),
      };
  }
  return paths;
}

const viewSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    entity: { type: 'string' },
    name: { type: 'string', maxLength: 80 },
    shared: { type: 'boolean' },
    q: { type: ['string', 'null'] },
    filters: { type: 'array', items: { type: 'object' } },
    sort: {
      type: ['object', 'null'],
      properties: { field: { type: 'string' }, direction: { enum: ['asc', 'desc'] } },
    },
    columns: { type: ['array', 'null'], items: { type: 'string' } },
    mine: { type: 'boolean' },
    owner: { type: ['string', 'null'] },
    query: { type: 'string', description: 'The list query string of the view' },
    version: { type: 'integer' },
  },
};

function supportPaths(): Record<string, Json> {
  const bearer = [{ bearer: [] }];
  const userErrors = {
    400: error('Invalid input'),
    401: error('Missing or invalid token'),
    403: error('Not allowed'),
  };
  const admin = { key: 'admin_manage_user' };
  return {
    '/api/views': {
      get: {
        operationId: 'list_views',
        summary: "The user's views of an entity and those shared with readers",
        tags: ['views'],
        security: bearer,
        parameters: [
          {
            name: 'entity',
            in: 'query',
            required: true,
            schema: { type: 'string', enum: ENTITIES.map((def) => def.name) },
          },
        ],
        responses: {
          200: json({ type: 'object', properties: { views: { type: 'array', items: viewSchema } } }),
          ...userErrors,
        },
      },
      post: {
        operationId: 'create_view',
        summary: 'Save a view (filters, search, sort, columns; shared or not)',
        tags: ['views'],
        security: bearer,
        requestBody: { required: true, content: { 'application/json': { schema: viewSchema } } },
        responses: { 201: json(viewSchema), ...userErrors, 409: error('Name already used') },
      },
    },
    '/api/views/{id}': {
      get: {
        operationId: 'get_view',
        summary: 'Open a view by id (own or shared)',
        tags: ['views'],
        security: bearer,
        parameters: [idParam],
        responses: { 200: json(viewSchema), ...userErrors, 404: error('No such view') },
      },
      patch: {
        operationId: 'update_view',
        summary: 'Change or share a view (owner only)',
        tags: ['views'],
        security: bearer,
        parameters: [idParam],
        requestBody: { required: true, content: { 'application/json': { schema: viewSchema } } },
        responses: {
          200: json(viewSchema),
          ...userErrors,
          404: error('No such view'),
          409: error('Name already used or stale version'),
        },
      },
      delete: {
        operationId: 'delete_view',
        summary: 'Delete a view (owner only)',
        tags: ['views'],
        security: bearer,
        parameters: [idParam],
        responses: { 200: json({ type: 'object' }), ...userErrors, 404: error('No such view') },
      },
    },
    '/api/api-keys': {
      get: {
        operationId: 'list_api_keys',
        summary: 'API keys (never the secret)',
        tags: ['administration'],
        security: bearer,
        'x-permission': { ...admin, mode: 'read' },
        responses: {
          200: json({ type: 'object', properties: { keys: { type: 'array', items: { type: 'object' } } } }),
          ...userErrors,
        },
      },
      post: {
        operationId: 'create_api_key',
        summary: 'Create an API key for n8n; `key` is shown only in this answer',
        tags: ['administration'],
        security: bearer,
        'x-permission': { ...admin, mode: 'write' },
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', maxLength: 80 } },
                additionalProperties: false,
              },
            },
          },
        },
        responses: {
          201: json({
            type: 'object',
            properties: { id: { type: 'integer' }, key: { type: 'string' }, prefix: { type: 'string' } },
          }),
          ...userErrors,
        },
      },
    },
    '/api/api-keys/{id}': {
      delete: {
        operationId: 'revoke_api_key',
        summary: 'Revoke an API key',
        tags: ['administration'],
        security: bearer,
        'x-permission': { ...admin, mode: 'write' },
        parameters: [idParam],
        responses: { 200: json({ type: 'object' }), ...userErrors, 404: error('No such key') },
      },
    },
  };
}

/** Paths, schemas and the API-key security scheme to merge into the server's OpenAPI document. */
export function resourceOpenApi(): {
  paths: Record<string, Json>;
  schemas: Record<string, Json>;
  securitySchemes: Record<string, Json>;
} {
  const paths: Record<string, Json> = {};
  const schemas: Record<string, Json> = {};
  for (const def of ENTITIES) {
    Object.assign(paths, entityPaths(def));
    schemas[`${def.name}_row`] = entityJsonSchema(def, 'row');
  }
  Object.assign(paths, supportPaths());
  return {
    paths,
    schemas,
    securitySchemes: {
      apiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Api-Key',
        description: 'Automation (n8n) key, also accepted as `Authorization: ApiKey <key>`',
      },
    },
  };
}
