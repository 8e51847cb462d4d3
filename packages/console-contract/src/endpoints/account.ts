import {
  logoutResponseSchema,
  ownSessionParamsSchema,
  ownSessionsResponseSchema,
  reauthRequestSchema,
  reauthResponseSchema,
  twoFactorDisableRequestSchema,
  twoFactorDisableResponseSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '../api.js';
import { defineEndpoint } from './define.js';

/**
 * The signed-in user's own account (ADR 013): two-step sign-in, the open sessions, re-authenticating an idle
 * session. No key: each acts only on the caller's own user and sessions.
 */
export const accountEndpoints = {
  twoFactorStatus: defineEndpoint({
    method: 'GET',
    path: '/api/auth/2fa',
    tag: 'auth',
    summary: "Whether the signed-in user's two-step sign-in is on, and how many recovery codes are left",
    permission: 'auth',
    response: twoFactorStatusSchema,
  }),
  twoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/api/auth/2fa/setup',
    tag: 'auth',
    summary:
      'Start two-step sign-in: a new secret and its otpauth URI, answered only here; confirm with /api/auth/2fa/enable',
    permission: 'auth',
    response: twoFactorSetupResponseSchema,
    errors: [409],
  }),
  twoFactorEnable: defineEndpoint({
    method: 'POST',
    path: '/api/auth/2fa/enable',
    tag: 'auth',
    summary:
      'Confirm the setup with a current code; answers ten one-time recovery codes, shown once (stored hashed)',
    permission: 'auth',
    body: twoFactorEnableRequestSchema,
    response: twoFactorEnableResponseSchema,
    errors: [409],
  }),
  twoFactorDisable: defineEndpoint({
    method: 'POST',
    path: '/api/auth/2fa/disable',
    tag: 'auth',
    summary:
      'Turn two-step sign-in off (needs the current password); the secret and recovery codes are deleted',
    permission: 'auth',
    body: twoFactorDisableRequestSchema,
    response: twoFactorDisableResponseSchema,
    errors: [409],
  }),
  reauth: defineEndpoint({
    method: 'POST',
    path: '/api/auth/reauth',
    tag: 'auth',
    summary:
      'Re-authenticate an idle session (after 401 REAUTH_REQUIRED): the password, and a code with two-step sign-in. Wrong answers count toward the account lockout; a lockout ends the session',
    permission: 'auth',
    body: reauthRequestSchema,
    response: reauthResponseSchema,
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/auth/sessions',
    tag: 'auth',
    summary:
      "The caller's open sessions (device, address, last use), newest use first; `current` marks this one",
    permission: 'auth',
    response: ownSessionsResponseSchema,
  }),
  endSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    tag: 'auth',
    summary:
      "Sign one of the caller's own sessions out (its sockets close at once); 404 for any other session",
    permission: 'auth',
    params: ownSessionParamsSchema,
    response: logoutResponseSchema,
  }),
};
