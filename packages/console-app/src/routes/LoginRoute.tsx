import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { LANDING_PATH } from '@staff/console-contract';
import { LoginForm, type LoginFn, type StoredUser } from '@staff/console-ui';
import { useServices } from '../services.js';
import { COPYRIGHT_HOLDER, PRODUCT_LABEL, VERSION_LABEL } from '../product.js';
import { preloadShell } from './lazyShell.js';

/** `/login`: the login form; on success the user is stored and lands on Usage Statistics. */
export function LoginRoute() {
  const services = useServices();
  const navigate = useNavigate();
  const onSuccess = useCallback(
    (user: StoredUser) => {
      services.session.send({ type: 'SESSION.LOGIN', user });
      navigate(LANDING_PATH, { replace: true });
    },
    [services, navigate],
  );
  // The console's code downloads while the login call and the 2 s success label run.
  const login = useCallback<LoginFn>(
    (credentials) => {
      void preloadShell().catch(() => undefined);
      return services.login(credentials);
    },
    [services],
  );
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
