import { type Kysely, sql } from 'kysely';
import { PERMISSION_KEYS, type PermissionEntry } from '@staff/console-contract';
import type { Database, User } from '../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { auditBy } from './audit.js';
import { type ConsoleEvents, silentEvents } from './events.js';
import { lockRowById } from '../db/lockRow.js';

export class NotFoundError extends Error {
  constructor(
    readonly entity: string,
    readonly key: string,
  ) {
    super(`No ${entity} named "${key}"`);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** Who is acting, for the audit log. */
export interface Actor {
  id: number | null;
  ip?: string | null;
}
const SYSTEM: Actor = { id: null };

/** Audit rows never carry the hash. */
function publicUser(user: User) {
  return {
    id: user.id,
    username: user.username,
    full_name: user.full_name,
    active: user.active,
    locked_until: user.locked_until,
  };
}

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

async function requireUser(db: Kysely<Database>, username: string): Promise<User> {
  const user = await findUserByUsername(db, username);
  if (!user) throw new NotFoundError('user', username);
  return user;
}

/** Who changes a user by name (the CLI, tests) and who hears of it: the system and no one, unless said. */
export interface ChangedBy {
  actor?: Actor;
  events?: ConsoleEvents;
}

/** `change` on the user named `username`, in one transaction; the caller announces what it answers after commit. */
async function changeUserByName<T>(
  db: Kysely<Database>,
  username: string,
  change: (trx: Kysely<Database>, user: User) => Promise<T>,
): Promise<{ user: User; result: T }> {
  return db.transaction().execute(async (trx) => {
    const user = await requireUser(trx, username);
    return { user, result: await change(trx, user) };
  });
}

/** Inserts the contract's keys that the table lacks (new keys ship with new contract versions). */
export async function ensurePermissionKeys(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('permission_keys')
    .values(PERMISSION_KEYS.map((key) => ({ key })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export interface NewUserInput {
  username: string;
  fullName: string;
  password: string;
  active?: boolean;
  sets?: readonly string[];
}

/**
 * Inside the caller's transaction: the users row of a new account, its password already hashed. The one insert
 * of a user: the seed and the CLI (`createUser` below) and the administration page (admin/service.ts) each add
 * their checks, sets and audit entry around it.
 */
export async function insertUserInTrx(
  trx: Kysely<Database>,
  input: { username: string; fullName: string; passwordHash: string; active: boolean },
): Promise<User> {
  return trx
    .insertInto('users')
    .values({
      username: input.username,
      full_name: input.fullName,
      password_hash: input.passwordHash,
      active: input.active,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createUser(
  db: Kysely<Database>,
  input: NewUserInput,
  actor: Actor = SYSTEM,
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    if (await findUserByUsername(trx, input.username)) {
      throw new ConflictError(`A user named "${input.username}" already exists`);
    }
    const user = await insertUserInTrx(trx, {
      username: input.username,
      fullName: input.fullName,
      passwordHash,
      active: input.active ?? true,
    });
    await auditBy(trx, actor, {
      action: 'create',
      entity: 'user',
      entityId: user.id,
      after: publicUser(user),
    });
    for (const setName of input.sets ?? []) await grantSetInTrx(trx, user, setName, actor);
    return user;
  });
}

export async function setPassword(
  db: Kysely<Database>,
  username: string,
  password: string,
  { actor = SYSTEM, events = silentEvents }: ChangedBy = {},
): Promise<User> {
  const passwordHash = await hashPassword(password);
  const { user, result: revoked } = await changeUserByName(db, username, async (trx, user) => {
    // A new password ends every open session: whoever knew the old one is signed out.
    const revoked = await resetPasswordInTrx(trx, user.id, passwordHash, new Date());
    await auditBy(trx, actor, { action: 'reset-password', entity: 'user', entityId: user.id });
    return revoked;
  });
  if (revoked.length > 0) events.sessionsRevoked(user.id, revoked, 'password reset');
  return user;
}

async function grantSetInTrx(
  trx: Kysely<Database>,
  user: User,
  setName: string,
  actor: Actor,
): Promise<boolean> {
  const set = await trx
    .selectFrom('permission_sets')
    .select(['id', 'name'])
    .where('name', '=', setName)
    .executeTakeFirst();
  if (!set) throw new NotFoundError('permission set', setName);
  const inserted = await trx
    .insertInto('user_permission_sets')
    .values({ user_id: user.id, set_id: set.id, granted_by: actor.id })
    .onConflict((oc) => oc.columns(['user_id', 'set_id']).doNothing())
    .executeTakeFirst();
  const changed = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  if (changed) {
    await auditBy(trx, actor, {
      action: 'grant',
      entity: 'user',
      entityId: user.id,
      after: { permission_set: set.name },
    });
  }
  return changed;
}

export async function grantSet(
  db: Kysely<Database>,
  username: string,
  setName: string,
  { actor = SYSTEM, events = silentEvents }: ChangedBy = {},
): Promise<User> {
  const { user, result: changed } = await changeUserByName(db, username, (trx, user) =>
    grantSetInTrx(trx, user, setName, actor),
  );
  if (changed) events.permissionsChanged([user.id]);
  return user;
}

export async function setNamesOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('user_permission_sets as ups')
    .innerJoin('permission_sets as ps', 'ps.id', 'ups.set_id')
    .select('ps.name')
    .where('ups.user_id', '=', userId)
    .orderBy('ps.name')
    .execute();
  return rows.map((row) => row.name);
}

/** The sets named (duplicates ignored) and the names that match none; callers choose the error. */
export async function permissionSetsByName(
  db: Kysely<Database>,
  names: readonly string[],
): Promise<{ sets: { id: number; name: string }[]; missing: string[] }> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return { sets: [], missing: [] };
  const sets = await db
    .selectFrom('permission_sets')
    .select(['id', 'name'])
    .where('name', 'in', unique)
    .execute();
  return { sets, missing: unique.filter((name) => !sets.some((set) => set.name === name)) };
}

export async function insertUserSetsInTrx(
  trx: Kysely<Database>,
  userId: number,
  sets: readonly { id: number }[],
  actor: Actor,
): Promise<void> {
  if (sets.length === 0) return;
  await trx
    .insertInto('user_permission_sets')
    .values(sets.map((set) => ({ user_id: userId, set_id: set.id, granted_by: actor.id })))
    .execute();
}

/**
 * Inside the caller's transaction (which has locked the user and resolved the sets): replaces the user's sets with
 * exactly `sets`, audited only when the names change.
 */
export async function writeUserSetsInTrx(
  trx: Kysely<Database>,
  userId: number,
  sets: readonly { id: number }[],
  actor: Actor,
): Promise<{ after: string[]; changed: boolean }> {
  const before = await setNamesOf(trx, userId);
  await trx.deleteFrom('user_permission_sets').where('user_id', '=', userId).execute();
  await insertUserSetsInTrx(trx, userId, sets, actor);
  const after = await setNamesOf(trx, userId);
  const changed = before.join('\n') !== after.join('\n');
  if (changed) {
    await auditBy(trx, actor, {
      action: 'set-permission-sets',
      entity: 'user',
      entityId: userId,
      before: { permission_sets: before },
      after: { permission_sets: after },
    });
  }
  return { after, changed };
}

/** Replaces a user's sets with exactly `setNames`. Unknown names throw NotFoundError before anything changes. */
export async function replaceUserSets(
  db: Kysely<Database>,
  userId: number,
  setNames: readonly string[],
  actor: Actor = SYSTEM,
  events: ConsoleEvents = silentEvents,
): Promise<string[]> {
  const result = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new NotFoundError('user', String(userId));
    const { sets, missing } = await permissionSetsByName(trx, setNames);
    if (missing.length > 0) throw new NotFoundError('permission set', missing.join(', '));
    return writeUserSetsInTrx(trx, userId, sets, actor);
  });
  if (result.changed) events.permissionsChanged([userId]);
  return result.after;
}

/**
 * Inside the caller's transaction: stores a new password hash, lifts any lockout and ends every open session of
 * the user (whoever knew the old password is signed out). Answers the ids of the sessions ended.
 */
export async function resetPasswordInTrx(
  trx: Kysely<Database>,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<string[]> {
  await trx
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      failed_attempts: 0,
      locked_until: null,
      updated_at: now,
      version: sql`version + 1`,
    })
    .where('id', '=', userId)
    .execute();
  return revokeUserSessionsInTrx(trx, userId, 'password reset');
}

export async function revokeUserSessionsInTrx(
  trx: Kysely<Database>,
  userId: number,
  reason: string,
): Promise<string[]> {
  const rows = await trx
    .updateTable('sessions')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Enables or disables a user; disabling ends all their sessions at once. */
export async function setUserActiveByName(
  db: Kysely<Database>,
  username: string,
  active: boolean,
  { actor = SYSTEM, events = silentEvents }: ChangedBy = {},
): Promise<User> {
  const { result } = await changeUserByName(db, username, async (trx, { id: userId }) => {
    const before = await lockRowById(trx, 'users', userId);
    if (!before) throw new NotFoundError('user', String(userId));
    const user = await trx
      .updateTable('users')
      .set({ active, updated_at: new Date(), version: sql`version + 1` })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const disabled = before.active && !active;
    const revoked = disabled ? await revokeUserSessionsInTrx(trx, userId, 'account disabled') : [];
    await auditBy(trx, actor, {
      action: 'update',
      entity: 'user',
      entityId: userId,
      before: publicUser(before),
      after: publicUser(user),
    });
    return { user, revoked, disabled };
  });
  if (result.disabled) events.sessionsRevoked(result.user.id, result.revoked, 'account disabled');
  return result.user;
}

export interface UserSummary {
  id: number;
  username: string;
  full_name: string;
  active: boolean;
  last_login_at: Date | null;
  locked_until: Date | null;
  permission_sets: string[];
}

export async function listUsers(db: Kysely<Database>): Promise<UserSummary[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('user_permission_sets as ups', 'ups.user_id', 'u.id')
    .leftJoin('permission_sets as ps', 'ps.id', 'ups.set_id')
    .select(['u.id', 'u.username', 'u.full_name', 'u.active', 'u.last_login_at', 'u.locked_until'])
    .select(
      sql<
        string[]
      >`coalesce(array_agg(ps.name order by ps.name) filter (where ps.name is not null), '{}')`.as(
        'permission_sets',
      ),
    )
    .groupBy('u.id')
    .orderBy('u.username')
    .execute();
  return rows;
}

/** The union of a user's sets: a key is readable (writable) if any of their sets allows it. */
export async function userPermissions(
  db: Kysely<Database>,
  userId: number,
): Promise<Required<PermissionEntry>[]> {
  const rows = await db
    .selectFrom('user_permission_sets as ups')
    .innerJoin('permission_set_entries as e', 'e.set_id', 'ups.set_id')
    .select('e.permission_key')
    .select(sql<boolean>`bool_or(e.allow_read)`.as('r'))
    .select(sql<boolean>`bool_or(e.allow_write)`.as('w'))
    .where('ups.user_id', '=', userId)
    .groupBy('e.permission_key')
    .orderBy('e.permission_key')
    .execute();
  return rows.map((row) => ({
    permission_key: row.permission_key,
    allow_read: row.r ? 1 : 0,
    allow_write: row.w ? 1 : 0,
  }));
}

/** One key's effective flags for a user (the `___pc` lookup). */
export async function userPermission(
  db: Kysely<Database>,
  userId: number,
  key: string,
): Promise<{ read: boolean; write: boolean }> {
  const row = await db
    .selectFrom('user_permission_sets as ups')
    .innerJoin('permission_set_entries as e', 'e.set_id', 'ups.set_id')
    .select(sql<boolean | null>`bool_or(e.allow_read)`.as('r'))
    .select(sql<boolean | null>`bool_or(e.allow_write)`.as('w'))
    .where('ups.user_id', '=', userId)
    .where('e.permission_key', '=', key)
    .executeTakeFirst();
  return { read: row?.r === true, write: row?.w === true };
}

export interface PermissionSetInput {
  name: string;
  description?: string;
  entries: readonly { key: string; read: boolean; write: boolean }[];
}

/** Creates or replaces a set's entries; tells the users holding it that their permissions changed. */
export async function upsertPermissionSet(
  db: Kysely<Database>,
  input: PermissionSetInput,
  actor: Actor = SYSTEM,
  events: ConsoleEvents = silentEvents,
): Promise<number> {
  const { setId, holders } = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('permission_sets')
      .selectAll()
      .where('name', '=', input.name)
      .forUpdate()
      .executeTakeFirst();
    let setId: number;
    let before: unknown = null;
    if (existing) {
      setId = existing.id;
      before = await trx
        .selectFrom('permission_set_entries')
        .select(['permission_key', 'allow_read', 'allow_write'])
        .where('set_id', '=', setId)
        .orderBy('permission_key')
        .execute();
      await trx
        .updateTable('permission_sets')
        .set({
          description: input.description ?? existing.description,
          updated_at: new Date(),
          version: sql`version + 1`,
        })
        .where('id', '=', setId)
        .execute();
      await trx.deleteFrom('permission_set_entries').where('set_id', '=', setId).execute();
    } else {
      const row = await trx
        .insertInto('permission_sets')
        .values({ name: input.name, description: input.description ?? '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      setId = row.id;
    }
    if (input.entries.length > 0) {
      await trx
        .insertInto('permission_set_entries')
        .values(
          input.entries.map((entry) => ({
            set_id: setId,
            permission_key: entry.key,
            allow_read: entry.read,
            allow_write: entry.write,
          })),
        )
        .execute();
    }
    await auditBy(trx, actor, {
      action: existing ? 'update' : 'create',
      entity: 'permission_set',
      entityId: setId,
      before,
      after: { name: input.name, entries: input.entries },
    });
    const holders = await trx
      .selectFrom('user_permission_sets')
      .select('user_id')
      .where('set_id', '=', setId)
      .execute();
    return { setId, holders: holders.map((row) => row.user_id) };
  });
  if (holders.length > 0) events.permissionsChanged(holders);
  return setId;
}
