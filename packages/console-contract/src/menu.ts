import { MENU_GROUPS, ROUTES, type MenuGroup, type RouteDef } from './routes.js';

/** A sidebar item with the keys needed to see it (its group's keys come on top). */
export interface MenuItemDef {
  id: string;
  label: string;
  path: string;
  /** The page's key (checked by the page guard on opening). */
  key: string;
  /** Keys needed to see the item, beyond the group's. */
  requires: string[];
}

export interface MenuGroupDef {
  id: string;
  label: string;
  /** Shown to everyone with all its items (spec section 6). */
  alwaysVisible: boolean;
  /** Keys needed to see the group. */
  requires: string[];
  items: MenuItemDef[];
}

/**
 * The sidebar as data, from the route table: groups in order with their items and visibility rules.
 * console-ui's Sidebar applies the rules to a user's permissions (`visibleMenuGroups`).
 */
export function menuDefinition(
  groups: readonly MenuGroup[] = MENU_GROUPS,
  routes: readonly RouteDef[] = ROUTES,
): MenuGroupDef[] {
  return groups.map((group) => ({
    id: group.id,
    label: group.label,
    alwaysVisible: group.alwaysVisible,
    requires: [...group.requires],
    items: routes
      .filter((route) => route.group === group.id)
      .map((route) => ({
        id: route.id,
        label: route.menuLabel ?? route.title,
        path: route.path,
        key: route.key,
        requires: [...(route.menuRequires ?? [])],
      })),
  }));
}
