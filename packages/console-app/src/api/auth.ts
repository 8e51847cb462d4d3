import type { AxiosInstance } from 'axios';
import type { LoginResponse, VerifyAllResponse } from '@staff/console-contract';
import type { CheckPermissionFn, LoadPermissionsFn, LoginFn, PermissionEntry } from '@staff/console-ui';
import { toCallError } from './errors.js';

/** `POST /api/auth/login`; `data.data` of the answer is the stored user (spec section 7). */
export function createLogin(client: AxiosInstance): LoginFn {
  return async ({ username, password }) => {
    try {
      const response = await client.post<LoginResponse>('/api/auth/login', { username, password });
      const user = response.data?.data;
      if (!user || typeof user.token !== 'string') throw { status: response.status, message: 'Malformed login answer' };
      return { token: user.token, fullname: user.fullname, last_login: user.last_login ?? null };
    } catch (error) {
      throw toCallError(error);
    }
  };
}

/** `GET /api/a/verify/___ca`: the permission list, empty when missing (spec section 7). */
export function createLoadPermissions(client: AxiosInstance): LoadPermissionsFn {
  return async () => {
    try {
      const response = await client.get<VerifyAllResponse>('/api/a/verify/___ca');
      const list: unknown = response.data?.permissions;
      return Array.isArray(list) ? (list as PermissionEntry[]) : [];
    } catch (error) {
      throw toCallError(error);
    }
  };
}

/**
 * `GET /api/a/verify/___pc?key=&mode=read&path=`: 200 allows, 403 denies, anything else is an error.
 * `getPath` names the page being opened (the server counts visits per page).
 */
export function createCheckPermission(
  client: AxiosInstance,
  getPath: () => string | undefined = () => (typeof window === 'undefined' ? undefined : window.location.pathname),
): CheckPermissionFn {
  return async (key, signal) => {
    try {
      const path = getPath();
      await client.get('/api/a/verify/___pc', {
        params: { key, mode: 'read', ...(path ? { path } : {}) },
        ...(signal ? { signal } : {}),
      });
      return true;
    } catch (error) {
      const callError = toCallError(error);
      if (callError.status === 403) return false;
      throw callError;
    }
  };
}

/**
 * `POST /api/auth/logout`: revokes a token on the server. Sign-out clears the stored user first, so it hands in
 * the token being revoked.
 */
export function createLogout(client: AxiosInstance): (token?: string) => Promise<void> {
  return async (token) => {
    try {
      await client.post('/api/auth/logout', undefined, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    } catch (error) {
      throw toCallError(error);
    }
  };
}
