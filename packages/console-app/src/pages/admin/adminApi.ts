import axios, { type AxiosInstance } from 'axios';
import type {
  ActivityEntry,
  AdminSession,
  AdminUserRow,
  ChangePasswordResult,
  MatrixSaveBody,
  MatrixSaveResult,
  PermissionMatrix,
  PermissionSetRow,
  ResetPasswordResult,
  SetCreateBody,
  SetPatchBody,
  UserCreateBody,
  UserCreateResult,
  UserListResponse,
  UserPatchBody,
  UserSortField,
  ViewAsResult,
} from '@staff/console-contract';
import { ApiError } from '../../api/apiError.js';
import { currentLanguage } from '../../i18n.js';
import { ADMIN_TEXTS } from './texts.js';

// Wire shapes of the administration API: the contract's (src/admin.ts), also what the server's routes use.
export type {
  ActivityEntry,
  AdminUserRow,
  MatrixKey,
  MatrixSaveResult,
  PermissionMatrix,
  PermissionSetRow,
  SetEntry,
  UserListResponse,
  ViewAsResult,
} from '@staff/console-contract';

/** The list's query parameters as the page holds them (the server's `userListQuerySchema` parses them). */
export interface UserListParams {
  q?: string;
  active?: boolean;
  permission_set?: string[];
  last_login_from?: string;
  last_login_to?: string;
  never_logged_in?: boolean;
  sort?: UserSortField;
  dir?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

/** A failed admin or account call: an ApiError (its `fields` keyed as the server names them, `body.username`). */
export type AdminError = ApiError;

/**
 * Whatever an admin or account call rejected with, as an ApiError; when the server said nothing itself (no
 * answer, or a status without a body) the message is the pages' own ("The server could not be reached.").
 */
export function toAdminError(error: unknown): ApiError {
  const failure = ApiError.from(error);
  const sent = [error, failure.cause].find((candidate) => axios.isAxiosError(candidate));
  if (!axios.isAxiosError(sent)) return failure;
  const body: unknown = sent.response?.data;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string')
    return failure;
  const texts = ADMIN_TEXTS[currentLanguage()];
  const { status, code, fields, endpoint } = failure;
  return new ApiError(
    {
      message: status === undefined ? texts.serverUnreachable : texts.serverAnswered(status),
      ...(status !== undefined ? { status } : {}),
      ...(code !== undefined ? { code } : {}),
      ...(fields ? { fields } : {}),
      ...(endpoint ? { endpoint } : {}),
    },
    { cause: sent },
  );
}

/** A failure's field messages by form field name: `{ "body.username": [...] }` → `{ username: [...] }`. */
export function formFields(error: ApiError | null | undefined): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(error?.fields ?? {}).map(([key, messages]) => [
      key.replace(/^(body|query|params)\./, ''),
      messages,
    ]),
  );
}

const call = async <T>(request: Promise<{ data: T }>): Promise<T> => {
  try {
    return (await request).data;
  } catch (error) {
    throw toAdminError(error);
  }
};

/** The administration calls over the app's one HTTP client (bearer token, 401 handling). */
export function createAdminApi(api: AxiosInstance) {
  const user = (id: number) => `/api/admin/users/${id}`;
  return {
    listUsers: (params: UserListParams) =>
      call<UserListResponse>(
        api.get('/api/admin/users', {
          params: {
            ...params,
            permission_set: params.permission_set?.length ? params.permission_set.join(',') : undefined,
          },
        }),
      ),
    getUser: (id: number) => call<AdminUserRow>(api.get(user(id))),
    createUser: (body: UserCreateBody) => call<UserCreateResult>(api.post('/api/admin/users', body)),
    updateUser: (id: number, body: UserPatchBody) => call<AdminUserRow>(api.patch(user(id), body)),
    deleteUser: (id: number) => call<{ ok: true }>(api.delete(user(id))),
    resetPassword: (id: number, password?: string) =>
      call<ResetPasswordResult>(api.post(`${user(id)}/reset-password`, password ? { password } : {})),
    resetTwoFactor: (id: number) =>
      call<{ ok: true; was_enabled: boolean }>(api.post(`${user(id)}/2fa/reset`)),
    setUserSets: (id: number, names: string[]) =>
      call<AdminUserRow>(api.put(`${user(id)}/permission-sets`, { permission_sets: names })),
    sessions: (id: number) => call<{ sessions: AdminSession[] }>(api.get(`${user(id)}/sessions`)),
    revokeAllSessions: (id: number) => call<{ revoked: number }>(api.post(`${user(id)}/sessions/revoke-all`)),
    activity: (id: number, limit = 30) =>
      call<{ entries: ActivityEntry[] }>(api.get(`${user(id)}/activity`, { params: { limit } })),
    listSets: () => call<{ sets: PermissionSetRow[] }>(api.get('/api/admin/permission-sets')),
    createSet: (body: SetCreateBody) => call<PermissionSetRow>(api.post('/api/admin/permission-sets', body)),
    updateSet: (id: number, body: SetPatchBody) =>
      call<PermissionSetRow>(api.patch(`/api/admin/permission-sets/${id}`, body)),
    deleteSet: (id: number) => call<{ ok: true }>(api.delete(`/api/admin/permission-sets/${id}`)),
    matrix: () => call<PermissionMatrix>(api.get('/api/admin/permission-matrix')),
    saveMatrix: (sets: MatrixSaveBody['sets']) =>
      call<MatrixSaveResult>(api.put('/api/admin/permission-matrix', { sets })),
    viewAs: (id: number) => call<ViewAsResult>(api.get(`/api/admin/view-as/${id}`)),
    changePassword: (oldPassword: string, newPassword: string) =>
      call<ChangePasswordResult>(
        api.post('/api/auth/change-password', { old_password: oldPassword, new_password: newPassword }),
      ),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
