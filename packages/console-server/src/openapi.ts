import { z } from 'zod';
import { apiErrorSchema } from '@staff/console-contract';
import type { AnyRouteSpec } from './http.js';
import { resourceOpenApi } from './resources/openapi.js';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Fastify's `/x/:id` becomes OpenAPI's `/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

function parameters(location: 'query' | 'path', schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: `fields` maps each field to its messages',
  401: 'Missing, invalid, expired or revoked token, or a disabled user',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported content type',
  429: 'Too many requests',
  503: 'Unavailable',
};

/** The OpenAPI 3.1 document of every registered route, built from the same zod schemas that validate them. */
export function buildOpenApi(routes: readonly AnyRouteSpec[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      responses[status] = {
        description: Number(status) < 400 ? 'Success' : (ERROR_TEXT[Number(status)] ?? 'Error'),
        content: { 'application/json': { schema: toSchema(schema, 'output') } },
      };
    }
    const errorStatuses = [400, ...(route.auth ? [401] : []), ...(route.permission ? [403] : [])];
    for (const status of errorStatuses) {
      responses[String(status)] ??= {
        description: ERROR_TEXT[status],
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      };
    }
    const operation: Record<string, unknown> = {
      operationId: `${route.method.toString().toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+/g, '_')}`,
      summary: route.summary,
      tags: [route.tag],
      parameters: [...parameters('path', route.params), ...parameters('query', route.query)],
      responses,
      ...(route.auth ? { security: [{ bearer: [] }] } : { security: [] }),
      ...(route.permission ? { 'x-permission': route.permission } : {}),
    };
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(route.body, 'input') } },
      };
    }
    const key = openApiPath(route.url);
    paths[key] ??= {};
    paths[key][route.method.toString().toLowerCase()] = operation;
  }
  // Master-data resources, saved views and API keys: generic routes documented per entity (src/resources/).
  const resources = resourceOpenApi();
  Object.assign(paths, resources.paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Staff console API',
      version,
      description:
        'The wire contract of the staff console (spec section 7) plus statistics and administration. ' +
        'Authenticate with `Authorization: Bearer <token>` from `POST /api/auth/login`.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Opaque session token' },
        ...resources.securitySchemes,
      },
      schemas: { ApiError: toSchema(apiErrorSchema, 'output'), ...resources.schemas },
    },
    paths,
  };
}
