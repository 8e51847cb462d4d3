import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  REPORT_DEFINITIONS,
  ROUTES,
  sheetReportInputSchema,
  sheetReportListSchema,
  sheetReportRunListSchema,
  sheetReportRunSchema,
  sheetReportScheduleSchema,
  sheetViewChoiceListSchema,
  getEntity,
  type PermissionKey,
  type ReportId,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { RouteRegistrar } from '../admin/routes.js';
import { HttpError } from '../http.js';
import { userPermission } from '../services/users.js';
import { scheduleOnce } from '../jobs/runOnce.js';
import { GOOGLE_DEFAULTS, type GoogleSheetsConfig } from './google.js';
import { findView } from '../resources/views.js';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listRuns,
  listSchedules,
  runFile,
  runDue,
  runNow,
  updateSchedule,
  viewChoices,
} from './service.js';
import { pageRoutes } from '../pageRoutes.js';

/** The page's key from the route table: read to see schedules, runs and files; write to change or run them. */
export const SHEET_REPORT_KEY: PermissionKey = ROUTES.find((entry) => entry.id === 'sheet-report')!.key;

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export interface SheetReportRoutesOptions {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => { userId: number };
  db: Kysely<Database>;
  now: () => Date;
  /** The Google Sheets adapter's base URLs (GOOGLE_OAUTH_TOKEN_URL, GOOGLE_SHEETS_API_URL). */
  google?: GoogleSheetsConfig;
}

/** `/api/sheet-reports`: schedules (list, create, edit, delete), run now, the run log and the kept files. */
export function registerSheetReportRoutes(options: SheetReportRoutesOptions): void {
  const { route, sessionOf, db, now } = options;
  const sheetReportRoutes = pageRoutes(route, 'sheet-reports', SHEET_REPORT_KEY);
  const google = options.google ?? GOOGLE_DEFAULTS;
  const actorOf = (request: FastifyRequest) => ({
    userId: sessionOf(request).userId,
    ip: request.ip ?? null,
  });
  // A schedule exports a report's figures or a list's rows: whoever sets one up must be able to read them.
  const mayReadReport = async (request: FastifyRequest, report: ReportId) => {
    for (const key of REPORT_DEFINITIONS[report].permissions) {
      const flags = await userPermission(db, sessionOf(request).userId, key);
      if (!flags.read)
        throw new HttpError(403, `You need read access to ${key} for this report.`, 'FORBIDDEN');
    }
  };
  const mayReadView = async (request: FastifyRequest, viewId: number) => {
    const view = await findView(db, viewId, sessionOf(request).userId);
    const def = view ? getEntity(view.entity) : undefined;
    if (!view || !def)
      throw new HttpError(400, 'Invalid body', 'INVALID_INPUT', {
        'body.view_id': [`No saved view #${viewId} that you can open`],
      });
    if (!(await userPermission(db, sessionOf(request).userId, def.permissionKey)).read)
      throw new HttpError(403, `You need read access to ${def.permissionKey} for this view.`, 'FORBIDDEN');
  };
  const mayReadSource = (request: FastifyRequest, source: { report: ReportId; view_id?: number | null }) =>
    source.view_id ? mayReadView(request, source.view_id) : mayReadReport(request, source.report);

  sheetReportRoutes.get(
    '/api/sheet-reports',
    'Sheet Report schedules with their next run and latest run',
    { responses: { 200: sheetReportListSchema } },
    async () => ({ schedules: await listSchedules(db) }),
  );

  sheetReportRoutes.post(
    '/api/sheet-reports',
    'Schedule a report export (CSV or XLSX), daily or weekly at a time of day in Asia/Jakarta',
    { body: sheetReportInputSchema, responses: { 201: sheetReportScheduleSchema } },
    async (request, reply, { body }) => {
      await mayReadSource(request, body);
      return reply.code(201).send(await createSchedule(db, body, actorOf(request), now()));
    },
  );

  sheetReportRoutes.put(
    '/api/sheet-reports/:id',
    'Change a schedule (its next run is computed again; files beyond the new keep are deleted)',
    { params: idParams, body: sheetReportInputSchema, responses: { 200: sheetReportScheduleSchema } },
    async (request, _reply, { params, body }) => {
      await getSchedule(db, params.id);
      await mayReadSource(request, body);
      return updateSchedule(db, params.id, body, actorOf(request), now());
    },
  );

  sheetReportRoutes.delete(
    '/api/sheet-reports/:id',
    'Delete a schedule with its run log and files',
    { params: idParams, responses: { 204: z.null() } },
    async (request, reply, { params }) => {
      await deleteSchedule(db, params.id, actorOf(request));
      return reply.code(204).send();
    },
  );

  sheetReportRoutes.post(
    '/api/sheet-reports/:id/run',
    'Run a schedule now; answers the logged run (succeeded with its rows and file, or failed with the error)',
    { params: idParams, responses: { 201: sheetReportRunSchema } },
    async (request, reply, { params }) => {
      const schedule = await getSchedule(db, params.id);
      if (schedule.source === 'report') await mayReadReport(request, schedule.report);
      else if (schedule.view) await mayReadView(request, schedule.view.id);
      return reply.code(201).send(await runNow(db, params.id, actorOf(request), now, google));
    },
  );

  sheetReportRoutes.get(
    '/api/sheet-reports/views',
    'Saved list views a schedule may export: your own and shared ones, of lists you may read',
    { responses: { 200: sheetViewChoiceListSchema } },
    async (request) => ({ views: await viewChoices(db, sessionOf(request).userId) }),
  );

  sheetReportRoutes.get(
    '/api/sheet-reports/:id/runs',
    'The run log of a schedule, newest first (status, rows, duration, error, kept file)',
    { params: idParams, responses: { 200: sheetReportRunListSchema } },
    async (_request, _reply, { params }) => ({ runs: await listRuns(db, params.id) }),
  );

  sheetReportRoutes.get(
    '/api/sheet-reports/runs/:id/file',
    "A run's kept file (CSV or XLSX) as an attachment",
    { params: idParams, responses: { 200: z.string() } },
    async (_request, reply, { params }) => {
      const file = await runFile(db, params.id);
      return reply
        .header('content-type', file.content_type)
        .header('content-disposition', `attachment; filename="${file.file_name}"`)
        .send(file.content);
    },
  );
}

export interface SheetReportSchedulerOptions {
  /** How often the due schedules are run (once across nodes); false turns the scheduler off (tests). Default 60 s. */
  tickSeconds?: number | false;
  google?: GoogleSheetsConfig;
}

/** The periodic tick: due schedules run once across every node (runOnce, then the SKIP LOCKED claim). */
export function startSheetReportScheduler(
  app: FastifyInstance,
  options: SheetReportSchedulerOptions,
  now: () => Date,
): void {
  const seconds = options.tickSeconds ?? 60;
  if (seconds === false) return;
  let job: ReturnType<typeof scheduleOnce> | null = null;
  app.addHook('onReady', async () => {
    job = scheduleOnce(
      app.database.db,
      { name: 'sheet-reports:due', everyMs: seconds * 1000 },
      () => runDue(app.database.db, now, 10, options.google ?? GOOGLE_DEFAULTS),
      {
        onRan: (runs) => {
          if (runs.length > 0) app.log.info({ runs: runs.map((run) => run.id) }, 'sheet reports ran');
        },
        onError: (error) => app.log.warn({ err: error }, 'sheet report tick failed'),
      },
    );
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}
