import type { CallError } from '../adapters.js';

// The login machine's words and timing, apart from the machine: the login form shows them in its first render
// without loading xstate (ADR 047).

/** The button's label in each state. */
export const LOGIN_BUTTON_LABELS = {
  idle: 'Login',
  loading: 'Memuat...',
  success: 'Login Sukses, Mohon tunggu',
} as const;

/** How long "Login Sukses, Mohon tunggu" stays with its spinner before moving on (2 s). */
export const LOGIN_SUCCESS_HOLD_MS = 2000;

/** Shown for any login failure that is not a 403/404 with a server message. */
export const LOGIN_GENERIC_ERROR = 'Error : Komunikasi dengan server bermasalah';

// Whatever the login call rejected with (a CallError, an axios-like error, a plain Error) as a CallError.
// Only a numeric `status` counts as an answer from the server.
export function asCallError(error: unknown): CallError {
  if (typeof error !== 'object' || error === null) return {};
  const e = error as Record<string, unknown>;
  return {
    status: typeof e.status === 'number' ? e.status : undefined,
    message: typeof e.message === 'string' ? e.message : undefined,
  };
}

/**
 * The error line for a failed login: 403/404 → "Error : " + the server's message; anything else (other
 * statuses, no answer at all) → the generic communication error.
 *
 * @example
 * ```tsx
 * loginErrorMessage({ status: 403, message: 'Password salah' }); // "Error : Password salah"
 * loginErrorMessage({ status: 500 }); // "Error : Komunikasi dengan server bermasalah"
 * ```
 */
export function loginErrorMessage(err: CallError): string {
  const message = err.message?.trim();
  // A 403/404 without a message has nothing to show after "Error : ", so it falls back to the generic text.
  if ((err.status === 403 || err.status === 404) && message) return `Error : ${message}`;
  return LOGIN_GENERIC_ERROR;
}
