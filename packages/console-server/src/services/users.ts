// The one users service: every operation on a user account (create, edit, enable/disable, delete, reset the
// password, replace the sets, read) is here, used by the seed, the CLI, the administration page and the tests.
// Callers add their own concerns around it (the administration page: paging, filters, safety rules, its audit
// wording and error words, through `transaction` and `audit` options).
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import { PERMISSION_KEYS, type PermissionEntry } from '@staff/console-contract';
import type { Database, User } from '../db/schema.js';
import { type AuthDeferral, type PermissionFlags, authCacheOf } from '../auth/authCache.js';
import { hashPassword } from '../auth/passwords.js';
import { type AuditEntry, auditBy } from './audit.js';
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

/** Permission sets named that do not exist (all of them, in the order asked). */
export class UnknownSetsError extends NotFoundError {
  constructor(readonly names: readonly string[]) {
    super('permission set', names.join(', '));
    this.name = 'UnknownSetsError';
  }
}

export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** The username is another user's (compared case-insensitively). */
export class UsernameTakenError extends ConflictError {
  constructor(readonly username: string) {
    super(`A user named "${username}" already exists`);
    this.name = 'UsernameTakenError';
  }
}

/** The caller edited an older version of the user than the one stored. */
export class StaleUserError extends ConflictError {
  constructor(readonly userId: number) {
    super(`User ${userId} was changed by someone else`);
    this.name = 'StaleUserError';
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

/** Runs a change in one transaction; the administration page's runner adds its safety rules (admin/shared.ts). */
export type TransactionRunner = <T>(change: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

/** How a caller runs one of the user operations below: who acts, who hears, the clock, and the transaction. */
export interface UserChangeOptions extends ChangedBy {
  now?: () => Date;
  /** Default: a plain transaction on `db`. */
  transaction?: TransactionRunner;
}

const plainTransaction =
  (db: Kysely<Database>): TransactionRunner =>
  (change) =>
    db.transaction().execute(change);

/** What an audit entry of a user operation says; the actor and address are the caller's. */
export type UserAuditEntry = Omit<AuditEntry, 'actorId' | 'ip'>;

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

/** Inside the caller's transaction: the users row of a new account, its password already hashed. */
async function insertUserInTrx(
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

/** The audit of a creation as the seed and the CLI write it: the account, then one `grant` per set. */
function auditCreation(user: User, setNames: readonly string[]): UserAuditEntry[] {
  return [
    { action: 'create', entity: 'user', entityId: user.id, after: publicUser(user) },
    ...setNames.map((name) => ({
      action: 'grant',
      entity: 'user',
      entityId: user.id,
      after: { permission_set: name },
    })),
  ];
}

export interface CreateUserOptions {
  actor?: Actor;
  /** The audit entries of the new account and its sets (names in the order given). Default: `auditCreation`. */
  audit?: (user: User, setNames: readonly string[]) => UserAuditEntry[];
}

/**
 * The one creation of a user (seed, CLI, administration page, tests): the username must be free
 * (UsernameTakenError) and every set must exist (UnknownSetsError); the account, its sets and the audit are one
 * transaction. Password rules and generated passwords are the caller's.
 */
export async function createUser(
  db: Kysely<Database>,
  input: NewUserInput,
  { actor = SYSTEM, audit = auditCreation }: CreateUserOptions = {},
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    if (await findUserByUsername(trx, input.username)) throw new UsernameTakenError(input.username);
    const names = [...new Set(input.sets ?? [])];
    const sets = await requireSets(trx, names);
    const user = await insertUserInTrx(trx, {
      username: input.username,
      fullName: input.fullName,
      passwordHash,
      active: input.active ?? true,
    });
    await insertUserSetsInTrx(trx, user.id, sets, actor);
    for (const entry of audit(user, names)) await auditBy(trx, actor, entry);
    return user;
  });
}

export interface ResetPasswordOptions extends UserChangeOptions {
  /** The `after` of the `reset-password` audit entry, from the sessions it ended. Default: none. */
  auditAfter?: (revoked: readonly string[]) => unknown;
}

/**
 * The one password reset (CLI, administration page): stores the new password, lifts any lockout, ends every open
 * session of the user (whoever knew the old password is signed out; their tabs are told after commit) and audits
 * `reset-password`. Answers the ids of the sessions ended.
 */
export async function resetPassword(
  db: Kysely<Database>,
  userId: number,
  password: string,
  {
    actor = SYSTEM,
    events = silentEvents,
    now = () => new Date(),
    transaction = plainTransaction(db),
    auditAfter,
  }: ResetPasswordOptions = {},
): Promise<string[]> {
  const passwordHash = await hashPassword(password);
  const revoked = await transaction(async (trx) => {
    if (!(await lockRowById(trx, 'users', userId))) throw new NotFoundError('user', String(userId));
    const revoked = await resetPasswordInTrx(trx, userId, passwordHash, now());
    await auditBy(trx, actor, {
      action: 'reset-password',
      entity: 'user',
      entityId: userId,
      ...(auditAfter ? { after: auditAfter(revoked) } : {}),
    });
    return revoked;
  });
  if (revoked.length > 0) events.sessionsRevoked(userId, revoked, 'password reset');
  return revoked;
}

/** The CLI's reset by username (see `resetPassword`). */
export async function setPassword(
  db: Kysely<Database>,
  username: string,
  password: string,
  changedBy: ChangedBy = {},
): Promise<User> {
  const user = await requireUser(db, username);
  await resetPassword(db, user.id, password, changedBy);
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
async function permissionSetsByName(
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

/** The sets named, in the order named (duplicates once); UnknownSetsError names every one missing. */
async function requireSets(
  db: Kysely<Database>,
  names: readonly string[],
): Promise<{ id: number; name: string }[]> {
  const { sets, missing } = await permissionSetsByName(db, names);
  if (missing.length > 0) throw new UnknownSetsError(missing);
  const order = [...new Set(names)];
  return sets.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

async function insertUserSetsInTrx(
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
async function writeUserSetsInTrx(
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

/**
 * The one replacement of a user's sets (administration page): exactly `setNames` afterwards. A missing user is a
 * NotFoundError, unknown names an UnknownSetsError, before anything changes; the user's open tabs are told after
 * commit when the sets changed. Answers the set names now held.
 */
export async function replaceUserSets(
  db: Kysely<Database>,
  userId: number,
  setNames: readonly string[],
  { actor = SYSTEM, events = silentEvents, transaction = plainTransaction(db) }: UserChangeOptions = {},
): Promise<string[]> {
  const result = await transaction(async (trx) => {
    if (!(await lockRowById(trx, 'users', userId))) throw new NotFoundError('user', String(userId));
    return writeUserSetsInTrx(trx, userId, await requireSets(trx, setNames), actor);
  });
  if (result.changed) events.permissionsChanged([userId]);
  return result.after;
}

/**
 * Inside the caller's transaction: stores a new password hash, lifts any lockout and ends every open session of
 * the user (whoever knew the old password is signed out). Answers the ids of the sessions ended.
 */
async function resetPasswordInTrx(
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

export interface UserChanges {
  username?: string | undefined;
  full_name?: string | undefined;
  active?: boolean | undefined;
}

export interface UpdateUserOptions extends UserChangeOptions {
  /** The version the caller edited: StaleUserError when the stored one differs. */
  version?: number | undefined;
  /** The audit entry of the change. Default: `update` with the account before and after. */
  audit?: (before: User, after: User) => UserAuditEntry;
}

const auditUpdate = (before: User, after: User): UserAuditEntry => ({
  action: 'update',
  entity: 'user',
  entityId: after.id,
  before: publicUser(before),
  after: publicUser(after),
});

/**
 * The one edit of a user (CLI enable/disable, administration page): a new username must be free
 * (UsernameTakenError); disabling ends every session of the user at once (their tabs are told after commit).
 */
export async function updateUser(
  db: Kysely<Database>,
  userId: number,
  changes: UserChanges,
  {
    actor = SYSTEM,
    events = silentEvents,
    now = () => new Date(),
    transaction = plainTransaction(db),
    version,
    audit = auditUpdate,
  }: UpdateUserOptions = {},
): Promise<User> {
  const at = now();
  const result = await transaction(async (trx) => {
    const before = await lockRowById(trx, 'users', userId);
    if (!before) throw new NotFoundError('user', String(userId));
    if (version !== undefined && version !== before.version) throw new StaleUserError(userId);
    if (changes.username !== undefined) {
      const holder = await findUserByUsername(trx, changes.username);
      if (holder && holder.id !== userId) throw new UsernameTakenError(changes.username);
    }
    const user = await trx
      .updateTable('users')
      .set({
        ...(changes.username !== undefined ? { username: changes.username } : {}),
        ...(changes.full_name !== undefined ? { full_name: changes.full_name } : {}),
        ...(changes.active !== undefined ? { active: changes.active } : {}),
        updated_at: at,
        version: sql`version + 1`,
      })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const disabled = before.active && !user.active;
    const revoked = disabled ? await revokeUserSessionsInTrx(trx, userId, 'account disabled') : [];
    await auditBy(trx, actor, audit(before, user));
    return { user, revoked, disabled };
  });
  if (result.disabled) events.sessionsRevoked(userId, result.revoked, 'account disabled');
  return result.user;
}

/** The CLI's enable/disable by username (see `updateUser`). */
export async function setUserActiveByName(
  db: Kysely<Database>,
  username: string,
  active: boolean,
  changedBy: ChangedBy = {},
): Promise<User> {
  const { id } = await requireUser(db, username);
  return updateUser(db, id, { active }, changedBy);
}

export interface DeleteUserOptions extends UserChangeOptions {
  /** The `before` of the `delete` audit entry. Default: the account and its set names. */
  auditBefore?: (user: User, setNames: readonly string[]) => unknown;
}

/**
 * The one deletion of a user (administration page): their sessions end, the row goes (audit entries stay, with no
 * actor), and their open tabs are told and closed after commit, as for a disabled account.
 */
export async function deleteUser(
  db: Kysely<Database>,
  userId: number,
  {
    actor = SYSTEM,
    events = silentEvents,
    transaction = plainTransaction(db),
    auditBefore = (user, setNames) => ({ ...publicUser(user), permission_sets: setNames }),
  }: DeleteUserOptions = {},
): Promise<void> {
  const revoked = await transaction(async (trx) => {
    const before = await lockRowById(trx, 'users', userId);
    if (!before) throw new NotFoundError('user', String(userId));
    const setNames = await setNamesOf(trx, userId);
    const live = await revokeUserSessionsInTrx(trx, userId, 'account deleted');
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await auditBy(trx, actor, {
      action: 'delete',
      entity: 'user',
      entityId: userId,
      before: auditBefore(before, setNames),
    });
    return live;
  });
  events.sessionsRevoked(userId, revoked, 'account disabled');
}

export interface UserSummary {
  id: number;
  username: string;
  full_name: string;
  active: boolean;
  last_login_at: Date | null;
  locked_until: Date | null;
  created_at: Date;
  version: number;
  /** Names, sorted. */
  permission_sets: string[];
  /** Sessions neither revoked nor expired at `now`. */
  live_sessions: number;
}

/**
 * The one read of users with their sets and open sessions: those with `ids` (any order) or every user, by
 * username. The administration page pages and filters, then reads its page through this.
 */
export async function userSummaries(
  db: Kysely<Database>,
  { ids, now = new Date() }: { ids?: readonly number[]; now?: Date } = {},
): Promise<UserSummary[]> {
  if (ids && ids.length === 0) return [];
  let query = db
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
    )
    .orderBy('u.username');
  if (ids) query = query.where('u.id', 'in', ids);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, live_sessions: Number(row.live_sessions) }));
}

/** Every user, by username (the CLI's `list-users`). */
export function listUsers(db: Kysely<Database>): Promise<UserSummary[]> {
  return userSummaries(db);
}

/**
 * A user's flags for every key they hold, the union of their sets (a key is readable, writable, if any of their sets
 * allows it), as of `since` (performance.now() at the caller's request start): from this node's cache once checked
 * (src/auth/authCache.ts, ADR 066), else from the tables.
 */
async function permissionFlags(
  db: Kysely<Database>,
  userId: number,
  since: number = performance.now(),
): Promise<ReadonlyMap<string, { read: boolean; write: boolean }>> {
  const cache = authCacheOf(db);
  const epoch = await cache.fresh(since);
  const held = cache.permissionsOf(userId);
  if (held) return held;
  const rows = await db
    .selectFrom('user_permission_sets as ups')
    .innerJoin('permission_set_entries as e', 'e.set_id', 'ups.set_id')
    .select('e.permission_key')
    .select(sql<boolean>`bool_or(e.allow_read)`.as('r'))
    .select(sql<boolean>`bool_or(e.allow_write)`.as('w'))
    .where('ups.user_id', '=', userId)
    .groupBy('e.permission_key')
    .execute();
  const flags = new Map(
    rows.map((row) => [row.permission_key, { read: row.r === true, write: row.w === true }]),
  );
  cache.keepPermissions(epoch, userId, flags);
  return flags;
}

/** Every key a user holds, by key name. */
export async function userPermissions(
  db: Kysely<Database>,
  userId: number,
  options: { since?: number } = {},
): Promise<Required<PermissionEntry>[]> {
  const flags = await permissionFlags(db, userId, options.since);
  return [...flags]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, { read, write }]) => ({
      permission_key: key,
      allow_read: read ? 1 : 0,
      allow_write: write ? 1 : 0,
    }));
}

/**
 * Whether a user may use `key` in `mode` (a route's guard), as of `since`. With a `deferral` (a read-only request), a
 * yes may come from memory at once, confirmed before the answer leaves (AuthCache.confirm); a no is always read.
 */
export async function userMay(
  db: Kysely<Database>,
  userId: number,
  key: string,
  mode: 'read' | 'write',
  options: { since?: number; deferral?: AuthDeferral | null } = {},
): Promise<boolean> {
  const allows = (flags: ReadonlyMap<string, PermissionFlags>) => flags.get(key)?.[mode] === true;
  if (options.deferral && authCacheOf(db).allowsFromMemory(userId, options.deferral, allows)) return true;
  return allows(await permissionFlags(db, userId, options.since));
}

/** One key's effective flags for a user (the `___pc` lookup, every route's guard). */
export async function userPermission(
  db: Kysely<Database>,
  userId: number,
  key: string,
  options: { since?: number } = {},
): Promise<{ read: boolean; write: boolean }> {
  const found = (await permissionFlags(db, userId, options.since)).get(key);
  return { read: found?.read === true, write: found?.write === true };
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
