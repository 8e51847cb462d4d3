// View as: what a user would see (permissions, sidebar, openable pages), for an administrator.
import { ROUTES, routeOpensFor, menuDefinition, type PermissionEntry } from '@staff/console-contract';
import { HttpError } from '../http.js';
import { writeAudit } from '../services/audit.js';
import { setNamesOf, userPermissions, type Actor } from '../services/users.js';
import { type AdminContext, iso } from './shared.js';

// --- view as ---------------------------------------------------------------------------------------------------

const MENU = menuDefinition();

/** The sidebar rules of spec section 6 (the same as console-ui's `visibleMenuGroups`). */
export function visibleMenu(permissions: readonly PermissionEntry[]) {
  const readable = new Set(
    permissions.filter((entry) => Number(entry.allow_read) > 0).map((entry) => entry.permission_key),
  );
  const all = (keys: readonly string[]) => keys.every((key) => readable.has(key));
  const groups: { id: string; label: string; items: { id: string; label: string; path: string }[] }[] = [];
  for (const group of MENU) {
    if (!group.alwaysVisible && !all(group.requires)) continue;
    const items = group.items
      .filter((item) => group.alwaysVisible || all(item.requires))
      .map((item) => ({ id: item.id, label: item.label, path: item.path }));
    if (items.length > 0) groups.push({ id: group.id, label: group.label, items });
  }
  return { groups, readable };
}

/** What `userId` would see: their ___ca answer, sidebar and openable pages. Read-only; audited. */
export async function viewAs(ctx: AdminContext, userId: number, actor: Actor) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'active', 'last_login_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new HttpError(404, `No user with id ${userId}.`, 'NOT_FOUND');
  const permissions = await userPermissions(ctx.db, userId);
  const sets = await setNamesOf(ctx.db, userId);
  const { groups, readable } = visibleMenu(permissions);
  await writeAudit(ctx.db, {
    actorId: actor.id,
    ip: actor.ip,
    action: 'view-as',
    entity: 'user',
    entityId: userId,
  });
  return {
    user: {
      id: user.id,
      username: user.username,
      full_name: user.full_name,
      active: user.active,
      last_login_at: iso(user.last_login_at),
    },
    permission_sets: sets,
    permissions,
    menu: groups,
    allowed_pages: ROUTES.filter((route) => routeOpensFor(route, (key) => readable.has(key))).map(
      (route) => route.path,
    ),
  };
}
