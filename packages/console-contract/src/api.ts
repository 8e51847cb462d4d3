import { z } from './zod.js';

/** Stored user info kept in local storage under one fixed key (spec section 3). */
export interface StoredUser {
  token: string;
  fullname: string;
  /** ISO time of the previous successful login; null on a first login. */
  last_login: string | null;
}

export const STORED_USER_KEY = 'staff-console.user';

export const loginRequestSchema = z.object({
  username: z.string().check(z.maxLength(200)),
  password: z.string().check(z.maxLength(1000)),
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
  key: z.string().check(z.minLength(1), z.maxLength(100)),
  mode: z._default(z.enum(['read', 'write']), 'read'),
  path: z.optional(z.string().check(z.maxLength(500))),
});
export type PageCheckQuery = z.infer<typeof pageCheckQuerySchema>;

export const configQuerySchema = z.object({
  config_name: z.string().check(z.minLength(1), z.maxLength(200)),
  default_value: z.optional(z.string().check(z.maxLength(10000))),
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

// ---------------------------------------------------------------------------------------------------------------
// Server-side schemas: the server validates with these and builds `/api/openapi.json` from them.

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.optional(z.string()),
  fields: z.optional(z.record(z.string(), z.array(z.string()))),
});

export const storedUserSchema = z.object({
  token: z.string(),
  fullname: z.string(),
  last_login: z.nullable(z.string()),
});

export const loginResponseSchema = z.object({ data: storedUserSchema });

export const permissionEntrySchema = z.object({
  permission_key: z.string(),
  allow_read: z.number().check(z.int(), z.gte(0), z.lte(1)),
  allow_write: z.optional(z.number().check(z.int(), z.gte(0), z.lte(1))),
});

export const verifyAllResponseSchema = z.object({ permissions: z.array(permissionEntrySchema) });

export const pageCheckResponseSchema = z.object({
  allowed: z.boolean(),
  permission_key: z.string(),
  mode: z.enum(['read', 'write']),
});

export const configResponseSchema = z.object({
  config_name: z.string(),
  default_value: z.nullable(z.string()),
  config_value: z.nullable(z.string()),
});

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latency_ms: z.number(),
  }),
  version: z.string(),
  uptime_s: z.number(),
});

export const logoutResponseSchema = z.object({ ok: z.literal(true) });

/** `GET /api/statistics/usage?days=N` (needs `statistics` read): the landing page's team figures. */
export const usageStatisticsQuerySchema = z.object({
  days: z._default(z.coerce.number<number>().check(z.int(), z.gte(1), z.lte(366)), 30),
});

export const usageStatisticsResponseSchema = z.object({
  /** First day of the window (ISO date, UTC) and its length. */
  from: z.string(),
  days: z.number().check(z.int()),
  /** One row per day of the window, oldest first, days without sign-ins included with zeros. */
  sign_ins_per_day: z.array(
    z.object({ date: z.string(), sign_ins: z.number().check(z.int()), failed: z.number().check(z.int()) }),
  ),
  /** Distinct users who signed in or opened a page within the window. */
  active_users: z.number().check(z.int()),
  /** Users whose account is active. */
  total_users: z.number().check(z.int()),
  /** Pages opened most (allowed page checks), most first; `path` is null when the client sent none. */
  most_visited_pages: z.array(
    z.object({ path: z.nullable(z.string()), permission_key: z.string(), visits: z.number().check(z.int()) }),
  ),
});
export type UsageStatisticsResponse = z.infer<typeof usageStatisticsResponseSchema>;

/**
 * `GET /api/statistics/me?days=N` (any signed-in user): the caller's own activity over the window, so the landing
 * page is useful without the `statistics` key. Days are Asia/Jakarta calendar days.
 */
export const myActivityResponseSchema = z.object({
  from: z.string(),
  days: z.number().check(z.int()),
  /** The caller's own sign-ins (and failed attempts on their account) per day, oldest first, zeros included. */
  sign_ins_per_day: z.array(
    z.object({ date: z.string(), sign_ins: z.number().check(z.int()), failed: z.number().check(z.int()) }),
  ),
  /** The caller's latest sign-in attempts, newest first (at most 5). */
  recent_sign_ins: z.array(z.object({ at: z.string(), success: z.boolean() })),
  /** Pages the caller opened, most first (allowed page checks). */
  most_visited_pages: z.array(
    z.object({ path: z.nullable(z.string()), permission_key: z.string(), visits: z.number().check(z.int()) }),
  ),
});
export type MyActivityResponse = z.infer<typeof myActivityResponseSchema>;

/** Administration (needs `admin_manage_user`: read to list, write to change). */
export const adminUserSchema = z.object({
  id: z.number().check(z.int()),
  username: z.string(),
  full_name: z.string(),
  active: z.boolean(),
  last_login_at: z.nullable(z.string()),
  locked_until: z.nullable(z.string()),
  permission_sets: z.array(z.string()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListResponseSchema = z.object({ users: z.array(adminUserSchema) });

export const adminUserIdParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });

export const adminUserPatchSchema = z
  .object({
    full_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
    active: z.optional(z.boolean()),
  })
  .check(
    z.refine((value) => value.full_name !== undefined || value.active !== undefined, {
      message: 'Give full_name or active',
    }),
  );

export const adminUserSetsBodySchema = z.object({
  permission_sets: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(100)),
});

// --- Two-step sign-in (TOTP, issue 6) ---------------------------------------------------------------------------
// Users without it see the spec's login contract unchanged. For an enrolled user a right password answers a
// challenge instead of a token; `POST /api/auth/login/otp` redeems it with a code for the usual `{ data: StoredUser }`.

/** `POST /api/auth/login` for a user with two-step sign-in: no session yet. */
export const loginChallengeResponseSchema = z.object({
  data: z.object({ otp_required: z.literal(true), challenge: z.string() }),
});
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponseSchema>;

export const loginOtpRequestSchema = z.object({
  challenge: z
    .string()
    .check(z.minLength(1, { message: 'Sign in with your password first.' }), z.maxLength(200)),
  /** The 6-digit code from the authenticator app, or one recovery code. */
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: 'Enter the code.' }),
      z.maxLength(64, { message: 'Use at most 64 characters.' }),
    ),
});
export type LoginOtpRequest = z.infer<typeof loginOtpRequestSchema>;

/** `GET /api/auth/2fa`: the signed-in user's own state. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.nullable(z.string()),
  /** Recovery codes not used yet (0 when off). */
  recovery_codes_left: z.number().check(z.int()),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST /api/auth/2fa/setup`: shown once; the server never answers the secret again. */
export const twoFactorSetupResponseSchema = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorEnableRequestSchema = z.object({
  code: z
    .string()
    .check(z.trim(), z.regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator app.' })),
});
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;

/** Ten one-time recovery codes, shown once (stored hashed). */
export const twoFactorEnableResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const twoFactorDisableRequestSchema = z.object({
  password: z.string().check(z.minLength(1, { message: 'Enter your password.' }), z.maxLength(1000)),
});
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

export const twoFactorDisableResponseSchema = z.object({ ok: z.literal(true) });

/** `POST /api/admin/users/:id/2fa/reset` (admin_manage_user write). */
export const twoFactorResetResponseSchema = z.object({ ok: z.literal(true), was_enabled: z.boolean() });
export type TwoFactorResetResponse = z.infer<typeof twoFactorResetResponseSchema>;

// --- idle sessions and the user's own sessions (ADR 013) ---------------------------------------------------------

/** The `code` of the 401 an idle session gets: the app asks for the password over the page and retries. */
export const REAUTH_REQUIRED_CODE = 'REAUTH_REQUIRED';

/** `POST /api/auth/reauth`: the password again, and a code when two-step sign-in is on. */
export const reauthRequestSchema = z.object({
  password: z.string().check(z.minLength(1, { message: 'Enter your password.' }), z.maxLength(1000)),
  code: z.optional(z.string().check(z.trim(), z.maxLength(40))),
});
export type ReauthRequest = z.infer<typeof reauthRequestSchema>;
export const reauthResponseSchema = z.object({ ok: z.literal(true) });

/** One of the signed-in user's open sessions (`GET /api/auth/sessions`). */
export const ownSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.nullable(z.string()),
  expires_at: z.string(),
  ip: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
  /** The session making this request. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
export const ownSessionsResponseSchema = z.object({ sessions: z.array(ownSessionSchema) });
/** `DELETE /api/auth/sessions/:id`: one of the caller's own sessions. */
export const ownSessionParamsSchema = z.object({ id: z.uuid({ message: 'Not a session id' }) });
export type OwnSessionsResponse = z.infer<typeof ownSessionsResponseSchema>;
