/** How the answer's body is read: JSON (text when it is not JSON), text, or the bytes as a Blob. */
export type ResponseType = 'json' | 'text' | 'blob';

/** Bytes the browser has sent of a request body (XHR upload events): `total` when the size is known. */
export interface UploadProgressEvent {
  loaded: number;
  total?: number;
}

/** What a caller asks for: `client.request({ method, url, params, data })`. */
export interface RequestOptions {
  /** Any case; sent upper-case, recorded lower-case. */
  method?: string;
  /** The path (or a URL with its query already in it); `params` are appended. */
  url: string;
  /** The query: undefined and null values are left out, an array repeats its key. */
  params?: Record<string, unknown>;
  /** A plain object or array is sent as JSON; a Blob, FormData or string as it is. */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** ms; the client's default when left out, 0 for none. */
  timeout?: number;
  responseType?: ResponseType;
  /** Follows the bytes sent (the request goes over XMLHttpRequest: fetch reports no upload progress). */
  onUploadProgress?: (event: UploadProgressEvent) => void;
}

/** One request as the transport sends it (and as the tests' fake transport records it). */
export interface RequestConfig {
  /** Lower-case, as axios recorded it: 'get', 'post'. */
  method: string;
  url: string;
  baseURL: string;
  params?: Record<string, unknown>;
  /** The body as sent: JSON text for an object, else what the caller gave. */
  data?: unknown;
  headers: Headers;
  signal?: AbortSignal;
  timeout: number;
  responseType: ResponseType;
  onUploadProgress?: (event: UploadProgressEvent) => void;
  /** Set on the one retry after an idle session's re-authentication. */
  reauthRetried?: boolean;
}

/** An HTTP answer, whatever its status. */
export interface ApiResponse<T = unknown> {
  data: T;
  status: number;
  headers: Headers;
  config: RequestConfig;
}

/**
 * Sends one request and resolves with the answer, whatever its status; rejects (with an HttpError) only when
 * no answer came: the network failed, the time ran out or the caller aborted.
 */
export type Transport = (config: RequestConfig) => Promise<ApiResponse>;

/** axios' codes and texts, which the contract's catalogue translates (ADR 043). */
export const NETWORK_ERROR = 'ERR_NETWORK';
export const CANCELED = 'ERR_CANCELED';
export const TIMED_OUT = 'ECONNABORTED';

/**
 * A request that failed: no answer (`response` undefined: the network, a time-out, an abort) or an answer with a
 * status outside 2xx. ApiError.from reads it; pages never do.
 */
export class HttpError extends Error {
  constructor(
    message: string,
    /** NETWORK_ERROR, CANCELED, TIMED_OUT, or ERR_BAD_REQUEST / ERR_BAD_RESPONSE for a 4xx / 5xx answer. */
    readonly code: string,
    readonly config: RequestConfig,
    readonly response?: ApiResponse,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  override get name() {
    return 'HttpError';
  }
}

export const isHttpError = (value: unknown): value is HttpError => value instanceof HttpError;

export const noAnswer = (config: RequestConfig, cause?: unknown) =>
  new HttpError('Network Error', NETWORK_ERROR, config, undefined, { cause });
export const canceled = (config: RequestConfig) => new HttpError('canceled', CANCELED, config);
export const timedOut = (config: RequestConfig) =>
  new HttpError(`timeout of ${config.timeout}ms exceeded`, TIMED_OUT, config);

/** The query string of `params` (without '?'). */
export function queryOf(params: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null) continue;
      search.append(
        key,
        item instanceof Date
          ? item.toISOString()
          : typeof item === 'object'
            ? JSON.stringify(item)
            : String(item as string | number | boolean | bigint),
      );
    }
  }
  return search.toString();
}

/** The full address of a request: base, path and query. */
export function urlOf(config: RequestConfig): string {
  const query = queryOf(config.params);
  const url = `${config.baseURL}${config.url}`;
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** A body's text as `responseType` asks (JSON that does not parse stays text, as with axios). */
export function parseText(text: string, responseType: ResponseType): unknown {
  if (responseType !== 'json' || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
