import ExcelJS from 'exceljs';
import { type Kysely, sql } from 'kysely';
import {
  REPORT_DEFINITIONS,
  getEntity,
  spreadsheetIdOf,
  type ReportId,
  type SheetFormat,
  type SheetReportRun,
  type SheetReportSchedule,
  type SheetSchedule,
  type SheetViewChoice,
  nextSheetRun,
  reportQuerySchema,
  type sheetReportInputSchema,
  type z,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import { type AuditEntry, writeAudit } from '../services/audit.js';
import { ReportInputError, runReport } from '../reports/engine.js';
import { reportCsv, reportTable, reportXlsx } from '../reports/export.js';
import { SecretError, openSecret, sealSecret } from '../secrets/index.js';
import { csvExport, exportBatches, exportColumns } from '../resources/export.js';
import { findView, viewListQuery } from '../resources/views.js';
import { userPermission } from '../services/users.js';
import {
  GOOGLE_DEFAULTS,
  GoogleSheetsError,
  parseServiceAccount,
  writeGoogleSheet,
  type GoogleSheetsConfig,
} from './google.js';

export type ScheduleInput = z.output<typeof sheetReportInputSchema>;
export interface Actor {
  userId: number;
  ip: string | null;
}

/** The audit entry of a change `actor` made to schedule `id`. */
const auditSchedule = (
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  change: Pick<AuditEntry, 'action' | 'before' | 'after'>,
) =>
  writeAudit(db, {
    actorId: actor.userId,
    entity: 'sheet_report_schedules',
    entityId: id,
    ip: actor.ip,
    ...change,
  });

interface ScheduleRow {
  id: number;
  name: string;
  report: ReportId;
  group_by: string | null;
  days: number;
  format: SheetFormat;
  frequency: 'daily' | 'weekly';
  time_of_day: string;
  weekday: number | null;
  keep: number;
  active: boolean;
  next_run_at: Date | string | null;
  version: number;
  google_spreadsheet_id: string | null;
  google_sheet: string | null;
  google_client_email: string | null;
  google_credentials: string | null;
  source: 'report' | 'view';
  view_id: number | null;
  created_by: number | null;
  /** From the saved view (left join). */
  view_name?: string | null;
  view_entity?: string | null;
}

interface RunRow {
  id: number;
  schedule_id: number;
  trigger: 'schedule' | 'manual';
  status: 'running' | 'succeeded' | 'failed';
  started_at: Date | string;
  finished_at: Date | string | null;
  duration_ms: number | null;
  rows: number | null;
  error: string | null;
  file_name: string | null;
  sheet_range: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const RUN_COLUMNS = sql`r.id, r.schedule_id, r.trigger, r.status, r.started_at, r.finished_at, r.duration_ms,
  r.rows, r.error, f.file_name, r.sheet_range`;

function toRun(row: RunRow): SheetReportRun {
  return {
    id: row.id,
    schedule_id: row.schedule_id,
    trigger: row.trigger,
    status: row.status,
    started_at: iso(row.started_at),
    finished_at: row.finished_at === null ? null : iso(row.finished_at),
    duration_ms: row.duration_ms,
    rows: row.rows,
    error: row.error,
    file_name: row.file_name,
    sheet_range: row.sheet_range,
  };
}

const scheduleOf = (row: Pick<ScheduleRow, 'frequency' | 'time_of_day' | 'weekday'>): SheetSchedule =>
  row.frequency === 'weekly'
    ? { frequency: 'weekly', time: row.time_of_day, weekday: row.weekday ?? 1 }
    : { frequency: 'daily', time: row.time_of_day };

function toSchedule(row: ScheduleRow, lastRun: SheetReportRun | null): SheetReportSchedule {
  return {
    id: row.id,
    name: row.name,
    report: row.report,
    group_by: row.group_by,
    days: row.days,
    format: row.format,
    schedule: scheduleOf(row),
    keep: row.keep,
    active: row.active,
    next_run_at: row.next_run_at === null ? null : iso(row.next_run_at),
    source: row.source,
    view:
      row.view_id !== null && row.view_name && row.view_entity
        ? { id: row.view_id, name: row.view_name, entity: row.view_entity }
        : null,
    google_sheet: row.google_spreadsheet_id
      ? {
          spreadsheet_id: row.google_spreadsheet_id,
          sheet: row.google_sheet ?? '',
          client_email: row.google_client_email,
        }
      : null,
    last_run: lastRun,
    version: row.version,
  };
}

const invalid = (field: string, message: string) =>
  new HttpError(400, 'Invalid body', 'INVALID_INPUT', { [`body.${field}`]: [message] });

/** A group_by the report does not have is the form's mistake: a 400 naming the field, before anything is written. */
function checkGroupBy(input: ScheduleInput): void {
  if (input.group_by === undefined) return;
  const keys = REPORT_DEFINITIONS[input.report].dimensions.map((dimension) => dimension.key);
  if (!keys.includes(input.group_by)) throw invalid('group_by', `Expected one of: ${keys.join(', ')}`);
}

/** The Google columns a schedule input asks for; the key sealed, or the stored one kept when none is sent. */
function googleColumns(input: ScheduleInput, stored: ScheduleRow | null) {
  const target = input.google_sheet;
  if (!target) return { spreadsheetId: null, sheet: null, clientEmail: null, credentials: null };
  let clientEmail = stored?.google_client_email ?? null;
  let credentials = stored?.google_credentials ?? null;
  if (target.credentials !== undefined && target.credentials.trim() !== '') {
    const account = parseServiceAccount(target.credentials);
    if (!account)
      throw invalid(
        'google_sheet.credentials',
        "A service account's JSON key (with client_email and private_key)",
      );
    clientEmail = account.client_email;
    credentials = sealSecret(target.credentials);
  }
  if (credentials === null)
    throw invalid('google_sheet.credentials', "The service account's JSON key is required");
  return {
    spreadsheetId: spreadsheetIdOf(target.spreadsheet)!,
    sheet: target.sheet,
    clientEmail,
    credentials,
  };
}

/** A schedule with its saved view's name and entity. */
const SCHEDULES = sql`select s.*, v.name as view_name, v.entity as view_entity
  from sheet_report_schedules s left join saved_views v on v.id = s.view_id`;

async function scheduleRow(db: Kysely<Database>, id: number, lock = false): Promise<ScheduleRow> {
  const row = (
    await sql<ScheduleRow>`${SCHEDULES} where s.id = ${id} ${lock ? sql`for update of s` : sql``}`.execute(db)
  ).rows[0];
  if (!row) throw new HttpError(404, `No sheet report #${id}`, 'NOT_FOUND');
  return row;
}

/** Every schedule with its latest run, by name. */
export async function listSchedules(db: Kysely<Database>): Promise<SheetReportSchedule[]> {
  const rows = (await sql<ScheduleRow>`${SCHEDULES} order by lower(s.name), s.id`.execute(db)).rows;
  const last = (
    await sql<RunRow>`
      select distinct on (r.schedule_id) ${RUN_COLUMNS}
      from sheet_report_runs r left join sheet_report_files f on f.run_id = r.id
      order by r.schedule_id, r.id desc`.execute(db)
  ).rows;
  const bySchedule = new Map(last.map((row) => [row.schedule_id, toRun(row)]));
  return rows.map((row) => toSchedule(row, bySchedule.get(row.id) ?? null));
}

export async function getSchedule(db: Kysely<Database>, id: number): Promise<SheetReportSchedule> {
  const row = await scheduleRow(db, id);
  const last = (
    await sql<RunRow>`
      select ${RUN_COLUMNS} from sheet_report_runs r left join sheet_report_files f on f.run_id = r.id
      where r.schedule_id = ${id} order by r.id desc limit 1`.execute(db)
  ).rows[0];
  return toSchedule(row, last ? toRun(last) : null);
}

const nextRun = (input: ScheduleInput, now: Date) =>
  input.active ? nextSheetRun(input.schedule, now) : null;

export async function createSchedule(
  db: Kysely<Database>,
  input: ScheduleInput,
  actor: Actor,
  now: Date,
): Promise<SheetReportSchedule> {
  checkGroupBy(input);
  const google = googleColumns(input, null);
  return db.transaction().execute(async (trx) => {
    const id = (
      await sql<{ id: number }>`
        insert into sheet_report_schedules
          (name, report, group_by, days, format, frequency, time_of_day, weekday, keep, active, next_run_at,
           created_by, google_spreadsheet_id, google_sheet, google_client_email, google_credentials, source, view_id)
        values (${input.name}, ${input.report}, ${input.group_by ?? null}, ${input.days}, ${input.format},
          ${input.schedule.frequency}, ${input.schedule.time},
          ${input.schedule.frequency === 'weekly' ? input.schedule.weekday! : null}, ${input.keep},
          ${input.active}, ${nextRun(input, now)}, ${actor.userId}, ${google.spreadsheetId}, ${google.sheet},
          ${google.clientEmail}, ${google.credentials}, ${input.view_id ? 'view' : 'report'},
          ${input.view_id ?? null})
        returning id`.execute(trx)
    ).rows[0]!.id;
    const saved = await getSchedule(trx, id);
    await auditSchedule(trx, actor, id, { action: 'create', after: saved });
    return saved;
  });
}

export async function updateSchedule(
  db: Kysely<Database>,
  id: number,
  input: ScheduleInput,
  actor: Actor,
  now: Date,
): Promise<SheetReportSchedule> {
  checkGroupBy(input);
  return db.transaction().execute(async (trx) => {
    const google = googleColumns(input, await scheduleRow(trx, id, true));
    const before = await getSchedule(trx, id);
    await sql`
      update sheet_report_schedules set name = ${input.name}, report = ${input.report},
        group_by = ${input.group_by ?? null}, days = ${input.days}, format = ${input.format},
        frequency = ${input.schedule.frequency}, time_of_day = ${input.schedule.time},
        weekday = ${input.schedule.frequency === 'weekly' ? input.schedule.weekday! : null}, keep = ${input.keep},
        active = ${input.active}, next_run_at = ${nextRun(input, now)},
        google_spreadsheet_id = ${google.spreadsheetId}, google_sheet = ${google.sheet},
        google_client_email = ${google.clientEmail}, google_credentials = ${google.credentials},
        source = ${input.view_id ? 'view' : 'report'}, view_id = ${input.view_id ?? null},
        updated_at = now(), version = version + 1
      where id = ${id}`.execute(trx);
    await pruneFiles(trx, id, input.keep);
    const after = await getSchedule(trx, id);
    await auditSchedule(trx, actor, id, { action: 'update', before, after });
    return after;
  });
}

/** Deletes a schedule with its runs and files (cascade), audited. */
export async function deleteSchedule(db: Kysely<Database>, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await scheduleRow(trx, id, true);
    const before = await getSchedule(trx, id);
    await sql`delete from sheet_report_schedules where id = ${id}`.execute(trx);
    await auditSchedule(trx, actor, id, { action: 'delete', before });
  });
}

export async function listRuns(
  db: Kysely<Database>,
  scheduleId: number,
  limit = 50,
): Promise<SheetReportRun[]> {
  await scheduleRow(db, scheduleId);
  const rows = (
    await sql<RunRow>`
      select ${RUN_COLUMNS} from sheet_report_runs r left join sheet_report_files f on f.run_id = r.id
      where r.schedule_id = ${scheduleId} order by r.id desc limit ${limit}`.execute(db)
  ).rows;
  return rows.map(toRun);
}

export async function runFile(
  db: Kysely<Database>,
  runId: number,
): Promise<{ file_name: string; content_type: string; content: Buffer }> {
  const row = (
    await sql<{ file_name: string; content_type: string; content: Uint8Array }>`
      select file_name, content_type, content from sheet_report_files where run_id = ${runId}`.execute(db)
  ).rows[0];
  if (!row) throw new HttpError(404, `No file kept for run #${runId}`, 'NOT_FOUND');
  return { ...row, content: Buffer.from(row.content) };
}

/** Keeps the files of the last `keep` runs of a schedule; older files are deleted (their runs stay in the log). */
async function pruneFiles(db: Kysely<Database>, scheduleId: number, keep: number): Promise<void> {
  await sql`
    delete from sheet_report_files where run_id in (
      select f.run_id from sheet_report_files f join sheet_report_runs r on r.id = f.run_id
      where r.schedule_id = ${scheduleId} order by f.run_id desc offset ${keep})`.execute(db);
}

const DAY_MS = 86_400_000;
/** Longer than any run takes (a report export is seconds; Google's calls time out after 30 s each). */
export const STALE_RUN_MS = 30 * 60_000;
const JAKARTA_OFFSET_MS = 7 * 3_600_000;
const jakartaDay = (time: number) => new Date(time + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);

/** The last `days` whole Jakarta days before `now`'s day. */
export function rangeBefore(now: Date, days: number): { from: string; to: string } {
  const today = Date.parse(`${jakartaDay(now.getTime())}T00:00:00Z`);
  return {
    from: jakartaDay(today - days * DAY_MS - JAKARTA_OFFSET_MS),
    to: jakartaDay(today - DAY_MS - JAKARTA_OFFSET_MS),
  };
}

const CONTENT_TYPES: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

type Cell = string | number | null;

interface Exported {
  title: string;
  fileStem: string;
  /** Header, rows (and a totals line for a report): the Google Sheet's cells. */
  table: Cell[][];
  csv: string;
  rows: number;
  /** The report's own formatted sheet; a list view gets a plain one. */
  xlsx?: () => Promise<Buffer>;
}

async function reportExport(
  db: Kysely<Database>,
  schedule: ScheduleRow,
  range: { from: string; to: string },
): Promise<Exported> {
  const query = reportQuerySchema.parse({
    ...range,
    ...(schedule.group_by ? { group_by: schedule.group_by } : {}),
  });
  const answer = await runReport(db, schedule.report, query);
  return {
    title: REPORT_DEFINITIONS[schedule.report].title,
    fileStem: `${schedule.report}_${range.from}_${range.to}`,
    table: reportTable(schedule.report, answer),
    csv: reportCsv(schedule.report, answer),
    rows: answer.rows.length,
    xlsx: () => reportXlsx(schedule.report, answer),
  };
}

/** Why a run of a saved view cannot go on, in words for the run log. */
class SourceError extends Error {}

/**
 * A saved list view read whole as its owner would see it: the view must still exist and be visible to the
 * schedule's owner, who must still read its entity (the scheduler runs with no one signed in).
 */
async function viewExport(db: Kysely<Database>, schedule: ScheduleRow, now: Date): Promise<Exported> {
  if (schedule.view_id === null) throw new SourceError('The saved view was deleted: choose another source.');
  if (schedule.created_by === null) throw new SourceError("The schedule's owner no longer exists.");
  const view = await findView(db, schedule.view_id, schedule.created_by);
  const def = view ? getEntity(view.entity) : undefined;
  if (!view || !def) throw new SourceError("The saved view is no longer shared with the schedule's owner.");
  if (!(await userPermission(db, schedule.created_by, def.permissionKey)).read)
    throw new SourceError(`The schedule's owner may no longer read ${def.labelPlural}.`);
  const query = viewListQuery(def, view);
  if (!query) throw new SourceError(`The saved view no longer fits ${def.labelPlural}: save it again.`);
  const table: Cell[][] = [exportColumns(def, query).labels];
  let csv = '';
  for await (const chunk of csvExport(db, def, query, now)) csv += chunk;
  for await (const batch of exportBatches(db, def, query, now))
    for (const row of batch)
      table.push(
        row.map((value) =>
          value === null || value === undefined
            ? null
            : typeof value === 'number'
              ? value
              : Array.isArray(value)
                ? value.join('; ')
                : typeof value === 'object'
                  ? JSON.stringify(value)
                  : String(value),
        ),
      );
  const slug =
    view.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'view';
  return {
    title: `${def.labelPlural}: ${view.name}`,
    fileStem: `${def.name}_${slug}`,
    table,
    csv,
    rows: table.length - 1,
  };
}

/** A plain sheet for a list view (bold header, frozen), the report's own formatted one otherwise. */
async function tableXlsx(title: string, table: Cell[][], own?: () => Promise<Buffer>): Promise<Buffer> {
  if (own) return own();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  table.forEach((line, index) => {
    const row = sheet.addRow(line);
    if (index === 0) row.font = { bold: true };
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Executes one run of a schedule: the report over its range through the report engine, written as CSV or XLSX
 * with the report export, kept as the run's file; the run row records status, rows, duration or the error.
 * Never throws for a failing report: the run is marked failed with the message.
 */
export async function executeRun(
  db: Kysely<Database>,
  scheduleId: number,
  trigger: 'schedule' | 'manual',
  now: () => Date,
  google: GoogleSheetsConfig = GOOGLE_DEFAULTS,
): Promise<SheetReportRun> {
  const schedule = await scheduleRow(db, scheduleId);
  const runId = (
    await sql<{ id: number }>`
      insert into sheet_report_runs (schedule_id, trigger, status, started_at)
      values (${scheduleId}, ${trigger}, 'running', ${now()}) returning id`.execute(db)
  ).rows[0]!.id;
  const started = performance.now();
  try {
    const range = rangeBefore(now(), schedule.days);
    const exported =
      schedule.source === 'view'
        ? await viewExport(db, schedule, now())
        : await reportExport(db, schedule, range);
    const content =
      schedule.format === 'csv'
        ? Buffer.from(exported.csv, 'utf8')
        : await tableXlsx(exported.title, exported.table, exported.xlsx);
    const fileName = `${exported.fileStem}_run${runId}.${schedule.format}`;
    const sheetRange = schedule.google_spreadsheet_id
      ? await writeGoogleSheet(
          google,
          parseServiceAccount(openSecret(schedule.google_credentials ?? ''))!,
          { spreadsheetId: schedule.google_spreadsheet_id, sheet: schedule.google_sheet ?? 'Sheet1' },
          exported.table,
        )
      : null;
    await db.transaction().execute(async (trx) => {
      await sql`
        insert into sheet_report_files (run_id, file_name, content_type, size, content)
        values (${runId}, ${fileName}, ${CONTENT_TYPES[schedule.format]}, ${content.length}, ${content})`.execute(
        trx,
      );
      await sql`
        update sheet_report_runs set status = 'succeeded', finished_at = ${now()}, rows = ${exported.rows},
          sheet_range = ${sheetRange},
          duration_ms = ${Math.round(performance.now() - started)}
        where id = ${runId}`.execute(trx);
      await pruneFiles(trx, scheduleId, schedule.keep);
    });
  } catch (error) {
    const message =
      error instanceof ReportInputError
        ? `${error.field}: ${error.message}`
        : error instanceof HttpError || error instanceof GoogleSheetsError || error instanceof SourceError
          ? error.message
          : error instanceof SecretError
            ? 'The stored service account key cannot be opened: paste the JSON key again.'
            : 'The report could not be exported.';
    await sql`
      update sheet_report_runs set status = 'failed', finished_at = ${now()}, error = ${message},
        duration_ms = ${Math.round(performance.now() - started)}
      where id = ${runId}`.execute(db);
  }
  const row = (
    await sql<RunRow>`
      select ${RUN_COLUMNS} from sheet_report_runs r left join sheet_report_files f on f.run_id = r.id
      where r.id = ${runId}`.execute(db)
  ).rows[0]!;
  return toRun(row);
}

/** "Run now", audited; the run itself is logged in the run table whatever its outcome. */
export async function runNow(
  db: Kysely<Database>,
  scheduleId: number,
  actor: Actor,
  now: () => Date,
  google: GoogleSheetsConfig = GOOGLE_DEFAULTS,
): Promise<SheetReportRun> {
  await scheduleRow(db, scheduleId);
  await auditSchedule(db, actor, scheduleId, { action: 'run' });
  return executeRun(db, scheduleId, 'manual', now, google);
}

/**
 * The scheduler's tick: claims the due schedules (`FOR UPDATE SKIP LOCKED`, so two nodes never take the same one)
 * and moves each one's next_run_at on in the same transaction, then runs them. Answers the runs made.
 */
export async function runDue(
  db: Kysely<Database>,
  now: () => Date,
  limit = 10,
  google: GoogleSheetsConfig = GOOGLE_DEFAULTS,
): Promise<SheetReportRun[]> {
  // A run still "running" long after any run could take was left by a node that stopped mid-run.
  await sql`
    update sheet_report_runs set status = 'failed', finished_at = ${now()},
      error = 'The server running it stopped before it finished; the next run will try again.'
    where status = 'running' and started_at < ${new Date(now().getTime() - STALE_RUN_MS)}`.execute(db);
  const claimed = await db.transaction().execute(async (trx) => {
    const due = (
      await sql<ScheduleRow>`
        select * from sheet_report_schedules
        where active and next_run_at <= ${now()}
        order by next_run_at limit ${limit}
        for update skip locked`.execute(trx)
    ).rows;
    for (const row of due) {
      await sql`update sheet_report_schedules set next_run_at = ${nextSheetRun(scheduleOf(row), now())}
        where id = ${row.id}`.execute(trx);
    }
    return due.map((row) => row.id);
  });
  const runs: SheetReportRun[] = [];
  for (const id of claimed) runs.push(await executeRun(db, id, 'schedule', now, google));
  return runs;
}

/** The saved views the user may export: their own and shared ones, of entities they may read, by list and name. */
export async function viewChoices(db: Kysely<Database>, userId: number): Promise<SheetViewChoice[]> {
  const rows = (
    await sql<{ id: number; name: string; entity: string; owner: string | null }>`
      select v.id, v.name, v.entity, u.full_name as owner
      from saved_views v left join users u on u.id = v.owner_id
      where v.owner_id = ${userId} or v.shared
      order by v.entity, lower(v.name), v.id`.execute(db)
  ).rows;
  const choices: SheetViewChoice[] = [];
  const readable = new Map<string, boolean>();
  for (const row of rows) {
    const def = getEntity(row.entity);
    if (!def) continue;
    if (!readable.has(def.permissionKey))
      readable.set(def.permissionKey, (await userPermission(db, userId, def.permissionKey)).read);
    if (readable.get(def.permissionKey))
      choices.push({
        id: row.id,
        name: row.name,
        entity: row.entity,
        entity_label: def.labelPlural,
        owner: row.owner,
      });
  }
  return choices.sort(
    (a, b) => a.entity_label.localeCompare(b.entity_label, 'en') || a.name.localeCompare(b.name, 'en'),
  );
}
