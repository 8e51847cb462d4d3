import { useCallback } from 'react';
import {
  LoginForm,
  type LoginCredentials,
  type LoginFn,
  type StoredUser,
  type VerifyCodeFn,
} from '@staff/console-ui';
import { delaysFor } from '../delays.js';
import { COPYRIGHT_HOLDER, PRODUCT_LABEL, VERSION_LABEL } from '../product.js';
import type { PasswordStepResult } from '../api/auth.js';

/** The sign-in calls over the console's HTTP client. */
export interface LoginCalls {
  /** `POST /api/auth/login`: the stored user, or a challenge for a user with two-step sign-in. */
  passwordStep: (credentials: LoginCredentials) => Promise<PasswordStepResult>;
  /** `POST /api/auth/login/otp`: redeems the challenge with a code. */
  otpStep: (challenge: string, code: string) => Promise<StoredUser>;
}

export interface LoginScreenProps {
  /** The calls when first needed: a bare `/login` downloads the console's client for them only then. */
  calls: () => Promise<LoginCalls>;
  /** After the 2 s "Login Sukses, Mohon tunggu" hold. */
  onSuccess: (user: StoredUser) => void;
  /** The user started typing or submitted: a good moment to fetch the console's code. */
  onActivity?: () => void;
}

/**
 * The login form; for a user with two-step sign-in the form's login machine shows the code step after the
 * password. Free of the router and the HTTP client, so `/login` can be served on its own
 * (docs/adr/011-wire.md); the calls come in as props.
 */
export function LoginScreen({ calls, onSuccess, onActivity }: LoginScreenProps) {
  const login = useCallback<LoginFn>(
    async (credentials) => {
      onActivity?.();
      const result = await (await calls()).passwordStep(credentials);
      return 'user' in result ? result.user : { challenge: result.challenge };
    },
    [calls, onActivity],
  );
  const verifyCode = useCallback<VerifyCodeFn>(
    async ({ challenge, code }) => (await calls()).otpStep(challenge, code),
    [calls],
  );
  return (
    // Typing is the cue to fetch the rest of the console; the handler only listens (the inputs are the form's).
    <div onInput={onActivity} style={{ display: 'contents' }}>
      <LoginForm
        login={login}
        verifyCode={verifyCode}
        onSuccess={onSuccess}
        productLabel={PRODUCT_LABEL}
        copyrightHolder={COPYRIGHT_HOLDER}
        version={VERSION_LABEL}
        delays={delaysFor('LOGIN_SUCCESS_HOLD')}
      />
    </div>
  );
}
