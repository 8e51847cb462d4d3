import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { LANDING_PATH } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { useServices } from '../services.js';
import { preloadShell } from './lazyShell.js';
import { createOtpStep, createPasswordStep } from '../api/auth.js';
import { LoginScreen } from './LoginScreen.js';

/**
 * `/login` inside the loaded console (after a sign-out): the login screen; on success the user is stored and
 * lands on Usage Statistics. A first visit to `/login` gets the same screen from `loginEntry.tsx` instead,
 * without the rest of the console.
 */
export function LoginRoute() {
  const services = useServices();
  const navigate = useNavigate();
  const calls = useCallback(
    async () => ({ passwordStep: createPasswordStep(services.api), otpStep: createOtpStep(services.api) }),
    [services],
  );
  const onSuccess = useCallback(
    (user: StoredUser) => {
      services.session.send({ type: 'SESSION.LOGIN', user });
      navigate(LANDING_PATH, { replace: true });
    },
    [services, navigate],
  );
  // The console's code downloads while the user types, the login call and the 2 s success label run.
  const onActivity = useCallback(() => void preloadShell().catch(() => undefined), []);
  return <LoginScreen calls={calls} onSuccess={onSuccess} onActivity={onActivity} />;
}
