import { sql } from 'kysely';
import { HttpError } from '../http.js';
import { hashPassword, generatePassword, verifyPassword } from '../auth/passwords.js';
import { openSessionsOf } from '../auth/sessions.js';
import { writeAudit, auditBy } from '../services/audit.js';
import {
  createUser as createAccount,
  deleteUser as deleteAccount,
  replaceUserSets as replaceSets,
  resetPassword as resetAccountPassword,
  revokeUserSessionsInTrx,
  updateUser,
  userSummaries,
  type Actor,
  type UserSummary,
} from '../services/users.js';
import { PASSWORD_MESSAGES, passwordProblems } from './passwordPolicy.js';
import type { AdminUserRow, UserListQuery } from '@staff/console-contract';
import {
  SAFETY_CODES,
  ADMIN_MESSAGES,
  type AdminContext,
  iso,
  guardedChange,
  invalidField,
  checkPassword,
  inAdminWords,
} from './shared.js';

export { ADMIN_KEY, ADMIN_MESSAGES, SAFETY_CODES, type AdminContext } from './shared.js';
export * from './permissionSets.js';
export * from './viewAs.js';

// --- users ------------------------------------------------------------------------------------------------
// The operations are the users service's (services/users.ts); this page adds its paging and filters, the safety
// rules (guardedChange), generated passwords and the password policy, its audit wording and its error words.

function toUserRow(row: UserSummary, now: Date): AdminUserRow {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    active: row.active,
    last_login_at: iso(row.last_login_at),
    locked_until: row.locked_until && row.locked_until > now ? row.locked_until.toISOString() : null,
    permission_sets: row.permission_sets,
    created_at: row.created_at.toISOString(),
    version: row.version,
    live_sessions: row.live_sessions,
  };
}

export async function getUser(ctx: AdminContext, id: number): Promise<AdminUserRow> {
  const now = ctx.now();
  const [row] = await userSummaries(ctx.db, { ids: [id], now });
  if (!row) throw new HttpError(404, `No user with id ${id}.`, 'NOT_FOUND');
  return toUserRow(row, now);
}

/** One page of users matching the filters, with the total across pages. */
export async function listUsers(ctx: AdminContext, query: UserListQuery) {
  const now = ctx.now();
  let base = ctx.db.selectFrom('users as u');
  if (query.q && query.q.trim() !== '') {
    const like = `%${query.q
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb(sql`lower(u.username)`, 'like', like), eb(sql`lower(u.full_name)`, 'like', like)]),
    );
  }
  if (query.active !== undefined) base = base.where('u.active', '=', query.active);
  if (query.permission_set && query.permission_set.length > 0) {
    const names = query.permission_set;
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_permission_sets as ups')
          .innerJoin('permission_sets as ps', 'ps.id', 'ups.set_id')
          .select(sql`1`.as('one'))
          .whereRef('ups.user_id', '=', 'u.id')
          .where('ps.name', 'in', names),
      ),
    );
  }
  if (query.never_logged_in !== undefined)
    base = base.where('u.last_login_at', query.never_logged_in ? 'is' : 'is not', null);
  if (query.last_login_from) base = base.where('u.last_login_at', '>=', new Date(query.last_login_from));
  if (query.last_login_to) {
    // A bare date includes that whole day.
    const to =
      query.last_login_to.length === 10
        ? new Date(new Date(`${query.last_login_to}T00:00:00Z`).getTime() + 86_400_000)
        : new Date(query.last_login_to);
    base = base.where('u.last_login_at', query.last_login_to.length === 10 ? '<' : '<=', to);
  }

  const totalRow = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const ids = await base
    .select('u.id')
    .orderBy(
      sql.ref(`u.${query.sort}`),
      sql.raw(query.dir === 'desc' ? 'desc nulls last' : 'asc nulls first'),
    )
    .orderBy('u.id')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  const order = ids.map((row) => row.id);
  const rows = await userSummaries(ctx.db, { ids: order, now });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    users: order.map((id) => toUserRow(byId.get(id)!, now)),
    total: Number(totalRow.n),
    page: query.page,
    page_size: query.page_size,
  };
}

const auditUser = (row: { id: number; username: string; full_name: string; active: boolean }) => ({
  id: row.id,
  username: row.username,
  full_name: row.full_name,
  active: row.active,
});

export interface CreateUserInput {
  username: string;
  full_name: string;
  password?: string | undefined;
  active: boolean;
  permission_sets: string[];
}

export async function createUser(
  ctx: AdminContext,
  input: CreateUserInput,
  actor: Actor,
): Promise<{ user: AdminUserRow; generated_password?: string }> {
  const generated = input.password === undefined || input.password === '' ? generatePassword() : undefined;
  const password = generated ?? (input.password as string);
  if (!generated) checkPassword('body.password', password, input.username);
  const user = await inAdminWords(() =>
    createAccount(
      ctx.db,
      {
        username: input.username,
        fullName: input.full_name,
        password,
        active: input.active,
        sets: input.permission_sets,
      },
      {
        actor,
        // One entry with the sets, not one `grant` each.
        audit: (user, setNames) => [
          {
            action: 'create',
            entity: 'user',
            entityId: user.id,
            after: { ...auditUser(user), permission_sets: [...setNames].sort() },
          },
        ],
      },
    ),
  );
  return { user: await getUser(ctx, user.id), ...(generated ? { generated_password: generated } : {}) };
}

export interface PatchUserInput {
  username?: string | undefined;
  full_name?: string | undefined;
  active?: boolean | undefined;
  version?: number | undefined;
}

/** Edits a user; disabling ends every session at once and is refused for the last administrator. */
export async function patchUser(
  ctx: AdminContext,
  id: number,
  patch: PatchUserInput,
  actor: Actor,
): Promise<AdminUserRow> {
  const label = patch.active === false ? 'Disabling this user' : 'This change';
  await inAdminWords(() =>
    updateUser(
      ctx.db,
      id,
      { username: patch.username, full_name: patch.full_name, active: patch.active },
      {
        actor,
        events: ctx.events,
        now: ctx.now,
        transaction: (change) => guardedChange(ctx, actor, label, change),
        version: patch.version,
        audit: (before, after) => ({
          action:
            before.active && !after.active ? 'disable' : !before.active && after.active ? 'enable' : 'update',
          entity: 'user',
          entityId: id,
          before: auditUser(before),
          after: auditUser(after),
        }),
      },
    ),
  );
  return getUser(ctx, id);
}

/** Deletes a user for good (their audit entries stay, with no actor); refused for oneself and the last administrator. */
export async function deleteUser(ctx: AdminContext, id: number, actor: Actor): Promise<void> {
  if (actor.id === id) throw new HttpError(409, ADMIN_MESSAGES.deleteSelf, SAFETY_CODES.selfLockout);
  await inAdminWords(() =>
    deleteAccount(ctx.db, id, {
      actor,
      events: ctx.events,
      transaction: (change) => guardedChange(ctx, actor, 'Deleting this user', change),
      auditBefore: (user, setNames) => ({ ...auditUser(user), permission_sets: setNames }),
    }),
  );
}

export async function resetPassword(
  ctx: AdminContext,
  id: number,
  password: string | undefined,
  actor: Actor,
) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) throw new HttpError(404, `No user with id ${id}.`, 'NOT_FOUND');
  const generated = password === undefined || password === '' ? generatePassword() : undefined;
  const next = generated ?? (password as string);
  if (!generated) checkPassword('body.password', next, user.username);
  const revoked = await inAdminWords(() =>
    resetAccountPassword(ctx.db, id, next, {
      actor,
      events: ctx.events,
      now: ctx.now,
      auditAfter: (revoked) => ({ generated: Boolean(generated), revoked_sessions: revoked.length }),
    }),
  );
  return { ...(generated ? { generated_password: generated } : {}), revoked_sessions: revoked.length };
}

/** Replaces a user's sets; the user's open tabs are told at once. */
export async function replaceUserSets(
  ctx: AdminContext,
  id: number,
  names: readonly string[],
  actor: Actor,
): Promise<AdminUserRow> {
  await inAdminWords(() =>
    replaceSets(ctx.db, id, names, {
      actor,
      events: ctx.events,
      transaction: (change) => guardedChange(ctx, actor, "Changing this user's permission sets", change),
    }),
  );
  return getUser(ctx, id);
}

export async function listSessions(ctx: AdminContext, id: number, currentSessionId: string | null) {
  await getUser(ctx, id);
  return {
    sessions: await openSessionsOf(ctx.db, id, {
      now: ctx.now(),
      currentId: currentSessionId,
      order: 'created',
    }),
  };
}

/** Ends every session of a user (their tabs go to the start screen at once). */
export async function revokeAllSessions(
  ctx: AdminContext,
  id: number,
  actor: Actor,
): Promise<{ revoked: number }> {
  await getUser(ctx, id);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const revoked = await revokeUserSessionsInTrx(trx, id, 'signed out by an administrator');
    await auditBy(trx, actor, {
      action: 'sign-out-everywhere',
      entity: 'user',
      entityId: id,
      after: { revoked_sessions: revoked.length },
    });
    return revoked;
  });
  if (revoked.length > 0) ctx.events.sessionsRevoked(id, revoked, 'signed out by an administrator');
  return { revoked: revoked.length };
}

/** What the user did and what was done to them, newest first. */
export async function userActivity(ctx: AdminContext, id: number, limit: number) {
  await getUser(ctx, id);
  const rows = await ctx.db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .select([
      'a.id',
      'a.at',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.before',
      'a.after',
      'a.ip',
      'a.actor_id',
      'actor.username as actor_username',
      'actor.full_name as actor_full_name',
    ])
    .where((eb) =>
      eb.or([
        eb('a.actor_id', '=', id),
        eb.and([eb('a.entity', '=', 'user'), eb('a.entity_id', '=', String(id))]),
      ]),
    )
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return {
    entries: rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id,
      role: row.actor_id === id ? ('actor' as const) : ('subject' as const),
      actor:
        row.actor_id !== null && row.actor_username
          ? { id: row.actor_id, username: row.actor_username, full_name: row.actor_full_name ?? '' }
          : null,
      before: row.before ?? null,
      after: row.after ?? null,
      ip: row.ip,
    })),
  };
}

/** The signed-in user's own password change: the old one is required; their other sessions end. */
export async function changeOwnPassword(
  ctx: AdminContext,
  userId: number,
  sessionId: string,
  oldPassword: string,
  newPassword: string,
  ip: string | null,
) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, oldPassword)))
    throw invalidField('body.old_password', [PASSWORD_MESSAGES.wrongOld]);
  const problems = passwordProblems(newPassword, user.username);
  if (newPassword === oldPassword) problems.push(PASSWORD_MESSAGES.sameAsOld);
  if (problems.length > 0) throw invalidField('body.new_password', problems);
  const passwordHash = await hashPassword(newPassword);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: ctx.now(), version: sql`version + 1` })
      .where('id', '=', userId)
      .execute();
    const rows = await trx
      .updateTable('sessions')
      .set({ revoked_at: ctx.now(), revoked_reason: 'password changed' })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('id', '!=', sessionId)
      .returning('id')
      .execute();
    await writeAudit(trx, {
      actorId: userId,
      ip,
      action: 'change-password',
      entity: 'user',
      entityId: userId,
      after: { revoked_sessions: rows.length },
    });
    return rows.map((row) => row.id);
  });
  if (revoked.length > 0) ctx.events.sessionsRevoked(userId, revoked, 'password changed');
  return { ok: true as const, revoked_sessions: revoked.length };
}
