import type { PermissionKey } from '../permissions.js';
import { ROUTES } from '../routes.js';

/** The permission key of a page of the route table: a page's API is guarded by the key that guards the page. */
export function pageKey(routeId: string): PermissionKey {
  const route = ROUTES.find((entry) => entry.id === routeId);
  if (!route) throw new Error(`pageKey: no route '${routeId}' in the route table`);
  return route.key;
}
