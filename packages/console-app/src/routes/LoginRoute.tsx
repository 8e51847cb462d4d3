import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { LANDING_PATH } from '@staff/console-contract';
import { LoginForm, type LoginFn, type StoredUser, type VerifyCodeFn } from '@staff/console-ui';
import { useServices } from '../services.js';
import { COPYRIGHT_HOLDER, PRODUCT_LABEL, VERSION_LABEL } from '../product.js';
import { preloadShell } from './lazyShell.js';
import { createOtpStep, createPasswordStep } from '../api/auth.js';

/**
 * `/login`: the login form; on success the user is stored and lands on Usage Statistics. A user with two-step
 * sign-in answers a challenge after the password: the form's login machine shows the code step itself.
 */
export function LoginRoute() {
  const services = useServices();
  const navigate = useNavigate();
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
      return 'user' in result ? result.user : { challenge: result.challenge };
    },
    [passwordStep],
  );
  const verifyCode = useCallback<VerifyCodeFn>(({ challenge, code }) => otpStep(challenge, code), [otpStep]);

  return (
    <LoginForm
      login={login}
      verifyCode={verifyCode}
      onSuccess={onSuccess}
      productLabel={PRODUCT_LABEL}
      copyrightHolder={COPYRIGHT_HOLDER}
      version={VERSION_LABEL}
    />
  );
}
