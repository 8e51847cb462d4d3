import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { REAUTH_REQUIRED_CODE } from '@staff/console-contract';

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
    // A caller may name the token itself (sign-out revokes the token it is clearing); otherwise the stored one.
    if (config.headers.has('Authorization')) return config;
    const token = options.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (axios.isAxiosError(error) && error.response?.status === 401) {
      const sent = error.config?.headers?.get('Authorization');
      const current = options.getToken();
      if (current && sent === `Bearer ${current}`) {
        const code = (error.response.data as { code?: unknown } | undefined)?.code;
        const config = error.config as (InternalAxiosRequestConfig & { reauthRetried?: boolean }) | undefined;
        // Idle, not ended: keep the page, ask for the password over it, then send the same call again (once).
        if (code === REAUTH_REQUIRED_CODE && options.onReauthRequired && config && !config.reauthRetried) {
          if (await options.onReauthRequired()) {
            config.reauthRetried = true;
            return client.request(config);
          }
        }
        options.onUnauthorized();
      }
    }
    throw error;
  });

  return client;
}
