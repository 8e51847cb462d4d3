import {
  adminEndpoints,
  type MatrixSaveBody,
  type SetPatchBody,
  type UserListResponse,
  type UserPatchBody,
  type UserSortField,
} from '@staff/console-contract';
import { ApiError } from '../../api/apiError.js';
import { createCall, type Call } from '../../api/call.js';
import { currentLanguage } from '../../i18n.js';
import { ADMIN_TEXTS } from './texts.js';
import { type ApiClient, isHttpError } from '../../api/client.js';

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
  const sent = [error, failure.cause].find(isHttpError);
  if (!sent) return failure;
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

/** A query flag as the wire writes it (the schema reads `true`/`false`). */
const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' : 'false');

/** A call whose failure is an AdminError (an ApiError with the pages' words when the server sent none). */
const failingAsAdmin = async <T>(answer: Promise<T>): Promise<T> => {
  try {
    return await answer;
  } catch (error) {
    throw toAdminError(error);
  }
};

/**
 * The administration calls (the contract's `adminEndpoints`) through `call()`; failures are AdminErrors. The forms
 * (new user, a user's names, new permission set, the own password) send through useEndpointForm.
 */
export function createAdminApi(api: ApiClient) {
  const call = createCall(api);
  const ask: Call = (endpoint, ...args) => failingAsAdmin(call(endpoint, ...args));
  const user = (id: number) => ({ params: { id } });
  const set = (id: number) => ({ params: { id } });
  return {
    listUsers: (params: UserListParams): Promise<UserListResponse> =>
      ask(adminEndpoints.listUsers, {
        query: {
          ...params,
          active: flag(params.active),
          never_logged_in: flag(params.never_logged_in),
          permission_set: params.permission_set?.length ? params.permission_set.join(',') : undefined,
        },
      }),
    getUser: (id: number) => ask(adminEndpoints.getUser, user(id)),
    updateUser: (id: number, body: UserPatchBody) => ask(adminEndpoints.updateUser, { ...user(id), body }),
    deleteUser: (id: number) => ask(adminEndpoints.deleteUser, user(id)),
    resetPassword: (id: number, password?: string) =>
      ask(adminEndpoints.resetPassword, { ...user(id), body: password ? { password } : {} }),
    resetTwoFactor: (id: number) => ask(adminEndpoints.resetTwoFactor, user(id)),
    setUserSets: (id: number, names: string[]) =>
      ask(adminEndpoints.setUserSets, { ...user(id), body: { permission_sets: names } }),
    sessions: (id: number) => ask(adminEndpoints.sessions, user(id)),
    revokeAllSessions: (id: number) => ask(adminEndpoints.revokeAllSessions, user(id)),
    activity: (id: number, limit = 30) => ask(adminEndpoints.activity, { ...user(id), query: { limit } }),
    listSets: () => ask(adminEndpoints.listSets),
    updateSet: (id: number, body: SetPatchBody) => ask(adminEndpoints.updateSet, { ...set(id), body }),
    deleteSet: (id: number) => ask(adminEndpoints.deleteSet, set(id)),
    matrix: () => ask(adminEndpoints.matrix),
    saveMatrix: (sets: MatrixSaveBody['sets']) => ask(adminEndpoints.saveMatrix, { body: { sets } }),
    viewAs: (userId: number) => ask(adminEndpoints.viewAs, { params: { userId } }),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
