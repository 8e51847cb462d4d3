import type { HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { apiErrorSchema, type PermissionKey } from '@staff/console-contract';
import {
  type Out,
  permittedRoutes,
  type RouteHandler,
  type RouteInput,
  type RouteRegistrar,
  type RouteSpec,
  signedInRoutes,
} from './http.js';

type Z = z.ZodType | undefined;

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
      const statuses = spec.params ? [404, ...errors] : errors;
      const errorBodies = Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
      route({ ...head, ...spec, responses: { ...responses, ...errorBodies } }, handler);
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}
