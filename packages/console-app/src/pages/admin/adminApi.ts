import axios, { type AxiosInstance } from 'axios';
import { translateMessage } from '@staff/console-contract';
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

/** A failed admin call: the server's message and code, and its field messages keyed by form field name. */
export interface AdminError {
  status?: number;
  message: string;
  code?: string;
  fields: Record<string, string[]>;
}

/** `{ "body.username": [...] }` → `{ username: [...] }`, as ResourceForm reads them. */
export function toAdminError(error: unknown): AdminError {
  if (axios.isAxiosError(error)) {
    const language = currentLanguage();
    const texts = ADMIN_TEXTS[language];
    const body = (error.response?.data ?? {}) as { message?: unknown; code?: unknown; fields?: unknown };
    const fields: Record<string, string[]> = {};
    if (body.fields && typeof body.fields === 'object') {
      for (const [key, messages] of Object.entries(body.fields as Record<string, unknown>)) {
        if (Array.isArray(messages))
          fields[key.replace(/^(body|query|params)\./, '')] = messages.map((text) =>
            translateMessage(String(text), language),
          );
      }
    }
    return {
      ...(error.response ? { status: error.response.status } : {}),
      message:
        typeof body.message === 'string'
          ? translateMessage(body.message, language)
          : error.response
            ? texts.serverAnswered(error.response.status)
            : texts.serverUnreachable,
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
      fields,
    };
  }
  return { message: error instanceof Error ? error.message : String(error), fields: {} };
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
