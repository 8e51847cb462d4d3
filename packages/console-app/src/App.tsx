import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { LANDING_PATH, LOGIN_PATH, ROUTES, START_PATH, type RouteDef } from '@staff/console-contract';
import { NotificationsProvider, ThemeProvider, useNotifications } from '@staff/console-ui';
import { ServicesContext, useServices, type ConsoleServices } from './services.js';
import { ConsoleLayout } from './routes/ConsoleLayout.js';
import { GuardedPage } from './routes/GuardedPage.js';
import { LoginRoute } from './routes/LoginRoute.js';
import { NotFoundPage } from './routes/NotFoundPage.js';
import { StartRoute } from './routes/StartRoute.js';

/** Sends the user to `/` whenever the session ends (Sign Out, any 401, a revoked session). */
function SessionNavigator() {
  const { session } = useServices();
  const navigate = useNavigate();
  const { notify } = useNotifications();
  useEffect(() => {
    const subscription = session.on('signedOut', ({ reason }) => {
      navigate(START_PATH, { replace: true });
      if (reason === 'unauthorized') {
        notify({ type: 'warning', title: 'Session ended', message: 'Your session is no longer valid. Please sign in again.' });
      }
    });
    return () => subscription.unsubscribe();
  }, [session, navigate, notify]);
  return null;
}

/** A table route reached without its listed trailing slash (or with an extra one) moves to the listed path. */
function CanonicalPage({ route }: { route: RouteDef }) {
  const { pathname, search, hash } = useLocation();
  if (pathname !== route.path) return <Navigate to={`${route.path}${search}${hash}`} replace />;
  return <GuardedPage key={route.id} route={route} />;
}

/** The console's routes: `/`, `/login`, and `/app/*` driven by the contract's route table. */
export function ConsoleRoutes() {
  return (
    <>
      <SessionNavigator />
      <Routes>
        <Route path={START_PATH} element={<StartRoute />} />
        <Route path={LOGIN_PATH} element={<LoginRoute />} />
        <Route path="/app" element={<ConsoleLayout />}>
          <Route index element={<Navigate to={LANDING_PATH} replace />} />
          {ROUTES.map((route) => (
            <Route key={route.id} path={route.path} element={<CanonicalPage route={route} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
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
      <ThemeProvider global>
        <NotificationsProvider>
          {initialEntries ? (
            <MemoryRouter initialEntries={initialEntries}>{routes}</MemoryRouter>
          ) : (
            <BrowserRouter>{routes}</BrowserRouter>
          )}
        </NotificationsProvider>
      </ThemeProvider>
    </ServicesContext.Provider>
  );
}
