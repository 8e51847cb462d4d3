import { Link } from 'react-router-dom';
import { ROUTES, canRead, routeOpensFor, toPermissionMap } from '@staff/console-contract';
import type { PermissionEntry } from '@staff/console-ui';
import { useTextsOf } from '../i18n.js';
import { SHELL_TEXTS } from './texts.js';
import './shell.css';

/** The menu pages whose key the user may read (from ___ca), skipping the one being denied. */
export function allowedRoutes(permissions: readonly PermissionEntry[], exceptPath?: string) {
  const map = toPermissionMap(permissions);
  return ROUTES.filter(
    (route) => route.group && route.path !== exceptPath && routeOpensFor(route, (key) => canRead(map, key)),
  );
}

/** Where a denied user can go instead: links to the pages their permissions open. */
export function AllowedPagesLinks({
  permissions,
  exceptPath,
}: {
  permissions: readonly PermissionEntry[];
  exceptPath?: string;
}) {
  const routes = allowedRoutes(permissions, exceptPath);
  const texts = useTextsOf(SHELL_TEXTS).allowedPages;
  return (
    <nav className="app-allowed-pages" aria-labelledby="allowed-pages-title">
      <h2 id="allowed-pages-title">{texts.title}</h2>
      {routes.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <ul>
          {routes.map((route) => (
            <li key={route.id}>
              <Link to={route.path}>{route.menuLabel ?? route.title}</Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
