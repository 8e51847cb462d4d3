import type { ApiClient } from './client.js';
import {
  authEndpoints,
  type LoginChallengeResponse,
  type LoginResponse,
  type VerifyAllResponse,
} from '@staff/console-contract';
import type {
  CheckPermissionFn,
  LoadPermissionsFn,
  LoginCredentials,
  LoginFn,
  PermissionEntry,
  StoredUser,
} from '@staff/console-ui';
import { requestOf } from './call.js';
import { toCallError } from './errors.js';

/** `POST /api/auth/login`; `data.data` of the answer is the stored user (spec section 7). */
export function createLogin(client: ApiClient): LoginFn {
  return async ({ username, password }) => {
    try {
      const response = await client.request<LoginResponse>(
        requestOf(authEndpoints.login, { body: { username, password } }),
      );
      const user = response.data?.data;
      if (!user || typeof user.token !== 'string')
        throw { status: response.status, message: 'Malformed login answer' };
      return { token: user.token, fullname: user.fullname, last_login: user.last_login ?? null };
    } catch (error) {
      throw toCallError(error);
    }
  };
}

/** `GET /api/a/verify/___ca`: the permission list, empty when missing (spec section 7). */
export function createLoadPermissions(client: ApiClient): LoadPermissionsFn {
  return async () => {
    try {
      const response = await client.request<VerifyAllResponse>(requestOf(authEndpoints.permissions));
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
  client: ApiClient,
  getPath: () => string | undefined = () =>
    typeof window === 'undefined' ? undefined : window.location.pathname,
): CheckPermissionFn {
  return async (key, signal) => {
    try {
      const path = getPath();
      await client.request({
        ...requestOf(authEndpoints.pageCheck, { query: { key, mode: 'read', ...(path ? { path } : {}) } }),
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
export function createLogout(client: ApiClient): (token?: string) => Promise<void> {
  return async (token) => {
    try {
      await client.request({
        ...requestOf(authEndpoints.logout),
        ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      });
    } catch (error) {
      throw toCallError(error);
    }
  };
}

/** The password step's outcome: the stored user, or (two-step sign-in on) a challenge to redeem with a code. */
export type PasswordStepResult = { user: StoredUser } | { challenge: string };

/**
 * `POST /api/auth/login` when the user may have two-step sign-in: a user without it gets the spec's answer; an
 * enrolled one gets `{ otp_required: true, challenge }` and no token yet.
 */
export function createPasswordStep(
  client: ApiClient,
): (credentials: LoginCredentials) => Promise<PasswordStepResult> {
  return async ({ username, password }) => {
    try {
      const response = await client.request<LoginResponse | LoginChallengeResponse>(
        requestOf(authEndpoints.login, { body: { username, password } }),
      );
      const data: unknown = response.data?.data;
      if (
        data &&
        typeof data === 'object' &&
        'otp_required' in data &&
        'challenge' in data &&
        typeof data.challenge === 'string'
      ) {
        return { challenge: data.challenge };
      }
      return { user: toStoredUser(response.status, data) };
    } catch (error) {
      throw toCallError(error);
    }
  };
}

/** `POST /api/auth/login/otp`: the challenge and a 6-digit code (or a recovery code) for the stored user. */
export function createOtpStep(client: ApiClient): (challenge: string, code: string) => Promise<StoredUser> {
  return async (challenge, code) => {
    try {
      const response = await client.request<LoginResponse>(
        requestOf(authEndpoints.loginOtp, { body: { challenge, code } }),
      );
      return toStoredUser(response.status, response.data?.data);
    } catch (error) {
      throw toCallError(error);
    }
  };
}

function toStoredUser(status: number, data: unknown): StoredUser {
  const user = data as Partial<StoredUser> | undefined;
  if (!user || typeof user.token !== 'string') throw { status, message: 'Malformed login answer' };
  return { token: user.token, fullname: user.fullname ?? '', last_login: user.last_login ?? null };
}
