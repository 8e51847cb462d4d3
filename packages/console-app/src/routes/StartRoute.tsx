import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { StartScreen } from '@staff/console-ui';
import { useServices } from '../services.js';
import { delaysFor } from '../delays.js';
import { preloadShell } from './lazyShell.js';

/**
 * `/`: "Please Wait...", then `/app/customer-chats` when the stored session is still accepted by the server,
 * else `/login` (spec section 2), no sooner than 0.5 s.
 */
export function StartRoute() {
  const services = useServices();
  const navigate = useNavigate();
  const checkSession = useCallback(async () => {
    if (!services.token()) return false;
    void preloadShell().catch(() => undefined);
    try {
      await services.loadPermissions();
      return true;
    } catch {
      // A 401 has already ended the session; a server that cannot be reached sends the user to the login form.
      return false;
    }
  }, [services]);
  const onNavigate = useCallback((path: string) => navigate(path, { replace: true }), [navigate]);
  return (
    <StartScreen checkSession={checkSession} onNavigate={onNavigate} delays={delaysFor('START_REDIRECT')} />
  );
}
