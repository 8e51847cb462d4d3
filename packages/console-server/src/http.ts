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
