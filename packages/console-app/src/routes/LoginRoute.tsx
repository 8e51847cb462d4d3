import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LANDING_PATH } from '@staff/console-contract';
import { LoginForm, type LoginFn, type StoredUser } from '@staff/console-ui';
import { useServices } from '../services.js';
import { COPYRIGHT_HOLDER, PRODUCT_LABEL, VERSION_LABEL } from '../product.js';
import { preloadShell } from './lazyShell.js';
import { createOtpStep, createPasswordStep } from '../api/auth.js';
import { OtpLoginStep } from '../pages/account/OtpLoginStep.js';

/**
 * `/login`: the login form; on success the user is stored and lands on Usage Statistics. A user with two-step
 * sign-in gets a second step (the code) after the password; LoginForm cannot host it, so the route swaps it in.
 */
export function LoginRoute() {
  const services = useServices();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<string | null>(null);
  const passwordStep = useMemo(() => createPasswordStep(services.api), [services]);
  const otpStep = useMemo(() => createOtpStep(services.api), [services]);
  const onSuccess = useCallback(
    (user: StoredUser) => {
      services.session.send({ type: 'SESSION.LOGIN', user });
      navigate(LANDING_PATH, { replace: true });
    },
    [services, navigate],
  );
  // The console's code downloads while the login call and the 2 s success label run.
  const login = useCallback<LoginFn>(
    async (credentials) => {
      void preloadShell().catch(() => undefined);
      const result = await passwordStep(credentials);
      if ('user' in result) return result.user;
      setChallenge(result.challenge);
      // The form unmounts for the code step; its call never settles, so it shows neither success nor an error.
      return new Promise<StoredUser>(() => undefined);
    },
    [passwordStep],
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
    <LoginForm
      login={login}
      onSuccess={onSuccess}
      productLabel={PRODUCT_LABEL}
      copyrightHolder={COPYRIGHT_HOLDER}
      version={VERSION_LABEL}
    />
  );
}
