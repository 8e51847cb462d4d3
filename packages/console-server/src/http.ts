import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { type PermissionKey, type z } from '@staff/console-contract';

/**
 * The server's one client-error type: the `{ message, code, fields }` body of the contract's ApiError, plus any
 * details a caller needs (a 409's `current` row or `references`).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string[]>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body(): { message: string; code?: string; fields?: Record<string, string[]>; [key: string]: unknown } {
    return {
      message: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.fields ? { fields: this.fields } : {}),
      ...this.details,
    };
  }
}

/** Turns zod issues into `{ "body.username": ["…"] }`. */
export function fieldErrors(location: string, error: z.core.$ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [location, ...issue.path.map(String)].join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export type InputErrorFormat = (location: string, error: z.core.$ZodError) => HttpError;

const locatedInputError: InputErrorFormat = (location, error) =>
  new HttpError(400, `Invalid ${location}`, 'INVALID_INPUT', fieldErrors(location, error));

export function parseInput<S extends z.ZodMiniType>(
  location: string,
  schema: S,
  value: unknown,
  format: InputErrorFormat = locatedInputError,
): z.output<S> {
  const result = schema.safeParse(value ?? (location === 'body' ? undefined : {}));
  if (!result.success) throw format(location, result.error);
  return result.data;
}

/** A response: its body's schema, or the schema with a description and other content types (CSV). */
export type ResponseSpec =
  z.ZodMiniType | { schema: z.ZodMiniType; description: string; also?: Record<string, z.ZodMiniType> };

/**
 * One documented route of a family served by one handler: `/api/resources/:entity` is a member per entity,
 * each with its own schemas and permission.
 */
export interface RouteMember {
  /** The path parameters this member fixes, e.g. `{ entity: 'creators' }`. */
  values: Record<string, string>;
  summary: string;
  tag?: string;
  /** Documented (`x-permission`); the spec's own guard checks it. */
  permission?: { key: PermissionKey; mode: 'read' | 'write' };
  query?: z.ZodMiniType;
  /** Documents the query when `query` parses a free-form one (the list's `f.<field>.<op>` filters). */
  queryParameters?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** The body may be left out. */
  bodyOptional?: boolean;
  params?: z.ZodMiniType;
  responses: Record<number, ResponseSpec>;
}

export interface RouteSpec<
  Q extends z.ZodMiniType | undefined,
  B extends z.ZodMiniType | undefined,
  P extends z.ZodMiniType | undefined,
> {
  method: HTTPMethods;
  url: string;
  summary: string;
  tag: string;
  /** Needs a valid bearer token (401 otherwise). */
  auth: boolean;
  /** Also needs this key with this mode (403 otherwise). */
  permission?: { key: PermissionKey; mode: 'read' | 'write' };
  query?: Q;
  body?: B;
  params?: P;
  /** Status → schema of its body (errors use the ApiError schema). */
  responses: Record<number, ResponseSpec>;
  /** Extra Fastify route config (rate limits). */
  config?: Record<string, unknown>;
  bodyLimit?: number;
  /** The route's own access check in place of auth/permission (API keys, a key that depends on the path). */
  guard?: (request: FastifyRequest) => Promise<void>;
  /** Also accepts an automation API key (documented as a second security scheme). */
  apiKey?: boolean;
  /** How invalid input is answered (default: fields named by location, `body.name`). */
  inputError?: InputErrorFormat;
  /** A family of documented routes served here (see RouteMember); each member's schemas parse its requests. */
  members?: readonly RouteMember[];
}

export type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface RouteInput<Q, B, P> {
  query: Q;
  body: B;
  params: P;
}

export type AnyRouteSpec = RouteSpec<
  z.ZodMiniType | undefined,
  z.ZodMiniType | undefined,
  z.ZodMiniType | undefined
>;

export interface RouteGuards {
  /**
   * Runs first, in the route's onRequest hook, for routes that need a caller (`auth`): 401 without a valid token
   * (or API key where the route takes one), before the body is parsed — so a request without a token is a 401
   * whatever its content type or size, never a 415 or 413 that tells a stranger about the route.
   */
  authenticate?: (request: FastifyRequest, spec: AnyRouteSpec) => Promise<void>;
  /** Runs before input parsing: authentication and permission. */
  guard: (request: FastifyRequest, spec: AnyRouteSpec) => Promise<void>;
  /**
   * Runs once the answer (or the error) is ready, before it is sent: a read-only route whose checks passed from
   * memory (FastifyRequest.authDeferral) confirms them, or has `guard` (the route's checks) run again from the tables.
   */
  confirm?: (request: FastifyRequest, guard: () => Promise<void>) => Promise<void>;
}

const confirmers = new WeakMap<FastifyRequest, () => Promise<void>>();

/**
 * Confirms the caller of a deferred route now (RouteGuards.confirm); once done, again is free. The route does so when
 * its handler returned or threw, and the app's onSend hook for an answer that came before the handler (an input
 * error); a handler that sends its answer itself (a stream) must do so before it starts.
 */
export const confirmCaller = (request: FastifyRequest): Promise<void> =>
  confirmers.get(request)?.() ?? Promise.resolve();

type Z = z.ZodMiniType | undefined;
/** app.ts's `route` helper as route modules receive it: defineRoute bound to the app, its registry and guards. */
export type RouteRegistrar = <Q extends Z, B extends Z, P extends Z>(
  spec: RouteSpec<Q, B, P>,
  handler: RouteHandler<RouteInput<Out<Q>, Out<B>, Out<P>>>,
) => void;

/** What answers a route: the request, the reply, and the input its schemas parsed. */
export type RouteHandler<I> = (request: FastifyRequest, reply: FastifyReply, input: I) => Promise<unknown>;

/** Registers a route whose inputs are parsed by zod and which is listed in the OpenAPI document. */
export function defineRoute<
  Q extends z.ZodMiniType | undefined,
  B extends z.ZodMiniType | undefined,
  P extends z.ZodMiniType | undefined,
>(
  app: FastifyInstance,
  registry: AnyRouteSpec[],
  guards: RouteGuards,
  spec: RouteSpec<Q, B, P>,
  handler: RouteHandler<RouteInput<Out<Q>, Out<B>, Out<P>>>,
): void {
  registry.push(spec as AnyRouteSpec);
  const memberKeys = Object.keys(spec.members?.[0]?.values ?? {});
  const keyOf = (values: Record<string, unknown>) => memberKeys.map((name) => String(values[name])).join('/');
  const members = new Map(spec.members?.map((member) => [keyOf(member.values), member]));
  const authenticate =
    spec.auth && guards.authenticate
      ? (request: FastifyRequest) => guards.authenticate!(request, spec as AnyRouteSpec)
      : null;
  const guard = spec.guard ?? ((request: FastifyRequest) => guards.guard(request, spec as AnyRouteSpec));
  // The route's checks, run again by a confirmation that finds memory out of date.
  const checkAgain = async (request: FastifyRequest) => {
    await authenticate?.(request);
    await guard(request);
  };
  app.route({
    method: spec.method,
    url: spec.url,
    config: spec.config ?? {},
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    ...(authenticate || guards.confirm
      ? {
          onRequest: async (request: FastifyRequest) => {
            // Only a deferred request (config `authDeferred`) has anything to confirm.
            if (request.authDeferral && guards.confirm)
              confirmers.set(request, () => guards.confirm!(request, () => checkAgain(request)));
            await authenticate?.(request);
          },
        }
      : {}),
    handler: async (request, reply) => {
      let answer: unknown;
      try {
        answer = await respond(request, reply);
      } catch (error) {
        await confirmCaller(request);
        throw error;
      }
      await confirmCaller(request);
      return answer;
    },
  });

  async function respond(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    await guard(request);
    let schemas: Pick<RouteMember, 'query' | 'body' | 'params' | 'bodyOptional'> = spec;
    if (spec.members) {
      const member = members.get(keyOf((request.params ?? {}) as Record<string, unknown>));
      // A guard answers for unknown members first; this is the fallback.
      if (!member) throw new HttpError(404, 'Not found', 'NOT_FOUND');
      schemas = member;
    }
    const parse = (
      location: 'query' | 'body' | 'params',
      schema: z.ZodMiniType | undefined,
      value: unknown,
    ) =>
      schema
        ? parseInput(
            location,
            schema,
            location === 'body' && schemas.bodyOptional ? (value ?? {}) : value,
            spec.inputError,
          )
        : undefined;
    // The path first: a bad row id is named before a bad body (the row is what the call is about).
    const params = parse('params', schemas.params, request.params) as Out<P>;
    const query = parse('query', schemas.query, request.query) as Out<Q>;
    const input = { query, body: parse('body', schemas.body, request.body) as Out<B>, params };
    return handler(request, reply, input);
  }
}

/** Fastify's `/x/:id` becomes OpenAPI's `/x/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

/** The OpenAPI paths a route is documented under: its own, or one per member of its family. */
export function documentedUrls(spec: AnyRouteSpec): string[] {
  if (!spec.members) return [openApiPath(spec.url)];
  return spec.members.map((member) => openApiPath(memberUrl(spec.url, member)));
}

export const memberUrl = (url: string, member: RouteMember) =>
  url.replace(/:([A-Za-z_]+)/g, (whole, name: string) => member.values[name] ?? whole);

// --- input sanitising (every route, before its handler) ------------------------------------------------

/** Text PostgreSQL cannot store (NUL) or that is not valid UTF-16 (an unpaired surrogate). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Control characters other than tab: no header that reaches the database carries them. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HEADER_CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F]/;
/** Deeper than any input the console takes (OR groups are two levels); also bounds the walk below. */
export const MAX_INPUT_DEPTH = 32;

export const TEXT_PROBLEMS = {
  nul: 'Must not contain a NUL character',
  surrogate: 'Must be valid text (it holds an unpaired surrogate character)',
  depth: `Must not be nested more than ${MAX_INPUT_DEPTH} levels deep`,
  control: 'Must not contain control characters',
} as const;

function textProblem(text: string): string | null {
  if (NUL.test(text)) return TEXT_PROBLEMS.nul;
  if (LONE_SURROGATE.test(text)) return TEXT_PROBLEMS.surrogate;
  return null;
}

/**
 * Finds every string (values and keys) in `value` that PostgreSQL would refuse or store mangled, and input nested
 * deeper than MAX_INPUT_DEPTH. Answers `{ "body.name": ["…"] }`, empty when clean.
 */
export function unsafeTextFields(location: string, value: unknown): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    const list = (fields[key] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const walk = (node: unknown, key: string, depth: number) => {
    if (typeof node === 'string') {
      const problem = textProblem(node);
      if (problem) add(key, problem);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (depth >= MAX_INPUT_DEPTH) {
      add(key, TEXT_PROBLEMS.depth);
      return;
    }
    for (const [childKey, child] of Object.entries(node)) {
      // A bad key is named by its position, not echoed: the key itself is the bad text.
      const keyProblem = textProblem(childKey);
      const path = keyProblem ? `${key}.(field name)` : `${key}.${childKey}`;
      if (keyProblem) add(path, keyProblem);
      walk(child, path, depth + 1);
    }
  };
  walk(value, location, 0);
  return fields;
}

/** Request headers whose values are stored (sessions, audit) or looked up (tokens, API keys). */
export const STORED_HEADERS = ['authorization', 'x-api-key', 'user-agent', 'x-forwarded-for'] as const;

export function unsafeHeaderFields(headers: Record<string, string | string[] | undefined>) {
  const fields: Record<string, string[]> = {};
  for (const name of STORED_HEADERS) {
    const raw = headers[name];
    for (const value of Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]) {
      const problem = HEADER_CONTROL.test(value) ? TEXT_PROBLEMS.control : textProblem(value);
      if (problem) fields[`headers.${name}`] = [problem];
    }
  }
  return fields;
}

/** Largest value of an integer primary key (PostgreSQL `integer`). */
export const INT4_MAX = 2_147_483_647;

/**
 * A path parameter naming a row (`id`, `userId`, …) that no row can have: beyond its column's range. Such a
 * request is answered 404 before any query (PostgreSQL would refuse the comparison with "out of range").
 */
export function idBeyondRange(params: Record<string, unknown>, max: number): string | null {
  for (const [name, value] of Object.entries(params)) {
    if (!(name === 'id' || /Id$/.test(name)) || typeof value !== 'string' || value.trim() === '') continue;
    const number = Number(value);
    if (Number.isFinite(number) && Math.abs(number) > max) return name;
  }
  return null;
}

/** Maps a database error to a safe client answer; null for errors that are the server's fault (500). */
export function databaseErrorAnswer(error: unknown): HttpError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  // Class 22 (data exception): a value the column cannot hold reached SQL despite validation.
  if (code.startsWith('22'))
    return new HttpError(400, 'A value is out of range or not valid for its field', 'INVALID_INPUT', {
      request: ['A value is out of range or not valid for its field'],
    });
  if (code === '23505') return new HttpError(409, 'This already exists', 'CONFLICT');
  if (code === '23503') return new HttpError(409, 'A related record does not exist or is in use', 'CONFLICT');
  if (code.startsWith('23'))
    return new HttpError(400, 'A value breaks a rule of its field', 'INVALID_INPUT', {
      request: ['A value breaks a rule of its field'],
    });
  // Serialization failures and deadlocks: nothing was written; the client may retry.
  if (code === '40001' || code === '40P01')
    return new HttpError(503, 'The server was busy; try again', 'RETRY');
  if (code === '54000' || code === '54001')
    return new HttpError(400, 'A value is too large', 'INVALID_INPUT', { request: ['A value is too large'] });
  return null;
}

/**
 * The head every route of one page's API shares: signed in, its tag, and read or write on its permission key.
 * @example
 * const bots = permittedRoutes('bots', 'ad_daily_tracker');
 * route({ ...bots('GET', '/api/bots/numbers', 'read', 'Lists the numbers'), responses }, handler);
 */
export function permittedRoutes(tag: string, key: PermissionKey) {
  return (method: HTTPMethods, url: string, mode: 'read' | 'write', summary: string) => ({
    method,
    url,
    tag,
    summary,
    auth: true,
    permission: { key, mode },
  });
}

/** `route` as modules that cast their own input see it: any spec, the parsed input untyped. */
export type UntypedRouteRegistrar = (
  spec: AnyRouteSpec,
  handler: RouteHandler<{ query: unknown; params: unknown; body: unknown }>,
) => void;

/** Makes `scope`'s routes receive the body as sent, a string: webhooks keep or sign the exact bytes. */
export function keepRawBody(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
}

/** What app.ts hands a page's route module: `route`, the caller's session, and the clock. */
export interface RouteModuleDeps {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => { userId: number };
  clock: () => Date;
}

/** The head of a route any signed-in user may call (their own account, preferences, sessions). */
export function signedInRoutes(tag: string) {
  return (method: HTTPMethods, url: string, summary: string) => ({ method, url, tag, summary, auth: true });
}
