import type { HTTPMethods } from 'fastify';
import {
  apiErrorSchema,
  type AnyEndpoint,
  type EndpointParsedInput,
  type PermissionKey,
  type z,
} from '@staff/console-contract';
import {
  type AnyRouteSpec,
  type Out,
  permittedRoutes,
  type RouteHandler,
  type RouteInput,
  type RouteRegistrar,
  type RouteSpec,
  signedInRoutes,
} from './http.js';

type Z = z.ZodMiniType | undefined;

/** What one route of a page states beyond the head its page shares: inputs, answers, error statuses. */
export type PageRoute<Q extends Z, B extends Z, P extends Z> = Omit<
  RouteSpec<Q, B, P>,
  'method' | 'url' | 'summary' | 'tag' | 'auth' | 'permission'
> & {
  /**
   * Further statuses answered with the contract's ApiError body. Implied, so not listed: 400, 401 and 403 (the
   * OpenAPI document adds them to every guarded route) and, with `params`, 404 (the path names a row).
   */
  errors?: readonly number[];
  /** The method implies the mode (GET reads, the rest write); a query sent as a POST body says `read`. */
  mode?: 'read' | 'write';
};

type Declare = <Q extends Z, B extends Z, P extends Z>(
  url: string,
  summary: string,
  spec: PageRoute<Q, B, P>,
  handler: RouteHandler<RouteInput<Out<Q>, Out<B>, Out<P>>>,
) => void;

export type PageRoutes = Record<'get' | 'post' | 'put' | 'patch' | 'delete', Declare>;

/**
 * The routes of one page's API: signed in, one tag, and (with a key) read or write on that permission key.
 * @example
 * const bots = pageRoutes(route, 'bots', 'ad_daily_tracker');
 * bots.put('/api/bots/:id', 'Replace a bot', { params, body, responses: { 200: botSchema }, errors: [409] }, handler);
 */
export function pageRoutes(route: RouteRegistrar, tag: string, key?: PermissionKey): PageRoutes {
  const declare =
    (method: HTTPMethods): Declare =>
    (url, summary, { errors = [], mode, responses, ...spec }, handler) => {
      const head = key
        ? permittedRoutes(tag, key)(method, url, mode ?? (method === 'GET' ? 'read' : 'write'), summary)
        : signedInRoutes(tag)(method, url, summary);
      route(
        { ...head, ...spec, responses: { ...responses, ...errorResponses(spec.params, errors) } },
        handler,
      );
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}

/** The ApiError bodies a route documents beyond the implied ones: 404 when the path names a row, and `errors`. */
const errorResponses = (params: unknown, errors: readonly number[]) =>
  Object.fromEntries((params ? [404, ...errors] : errors).map((status) => [status, apiErrorSchema]));

/**
 * The route a contract endpoint describes: method, path, guard, input schemas and documented responses (a route
 * family's per member: the resource routes').
 */
export function endpointRoute(endpoint: AnyEndpoint): AnyRouteSpec {
  const { permission } = endpoint;
  return {
    method: endpoint.method,
    url: endpoint.path,
    summary: endpoint.summary,
    tag: endpoint.tag,
    auth: permission !== 'public',
    ...(typeof permission === 'object' && 'key' in permission ? { permission } : {}),
    ...(endpoint.apiKey ? { apiKey: true } : {}),
    ...(endpoint.members ? { members: endpoint.members() } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { query: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    responses: {
      [endpoint.status]: endpoint.response,
      ...errorResponses(endpoint.params, endpoint.errors),
    },
  };
}

/** What implements an endpoint: the request, the reply and the input the endpoint's schemas parsed. */
export type EndpointHandler<E extends AnyEndpoint> = RouteHandler<EndpointParsedInput<E>>;

/**
 * Serves a contract endpoint (docs/adr/050-endpoints-and-one-client.md): the route is the endpoint's, so the app's
 * `call()` and the server cannot disagree on the path, the method, the key, the input or the documented answer.
 * A non-200 success status is set before the handler runs. An answer that does not fit `endpoint.response` is
 * logged once sent (not refused: the caller still gets it, and the app's parse names the bad field). An endpoint
 * whose key the path's entity names (`{ entity }`) brings its own `guard` (resources/routeContext.ts).
 * @example
 * implement(route, preferencesEndpoints.read, async (request) => readPreferences(db, sessionOf(request).userId));
 */
export function implement<E extends AnyEndpoint>(
  route: RouteRegistrar,
  endpoint: E,
  handler: EndpointHandler<E>,
  extra: Pick<AnyRouteSpec, 'config' | 'bodyLimit' | 'guard' | 'inputError' | 'members'> = {},
): void {
  if (typeof endpoint.permission === 'object' && 'entity' in endpoint.permission && !extra.guard)
    throw new Error(`${endpoint.name}: an entity's permission needs the route's own guard`);
  route({ ...endpointRoute(endpoint), ...extra }, async (request, reply, input) => {
    if (endpoint.status !== 200) reply.code(endpoint.status);
    const answer = await handler(request, reply, input as EndpointParsedInput<E>);
    // Only ever logged, so checked once the answer is on its way: a 50-row list is about 0.08 ms of zod that the
    // caller need not wait for (ADR 066, session 37).
    if (answer !== reply)
      setImmediate(() => {
        const checked = endpoint.response.safeParse(answer);
        if (!checked.success)
          request.log.warn(
            { endpoint: endpoint.name, issues: checked.error.issues.slice(0, 5) },
            'answer does not fit the endpoint response schema',
          );
      });
    return answer;
  });
}
