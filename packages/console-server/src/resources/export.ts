/**
 * A list view read whole, as the table shows it (relation labels, choice labels, masked secrets): the list's CSV
 * export streams it, and a Sheet Report schedule of a saved view writes it as CSV, XLSX or into a Google Sheet.
 */
import { sql } from 'kysely';
import {
  getEntity,
  maskRow,
  type EntityDef,
  type Language,
  type ListCursor,
  type ListQuery,
} from '@staff/console-contract';
import {
  type AnyDb,
  type Row,
  andWhere,
  col,
  hasConditions,
  keysetCondition,
  orderOf,
  rowFromDb,
  selectList,
  sortValue,
  table,
  whereOf,
} from './query.js';

const BATCH = 1000;

/** CSV cell: quoted when needed; text that a spreadsheet would run as a formula gets a leading apostrophe. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = Array.isArray(value)
    ? value.join('; ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

type Labels = Record<string, Record<string, string>>;

/** Labels of the related rows the given rows point at: `{ creator_id: { "12": "Nadia Putri" } }`. */
export async function relationLabels(
  db: AnyDb,
  def: EntityDef,
  rows: readonly Row[],
  only?: readonly string[],
): Promise<Labels> {
  const labels: Labels = {};
  for (const field of def.fields) {
    if (field.type !== 'relation' || !field.relation || (only && !only.includes(field.name))) continue;
    const target = getEntity(field.relation.entity);
    if (!target) continue;
    const ids = [
      ...new Set(rows.map((row) => row[field.name]).filter((id): id is number => typeof id === 'number')),
    ];
    labels[field.name] = {};
    if (ids.length === 0) continue;
    const result = await sql<{
      id: string;
      label: string | null;
    }>`select id, cast(${col(field.relation.labelField)} as text) as label from ${table(target)} where id = any(${ids}::bigint[])`.execute(
      db,
    );
    for (const row of result.rows) labels[field.name]![String(row.id)] = row.label ?? String(row.id);
  }
  return labels;
}

/** One page of a list view (offset, or keyset after `cursor`). */
export async function listPage(
  db: AnyDb,
  def: EntityDef,
  query: ListQuery,
  now: Date,
  cursor: ListCursor | null,
  limit: number,
  offset: number,
): Promise<Row[]> {
  const where = andWhere(
    whereOf(def, query, now),
    cursor ? keysetCondition(def, query.sort, cursor) : null,
    hasConditions(def, query),
  );
  const result =
    await sql<Row>`select ${selectList(def)} from ${table(def)} ${where} ${orderOf(def, query.sort)} limit ${limit} offset ${offset}`.execute(
      db,
    );
  return result.rows.map((raw) => rowFromDb(def, raw));
}

/** The system columns' headings (an entity's own fields are labelled by its localized definition). */
const SYSTEM_LABELS: Record<Language, Record<string, string>> = {
  en: {
    id: 'Id',
    version: 'Version',
    created_at: 'Created at',
    updated_at: 'Updated at',
    deleted_at: 'Deleted at',
  },
  id: { id: 'Id', version: 'Versi', created_at: 'Dibuat', updated_at: 'Diubah', deleted_at: 'Dihapus' },
};

/** The view's columns (its own, else id and the list columns) with the labels the table shows. */
export function exportColumns(
  def: EntityDef,
  query: ListQuery,
  language: Language = 'en',
): { names: string[]; labels: string[] } {
  const names = query.columns ?? [
    'id',
    ...def.fields.filter((field) => field.list).map((field) => field.name),
  ];
  const labelOf = (name: string) =>
    def.fields.find((field) => field.name === name)?.label ?? SYSTEM_LABELS[language][name] ?? name;
  return { names, labels: names.map(labelOf) };
}

/**
 * The view's rows in batches, each row its cells in column order: relations by their label, choices as the table
 * shows them ("TikTok", not `tiktok`), secrets masked. `now` is one cut-off for every batch ("within the last N
 * days" does not move while the rows are read).
 */
export async function* exportBatches(
  db: AnyDb,
  def: EntityDef,
  query: ListQuery,
  now: Date,
): AsyncGenerator<unknown[][]> {
  const { names } = exportColumns(def, query);
  const relationColumns = names.filter((name) =>
    def.fields.some((field) => field.name === name && field.type === 'relation'),
  );
  const choiceLabels = new Map(
    def.fields
      .filter((field) => field.type === 'enum' && field.options && names.includes(field.name))
      .map((field) => [field.name, new Map(field.options!.map((option) => [option.value, option.label]))]),
  );
  let cursor: ListCursor | null = query.cursor;
  for (;;) {
    const rows = (await listPage(db, def, query, now, cursor, BATCH, 0)).map((row) => maskRow(def, row));
    const labels = relationColumns.length ? await relationLabels(db, def, rows, relationColumns) : {};
    const cells = rows.map((row) =>
      names.map((name) =>
        relationColumns.includes(name) && row[name] !== null
          ? (labels[name]?.[String(row[name])] ?? row[name])
          : row[name] !== null && choiceLabels.has(name)
            ? (choiceLabels.get(name)!.get(String(row[name])) ?? row[name])
            : row[name],
      ),
    );
    if (cells.length) yield cells;
    const last = rows.at(-1);
    if (rows.length < BATCH || !last) return;
    cursor = { value: sortValue(last, query.sort), id: last.id as number };
  }
}

/** The view as CSV text, streamed: a BOM and the header, then the rows batch by batch. */
export async function* csvExport(
  db: AnyDb,
  def: EntityDef,
  query: ListQuery,
  now: Date,
  language: Language = 'en',
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(exportColumns(def, query, language).labels)}`;
  for await (const batch of exportBatches(db, def, query, now)) yield batch.map(csvLine).join('');
}
