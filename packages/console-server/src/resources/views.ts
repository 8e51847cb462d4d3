/**
 * Saved views: a user's named filters, search, sort and columns for one entity. Shared views are visible to
 * everyone who can read the entity; only the owner changes or deletes one. A view is checked by turning it
 * into the list query string and parsing that with the contract's `listQuerySchema`, so a stored view is
 * always one the list accepts.
 */
import { type Kysely, sql } from 'kysely';
import {
  getEntity,
  listQuerySchema,
  type savedViewCreateSchema,
  type savedViewUpdateSchema,
  listQueryToSearchParams,
  type EntityDef,
  type ListFilter,
  type ListFilterGroup,
  type ListQuery,
  type ListSort,
  type z,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { ResourceError, invalid } from './service.js';
import { lockRowById } from '../db/lockRow.js';

export interface ViewContent {
  q: string | null;
  filters: ListFilter[];
  groups: ListFilterGroup[];
  sort: ListSort | null;
  columns: string[] | null;
}

// The `filters` column (jsonb) holds the AND filters and, as `{ any }` items, the OR groups: no new column.
const isGroup = (item: unknown): item is ListFilterGroup =>
  !!item && typeof item === 'object' && 'any' in item;
const storedFilters = (content: ViewContent) => JSON.stringify([...content.filters, ...content.groups]);
const splitStored = (stored: unknown) => {
  const items = Array.isArray(stored) ? (stored as unknown[]) : [];
  return { filters: items.filter((item) => !isGroup(item)) as ListFilter[], groups: items.filter(isGroup) };
};
const queryOf = (def: EntityDef, view: ViewContent) =>
  listQueryToSearchParams(def, {
    q: view.q,
    filters: view.filters,
    groups: view.groups,
    ...(view.sort ? { sort: view.sort } : {}),
    columns: view.columns,
  });

const parsedQueryOf = (def: EntityDef, view: ViewContent) => {
  const record: Record<string, string | string[]> = {};
  for (const [key, value] of queryOf(def, view)) {
    const existing = record[key];
    record[key] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return listQuerySchema(def).safeParse(record);
};

/** The list query a saved view stands for (what opening it sends); null if the entity changed under it. */
export function viewListQuery(def: EntityDef, view: ViewContent): ListQuery | null {
  const parsed = parsedQueryOf(def, view);
  return parsed.success ? parsed.data : null;
}

/** The list accepts this view (fields exist, operators fit, values typed)? Else 400 on the view's fields. */
export function checkViewContent(def: EntityDef, view: ViewContent): void {
  const parsed = parsedQueryOf(def, view);
  if (parsed.success) return;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '_');
    const target =
      key === 'or' || key.startsWith('or.')
        ? 'groups'
        : key.startsWith('f.')
          ? 'filters'
          : key === 'q'
            ? 'q'
            : key === 'sort'
              ? 'sort'
              : key === 'columns'
                ? 'columns'
                : 'filters';
    (fields[target] ??= []).push(
      key.startsWith('f.') || key.startsWith('or.') ? `${key}: ${issue.message}` : issue.message,
    );
  }
  throw invalid(fields);
}

export interface ViewDto extends ViewContent {
  id: number;
  entity: string;
  name: string;
  shared: boolean;
  mine: boolean;
  owner: string | null;
  /** The list query string of the view (open `/api/resources/<entity>?<query>`). */
  query: string;
  version: number;
  created_at: string;
  updated_at: string;
}

interface ViewRow {
  id: number;
  entity: string;
  owner_id: number;
  name: string;
  shared: boolean;
  q: string | null;
  filters: unknown;
  sort: unknown;
  columns: string[] | null;
  version: number;
  created_at: Date;
  updated_at: Date;
  owner: string | null;
}

function toDto(row: ViewRow, userId: number): ViewDto {
  const def = getEntity(row.entity);
  const content: ViewContent = {
    q: row.q,
    ...splitStored(row.filters),
    sort: (row.sort as ListSort | null) ?? null,
    columns: row.columns,
  };
  return {
    id: row.id,
    entity: row.entity,
    name: row.name,
    shared: row.shared,
    mine: row.owner_id === userId,
    owner: row.owner,
    ...content,
    query: def ? queryOf(def, content).toString() : '',
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const baseQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('saved_views as v')
    .leftJoin('users as u', 'u.id', 'v.owner_id')
    .select([
      'v.id',
      'v.entity',
      'v.owner_id',
      'v.name',
      'v.shared',
      'v.q',
      'v.filters',
      'v.sort',
      'v.columns',
      'v.version',
      'v.created_at',
      'v.updated_at',
      'u.full_name as owner',
    ]);

/** The user's own views of an entity and those others shared, own first, by name. */
export async function listViews(db: Kysely<Database>, entity: string, userId: number): Promise<ViewDto[]> {
  const rows = await baseQuery(db)
    .where('v.entity', '=', entity)
    .where((eb) => eb.or([eb('v.owner_id', '=', userId), eb('v.shared', '=', true)]))
    .orderBy(sql`v.owner_id = ${userId}`, 'desc')
    .orderBy(sql`lower(v.name)`)
    .execute();
  return rows.map((row) => toDto(row as ViewRow, userId));
}

/** One view the user may open (theirs or shared), or null. */
export async function findView(db: Kysely<Database>, id: number, userId: number): Promise<ViewDto | null> {
  const row = await baseQuery(db).where('v.id', '=', id).executeTakeFirst();
  if (!row || (row.owner_id !== userId && !row.shared)) return null;
  return toDto(row as ViewRow, userId);
}

const duplicateName = (name: string) =>
  new ResourceError(409, {
    message: `You already have a view named "${name}"`,
    code: 'unique',
    fields: { name: ['You already have a view with this name'] },
  });

async function nameTaken(
  db: Kysely<Database>,
  ownerId: number,
  entity: string,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('saved_views')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('entity', '=', entity)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function createView(
  db: Kysely<Database>,
  def: EntityDef,
  input: z.output<typeof savedViewCreateSchema>,
  userId: number,
): Promise<ViewDto> {
  const content: ViewContent = {
    q: input.q,
    filters: input.filters as ListFilter[],
    groups: input.groups as ListFilterGroup[],
    sort: input.sort,
    columns: input.columns,
  };
  checkViewContent(def, content);
  const id = await db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, userId, def.name, input.name)) throw duplicateName(input.name);
    const row = await trx
      .insertInto('saved_views')
      .values({
        entity: def.name,
        owner_id: userId,
        name: input.name,
        shared: input.shared,
        q: content.q,
        filters: storedFilters(content),
        sort: content.sort ? JSON.stringify(content.sort) : null,
        columns: content.columns,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return (await findView(db, id, userId))!;
}

/**
 * Locks a view its owner is about to change or delete: 404 when the caller cannot see it (another's unshared view
 * is not admitted to exist), 403 when they see it but do not own it.
 */
async function lockOwnView(trx: Kysely<Database>, id: number, userId: number, verb: 'change' | 'delete') {
  const row = await lockRowById(trx, 'saved_views', id);
  if (!row || (row.owner_id !== userId && !row.shared))
    throw new ResourceError(404, { message: `No view with id ${id}`, code: 'NOT_FOUND' });
  if (row.owner_id !== userId)
    throw new ResourceError(403, { message: `Only the owner of a view can ${verb} it`, code: 'FORBIDDEN' });
  return row;
}

export async function updateView(
  db: Kysely<Database>,
  id: number,
  input: z.output<typeof savedViewUpdateSchema>,
  userId: number,
): Promise<ViewDto> {
  await db.transaction().execute(async (trx) => {
    const row = await lockOwnView(trx, id, userId, 'change');
    if (input.version !== undefined && input.version !== row.version) {
      throw new ResourceError(409, {
        message: 'This view was changed elsewhere; reload it',
        code: 'conflict',
        current: toDto({ ...row, owner: null } as ViewRow, userId),
      });
    }
    const def = getEntity(row.entity)!;
    const stored = splitStored(row.filters);
    const content: ViewContent = {
      q: input.q !== undefined ? input.q : row.q,
      filters: (input.filters ?? stored.filters) as ListFilter[],
      groups: (input.groups ?? stored.groups) as ListFilterGroup[],
      sort: (input.sort !== undefined ? input.sort : row.sort) as ListSort | null,
      columns: input.columns !== undefined ? input.columns : row.columns,
    };
    checkViewContent(def, content);
    if (input.name !== undefined && (await nameTaken(trx, userId, row.entity, input.name, id)))
      throw duplicateName(input.name);
    await trx
      .updateTable('saved_views')
      .set({
        name: input.name ?? row.name,
        shared: input.shared ?? row.shared,
        q: content.q,
        filters: storedFilters(content),
        sort: content.sort ? JSON.stringify(content.sort) : null,
        columns: content.columns,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', id)
      .execute();
  });
  return (await findView(db, id, userId))!;
}

export async function deleteView(db: Kysely<Database>, id: number, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockOwnView(trx, id, userId, 'delete');
    await trx.deleteFrom('saved_views').where('id', '=', id).execute();
  });
}
