import { useCallback, useMemo, useState } from 'react';
import type { PermissionEntry } from '../../adapters.js';
import { groupOfPath, samePath, visibleMenuGroups, type SidebarMenuGroup } from './menu.js';

export interface UseSidebarMenuOptions<G extends SidebarMenuGroup> {
  menu: readonly G[];
  /** The user's permissions; left out, nothing is filtered (a plain navigation). */
  permissions?: readonly PermissionEntry[];
  currentPath: string;
}

export interface SidebarMenuState<G extends SidebarMenuGroup> {
  /** The groups and items this user may see. */
  groups: G[];
  /** The one open group (accordion), or null when all are closed. */
  openGroupId: string | null;
  /** Opens a group (closing the open one) or closes it when it is open. */
  toggleGroup: (id: string) => void;
  isCurrent: (path: string) => boolean;
}

/**
 * Headless sidebar menu: permission filtering, one open group at a time, and the current link. The group
 * holding the current path opens at first (or once the permissions that show it arrive) and again whenever the path
 * moves into another group.
 *
 * @example
 * ```tsx
 * const { groups, openGroupId, toggleGroup, isCurrent } = useSidebarMenu({ menu, permissions, currentPath });
 * ```
 */
export function useSidebarMenu<G extends SidebarMenuGroup>({
  menu,
  permissions,
  currentPath,
}: UseSidebarMenuOptions<G>): SidebarMenuState<G> {
  const groups = useMemo(
    () =>
      permissions === undefined
        ? menu.filter((group) => group.items.length > 0)
        : visibleMenuGroups(menu, permissions),
    [menu, permissions],
  );
  // `waiting`: the current page's group was not among the visible ones (the permissions were still on their way).
  const [open, setOpen] = useState(() => {
    const id = groupOfPath(groups, currentPath) ?? null;
    return { path: currentPath, id, waiting: id === null };
  });

  // Derived-state updates during render (React's documented pattern): navigation opens the new page's group, and
  // so does the permissions' arrival when nothing was chosen meanwhile. The sidebar is not remounted for it, so a
  // press on one of its controls in that moment is not lost.
  let openGroupId = open.id;
  if (open.path !== currentPath) {
    openGroupId = groupOfPath(groups, currentPath) ?? open.id;
    setOpen({ path: currentPath, id: openGroupId, waiting: openGroupId === null });
  } else if (open.waiting) {
    const arrived = groupOfPath(groups, currentPath);
    if (arrived) {
      openGroupId = arrived;
      setOpen({ path: currentPath, id: arrived, waiting: false });
    }
  }

  const toggleGroup = useCallback(
    (id: string) => setOpen((prev) => ({ ...prev, id: prev.id === id ? null : id, waiting: false })),
    [],
  );
  const isCurrent = useCallback((path: string) => samePath(path, currentPath), [currentPath]);

  return { groups, openGroupId, toggleGroup, isCurrent };
}
