import type { PermissionEntry } from './permissions.js';
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
 * `visibleMenu` applies the rules to a user's permissions; console-ui's Sidebar renders its answer.
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

/** What `visibleMenu` reads of an item: the keys needed to see it, and the key its page checks. */
export interface MenuRuleItem {
  id: string;
  requires?: readonly string[];
  key?: string;
}

/** What `visibleMenu` reads of a group. */
export interface MenuRuleGroup<I extends MenuRuleItem = MenuRuleItem> {
  id: string;
  alwaysVisible?: boolean;
  requires?: readonly string[];
  items: readonly I[];
}

type ItemOf<G> = G extends { items: readonly (infer I)[] } ? I : never;

/** A menu item as the user sees it: `locked` when its page would refuse them (see `visibleMenu`). */
export type VisibleMenuItem<I = MenuItemDef> = I & { locked: boolean };

/** A menu group as the user sees it: only the items they see, each with `locked`. */
export type VisibleMenuGroup<G extends MenuRuleGroup = MenuGroupDef> = Omit<G, 'items'> & {
  items: VisibleMenuItem<ItemOf<G>>[];
};

/** The keys the user may read: entries with `allow_read` above 0 (0 means no access). */
export function readableKeys(permissions: readonly PermissionEntry[] | null | undefined): Set<string> {
  const keys = new Set<string>();
  if (!Array.isArray(permissions)) return keys;
  for (const entry of permissions) {
    if (entry && typeof entry.permission_key === 'string' && Number(entry.allow_read) > 0) {
      keys.add(entry.permission_key);
    }
  }
  return keys;
}

/**
 * The sidebar a user sees (spec section 6), the one owner of the rule: the shell, the command palette and the
 * server's View as all ask here, and console-ui's Sidebar renders the answer.
 *
 * - `alwaysVisible` groups show all their items to everyone;
 * - any other group needs every key in its `requires` readable, and each of its items its own `requires`;
 * - groups left without items are hidden;
 * - an item is `locked` when the user cannot read its `key`: it is shown (an always-visible group, or a group whose
 *   `requires` are not its page's key, e.g. Customer Retention) but its page's guard would refuse them, so the
 *   Sidebar marks it rather than leading to a denial unannounced.
 *
 * `permissions` null or undefined (still on their way): the always-visible groups only, nothing locked.
 * Readable means `allow_read` above 0. The menu is not changed.
 *
 * @example
 * ```ts
 * visibleMenu(menuDefinition(), [{ permission_key: 'ad_daily_tracker', allow_read: 1 }])
 * // → General Affairs, Automation Database, Operation Data (their items locked), Reports (without KOL Report)
 * ```
 */
export function visibleMenu<G extends MenuRuleGroup>(
  menu: readonly G[],
  permissions: readonly PermissionEntry[] | null | undefined,
): VisibleMenuGroup<G>[] {
  const known = Array.isArray(permissions);
  const readable = readableKeys(permissions);
  const canReadAll = (keys: readonly string[] = []) => keys.every((key) => readable.has(key));
  const withLock = (item: ItemOf<G>): VisibleMenuItem<ItemOf<G>> => ({
    ...item,
    locked: known && item.key !== undefined && !readable.has(item.key),
  });
  const visible: VisibleMenuGroup<G>[] = [];
  for (const group of menu) {
    const items = group.alwaysVisible
      ? (group.items as readonly ItemOf<G>[])
      : canReadAll(group.requires)
        ? (group.items as readonly ItemOf<G>[]).filter((item) => canReadAll(item.requires))
        : [];
    if (items.length > 0) visible.push({ ...group, items: items.map(withLock) });
  }
  return visible;
}
