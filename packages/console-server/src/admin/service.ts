import { type Kysely, sql } from 'kysely';
import {
  MENU_GROUPS,
  PERMISSION_KEYS,
  ROUTES,
  routeOpensFor,
  menuDefinition,
  type PermissionEntry,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import { hashPassword, generatePassword, verifyPassword } from '../auth/passwords.js';
import { openSessionsOf } from '../auth/sessions.js';
import { writeAudit, auditBy } from '../services/audit.js';
import type { ConsoleEvents } from '../services/events.js';
import {
  insertUserSetsInTrx,
  permissionSetsByName,
  resetPasswordInTrx,
  revokeUserSessionsInTrx,
  setNamesOf,
  userPermissions,
  writeUserSetsInTrx,
  type Actor,
} from '../services/users.js';
import { PASSWORD_MESSAGES, passwordProblems } from './passwordPolicy.js';
import type { AdminUserRow, PermissionSetRow, UserListQuery } from '@staff/console-contract';
import { lockRowById } from '../db/lockRow.js';

/** The key that guards administration; holding it with read and write makes a user an administrator. */
export const ADMIN_KEY = 'admin_manage_user';

/** Every change that could remove an administrator takes this lock first, so two such changes never race. */
const ADMIN_LOCK_ID = 731_004_207;

export const SAFETY_CODES = { lastAdmin: 'LAST_ADMIN', selfLockout: 'SELF_LOCKOUT' } as const;

export const ADMIN_MESSAGES = {
  lastAdmin: (what: string) =>
    `${what} would leave no active administrator (a user with ${ADMIN_KEY} read and write). At least one must remain.`,
  selfLockout: (what: string) =>
    `${what} would remove your own administrator access. Ask another administrator to do it.`,
  deleteSelf: 'You cannot delete your own account.',
  stale: 'This record was changed by someone else. Reload it and try again.',
  usernameTaken: 'This username is already taken.',
  setNameTaken: 'A permission set with this name already exists.',
  setInUse: (name: string, count: number) =>
    `The permission set "${name}" is assigned to ${count} user${count === 1 ? '' : 's'}. Remove it from them first.`,
  unknownSets: (names: string[]) => `No permission set named ${names.map((name) => `"${name}"`).join(', ')}.`,
} as const;

export interface AdminContext {
  db: Kysely<Database>;
  events: ConsoleEvents;
  now: () => Date;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Active users holding the admin key with read and write through any of their sets. */
async function administrators(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_permission_sets as ups', 'ups.user_id', 'u.id')
    .innerJoin('permission_set_entries as e', 'e.set_id', 'ups.set_id')
    .select('u.id')
    .where('u.active', '=', true)
    .where('e.permission_key', '=', ADMIN_KEY)
    .groupBy('u.id')
    .having(sql<boolean>`bool_or(e.allow_read) and bool_or(e.allow_write)`)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Runs `change` in a transaction that holds the administration lock and refuses (rolls back with 409) when the
 * change leaves no administrator, or removes the acting administrator's own access.
 */
async function guardedChange<T>(
  ctx: AdminContext,
  actor: Actor,
  what: string,
  change: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${ADMIN_LOCK_ID})`.execute(trx);
    const before = await administrators(trx);
    const result = await change(trx);
    const after = await administrators(trx);
    if (before.length > 0 && after.length === 0)
      throw new HttpError(409, ADMIN_MESSAGES.lastAdmin(what), SAFETY_CODES.lastAdmin);
    if (actor.id !== null && before.includes(actor.id) && !after.includes(actor.id)) {
      throw new HttpError(409, ADMIN_MESSAGES.selfLockout(what), SAFETY_CODES.selfLockout);
    }
    return result;
  });
}

function invalid(field: string, messages: string[]): HttpError {
  return new HttpError(400, messages[0] ?? 'Invalid input', 'INVALID_INPUT', { [field]: messages });
}

function checkPassword(field: string, password: string, username: string): void {
  const problems = passwordProblems(password, username);
  if (problems.length > 0) throw invalid(field, problems);
}

// --- users ------------------------------------------------------------------------------------------------

function userRowsQuery(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.full_name',
      'u.active',
      'u.last_login_at',
      'u.locked_until',
      'u.created_at',
      'u.version',
    ])
    .select(
      sql<
        string[]
      >`coalesce((select array_agg(ps.name order by ps.name) from user_permission_sets ups join permission_sets ps on ps.id = ups.set_id where ups.user_id = u.id), '{}')`.as(
        'permission_sets',
      ),
    )
    .select(
      sql<string>`(select count(*) from sessions s where s.user_id = u.id and s.revoked_at is null and s.expires_at > ${now})`.as(
        'live_sessions',
      ),
    );
}

type UserRowRaw = Awaited<ReturnType<ReturnType<typeof userRowsQuery>['executeTakeFirstOrThrow']>>;

function toUserRow(row: UserRowRaw, now: Date): AdminUserRow {
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
    live_sessions: Number(row.live_sessions),
  };
}

export async function getUser(ctx: AdminContext, id: number): Promise<AdminUserRow> {
  const now = ctx.now();
  const row = await userRowsQuery(ctx.db, now).where('u.id', '=', id).executeTakeFirst();
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
  const rows = order.length ? await userRowsQuery(ctx.db, now).where('u.id', 'in', order).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    users: order.map((id) => toUserRow(byId.get(id)!, now)),
    total: Number(totalRow.n),
    page: query.page,
    page_size: query.page_size,
  };
}

/** Whether another row of `table` already has this name, compared case-insensitively. */
async function nameInUse(
  db: Kysely<Database>,
  table: 'users' | 'permission_sets',
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const column = table === 'users' ? 'username' : 'name';
  let query = db
    .selectFrom(table)
    .select('id')
    .where(sql<string>`lower(${sql.ref(column)})`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function setIdsByName(
  db: Kysely<Database>,
  names: readonly string[],
  field: string,
): Promise<{ id: number; name: string }[]> {
  const { sets, missing } = await permissionSetsByName(db, names);
  if (missing.length > 0) throw invalid(field, [ADMIN_MESSAGES.unknownSets(missing)]);
  return sets;
}

/** Locks the user's row for the rest of the transaction; 404 when there is none, 409 when `version` is stale. */
async function lockUser(trx: Kysely<Database>, id: number, version?: number) {
  const user = await lockRowById(trx, 'users', id);
  if (!user) throw new HttpError(404, `No user with id ${id}.`, 'NOT_FOUND');
  if (version !== undefined && version !== user.version)
    throw new HttpError(409, ADMIN_MESSAGES.stale, 'STALE');
  return user;
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
  const passwordHash = await hashPassword(password);
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (await nameInUse(trx, 'users', input.username)) {
      throw new HttpError(409, ADMIN_MESSAGES.usernameTaken, 'CONFLICT', {
        'body.username': [ADMIN_MESSAGES.usernameTaken],
      });
    }
    const sets = await setIdsByName(trx, input.permission_sets, 'body.permission_sets');
    const user = await trx
      .insertInto('users')
      .values({
        username: input.username,
        full_name: input.full_name,
        password_hash: passwordHash,
        active: input.active,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertUserSetsInTrx(trx, user.id, sets, actor);
    await auditBy(trx, actor, {
      action: 'create',
      entity: 'user',
      entityId: user.id,
      after: { ...auditUser(user), permission_sets: sets.map((set) => set.name).sort() },
    });
    return user.id;
  });
  return { user: await getUser(ctx, id), ...(generated ? { generated_password: generated } : {}) };
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
  const now = ctx.now();
  const label = patch.active === false ? 'Disabling this user' : 'This change';
  const { revoked, disabled } = await guardedChange(ctx, actor, label, async (trx) => {
    const before = await lockUser(trx, id, patch.version);
    if (patch.username !== undefined && (await nameInUse(trx, 'users', patch.username, id))) {
      throw new HttpError(409, ADMIN_MESSAGES.usernameTaken, 'CONFLICT', {
        'body.username': [ADMIN_MESSAGES.usernameTaken],
      });
    }
    const changes = {
      ...(patch.username !== undefined ? { username: patch.username } : {}),
      ...(patch.full_name !== undefined ? { full_name: patch.full_name } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
    };
    const after = await trx
      .updateTable('users')
      .set({ ...changes, updated_at: now, version: sql`version + 1` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const disabled = before.active && !after.active;
    const revoked = disabled ? await revokeUserSessionsInTrx(trx, id, 'account disabled') : [];
    const action = disabled ? 'disable' : !before.active && after.active ? 'enable' : 'update';
    await auditBy(trx, actor, {
      action,
      entity: 'user',
      entityId: id,
      before: auditUser(before),
      after: auditUser(after),
    });
    return { revoked, disabled };
  });
  if (disabled) ctx.events.sessionsRevoked(id, revoked, 'account disabled');
  return getUser(ctx, id);
}

/** Deletes a user for good (their audit entries stay, with no actor); refused for oneself and the last administrator. */
export async function deleteUser(ctx: AdminContext, id: number, actor: Actor): Promise<void> {
  if (actor.id === id) throw new HttpError(409, ADMIN_MESSAGES.deleteSelf, SAFETY_CODES.selfLockout);
  const revoked = await guardedChange(ctx, actor, 'Deleting this user', async (trx) => {
    const before = await lockUser(trx, id);
    const sets = await setNamesOf(trx, id);
    const live = await revokeUserSessionsInTrx(trx, id, 'account deleted');
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await auditBy(trx, actor, {
      action: 'delete',
      entity: 'user',
      entityId: id,
      before: { ...auditUser(before), permission_sets: sets },
    });
    return live;
  });
  // Same effect on open tabs as a disabled account: every socket of the user is told and closed.
  ctx.events.sessionsRevoked(id, revoked, 'account disabled');
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
  const passwordHash = await hashPassword(next);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const revoked = await resetPasswordInTrx(trx, id, passwordHash, ctx.now());
    await auditBy(trx, actor, {
      action: 'reset-password',
      entity: 'user',
      entityId: id,
      after: { generated: Boolean(generated), revoked_sessions: revoked.length },
    });
    return revoked;
  });
  if (revoked.length > 0) ctx.events.sessionsRevoked(id, revoked, 'password reset');
  return { ...(generated ? { generated_password: generated } : {}), revoked_sessions: revoked.length };
}

/** Replaces a user's sets; the user's open tabs are told at once. */
export async function replaceUserSets(
  ctx: AdminContext,
  id: number,
  names: readonly string[],
  actor: Actor,
): Promise<AdminUserRow> {
  const changed = await guardedChange(ctx, actor, "Changing this user's permission sets", async (trx) => {
    await lockUser(trx, id);
    const sets = await setIdsByName(trx, names, 'body.permission_sets');
    return (await writeUserSetsInTrx(trx, id, sets, actor)).changed;
  });
  if (changed) ctx.events.permissionsChanged([id]);
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
    throw invalid('body.old_password', [PASSWORD_MESSAGES.wrongOld]);
  const problems = passwordProblems(newPassword, user.username);
  if (newPassword === oldPassword) problems.push(PASSWORD_MESSAGES.sameAsOld);
  if (problems.length > 0) throw invalid('body.new_password', problems);
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

// --- permission sets -----------------------------------------------------------------------------------------

interface EntryInput {
  key: string;
  read: boolean;
  write: boolean;
}

/** Write implies read; a key with neither is simply absent. Sorted by the contract's key order. */
function normaliseEntries(entries: readonly EntryInput[]): EntryInput[] {
  const merged = new Map<string, EntryInput>();
  for (const entry of entries) {
    const prev = merged.get(entry.key);
    const write = entry.write || (prev?.write ?? false);
    const read = entry.read || write || (prev?.read ?? false);
    merged.set(entry.key, { key: entry.key, read, write });
  }
  const order = (key: string) => (PERMISSION_KEYS as readonly string[]).indexOf(key);
  return [...merged.values()].filter((entry) => entry.read).sort((a, b) => order(a.key) - order(b.key));
}

const sameEntries = (a: readonly EntryInput[], b: readonly EntryInput[]) =>
  JSON.stringify(normaliseEntries(a)) === JSON.stringify(normaliseEntries(b));

async function setRows(db: Kysely<Database>, ids?: readonly number[]): Promise<PermissionSetRow[]> {
  let query = db
    .selectFrom('permission_sets as ps')
    .select(['ps.id', 'ps.name', 'ps.description', 'ps.version'])
    .select(
      sql<string>`(select count(*) from user_permission_sets ups where ups.set_id = ps.id)`.as('user_count'),
    )
    .orderBy('ps.name');
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('ps.id', 'in', ids);
  }
  const sets = await query.execute();
  const entries = sets.length
    ? await db
        .selectFrom('permission_set_entries')
        .select(['set_id', 'permission_key', 'allow_read', 'allow_write'])
        .where(
          'set_id',
          'in',
          sets.map((set) => set.id),
        )
        .execute()
    : [];
  return sets.map((set) => ({
    id: set.id,
    name: set.name,
    description: set.description,
    version: set.version,
    user_count: Number(set.user_count),
    entries: normaliseEntries(
      entries
        .filter((entry) => entry.set_id === set.id)
        .map((entry) => ({ key: entry.permission_key, read: entry.allow_read, write: entry.allow_write })),
    ),
  }));
}

async function requireSet(db: Kysely<Database>, id: number): Promise<PermissionSetRow> {
  const [set] = await setRows(db, [id]);
  if (!set) throw new HttpError(404, `No permission set with id ${id}.`, 'NOT_FOUND');
  return set;
}

export async function listSets(ctx: AdminContext) {
  return { sets: await setRows(ctx.db) };
}

/** Locks the set's row for the rest of the transaction; 404 when there is none, 409 when `version` is stale. */
async function lockSet(trx: Kysely<Database>, id: number, version?: number) {
  const set = await lockRowById(trx, 'permission_sets', id);
  if (!set) throw new HttpError(404, `No permission set with id ${id}.`, 'NOT_FOUND');
  if (version !== undefined && version !== set.version)
    throw new HttpError(409, ADMIN_MESSAGES.stale, 'STALE');
  return set;
}

const nameTaken = () =>
  new HttpError(409, ADMIN_MESSAGES.setNameTaken, 'CONFLICT', { 'body.name': [ADMIN_MESSAGES.setNameTaken] });

async function writeEntries(trx: Kysely<Database>, setId: number, entries: readonly EntryInput[]) {
  await trx.deleteFrom('permission_set_entries').where('set_id', '=', setId).execute();
  const rows = normaliseEntries(entries);
  if (rows.length > 0) {
    await trx
      .insertInto('permission_set_entries')
      .values(
        rows.map((entry) => ({
          set_id: setId,
          permission_key: entry.key,
          allow_read: entry.read,
          allow_write: entry.write,
        })),
      )
      .execute();
  }
}

async function holdersOf(trx: Kysely<Database>, setIds: readonly number[]): Promise<number[]> {
  if (setIds.length === 0) return [];
  const rows = await trx
    .selectFrom('user_permission_sets')
    .select('user_id')
    .distinct()
    .where('set_id', 'in', setIds)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function createSet(
  ctx: AdminContext,
  input: { name: string; description: string; entries: EntryInput[] },
  actor: Actor,
): Promise<PermissionSetRow> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (await nameInUse(trx, 'permission_sets', input.name)) throw nameTaken();
    const row = await trx
      .insertInto('permission_sets')
      .values({ name: input.name, description: input.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeEntries(trx, row.id, input.entries);
    await auditBy(trx, actor, {
      action: 'create',
      entity: 'permission_set',
      entityId: row.id,
      after: { name: input.name, description: input.description, entries: normaliseEntries(input.entries) },
    });
    return row.id;
  });
  return requireSet(ctx.db, id);
}

/** Renames a set or changes its entries; the holders' open tabs are told when the entries changed. */
export async function patchSet(
  ctx: AdminContext,
  id: number,
  patch: {
    name?: string | undefined;
    description?: string | undefined;
    entries?: EntryInput[] | undefined;
    version?: number | undefined;
  },
  actor: Actor,
): Promise<PermissionSetRow> {
  const notify = await guardedChange(ctx, actor, 'This change to the permission set', async (trx) => {
    const before = await lockSet(trx, id, patch.version);
    if (patch.name !== undefined && (await nameInUse(trx, 'permission_sets', patch.name, id)))
      throw nameTaken();
    const previous = await requireSet(trx, id);
    await trx
      .updateTable('permission_sets')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        updated_at: ctx.now(),
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .execute();
    const entriesChanged = patch.entries !== undefined && !sameEntries(previous.entries, patch.entries);
    if (patch.entries !== undefined) await writeEntries(trx, id, patch.entries);
    const next = await requireSet(trx, id);
    await auditBy(trx, actor, {
      action: patch.name !== undefined && patch.name !== before.name && !entriesChanged ? 'rename' : 'update',
      entity: 'permission_set',
      entityId: id,
      before: { name: previous.name, description: previous.description, entries: previous.entries },
      after: { name: next.name, description: next.description, entries: next.entries },
    });
    return entriesChanged ? holdersOf(trx, [id]) : [];
  });
  if (notify.length > 0) ctx.events.permissionsChanged(notify);
  return requireSet(ctx.db, id);
}

/** Deleting a set that anyone holds is refused: the administrator removes it from them first (ADR 007). */
export async function deleteSet(ctx: AdminContext, id: number, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${ADMIN_LOCK_ID})`.execute(trx);
    const set = await requireSet(trx, id);
    if (set.user_count > 0)
      throw new HttpError(409, ADMIN_MESSAGES.setInUse(set.name, set.user_count), 'SET_IN_USE');
    await trx.deleteFrom('permission_sets').where('id', '=', id).execute();
    await auditBy(trx, actor, {
      action: 'delete',
      entity: 'permission_set',
      entityId: id,
      before: { name: set.name, description: set.description, entries: set.entries },
    });
  });
}

/** Keys as rows with the pages and menu groups each one opens, and every set's entries. */
export async function permissionMatrix(ctx: AdminContext) {
  const groupLabel = new Map(MENU_GROUPS.map((group) => [group.id, group.label]));
  const keys = PERMISSION_KEYS.map((key) => {
    const pages = ROUTES.filter((route) => route.key === key).map((route) => ({
      id: route.id,
      path: route.path,
      title: route.title,
      group: route.group ? (groupLabel.get(route.group) ?? null) : null,
    }));
    const groups = new Map<string, string>();
    for (const group of MENU_GROUPS)
      if (!group.alwaysVisible && group.requires.includes(key)) groups.set(group.id, group.label);
    for (const route of ROUTES) {
      if (route.group && route.menuRequires?.includes(key))
        groups.set(route.group, groupLabel.get(route.group) ?? route.group);
    }
    return { key, pages, menu_groups: [...groups].map(([id, label]) => ({ id, label })) };
  });
  return { keys, sets: await setRows(ctx.db) };
}

/** Saves the matrix editor's changes to several sets in one transaction. */
export async function saveMatrix(
  ctx: AdminContext,
  changes: readonly { id: number; entries: EntryInput[]; version?: number | undefined }[],
  actor: Actor,
) {
  const { changedNames, holders } = await guardedChange(
    ctx,
    actor,
    'This change to the permission sets',
    async (trx) => {
      const changedIds: number[] = [];
      const changedNames: string[] = [];
      for (const change of changes) {
        await lockSet(trx, change.id, change.version);
        const previous = await requireSet(trx, change.id);
        if (sameEntries(previous.entries, change.entries)) continue;
        await writeEntries(trx, change.id, change.entries);
        await trx
          .updateTable('permission_sets')
          .set({ updated_at: ctx.now(), version: sql`version + 1` })
          .where('id', '=', change.id)
          .execute();
        const next = await requireSet(trx, change.id);
        await auditBy(trx, actor, {
          action: 'update',
          entity: 'permission_set',
          entityId: change.id,
          before: { name: previous.name, entries: previous.entries },
          after: { name: next.name, entries: next.entries },
        });
        changedIds.push(change.id);
        changedNames.push(next.name);
      }
      return { changedIds, changedNames, holders: await holdersOf(trx, changedIds) };
    },
  );
  if (holders.length > 0) ctx.events.permissionsChanged(holders);
  return { sets: await setRows(ctx.db), changed_sets: changedNames, notified_users: holders.length };
}

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
