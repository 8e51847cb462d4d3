import { canRead, type PermissionMap } from './permissions.js';
import { MENU_GROUPS, ROUTES, type MenuGroup, type RouteDef } from './routes.js';

export interface MenuItem {
  id: string;
  label: string;
  path: string;
  key: string;
}

export interface VisibleMenuGroup {
  id: string;
  label: string;
  items: MenuItem[];
}

/**
 * The sidebar a user sees (spec section 6): groups and items without read permission are hidden, except the
 * always-visible groups, whose items everyone sees (the page guard still asks the server on opening).
 */
export function visibleMenu(
  permissions: PermissionMap,
  groups: readonly MenuGroup[] = MENU_GROUPS,
  routes: readonly RouteDef[] = ROUTES,
): VisibleMenuGroup[] {
  const result: VisibleMenuGroup[] = [];
  for (const group of groups) {
    if (!group.alwaysVisible && !group.requires.every((key) => canRead(permissions, key))) continue;
    const items = routes
      .filter((route) => route.group === group.id)
      .filter((route) => (route.menuRequires ?? []).every((key) => canRead(permissions, key)))
      .map((route) => ({ id: route.id, label: route.menuLabel ?? route.title, path: route.path, key: route.key }));
    if (items.length > 0) result.push({ id: group.id, label: group.label, items });
  }
  return result;
}
