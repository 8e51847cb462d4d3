import { z } from 'zod';

/** Stored user info kept in local storage under one fixed key (spec section 3). */
export interface StoredUser {
  token: string;
  fullname: string;
  /** ISO time of the previous successful login; null on a first login. */
  last_login: string | null;
}

export const STORED_USER_KEY = 'staff-console.user';

export const loginRequestSchema = z.object({
  username: z.string().max(200),
  password: z.string().max(1000),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `POST /api/auth/login` answers `{ data: StoredUser }`; the app stores `response.data.data`. */
export interface LoginResponse {
  data: StoredUser;
}

export interface VerifyAllResponse {
  permissions: { permission_key: string; allow_read: number; allow_write?: number }[];
}

export const pageCheckQuerySchema = z.object({
  key: z.string().min(1).max(100),
  mode: z.enum(['read', 'write']).default('read'),
  path: z.string().max(500).optional(),
});
export type PageCheckQuery = z.infer<typeof pageCheckQuerySchema>;

export const configQuerySchema = z.object({
  config_name: z.string().min(1).max(200),
  default_value: z.string().max(10000).optional(),
});

export interface ConfigResponse {
  config_name: string;
  default_value: string | null;
  config_value: string | null;
}

/** Body of every 4xx/5xx answer. `fields` maps a field path to its messages on 400. */
export interface ApiError {
  message: string;
  code?: string;
  fields?: Record<string, string[]>;
}

/** Socket events the server pushes. */
export const SOCKET_EVENTS = {
  permissionsChanged: 'permissions:changed',
  sessionRevoked: 'session:revoked',
} as const;

/** Login failure texts (spec section 8). */
export const LOGIN_ERROR_PREFIX = 'Error : ';
export const LOGIN_ERROR_COMMUNICATION = 'Error : Komunikasi dengan server bermasalah';
export const PAGE_DENIED_MESSAGE = "You don't have permission to access this page";
