/** Sign-in answers (403 `{ message }`); the app shows "Error : " + message (spec section 8). */
export const AUTH_MESSAGES = {
  /** One text for an unknown user and a wrong password: the answer never tells which. */
  invalidCredentials: 'Invalid username or password.',
  disabled: 'This account is disabled. Ask an administrator to enable it.',
  locked: (minutes: number) =>
    `Too many failed sign-ins: this account is locked. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  addressBlocked: (minutes: number) =>
    `Too many failed sign-ins from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  unauthorized: 'Sign in again: your session is missing, expired or ended.',
  /** 401 REAUTH_REQUIRED: the session is kept; the app asks for the password over the page. */
  reauthRequired: 'You have been away for a while. Enter your password to continue where you left off.',
  reauthWrongPassword: 'The password is not correct.',
  reauthCodeNeeded: 'Enter the code from your authenticator app, or a recovery code.',
  reauthWrongCode: 'Invalid code. Enter the current code from your authenticator app, or a recovery code.',
  rateLimited: (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`,
} as const;
