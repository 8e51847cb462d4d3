import { z } from '../zod.js';
import {
  loginChallengeResponseSchema,
  loginOtpRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  pageCheckQuerySchema,
  pageCheckResponseSchema,
  verifyAllResponseSchema,
} from '../api.js';
import { defineEndpoint } from './define.js';

/**
 * Signing in and out, and the permission checks of the spec (section 7): what the app's login form, sign-out,
 * sidebar and page guard call. The login steps are public (rate limited on the server); the rest need a session.
 */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    tag: 'auth',
    summary:
      'Sign in; answers the user info the app stores (token, full name, previous login). With two-step sign-in on, answers `otp_required` and a challenge for /api/auth/login/otp instead',
    permission: 'public',
    body: loginRequestSchema,
    response: z.union([loginResponseSchema, loginChallengeResponseSchema]),
    errors: [403, 429],
  }),
  loginOtp: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login/otp',
    tag: 'auth',
    summary:
      'Second sign-in step for users with two-step sign-in: redeem the challenge from /api/auth/login with a 6-digit code or a recovery code; answers the same user info as a login',
    permission: 'public',
    body: loginOtpRequestSchema,
    response: loginResponseSchema,
    errors: [400, 403, 429],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/auth/logout',
    tag: 'auth',
    summary: 'Revoke the bearer token',
    permission: 'auth',
    response: logoutResponseSchema,
  }),
  permissions: defineEndpoint({
    method: 'GET',
    path: '/api/a/verify/___ca',
    tag: 'permissions',
    summary: "The bearer's permissions: the union of their permission sets",
    permission: 'auth',
    response: verifyAllResponseSchema,
  }),
  pageCheck: defineEndpoint({
    method: 'GET',
    path: '/api/a/verify/___pc',
    tag: 'permissions',
    summary:
      'May the bearer open a page guarded by `key` (read or write)? 200 yes, 403 no; recorded for usage statistics',
    permission: 'auth',
    query: pageCheckQuerySchema,
    response: pageCheckResponseSchema,
    errors: [403],
  }),
};
