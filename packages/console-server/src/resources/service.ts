/**
 * Writes to entity tables: create, update (optimistic concurrency), delete (soft or hard), bulk delete. Every
 * write runs in one transaction with its audit row; a failure anywhere rolls back everything.
 */
import { sql } from 'kysely';
import {
  ENTITIES,
  checkRules,
  getEntity,
  maskRow,
  type EntityAction,
  type EntityDef,
  type FieldDef,
} from '@staff/console-contract';
import { HttpError } from '../http.js';
import { uniqueIndexes } from './ddl.js';
import { type AnyDb, type Row, col, rowFromDb, selectList, table, toDb } from './query.js';

/** Who writes: a signed-in user or an API key (n8n). */
export type ResourceActor =
  | { kind: 'user'; userId: number; name: string; ip?: string | null }
  | { kind: 'api_key'; keyId: number; name: string; ip?: string | null }
  /** The server itself (courier tracking, the notification outbox): audited without a user or key. */
  | { kind: 'system'; name: string; ip?: null };

/** The server's HttpError built from its whole body (409s carry `current` or `references`). */
export class ResourceError extends HttpError {
  constructor(status: number, body: { message: string; code: string; [key: string]: unknown }) {
    const { message, code, fields, ...details } = body;
    super(status, message, code, fields as Record<string, string[]> | undefined, details);
    this.name = 'ResourceError';
  }
}

export function invalid(fields: Record<string, string[]>): ResourceError {
  const entries = Object.entries(fields);
  const shown = entries.slice(0, 3).map(([path, messages]) => `${path} (${messages[0]})`);
  const more = entries.length > 3 ? ` and ${entries.length - 3} more` : '';
  const count = entries.length === 1 ? '1 field is invalid' : `${entries.length} fields are invalid`;
  return new ResourceError(400, {
    message: `${count}: ${shown.join(', ')}${more}`,
    code: 'INVALID_INPUT',
    fields,
  });
}

export const notFound = (def: EntityDef, id: number) =>
  new ResourceError(404, { message: `No ${def.label.toLowerCase()} with id ${id}`, code: 'NOT_FOUND' });

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Audit values never carry secrets in clear. */
const auditRow = (def: EntityDef, row: Row) => maskRow(def, row);

export async function writeResourceAudit(
  db: AnyDb,
  actor: ResourceActor | null,
  action: string,
  entity: string,
  entityId: number,
  before: Row | null,
  after: Row | null,
): Promise<void> {
  await sql`insert into audit_log (actor_id, actor_api_key_id, action, entity, entity_id, before, after, ip)
    values (${actor?.kind === 'user' ? actor.userId : null}, ${actor?.kind === 'api_key' ? actor.keyId : null}, ${action}, ${entity},
      ${String(entityId)}, ${before ? JSON.stringify(before) : null}, ${after ? JSON.stringify(after) : null}, ${actor?.ip ?? null})`.execute(
    db,
  );
}

async function lockRow(db: AnyDb, def: EntityDef, id: number): Promise<Row | undefined> {
  const result =
    await sql<Row>`select ${selectList(def)} from ${table(def)} where id = ${id} for update`.execute(db);
  const raw = result.rows[0];
  return raw ? rowFromDb(def, raw) : undefined;
}

export async function readRow(db: AnyDb, def: EntityDef, id: number): Promise<Row | undefined> {
  const result = await sql<Row>`select ${selectList(def)} from ${table(def)} where id = ${id}`.execute(db);
  const raw = result.rows[0];
  return raw ? rowFromDb(def, raw) : undefined;
}

/** Every referenced id exists (and is not deleted); else 400 on the field. */
async function checkRelations(db: AnyDb, def: EntityDef, values: Row): Promise<void> {
  const fields: Record<string, string[]> = {};
  for (const field of def.fields) {
    const id = values[field.name];
    if (field.type !== 'relation' || !field.relation || id === null || id === undefined) continue;
    const target = getEntity(field.relation.entity);
    if (!target) continue;
    const found = await sql<{
      deleted: boolean;
    }>`select ${target.softDelete ? sql`deleted_at is not null` : sql`false`} as deleted from ${table(target)} where id = ${id}`.execute(
      db,
    );
    const row = found.rows[0];
    if (!row) fields[field.name] = [`There is no ${target.label.toLowerCase()} with id ${String(id)}`];
    else if (row.deleted) fields[field.name] = [`${target.label} ${String(id)} has been deleted`];
  }
  if (Object.keys(fields).length) throw invalid(fields);
}

/** A unique violation (23505) of one of the entity's indexes → 409 naming the field(s). */
function uniqueConflict(def: EntityDef, error: unknown): ResourceError | null {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError?.code !== '23505') return null;
  const index = uniqueIndexes(def).find((candidate) => candidate.name === pgError.constraint);
  const fields = index ? index.fields : [];
  const labels = fields.map((name) => def.fields.find((field) => field.name === name)?.label ?? name);
  const what = `another ${def.label.toLowerCase()}`;
  const message =
    labels.length > 1
      ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)} are already used together by ${what}`
      : `${labels[0] ?? 'A unique value'} is already used by ${what}`;
  const fieldMessage =
    labels.length > 1
      ? `This combination of ${labels.map(lower).join(', ')} is already used`
      : `Already used by ${what}`;
  return new ResourceError(409, {
    message,
    code: 'unique',
    fields: Object.fromEntries(fields.map((name) => [name, [fieldMessage]])),
  });
}

/** Who points at a row: (entity, relation field) pairs across every entity. */
function referrersOf(def: EntityDef): { entity: EntityDef; field: FieldDef }[] {
  return ENTITIES.flatMap((entity) =>
    entity.fields
      .filter((field) => field.relation?.entity === def.name)
      // An optional link from rows the system writes (ad sets under a campaign) never blocks staff.
      .filter((field) => !(entity.access === 'read-only' && !field.required))
      .map((field) => ({ entity, field })),
  );
}

/** 409 when rows still refer to this one (soft-deleted referrers count only when the row goes for good). */
async function checkNotReferenced(db: AnyDb, def: EntityDef, ids: number[]): Promise<void> {
  const references: { entity: string; label: string; field: string; count: number }[] = [];
  for (const { entity, field } of referrersOf(def)) {
    const liveOnly = entity.softDelete && def.softDelete;
    const result = await sql<{
      n: string;
    }>`select count(*) as n from ${table(entity)} where ${col(field.name)} = any(${ids}::bigint[])${liveOnly ? sql` and deleted_at is null` : sql``}`.execute(
      db,
    );
    const count = Number(result.rows[0]?.n ?? 0);
    if (count > 0)
      references.push({ entity: entity.name, label: entity.labelPlural, field: field.name, count });
  }
  if (references.length === 0) return;
  const list = references.map((ref) => `${ref.count} ${lower(ref.label)} (${ref.field})`).join(', ');
  const subject =
    ids.length === 1 ? `this ${def.label.toLowerCase()}` : `${ids.length} ${lower(def.labelPlural)}`;
  throw new ResourceError(409, {
    message: `Cannot delete ${subject}: ${list} still refer to ${ids.length === 1 ? 'it' : 'them'}. Change or delete those first.`,
    code: 'referenced',
    references,
  });
}

/** Runs a write; maps database conflicts that slipped past the checks (unique, foreign key) to 409. */
export async function guarded<T>(def: EntityDef, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const unique = uniqueConflict(def, error);
    if (unique) throw unique;
    const code = (error as { code?: string })?.code;
    // Class 22 (data exception: a value the column type cannot hold) is bad input, never a 500.
    if (typeof code === 'string' && code.startsWith('22')) {
      throw new ResourceError(400, {
        message: `A value cannot be stored: ${(error as Error).message}`,
        code: 'INVALID_INPUT',
        fields: { _: [(error as Error).message] },
      });
    }
    if (code === '23503') {
      throw new ResourceError(409, {
        message: `Cannot change this ${def.label.toLowerCase()}: other rows refer to it`,
        code: 'referenced',
        references: [],
      });
    }
    throw error;
  }
}

const writable = (def: EntityDef) => def.fields.filter((field) => !field.readOnly);

export interface WriteResult {
  row: Row;
  action: 'create' | 'update' | 'delete';
}

export async function createRow(db: AnyDb, def: EntityDef, values: Row, actor: ResourceActor): Promise<Row> {
  return guarded(def, () => db.transaction().execute((trx) => createIn(trx, def, values, actor)));
}

export async function createIn(trx: AnyDb, def: EntityDef, given: Row, actor: ResourceActor): Promise<Row> {
  const values = { ...given, ...def.derive?.(given) };
  await checkRelations(trx, def, values);
  const fields = writable(def).filter((field) => field.name in values);
  const userId = actor.kind === 'user' ? actor.userId : null;
  const result =
    await sql<Row>`insert into ${table(def)} (${sql.join([...fields.map((field) => col(field.name)), sql`created_by`, sql`updated_by`])})
    values (${sql.join([...fields.map((field) => toDb(field, values[field.name])), userId, userId])})
    returning ${selectList(def)}`.execute(trx);
  const row = rowFromDb(def, result.rows[0]!);
  await writeResourceAudit(trx, actor, 'create', def.name, row.id as number, null, auditRow(def, row));
  return row;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export async function updateRow(
  db: AnyDb,
  def: EntityDef,
  id: number,
  changes: Row & { version: number },
  actor: ResourceActor,
): Promise<Row> {
  return guarded(def, () => db.transaction().execute((trx) => updateIn(trx, def, id, changes, actor)));
}

export async function updateIn(
  trx: AnyDb,
  def: EntityDef,
  id: number,
  changes: Row & { version: number },
  actor: ResourceActor,
): Promise<Row> {
  const current = await lockRow(trx, def, id);
  if (!current || (def.softDelete && current.deleted_at)) throw notFound(def, id);
  if (current.version !== changes.version) {
    throw new ResourceError(409, {
      message: `This ${def.label.toLowerCase()} was changed by someone else (now version ${String(current.version)}, you edited version ${changes.version}). Reload to see the changes.`,
      code: 'conflict',
      current: maskRow(def, current),
    });
  }
  const { version: _version, ...given } = changes;
  const body = { ...given, ...def.derive?.({ ...current, ...given }) };
  const merged = { ...current, ...body };
  const problems = checkRules(def, merged);
  if (problems.length) {
    const fields: Record<string, string[]> = {};
    for (const problem of problems) (fields[problem.path] ??= []).push(problem.message);
    throw invalid(fields);
  }
  const changed = writable(def).filter(
    (field) => field.name in body && !same(body[field.name], current[field.name]),
  );
  // Nothing changes: no new version, no audit entry, no push.
  if (changed.length === 0) return current;
  const relationChanges = Object.fromEntries(
    changed.filter((field) => field.type === 'relation').map((field) => [field.name, body[field.name]]),
  );
  await checkRelations(trx, def, relationChanges);
  return writeChanges(trx, def, current, changed, body, actor, 'update');
}

/** Writes the given fields of a locked row (version + 1) and its audit entry with only those fields. */
async function writeChanges(
  trx: AnyDb,
  def: EntityDef,
  current: Row,
  fields: FieldDef[],
  values: Row,
  actor: ResourceActor,
  auditAction: string,
): Promise<Row> {
  const id = current.id as number;
  const userId = actor.kind === 'user' ? actor.userId : null;
  const sets = [
    ...fields.map((field) => sql`${col(field.name)} = ${toDb(field, values[field.name])}`),
    sql`version = version + 1`,
    sql`updated_at = now()`,
    sql`updated_by = ${userId}`,
  ];
  const result =
    await sql<Row>`update ${table(def)} set ${sql.join(sets)} where id = ${id} returning ${selectList(def)}`.execute(
      trx,
    );
  const row = rowFromDb(def, result.rows[0]!);
  const before = Object.fromEntries(fields.map((field) => [field.name, current[field.name]]));
  const after = Object.fromEntries(fields.map((field) => [field.name, row[field.name]]));
  await writeResourceAudit(
    trx,
    actor,
    auditAction,
    def.name,
    id,
    auditRow(def, before),
    auditRow(def, after),
  );
  return row;
}

/** The fields a state transition owns: they change through the entity's actions only, never by PATCH. */
export function transitionFields(def: EntityDef): string[] {
  return [
    ...new Set((def.actions ?? []).flatMap((action) => (action.transition ? [action.transition.field] : []))),
  ];
}

const WIB_MS = 7 * 60 * 60 * 1000;

/** An action's `set` values at time `now`: '$now' → the instant, '$today' → the date in Jakarta. */
function actionValues(action: EntityAction, now: Date): Row {
  const values: Row = {};
  for (const [name, value] of Object.entries(action.set ?? {})) {
    values[name] =
      value === '$now'
        ? now.toISOString()
        : value === '$today'
          ? new Date(now.getTime() + WIB_MS).toISOString().slice(0, 10)
          : value;
  }
  if (action.transition) values[action.transition.field] = action.transition.to;
  return values;
}

/**
 * Runs a named action on rows, all or nothing, in one transaction with one audit entry per row (audit action
 * = the action's name). A row whose state the transition does not start from answers 409 `invalid_state`
 * naming the rows; a given `version` that is not the row's answers 409 `conflict`. Returns the changed rows.
 */
export async function runAction(db: AnyDb, ...run: ActionRun): Promise<Row[]> {
  return guarded(run[0], () => db.transaction().execute((trx) => runActionIn(trx, ...run)));
}

/** What an action run needs besides the database: the entity, the action, its rows, who runs it and when. */
type ActionRun = [
  def: EntityDef,
  action: EntityAction,
  targets: { id: number; version?: number | undefined }[],
  actor: ResourceActor,
  now: Date,
];

/** `runAction` inside the caller's transaction (several actions committed together, e.g. receipts in bulk). */
export async function runActionIn(
  trx: AnyDb,
  ...[def, action, targets, actor, now]: ActionRun
): Promise<Row[]> {
  const values = actionValues(action, now);
  const fields = def.fields.filter((field) => field.name in values);
  const rows: Row[] = [];
  const blocked: { id: number; state: unknown }[] = [];
  for (const { id, version } of [...targets].sort((a, b) => a.id - b.id)) {
    const current = await lockRow(trx, def, id);
    if (!current || (def.softDelete && current.deleted_at)) throw notFound(def, id);
    if (version !== undefined && current.version !== version) {
      throw new ResourceError(409, {
        message: `This ${def.label.toLowerCase()} was changed by someone else (now version ${String(current.version)}, you saw version ${version}). Reload to see the changes.`,
        code: 'conflict',
        current: maskRow(def, current),
      });
    }
    const transition = action.transition;
    if (transition && !transition.from.includes(String(current[transition.field]))) {
      blocked.push({ id, state: current[transition.field] });
      continue;
    }
    const row = await writeChanges(trx, def, current, fields, values, actor, action.name);
    rows.push(row);
  }
  if (blocked.length) {
    const field = def.fields.find((f) => f.name === action.transition!.field);
    const states = [...new Set(blocked.map((b) => String(b.state)))].join(', ');
    throw new ResourceError(409, {
      message: `"${action.label}" needs ${field?.label ?? action.transition!.field} ${action.transition!.from.join(' or ')}; ${blocked.length === 1 ? `${def.label.toLowerCase()} ${blocked[0]!.id} is` : `${blocked.length} ${lower(def.labelPlural)} are`} ${states}. Nothing was changed.`,
      code: 'invalid_state',
      ids: blocked.map((b) => b.id),
    });
  }
  return rows;
}

/** Brings a soft-deleted row back (its unique values must still be free: else 409 unique). */
export async function restoreRow(db: AnyDb, def: EntityDef, id: number, actor: ResourceActor): Promise<Row> {
  return guarded(def, () =>
    db.transaction().execute(async (trx) => {
      const current = await lockRow(trx, def, id);
      if (!current || !def.softDelete) throw notFound(def, id);
      if (!current.deleted_at) return current;
      await checkRelations(trx, def, current);
      const userId = actor.kind === 'user' ? actor.userId : null;
      const result =
        await sql<Row>`update ${table(def)} set deleted_at = null, version = version + 1, updated_at = now(), updated_by = ${userId}
        where id = ${id} returning ${selectList(def)}`.execute(trx);
      const row = rowFromDb(def, result.rows[0]!);
      await writeResourceAudit(
        trx,
        actor,
        'restore',
        def.name,
        id,
        { deleted_at: current.deleted_at },
        { deleted_at: null },
      );
      return row;
    }),
  );
}

/** The fields an upsert matches on: the first unique group, else the first unique field. */
export function upsertKey(def: EntityDef): string[] | null {
  return (
    def.uniqueTogether?.[0] ??
    (def.fields.find((field) => field.unique) ? [def.fields.find((field) => field.unique)!.name] : null)
  );
}

/**
 * Creates the row, or updates the live row with the same upsert key (automation: n8n re-sends what it
 * scraped). Only the fields present in the request body change on update; the rest (staff notes, status) stay.
 */
export async function upsertRow(
  db: AnyDb,
  def: EntityDef,
  values: Row,
  present: readonly string[],
  actor: ResourceActor,
): Promise<{ row: Row; created: boolean; changed: boolean }> {
  const key = upsertKey(def);
  if (!key)
    throw new ResourceError(400, {
      message: `${def.labelPlural} have no unique key to upsert on`,
      code: 'INVALID_INPUT',
      fields: { _: ['No unique key'] },
    });
  return guarded(def, () =>
    db.transaction().execute(async (trx) => {
      const conditions = key.map((name) => {
        const field = def.fields.find((candidate) => candidate.name === name)!;
        const value = values[name];
        if (value === null || value === undefined) return sql`${col(name)} is null`;
        return field.type === 'text'
          ? sql`lower(${col(name)}) = lower(${value})`
          : sql`${col(name)} = ${toDb(field, value)}`;
      });
      if (def.softDelete) conditions.push(sql`deleted_at is null`);
      const found = await sql<{
        id: string;
        version: number;
      }>`select id, version from ${table(def)} where ${sql.join(conditions, sql` and `)} for update`.execute(
        trx,
      );
      const existing = found.rows[0];
      if (!existing) return { row: await createIn(trx, def, values, actor), created: true, changed: true };
      const changes = Object.fromEntries(
        present.filter((name) => name in values).map((name) => [name, values[name]]),
      );
      const row = await updateIn(
        trx,
        def,
        Number(existing.id),
        { ...changes, version: existing.version },
        actor,
      );
      return { row, created: false, changed: row.version !== existing.version };
    }),
  );
}

/** Deletes rows (soft where the entity keeps history): all or nothing. */
export async function deleteRows(
  db: AnyDb,
  def: EntityDef,
  ids: number[],
  actor: ResourceActor,
  expectedVersion?: number,
): Promise<Row[]> {
  return guarded(def, () =>
    db.transaction().execute(async (trx) => {
      const unique = [...new Set(ids)].sort((a, b) => a - b);
      const locked =
        await sql<Row>`select ${selectList(def)} from ${table(def)} where id = any(${unique}::bigint[]) order by id for update`.execute(
          trx,
        );
      const rows = locked.rows.map((raw) => rowFromDb(def, raw));
      const live = rows.filter((row) => !(def.softDelete && row.deleted_at));
      const missing = unique.filter((id) => !live.some((row) => row.id === id));
      if (missing.length) {
        throw new ResourceError(404, {
          message:
            missing.length === 1
              ? `No ${def.label.toLowerCase()} with id ${missing[0]}`
              : `No ${lower(def.labelPlural)} with ids ${missing.join(', ')}`,
          code: 'NOT_FOUND',
          ids: missing,
        });
      }
      if (expectedVersion !== undefined && live[0] && live[0].version !== expectedVersion) {
        throw new ResourceError(409, {
          message: `This ${def.label.toLowerCase()} was changed by someone else (now version ${String(live[0].version)}). Reload before deleting.`,
          code: 'conflict',
          current: maskRow(def, live[0]),
        });
      }
      await checkNotReferenced(trx, def, unique);
      const userId = actor.kind === 'user' ? actor.userId : null;
      let after: Row[] = [];
      if (def.softDelete) {
        const result =
          await sql<Row>`update ${table(def)} set deleted_at = now(), version = version + 1, updated_at = now(), updated_by = ${userId}
          where id = any(${unique}::bigint[]) returning ${selectList(def)}`.execute(trx);
        after = result.rows.map((raw) => rowFromDb(def, raw));
      } else {
        await sql`delete from ${table(def)} where id = any(${unique}::bigint[])`.execute(trx);
      }
      for (const row of live) {
        const deleted = after.find((candidate) => candidate.id === row.id);
        await writeResourceAudit(
          trx,
          actor,
          'delete',
          def.name,
          row.id as number,
          auditRow(def, row),
          deleted ? { deleted_at: deleted.deleted_at } : null,
        );
      }
      return def.softDelete ? after : live;
    }),
  );
}
