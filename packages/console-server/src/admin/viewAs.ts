// View as: what a user would see (permissions, sidebar, openable pages), for an administrator.
import {
  ROUTES,
  menuDefinition,
  readableKeys,
  routeOpensFor,
  visibleMenu,
  type PermissionEntry,
} from '@staff/console-contract';
import { HttpError } from '../http.js';
import { writeAudit } from '../services/audit.js';
import { setNamesOf, userPermissions, type Actor } from '../services/users.js';
import { type AdminContext, iso } from './shared.js';

// --- view as ---------------------------------------------------------------------------------------------------

const MENU = menuDefinition();

/** The sidebar `permissions` show (the contract's `visibleMenu`, the rule's one owner), as the wire carries it. */
function menuSeenWith(permissions: readonly PermissionEntry[]) {
  return visibleMenu(MENU, permissions).map((group) => ({
    id: group.id,
    label: group.label,
    items: group.items.map(({ id, label, path, locked }) => ({ id, label, path, locked })),
  }));
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
  const readable = readableKeys(permissions);
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
    menu: menuSeenWith(permissions),
    allowed_pages: ROUTES.filter((route) => routeOpensFor(route, (key) => readable.has(key))).map(
      (route) => route.path,
    ),
  };
}
