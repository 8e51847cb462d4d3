import axios, { type AxiosInstance } from 'axios';
import type { PermissionEntry } from '@staff/console-contract';

// Wire shapes of the administration API (console-server src/admin/schemas.ts; ADR 007).

export interface AdminUser {
  id: number;
  username: string;
  full_name: string;
  active: boolean;
  last_login_at: string | null;
  locked_until: string | null;
  permission_sets: string[];
  created_at: string;
  version: number;
  live_sessions: number;
}

export interface UserListParams {
  q?: string;
  active?: boolean;
  permission_set?: string[];
  last_login_from?: string;
  last_login_to?: string;
  never_logged_in?: boolean;
  sort?: 'username' | 'full_name' | 'last_login_at' | 'created_at';
  dir?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export interface UserListResponse {
  users: AdminUser[];
  total: number;
  page: number;
  page_size: number;
}

export interface SessionRow {
  id: string;
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

export interface ActivityEntry {
  id: string;
  at: string;
  action: string;
  entity: string;
  entity_id: string | null;
  role: 'actor' | 'subject';
  actor: { id: number; username: string; full_name: string } | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export interface SetEntry {
  key: string;
  read: boolean;
  write: boolean;
}

export interface PermissionSet {
  id: number;
  name: string;
  description: string;
  version: number;
  user_count: number;
  entries: SetEntry[];
}

export interface MatrixKey {
  key: string;
  pages: { id: string; path: string; title: string; group: string | null }[];
  menu_groups: { id: string; label: string }[];
}

export interface PermissionMatrix {
  keys: MatrixKey[];
  sets: PermissionSet[];
}

export interface MatrixSaveResult {
  sets: PermissionSet[];
  changed_sets: string[];
  notified_users: number;
}

export interface ViewAsResult {
  user: { id: number; username: string; full_name: string; active: boolean; last_login_at: string | null };
  permission_sets: string[];
  permissions: PermissionEntry[];
  menu: { id: string; label: string; items: { id: string; label: string; path: string }[] }[];
  allowed_pages: string[];
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
    const body = (error.response?.data ?? {}) as { message?: unknown; code?: unknown; fields?: unknown };
    const fields: Record<string, string[]> = {};
    if (body.fields && typeof body.fields === 'object') {
      for (const [key, messages] of Object.entries(body.fields as Record<string, unknown>)) {
        if (Array.isArray(messages)) fields[key.replace(/^(body|query|params)\./, '')] = messages.map(String);
      }
    }
    return {
      ...(error.response ? { status: error.response.status } : {}),
      message:
        typeof body.message === 'string'
          ? body.message
          : error.response
            ? `The server answered ${error.response.status}.`
            : 'The server could not be reached.',
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
    getUser: (id: number) => call<AdminUser>(api.get(user(id))),
    createUser: (body: {
      username: string;
      full_name: string;
      password?: string;
      permission_sets?: string[];
    }) => call<{ user: AdminUser; generated_password?: string }>(api.post('/api/admin/users', body)),
    updateUser: (
      id: number,
      body: { username?: string; full_name?: string; active?: boolean; version?: number },
    ) => call<AdminUser>(api.patch(user(id), body)),
    deleteUser: (id: number) => call<{ ok: true }>(api.delete(user(id))),
    resetPassword: (id: number, password?: string) =>
      call<{ generated_password?: string; revoked_sessions: number }>(
        api.post(`${user(id)}/reset-password`, password ? { password } : {}),
      ),
    resetTwoFactor: (id: number) =>
      call<{ ok: true; was_enabled: boolean }>(api.post(`${user(id)}/2fa/reset`)),
    setUserSets: (id: number, names: string[]) =>
      call<AdminUser>(api.put(`${user(id)}/permission-sets`, { permission_sets: names })),
    sessions: (id: number) => call<{ sessions: SessionRow[] }>(api.get(`${user(id)}/sessions`)),
    revokeAllSessions: (id: number) => call<{ revoked: number }>(api.post(`${user(id)}/sessions/revoke-all`)),
    activity: (id: number, limit = 30) =>
      call<{ entries: ActivityEntry[] }>(api.get(`${user(id)}/activity`, { params: { limit } })),
    listSets: () => call<{ sets: PermissionSet[] }>(api.get('/api/admin/permission-sets')),
    createSet: (body: { name: string; description?: string; entries?: SetEntry[] }) =>
      call<PermissionSet>(api.post('/api/admin/permission-sets', body)),
    updateSet: (
      id: number,
      body: { name?: string; description?: string; entries?: SetEntry[]; version?: number },
    ) => call<PermissionSet>(api.patch(`/api/admin/permission-sets/${id}`, body)),
    deleteSet: (id: number) => call<{ ok: true }>(api.delete(`/api/admin/permission-sets/${id}`)),
    matrix: () => call<PermissionMatrix>(api.get('/api/admin/permission-matrix')),
    saveMatrix: (sets: { id: number; entries: SetEntry[]; version?: number }[]) =>
      call<MatrixSaveResult>(api.put('/api/admin/permission-matrix', { sets })),
    viewAs: (id: number) => call<ViewAsResult>(api.get(`/api/admin/view-as/${id}`)),
    changePassword: (oldPassword: string, newPassword: string) =>
      call<{ ok: true; revoked_sessions: number }>(
        api.post('/api/auth/change-password', { old_password: oldPassword, new_password: newPassword }),
      ),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
