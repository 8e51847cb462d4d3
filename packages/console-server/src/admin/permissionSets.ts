// Permission sets: list, create, change, delete, and the permission matrix.
import { type Kysely, sql } from 'kysely';
import { MENU_GROUPS, PERMISSION_KEYS, ROUTES } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import { auditBy } from '../services/audit.js';
import { type Actor } from '../services/users.js';
import type { PermissionSetRow } from '@staff/console-contract';
import { lockRowById } from '../db/lockRow.js';
import { ADMIN_LOCK_ID, ADMIN_MESSAGES, type AdminContext, guardedChange, nameInUse } from './shared.js';

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
