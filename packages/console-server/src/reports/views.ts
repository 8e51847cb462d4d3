import type { ReportId, ReportViewCreate, SavedReportView } from '@staff/console-contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

interface Row {
  id: number;
  name: string;
  shared: boolean;
  owner_id: number;
  owner: string;
  params: SavedReportView['params'];
}

const toView = (row: Row, userId: number): SavedReportView => ({
  id: Number(row.id),
  name: row.name,
  shared: row.shared,
  mine: Number(row.owner_id) === userId,
  owner: row.owner,
  params: row.params,
});

/** The caller's own views of a report and the views others shared, by name. */
export async function listReportViews(
  db: Kysely<Database>,
  reportId: ReportId,
  userId: number,
): Promise<SavedReportView[]> {
  const result = await sql<Row>`
    select v.id, v.name, v.shared, v.owner_id, u.full_name as owner, v.params
    from report_views v join users u on u.id = v.owner_id
    where v.report_id = ${reportId} and (v.owner_id = ${userId} or v.shared)
    order by lower(v.name), v.id`.execute(db);
  return result.rows.map((row) => toView(row, userId));
}

/** Saves a view; null when the caller already has a view of that name for the report. */
export async function createReportView(
  db: Kysely<Database>,
  reportId: ReportId,
  input: ReportViewCreate,
  userId: number,
): Promise<SavedReportView | null> {
  const result = await sql<Row>`
    with saved as (
      insert into report_views (report_id, owner_id, name, shared, params)
      values (${reportId}, ${userId}, ${input.name}, ${input.shared}, ${JSON.stringify(input.params)}::jsonb)
      on conflict (owner_id, report_id, lower(name)) do nothing
      returning id, name, shared, owner_id, params
    )
    select saved.*, u.full_name as owner from saved join users u on u.id = saved.owner_id`.execute(db);
  const row = result.rows[0];
  return row ? toView(row, userId) : null;
}

/** Deletes one of the caller's views of the report; false when there is none (or it is someone else's). */
export async function deleteReportView(
  db: Kysely<Database>,
  reportId: ReportId,
  id: number,
  userId: number,
): Promise<boolean> {
  const result = await sql`
    delete from report_views where id = ${id} and report_id = ${reportId} and owner_id = ${userId}`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0) > 0;
}
