import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LANDING_PATH, ROUTES, type RouteDef } from '@staff/console-contract';
import { ConsoleLayout } from './ConsoleLayout.js';
import { GuardedPage } from './GuardedPage.js';
import { NotFoundPage } from './NotFoundPage.js';

const APP_PREFIX = '/app/';

/** A table route reached without its listed trailing slash (or with an extra one) moves to the listed path. */
function CanonicalPage({ route }: { route: RouteDef }) {
  const { pathname, search, hash } = useLocation();
  if (pathname !== route.path) return <Navigate to={`${route.path}${search}${hash}`} replace />;
  return <GuardedPage key={route.id} route={route} />;
}

/**
 * Everything under `/app`: the signed-in shell and one guarded route per entry of the contract's route table.
 * Its own chunk, so the start screen and the login form load without the shell, the menu and the realtime socket.
 */
export default function AppRoutes() {
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        <Route index element={<Navigate to={LANDING_PATH} replace />} />
        {ROUTES.map((route) => (
          <Route
            key={route.id}
            path={route.path.startsWith(APP_PREFIX) ? route.path.slice(APP_PREFIX.length) : route.path}
            element={<CanonicalPage route={route} />}
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
