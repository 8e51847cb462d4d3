import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { LANDING_PATH } from '@staff/console-contract';
import type { StoredUser } from '@staff/console-ui';
import { LoginScreen } from './routes/LoginScreen.js';
import { AppThemeProvider } from './theme.js';
import type * as BootModule from './boot.js';

type Boot = typeof BootModule;

/**
 * A first visit to `/login`: the login screen alone, without the router, the HTTP client or any page
 * (docs/adr/011-wire.md). The console (`boot.tsx`) downloads once the user types; the sign-in calls go through
 * its HTTP client; on success the stored user is handed to it and it takes over the page at the landing path.
 */
export function renderLoginEntry(root: Root, loadConsole: () => Promise<Boot>) {
  let services: Promise<{ boot: Boot; services: ReturnType<Boot['browserServices']> }> | undefined;
  const consoleServices = () =>
    (services ??= loadConsole().then((boot) => ({ boot, services: boot.browserServices() })));
  const preload = () =>
    void consoleServices()
      .then(({ boot }) => boot.preloadShell())
      .catch(() => undefined);
  const signedIn = async (user: StoredUser) => {
    const { boot, services: loaded } = await consoleServices();
    loaded.session.send({ type: 'SESSION.LOGIN', user });
    window.history.replaceState(null, '', LANDING_PATH);
    boot.renderConsole(root, loaded);
  };
  const calls = async () => {
    const { boot, services: loaded } = await consoleServices();
    return { passwordStep: boot.createPasswordStep(loaded.api), otpStep: boot.createOtpStep(loaded.api) };
  };
  const onSuccess = (user: StoredUser) => void signedIn(user);
  root.render(
    <StrictMode>
      {/* The device's theme, as theme-boot.js painted it before the bundle (the login form's texts are the same in both languages). */}
      <AppThemeProvider>
        <LoginScreen calls={calls} onSuccess={onSuccess} onActivity={preload} />
      </AppThemeProvider>
    </StrictMode>,
  );
}
