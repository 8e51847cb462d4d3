import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { type z } from 'zod';
import type { PermissionKey } from '@staff/console-contract';

/** A client error with the `{ message, code, fields }` body of the contract's ApiError. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Turns zod issues into `{ "body.username": ["…"] }`. */
export function fieldErrors(location: string, error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [location, ...issue.path.map(String)].join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

export function parseInput<S extends z.ZodType>(location: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? (location === 'body' ? undefined : {}));
  if (!result.success)
    throw new HttpError(400, `Invalid ${location}`, 'INVALID_INPUT', fieldErrors(location, result.error));
  return result.data;
}

export interface RouteSpec<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
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
  responses: Record<number, z.ZodType>;
  /** Extra Fastify route config (rate limits). */
  config?: Record<string, unknown>;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<Q, B, P> {
  query: Q;
  body: B;
  params: P;
}

export type AnyRouteSpec = RouteSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>;

export interface RouteGuards {
  /** Runs before input parsing: authentication and permission. */
  guard: (request: FastifyRequest, spec: AnyRouteSpec) => Promise<void>;
}

/** Registers a route whose inputs are parsed by zod and which is listed in the OpenAPI document. */
export function defineRoute<
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
>(
  app: FastifyInstance,
  registry: AnyRouteSpec[],
  guards: RouteGuards,
  spec: RouteSpec<Q, B, P>,
  handler: (
    request: FastifyRequest,
    reply: FastifyReply,
    input: RouteInput<Out<Q>, Out<B>, Out<P>>,
  ) => Promise<unknown>,
): void {
  registry.push(spec as AnyRouteSpec);
  app.route({
    method: spec.method,
    url: spec.url,
    config: spec.config ?? {},
    handler: async (request, reply) => {
      await guards.guard(request, spec as AnyRouteSpec);
      const input = {
        query: (spec.query ? parseInput('query', spec.query, request.query) : undefined) as Out<Q>,
        body: (spec.body ? parseInput('body', spec.body, request.body) : undefined) as Out<B>,
        params: (spec.params ? parseInput('params', spec.params, request.params) : undefined) as Out<P>,
      };
      return handler(request, reply, input);
    },
  });
}

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
