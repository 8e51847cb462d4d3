import type { ApiClient } from './client.js';
import type { AnyEndpoint, EndpointInput, EndpointResponse } from '@staff/console-contract';
import { ApiError, INVALID_RESPONSE_CODE } from './apiError.js';

export interface CallOptions {
  /** Aborts the request (the page left, a newer request replaced it): rejects with an `aborted` ApiError. */
  signal?: AbortSignal;
}

/** The input argument: optional when the endpoint takes nothing or only has defaults. */
type InputArgs<E extends AnyEndpoint> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

/** Calls one contract endpoint and resolves with its parsed answer; rejects with an ApiError. */
export type Call = <E extends AnyEndpoint>(
  endpoint: E,
  ...args: InputArgs<E>
) => Promise<EndpointResponse<E>>;

/** The request an endpoint and its input make: the path with its parameters filled in, the query, the body. */
export function requestOf(
  endpoint: AnyEndpoint,
  input: { params?: unknown; query?: unknown; body?: unknown } = {},
) {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const url = endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${endpoint.name}: the path parameter '${name}' is missing`);
    return encodeURIComponent(String(value));
  });
  // Left out rather than sent empty: the server applies the schema's defaults to what is missing.
  const query = Object.fromEntries(
    Object.entries((input.query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== undefined),
  );
  return {
    method: endpoint.method,
    url,
    ...(Object.keys(query).length > 0 ? { params: query } : {}),
    ...(input.body !== undefined ? { data: input.body } : {}),
  };
}

/** A body that does not fit the endpoint's response schema: which endpoint, and where in the body. */
export function invalidResponse(
  endpoint: AnyEndpoint,
  status: number,
  issues: readonly BodyIssue[],
): ApiError {
  const where = issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`)
    .join('; ');
  return new ApiError({
    status,
    code: INVALID_RESPONSE_CODE,
    message: `${endpoint.name} answered a body that does not fit its schema: ${where}`,
    endpoint: endpoint.name,
  });
}

interface BodyIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The app's one way to reach the server (docs/adr/050-endpoints-and-one-client.md), over the app's one client
 * so the bearer token, the 401 handling and the idle session's re-authentication apply. The URL comes from the
 * endpoint, the answer is parsed with its response schema (a body that does not fit is an ApiError naming the
 * endpoint and the field, never a cast), and every failure is one ApiError.
 * @example
 * const call = createCall(services.api);
 * const { booking } = await call(meetingsEndpoints.cancel, { params: { id: 7 } });
 */
export function createCall(client: ApiClient): Call {
  return async (endpoint, ...[input, options]) => {
    let response;
    try {
      response = await client.request({
        ...requestOf(endpoint, input as Parameters<typeof requestOf>[1]),
        ...(options?.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      throw ApiError.from(error, endpoint.name);
    }
    // A 204 has no body ('' or nothing): it is read as the `null` such an endpoint declares.
    const parsed = endpoint.response.safeParse(response.status === 204 ? null : response.data);
    if (!parsed.success) throw invalidResponse(endpoint, response.status, parsed.error.issues);
    return parsed.data as EndpointResponse<typeof endpoint>;
  };
}
