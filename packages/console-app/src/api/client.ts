import { REAUTH_REQUIRED_CODE } from '@staff/console-contract';
import {
  type ApiResponse,
  HttpError,
  type RequestConfig,
  type RequestOptions,
  type Transport,
  canceled,
} from './http.js';
import { browserTransport } from './transport.js';

export type { ApiResponse, RequestConfig, RequestOptions, Transport } from './http.js';
export { HttpError, isHttpError } from './http.js';

export interface ApiClientOptions {
  /** Backend origin; the app is served by the same server, so '' (same origin) is the default. */
  baseURL?: string;
  /** The stored token, read on every request so a new login or a sign-out takes effect at once. */
  getToken: () => string | null | undefined;
  /**
   * Called on a 401 answer to a request made with the current token: the app clears the session and goes to `/`.
   * A 401 to a call made without a token (the login call) or with an older session's token (a sign-out's own
   * revoke call, a request still in flight from before) has no current session to end.
   */
  onUnauthorized: () => void;
  /**
   * Called on a 401 REAUTH_REQUIRED (an idle session, ADR 013): resolves true once the user re-authenticated,
   * and the call is then sent again; false ends the session like any other 401. Without it, such a 401 ends it.
   */
  onReauthRequired?: () => Promise<boolean>;
  /** Request timeout in ms. */
  timeout?: number;
  /** Replaces the browser's fetch/XHR transport (the tests' fake server, testAdapter.ts). */
  adapter?: Transport;
}

type Options = Omit<RequestOptions, 'url' | 'method' | 'data'>;

/** The app's one HTTP client: `request`, and axios' shorthands for it. */
export interface ApiClient {
  request: <T = unknown>(options: RequestOptions) => Promise<ApiResponse<T>>;
  get: <T = unknown>(url: string, options?: Options) => Promise<ApiResponse<T>>;
  delete: <T = unknown>(url: string, options?: Options) => Promise<ApiResponse<T>>;
  post: <T = unknown>(url: string, data?: unknown, options?: Options) => Promise<ApiResponse<T>>;
  put: <T = unknown>(url: string, data?: unknown, options?: Options) => Promise<ApiResponse<T>>;
  patch: <T = unknown>(url: string, data?: unknown, options?: Options) => Promise<ApiResponse<T>>;
  defaults: { baseURL: string };
}

/** A body sent as it is; anything else (a plain object, an array, a number) as JSON. */
const isRawBody = (data: unknown) =>
  typeof data === 'string' ||
  data instanceof Blob ||
  data instanceof FormData ||
  data instanceof URLSearchParams ||
  data instanceof ArrayBuffer ||
  ArrayBuffer.isView(data);

/**
 * The app's one HTTP client, over `fetch` (docs/adr/050-endpoints-and-one-client.md): every request carries
 * `Authorization: Bearer <stored token>` (spec section 7) unless the caller names a token; any answer outside 2xx
 * rejects with an HttpError; a 401 to the current token ends the session (spec section 4), and a 401
 * REAUTH_REQUIRED first asks for the password over the page and sends the call once more (ADR 013). The tokens
 * ride in a header, never a cookie, so there is no cross-site request to forge (no CSRF token to send).
 *
 * @example
 * const api = createApiClient({ getToken: () => session.getSnapshot().context.user?.token, onUnauthorized });
 * await api.get('/api/a/verify/___ca');
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseURL = options.baseURL ?? '';
  const transport = options.adapter ?? browserTransport;

  const configOf = (request: RequestOptions, retry: boolean): RequestConfig => {
    const headers = new Headers(request.headers);
    let data = request.data;
    if (data !== undefined && data !== null && !isRawBody(data)) {
      data = JSON.stringify(data);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    if (!headers.has('Accept')) headers.set('Accept', 'application/json, text/plain, */*');
    // A caller may name the token itself (sign-out revokes the token it is clearing); otherwise the stored one,
    // read now (a retry after re-authentication sends the current one).
    const token = headers.has('Authorization') ? null : options.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return {
      method: (request.method ?? 'get').toLowerCase(),
      url: request.url,
      baseURL,
      ...(request.params ? { params: request.params } : {}),
      ...(data !== undefined ? { data } : {}),
      headers,
      ...(request.signal ? { signal: request.signal } : {}),
      timeout: request.timeout ?? options.timeout ?? 20_000,
      responseType: request.responseType ?? 'json',
      ...(request.onUploadProgress ? { onUploadProgress: request.onUploadProgress } : {}),
      ...(retry ? { reauthRetried: true } : {}),
    };
  };

  /** The transport's answer, or the caller's abort, whichever comes first. */
  const send = async (config: RequestConfig): Promise<ApiResponse> => {
    const { signal } = config;
    if (!signal) return transport(config);
    if (signal.aborted) throw canceled(config);
    let onAbort!: () => void;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(canceled(config));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([transport(config), aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };

  const request = async <T>(asked: RequestOptions, retry = false): Promise<ApiResponse<T>> => {
    const config = configOf(asked, retry);
    const response = await send(config);
    const { status } = response;
    if (status >= 200 && status < 300) return response as ApiResponse<T>;
    // A refusal to a Blob request is still the server's JSON: read back so the ApiError has its words.
    if (response.data instanceof Blob) response.data = await jsonOf(response.data);
    const error = new HttpError(
      `Request failed with status code ${status}`,
      status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
      config,
      response,
    );
    if (status === 401) {
      const current = options.getToken();
      if (current && config.headers.get('Authorization') === `Bearer ${current}`) {
        const code = (response.data as { code?: unknown } | null | undefined)?.code;
        // Idle, not ended: keep the page, ask for the password over it, then send the same call again (once).
        if (code === REAUTH_REQUIRED_CODE && options.onReauthRequired && !retry) {
          if (await options.onReauthRequired()) return request<T>(asked, true);
        }
        options.onUnauthorized();
      }
    }
    throw error;
  };

  return {
    request: (asked) => request(asked),
    get: (url, rest) => request({ ...rest, url, method: 'get' }),
    delete: (url, rest) => request({ ...rest, url, method: 'delete' }),
    post: (url, data, rest) => request({ ...rest, url, method: 'post', data }),
    put: (url, data, rest) => request({ ...rest, url, method: 'put', data }),
    patch: (url, data, rest) => request({ ...rest, url, method: 'patch', data }),
    defaults: { baseURL },
  };
}

async function jsonOf(blob: Blob): Promise<unknown> {
  const text = await blob.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
    return text;
  }
}
