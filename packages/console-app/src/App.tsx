import { Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { LOGIN_PATH, START_PATH } from '@staff/console-contract';
import { NotificationsProvider, PermissionGuardLoading, useNotifications } from '@staff/console-ui';
import { ServicesContext, useServices, type ConsoleServices } from './services.js';
import { LazyAppRoutes } from './routes/lazyShell.js';
import { LoginRoute } from './routes/LoginRoute.js';
import { StartRoute } from './routes/StartRoute.js';
import { lazyDialog } from './routes/lazyDialog.js';
import { AppThemeProvider } from './theme.js';
import { AppLanguageProvider, currentLanguage, useTextsOf } from './i18n.js';
import { SHELL_TEXTS } from './routes/texts.js';

/** Sends the user to `/` whenever the session ends (Sign Out, any 401, a revoked session). */
function SessionNavigator() {
  const { session } = useServices();
  const navigate = useNavigate();
  const { notify } = useNotifications();
  useEffect(() => {
    const subscription = session.on('signedOut', ({ reason }) => {
      navigate(START_PATH, { replace: true });
      if (reason === 'unauthorized') {
        const texts = SHELL_TEXTS[currentLanguage()];
        notify({ type: 'warning', title: texts.sessionEnded, message: texts.sessionInvalid });
      }
    });
    return () => subscription.unsubscribe();
  }, [session, navigate, notify]);
  return null;
}

const LazyReauthDialog = lazyDialog<{ open: boolean }>(() =>
  import('./pages/account/ReauthDialog.js').then((module) => ({ default: module.ReauthDialog })),
);

/** The re-authentication dialog, its code loaded when an idle session first needs it (ADR 013, issue 33). */
function Reauth() {
  const { reauth } = useServices();
  const open = useSyncExternalStore(reauth.subscribe, reauth.pending, reauth.pending);
  return <LazyReauthDialog open={open} />;
}

/** The console's routes: `/`, `/login`, and `/app/*` driven by the contract's route table. */
export function ConsoleRoutes() {
  const texts = useTextsOf(SHELL_TEXTS);
  return (
    <>
      <SessionNavigator />
      {/* Over whatever page is open, never instead of it (ADR 013). */}
      <Reauth />
      <Routes>
        <Route path={START_PATH} element={<StartRoute />} />
        <Route path={LOGIN_PATH} element={<LoginRoute />} />
        <Route
          path="/app/*"
          element={
            <Suspense fallback={<PermissionGuardLoading label={texts.loadingConsole} />}>
              <LazyAppRoutes />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to={START_PATH} replace />} />
      </Routes>
    </>
  );
}

export interface AppProps {
  services: ConsoleServices;
  /** Tests: start at these entries in memory instead of the browser's address bar. */
  initialEntries?: string[];
  children?: ReactNode;
}

/** The whole console: services, theme, notifications and the router. */
export function App({ services, initialEntries }: AppProps) {
  const routes = <ConsoleRoutes />;
  return (
    <ServicesContext.Provider value={services}>
      <AppThemeProvider>
        <AppLanguageProvider>
          <NotificationsProvider>
            {initialEntries ? (
              <MemoryRouter initialEntries={initialEntries}>{routes}</MemoryRouter>
            ) : (
              <BrowserRouter>{routes}</BrowserRouter>
            )}
          </NotificationsProvider>
        </AppLanguageProvider>
      </AppThemeProvider>
    </ServicesContext.Provider>
  );
}
