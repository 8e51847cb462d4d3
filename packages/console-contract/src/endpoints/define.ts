import type { z } from 'zod/mini';
import { zodInEnglish } from '../zod.js';
import type { PermissionKey } from '../permissions.js';
import type { EntityDef } from '../entities/types.js';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a resource route's access follows the entity its path names (`:entity`): `read` and `write` need that
 * mode on the entity's key; `delete` needs write (and no API key may delete); `pick` needs read, or write on an
 * entity that refers to it (a relation select's choices); `action` needs the mode of the action named by the
 * path (`:action`). API keys may read and write the entities given to them.
 */
export type EntityAccess = 'read' | 'write' | 'delete' | 'pick' | 'action';

/**
 * Who may call: holders of a key in a mode (403 for others), holders of the key of the entity named by the path
 * (`{ entity }`, see EntityAccess), any signed-in user (`auth`), or anyone (`public`).
 */
export type EndpointPermission =
  { key: PermissionKey; mode: 'read' | 'write' } | { entity: EntityAccess } | 'auth' | 'public';

/** A documented answer: its schema, or the schema with a description and other content types (CSV). */
export type EndpointResponseSpec =
  z.ZodMiniType | { schema: z.ZodMiniType; description: string; also?: Record<string, z.ZodMiniType> };

/**
 * One member of a route family (an endpoint with `members`): the path parameters it fixes, and the summary,
 * key and schemas that document and parse its requests. `/api/resources/:entity` has one per entity.
 */
export interface EndpointMember {
  /** The path parameters this member fixes, e.g. `{ entity: 'creators' }`. */
  values: Record<string, string>;
  summary: string;
  tag?: string;
  permission?: { key: PermissionKey; mode: 'read' | 'write' };
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** Documents the query when `query` parses a free-form one (the list's `f.<field>.<op>` filters). */
  queryParameters?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** The body may be left out. */
  bodyOptional?: boolean;
  responses: Record<number, EndpointResponseSpec>;
}

type Schema = z.ZodMiniType | undefined;

/** What `defineEndpoint` takes: the whole wire description of one route. */
export interface EndpointSpec<
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  method: EndpointMethod;
  /** Fastify style: `/api/meetings/bookings/:id/cancel`; each `:name` is a key of `params`. */
  path: string;
  permission: EndpointPermission;
  /** The OpenAPI summary and tag. */
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The success body. */
  response: R;
  /** The success status (default 200). */
  status?: number;
  /**
   * Further statuses answered with the ApiError body. Implied, so not listed: 400, 401 and 403 (every guarded
   * route) and, with `params`, 404 (the path names a row).
   */
  errors?: readonly number[];
  /** The `resource:changed` entity whose pushes make this answer stale (the app refetches on it). */
  topic?: string;
  /** Also accepts an automation API key (`X-Api-Key`). */
  apiKey?: boolean;
  /**
   * A route family: each member documents and parses the requests whose path has its values (built when the
   * server registers the route, not when the contract loads). The endpoint's own schemas are what callers send
   * and read for any member. The resource routes' members are per entity: of `entities` (default ENTITIES), the
   * entities the server serves.
   */
  members?: (entities?: readonly EntityDef[]) => readonly EndpointMember[];
}

/** One declared endpoint: the server implements it, the app calls it, both from this one object. */
export interface Endpoint<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R extends z.ZodMiniType = z.ZodMiniType,
> extends Readonly<Omit<EndpointSpec<P, Q, B, R>, 'status' | 'errors' | 'params' | 'query' | 'body'>> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly status: number;
  readonly errors: readonly number[];
  /** `GET /api/search`: how errors and logs name the endpoint. */
  readonly name: string;
}

export type AnyEndpoint = Endpoint<Schema, Schema, Schema, z.ZodMiniType>;

/**
 * Declares an endpoint once, beside its zod schemas: the server's route, guard, input parsing and OpenAPI entry
 * and the app's `call()` are all derived from it.
 * @example
 * export const fetchPreferences = defineEndpoint({
 *   method: 'GET', path: '/api/me/preferences', permission: 'auth', tag: 'auth',
 *   summary: "The caller's language and theme", response: userPreferencesSchema,
 * });
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineEndpoint<
  R extends z.ZodMiniType,
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(spec: EndpointSpec<P, Q, B, R>): Endpoint<P, Q, B, R> {
  zodInEnglish();
  return Object.freeze({
    ...spec,
    params: spec.params as P,
    query: spec.query as Q,
    body: spec.body as B,
    status: spec.status ?? 200,
    errors: spec.errors ?? [],
    name: `${spec.method} ${spec.path}`,
  });
}

/** One part of a call's input: required when its schema requires something, optional when all has defaults. */
type Part<Name extends string, S> = S extends z.ZodMiniType
  ? object extends z.input<S>
    ? { [K in Name]?: z.input<S> }
    : { [K in Name]: z.input<S> }
  : { [K in Name]?: never };

/** What a caller hands `call(endpoint, input)`: `{ params, query, body }` as the endpoint's schemas take them. */
export type EndpointInput<E extends AnyEndpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** The parsed success body of an endpoint. */
export type EndpointResponse<E extends AnyEndpoint> = z.output<E['response']>;

/** The input an implementation receives once the server parsed it. */
export interface EndpointParsedInput<E extends AnyEndpoint> {
  params: E['params'] extends z.ZodMiniType ? z.output<E['params']> : undefined;
  query: E['query'] extends z.ZodMiniType ? z.output<E['query']> : undefined;
  body: E['body'] extends z.ZodMiniType ? z.output<E['body']> : undefined;
}

/** The permission key and mode of an endpoint that needs one (not those whose key the path's entity names). */
export const endpointKey = (endpoint: AnyEndpoint) =>
  typeof endpoint.permission === 'object' && 'key' in endpoint.permission ? endpoint.permission : undefined;
