import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

export interface ApiClientOptions {
  /** Backend origin; the app is served by the same server, so '' (same origin) is the default. */
  baseURL?: string;
  /** The stored token, read on every request so a new login or a sign-out takes effect at once. */
  getToken: () => string | null | undefined;
  /** Called on any 401 answer to a request that carried a token: the app clears the session and goes to `/`. */
  onUnauthorized: () => void;
  /** Request timeout in ms. */
  timeout?: number;
  /** Replaces axios' HTTP adapter (tests). */
  adapter?: InternalAxiosRequestConfig['adapter'];
}

/**
 * The app's one HTTP client: every request carries `Authorization: Bearer <stored token>` (spec section 7) and
 * a 401 answer ends the session (spec section 4).
 *
 * @example
 * const api = createApiClient({ getToken: () => session.getSnapshot().context.user?.token, onUnauthorized });
 * await api.get('/api/a/verify/___ca');
 */
export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: options.timeout ?? 20_000,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  client.interceptors.request.use((config) => {
    const token = options.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    else config.headers.delete('Authorization');
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    // A 401 to a call made without a token (the login call itself) has no session to end: the caller shows it.
    if (axios.isAxiosError(error) && error.response?.status === 401 && error.config?.headers?.has('Authorization')) {
      options.onUnauthorized();
    }
    return Promise.reject(error);
  });

  return client;
}
