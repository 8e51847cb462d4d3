import { useCallback, useMemo, useState } from 'react';
import { groupOfPath, samePath, type SidebarMenuGroup } from './menu.js';

export interface UseSidebarMenuOptions<G extends SidebarMenuGroup> {
  /** The groups the user sees, as data (e.g. console-contract's `visibleMenu`); empty groups are left out. */
  menu: readonly G[];
  currentPath: string;
}

export interface SidebarMenuState<G extends SidebarMenuGroup> {
  /** The groups to show: those of `menu` that have items. */
  groups: G[];
  /** The one open group (accordion), or null when all are closed. */
  openGroupId: string | null;
  /** Opens a group (closing the open one) or closes it when it is open. */
  toggleGroup: (id: string) => void;
  isCurrent: (path: string) => boolean;
}

/**
 * Headless sidebar menu: one open group at a time, and the current link. The group holding the current path opens
 * at first (or once the groups that show it arrive, e.g. with the user's permissions) and again whenever the path
 * moves into another group.
 *
 * @example
 * ```tsx
 * const { groups, openGroupId, toggleGroup, isCurrent } = useSidebarMenu({ menu, currentPath });
 * ```
 */
export function useSidebarMenu<G extends SidebarMenuGroup>({
  menu,
  currentPath,
}: UseSidebarMenuOptions<G>): SidebarMenuState<G> {
  const groups = useMemo(() => menu.filter((group) => group.items.length > 0), [menu]);
  // `waiting`: the current page's group was not among the groups given (they were still on their way).
  const [open, setOpen] = useState(() => {
    const id = groupOfPath(groups, currentPath) ?? null;
    return { path: currentPath, id, waiting: id === null };
  });

  // Derived-state updates during render (React's documented pattern): navigation opens the new page's group, and
  // so does the groups' arrival when nothing was chosen meanwhile. The sidebar is not remounted for it, so a
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
