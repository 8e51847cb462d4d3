import { useCallback, useState } from 'react';
import { LoginForm, type LoginCredentials, type LoginFn, type StoredUser } from '@staff/console-ui';
import { COPYRIGHT_HOLDER, PRODUCT_LABEL, VERSION_LABEL } from '../product.js';
import type { PasswordStepResult } from '../api/auth.js';
import { OtpLoginStep } from '../pages/account/OtpLoginStep.js';

export interface LoginScreenProps {
  /** `POST /api/auth/login`: the stored user, or a challenge for a user with two-step sign-in. */
  passwordStep: (credentials: LoginCredentials) => Promise<PasswordStepResult>;
  /** `POST /api/auth/login/otp`: redeems the challenge with a code. */
  otpStep: (challenge: string, code: string) => Promise<StoredUser>;
  /** After the 2 s "Login Sukses, Mohon tunggu" hold. */
  onSuccess: (user: StoredUser) => void;
  /** The user started typing or submitted: a good moment to fetch the console's code. */
  onActivity?: () => void;
}

/**
 * The login form and, for a user with two-step sign-in, the code step after the password (LoginForm cannot
 * host it, so this swaps it in). Free of the router and the HTTP client, so `/login` can be served on its own
 * (docs/adr/011-wire.md); the calls come in as props.
 */
export function LoginScreen({ passwordStep, otpStep, onSuccess, onActivity }: LoginScreenProps) {
  const [challenge, setChallenge] = useState<string | null>(null);
  const login = useCallback<LoginFn>(
    async (credentials) => {
      onActivity?.();
      const result = await passwordStep(credentials);
      if ('user' in result) return result.user;
      setChallenge(result.challenge);
      // The form unmounts for the code step; its call never settles, so it shows neither success nor an error.
      return new Promise<StoredUser>(() => undefined);
    },
    [passwordStep, onActivity],
  );
  const verify = useCallback((code: string) => otpStep(challenge ?? '', code), [otpStep, challenge]);

  if (challenge !== null) {
    return (
      <OtpLoginStep
        verify={verify}
        onSuccess={onSuccess}
        onBack={() => setChallenge(null)}
        productLabel={PRODUCT_LABEL}
      />
    );
  }
  return (
    // Typing is the cue to fetch the rest of the console; the handler only listens (the inputs are the form's).
    <div onInput={onActivity} style={{ display: 'contents' }}>
      <LoginForm
        login={login}
        onSuccess={onSuccess}
        productLabel={PRODUCT_LABEL}
        copyrightHolder={COPYRIGHT_HOLDER}
        version={VERSION_LABEL}
      />
    </div>
  );
}
