// What the administration services share: the admin key, the lock and checks that keep an administrator, the
// messages, and the input checks.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import type { ConsoleEvents } from '../services/events.js';
import {
  type Actor,
  NotFoundError,
  StaleUserError,
  UnknownSetsError,
  UsernameTakenError,
} from '../services/users.js';
import { passwordProblems } from './passwordPolicy.js';

/** The key that guards administration; holding it with read and write makes a user an administrator. */
export const ADMIN_KEY = 'admin_manage_user';

/** Every change that could remove an administrator takes this lock first, so two such changes never race. */
export const ADMIN_LOCK_ID = 731_004_207;

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

export const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Active users holding the admin key with read and write through any of their sets. */
export async function administrators(db: Kysely<Database>): Promise<number[]> {
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
export async function guardedChange<T>(
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

export function invalidField(field: string, messages: string[]): HttpError {
  return new HttpError(400, messages[0] ?? 'Invalid input', 'INVALID_INPUT', { [field]: messages });
}

/** The users service's refusals in this page's words and fields (the form's `body.*`). */
export function adminErrorOf(error: unknown): unknown {
  if (error instanceof StaleUserError) return new HttpError(409, ADMIN_MESSAGES.stale, 'STALE');
  if (error instanceof UsernameTakenError) {
    return new HttpError(409, ADMIN_MESSAGES.usernameTaken, 'CONFLICT', {
      'body.username': [ADMIN_MESSAGES.usernameTaken],
    });
  }
  if (error instanceof UnknownSetsError)
    return invalidField('body.permission_sets', [ADMIN_MESSAGES.unknownSets([...error.names])]);
  if (error instanceof NotFoundError && error.entity === 'user')
    return new HttpError(404, `No user with id ${error.key}.`, 'NOT_FOUND');
  return error;
}

/** Runs a users-service operation, answering its refusals as `adminErrorOf` words them. */
export async function inAdminWords<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw adminErrorOf(error);
  }
}

export function checkPassword(field: string, password: string, username: string): void {
  const problems = passwordProblems(password, username);
  if (problems.length > 0) throw invalidField(field, problems);
}

/** Whether another user (or permission set) has this name, case-insensitively. */
export async function nameInUse(
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
