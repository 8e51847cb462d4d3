import { apiErrorSchema, documentationOf, z } from '@staff/console-contract';
import { type AnyRouteSpec, type ResponseSpec, type RouteMember, memberUrl, openApiPath } from './http.js';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };

/** Named schemas met while converting (rows): listed once under components, referred to everywhere. */
type Components = Record<string, unknown>;

const toSchema = (schema: z.ZodMiniType, io: 'input' | 'output', components: Components): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // Rows and bodies are documented from the EntityDef (the contract's documentedAs): their zod normalises.
    override: (ctx) => {
      const documented = documentationOf(ctx.zodSchema);
      if (!documented) return;
      const target = ctx.jsonSchema as Record<string, unknown>;
      for (const key of Object.keys(target)) delete target[key];
      if (documented.name) {
        components[documented.name] ??= documented.schema;
        target.$ref = `#/components/schemas/${documented.name}`;
      } else Object.assign(target, documented.schema);
    },
  }) as JsonSchema;
  return rest;
};

function parameters(location: 'query' | 'path', schema: z.ZodMiniType | undefined, components: Components) {
  if (!schema) return [];
  const json = toSchema(schema, 'input', components);
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
  405: 'Not offered: the rows are written by the system',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported content type',
  429: 'Too many requests',
  503: 'Unavailable',
};

const isZod = (spec: ResponseSpec): spec is z.ZodMiniType => spec instanceof z.core.$ZodType;

function operationOf(spec: AnyRouteSpec, url: string, member: RouteMember | null, components: Components) {
  const doc = member ?? spec;
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(doc.responses)) {
    const code = Number(status);
    const schema = isZod(response) ? response : response.schema;
    const content: Record<string, unknown> = {
      'application/json': {
        schema:
          schema === apiErrorSchema
            ? { $ref: '#/components/schemas/ApiError' }
            : toSchema(schema, 'output', components),
      },
    };
    if (!isZod(response))
      for (const [type, also] of Object.entries(response.also ?? {}))
        content[type] = { schema: toSchema(also, 'output', components) };
    responses[status] = {
      description: isZod(response)
        ? code < 400
          ? 'Success'
          : (ERROR_TEXT[code] ?? 'Error')
        : response.description,
      content,
    };
  }
  const permission = member ? member.permission : spec.permission;
  const errorStatuses = [400, ...(spec.auth ? [401] : []), ...(permission ? [403] : [])];
  for (const status of errorStatuses) {
    responses[String(status)] ??= {
      description: ERROR_TEXT[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
  }
  const fixed = new Set(Object.keys(member?.values ?? {}));
  const pathParameters = parameters('path', doc.params ?? spec.params, components).filter(
    (parameter) => !fixed.has(parameter.name),
  );
  const query = member ? (member.queryParameters ?? member.query) : spec.query;
  const body = doc.body;
  const operation: Record<string, unknown> = {
    operationId: `${spec.method.toString().toLowerCase()}${url.replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: doc.summary,
    tags: [member?.tag ?? spec.tag],
    parameters: [...pathParameters, ...parameters('query', query, components)],
    responses,
    security: spec.auth ? [{ bearer: [] }, ...(spec.apiKey ? [{ apiKey: [] }] : [])] : [],
    ...(permission ? { 'x-permission': permission } : {}),
  };
  if (body) {
    operation.requestBody = {
      required: !member?.bodyOptional,
      content: { 'application/json': { schema: toSchema(body, 'input', components) } },
    };
  }
  return operation;
}

/** The OpenAPI 3.1 document of every registered route, built from the same zod schemas that validate them. */
export function buildOpenApi(routes: readonly AnyRouteSpec[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Components = {};
  for (const route of routes) {
    const method = route.method.toString().toLowerCase();
    const documented = route.members
      ? route.members.map((member) => [memberUrl(route.url, member), member] as const)
      : [[route.url, null] as const];
    for (const [url, member] of documented) {
      const key = openApiPath(url);
      paths[key] ??= {};
      paths[key][method] = operationOf(route, url, member, components);
    }
  }
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
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'Automation (n8n) key, also accepted as `Authorization: ApiKey <key>`',
        },
      },
      schemas: { ApiError: toSchema(apiErrorSchema, 'output', components), ...components },
    },
    paths,
  };
}
