import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import {
  type AuditEntry,
  type AuditFacets,
  auditChanges,
  auditValueText,
  type Language,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { csvLine } from '../resources/export.js';

type Db = Kysely<Database>;

export interface AuditFilters {
  user?: number | undefined;
  entity?: string | undefined;
  action?: string | undefined;
  /** Asia/Jakarta calendar days, both included. */
  from?: string | undefined;
  to?: string | undefined;
}

/** The start of a Jakarta day (UTC+7 all year) as an instant. */
const jakartaMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`);
const nextDay = (day: string) => new Date(jakartaMidnight(day).getTime() + 86_400_000);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the joined selection's row type is kysely's.
function filtered<QB extends SelectQueryBuilder<Database, 'audit_log', any>>(
  query: QB,
  filters: AuditFilters,
): QB {
  let q = query;
  if (filters.user !== undefined) q = q.where('audit_log.actor_id', '=', filters.user) as QB;
  if (filters.entity !== undefined) q = q.where('audit_log.entity', '=', filters.entity) as QB;
  if (filters.action !== undefined) q = q.where('audit_log.action', '=', filters.action) as QB;
  if (filters.from !== undefined) q = q.where('audit_log.at', '>=', jakartaMidnight(filters.from)) as QB;
  if (filters.to !== undefined) q = q.where('audit_log.at', '<', nextDay(filters.to)) as QB;
  return q;
}

const entriesQuery = (db: Db, filters: AuditFilters) =>
  filtered(
    db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.id',
        'audit_log.at',
        'audit_log.actor_id',
        'users.full_name as actor_name',
        'users.username as actor_username',
        'audit_log.action',
        'audit_log.entity',
        'audit_log.entity_id',
        'audit_log.before',
        'audit_log.after',
        'audit_log.ip',
        // The exact instant (microseconds), for the export's keyset.
        sql<string>`audit_log.at::text`.as('at_key'),
      ])
      .orderBy('audit_log.at', 'desc')
      .orderBy('audit_log.id', 'desc'),
    filters,
  );

type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesQuery>['execute']>>[number];

const entryOf = (row: EntryRow): AuditEntry => ({
  id: Number(row.id),
  at: new Date(row.at).toISOString(),
  actor_id: row.actor_id,
  actor_name: row.actor_name ?? null,
  actor_username: row.actor_username ?? null,
  action: row.action,
  entity: row.entity,
  entity_id: row.entity_id,
  before: row.before ?? null,
  after: row.after ?? null,
  ip: row.ip,
});

/** One page of entries, newest first, with the total under the filters. */
export async function listAudit(
  db: Db,
  filters: AuditFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: AuditEntry[]; total: number; page: number; page_size: number }> {
  const rows = await entriesQuery(db, filters)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await filtered(
    db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')),
    filters,
  ).executeTakeFirst();
  return { rows: rows.map(entryOf), total: Number(count?.n ?? 0), page, page_size: pageSize };
}

/** The entities and actions the log holds, and the users who made an entry. */
export async function auditFacets(db: Db): Promise<AuditFacets> {
  const entities = await sql<{ v: string }>`select distinct entity as v from audit_log order by 1`.execute(
    db,
  );
  const actions = await sql<{ v: string }>`select distinct action as v from audit_log order by 1`.execute(db);
  const users = await sql<{ id: number; name: string; username: string }>`
    select u.id, u.full_name as name, u.username from users u
    where exists (select 1 from audit_log a where a.actor_id = u.id)
    order by u.full_name, u.id`.execute(db);
  return {
    entities: entities.rows.map((row) => row.v),
    actions: actions.rows.map((row) => row.v),
    users: users.rows,
  };
}

/** The export's cap: a larger log is narrowed with the filters first. */
export const AUDIT_EXPORT_MAX = 50_000;

const CSV_HEADINGS: Record<Language, string[]> = {
  en: ['Time (WIB)', 'User', 'Username', 'Action', 'Entity', 'Record', 'Field', 'Before', 'After', 'IP'],
  id: [
    'Waktu (WIB)',
    'Pengguna',
    'Nama pengguna',
    'Aksi',
    'Entitas',
    'Data',
    'Kolom',
    'Sebelum',
    'Sesudah',
    'IP',
  ],
};

const wib = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Jakarta',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * The filtered log as CSV, newest first: one line per changed field (an entry without a field change, a sign-in
 * say, is one line with the field empty). Read in batches; the headings follow the person's language.
 */
export async function* auditCsv(db: Db, filters: AuditFilters, language: Language): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_HEADINGS[language])}`;
  const batch = 1000;
  // Keyset, not offset: entries written meanwhile do not shift the batches.
  let last: { at: string; id: string } | null = null;
  for (let read = 0; read < AUDIT_EXPORT_MAX; read += batch) {
    let query = entriesQuery(db, filters).limit(Math.min(batch, AUDIT_EXPORT_MAX - read));
    if (last) {
      const { at, id } = last;
      query = query.where((eb) =>
        eb.or([
          eb('audit_log.at', '<', sql<Date>`${at}::timestamptz`),
          eb.and([eb('audit_log.at', '=', sql<Date>`${at}::timestamptz`), eb('audit_log.id', '<', id)]),
        ]),
      );
    }
    const rows = await query.execute();
    const end = rows.at(-1);
    if (end) last = { at: end.at_key, id: String(end.id) };
    let text = '';
    for (const row of rows.map(entryOf)) {
      const head = [
        wib.format(new Date(row.at)),
        row.actor_name ?? '',
        row.actor_username ?? '',
        row.action,
        row.entity,
        row.entity_id ?? '',
      ];
      const changes = auditChanges(row.before, row.after);
      if (changes.length === 0) text += csvLine([...head, '', '', '', row.ip ?? '']);
      for (const change of changes)
        text += csvLine([
          ...head,
          change.field,
          auditValueText(change.before),
          auditValueText(change.after),
          row.ip ?? '',
        ]);
    }
    if (text) yield text;
    if (rows.length < batch) return;
  }
}
