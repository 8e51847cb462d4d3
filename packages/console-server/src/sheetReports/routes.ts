import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { REPORT_DEFINITIONS, sheetReportsEndpoints, getEntity, type ReportId } from '@staff/console-contract';
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
import { implement } from '../pageRoutes.js';

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
  const google = options.google ?? GOOGLE_DEFAULTS;
  const actorOf = (request: FastifyRequest) => ({
    userId: sessionOf(request).userId,
    ip: request.ip ?? null,
  });
  // A schedule exports a report's figures or a list's rows: whoever sets one up must be able to read them.
  const mayReadReport = async (request: FastifyRequest, report: ReportId) => {
    for (const key of REPORT_DEFINITIONS[report].permissions) {
      const flags = await userPermission(db, sessionOf(request).userId, key, { since: request.authSince });
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
    if (
      !(await userPermission(db, sessionOf(request).userId, def.permissionKey, { since: request.authSince }))
        .read
    )
      throw new HttpError(403, `You need read access to ${def.permissionKey} for this view.`, 'FORBIDDEN');
  };
  const mayReadSource = (request: FastifyRequest, source: { report: ReportId; view_id?: number | null }) =>
    source.view_id ? mayReadView(request, source.view_id) : mayReadReport(request, source.report);

  implement(route, sheetReportsEndpoints.list, async () => ({ schedules: await listSchedules(db) }));

  implement(route, sheetReportsEndpoints.create, async (request, _reply, { body }) => {
    await mayReadSource(request, body);
    return createSchedule(db, body, actorOf(request), now());
  });

  implement(route, sheetReportsEndpoints.update, async (request, _reply, { params, body }) => {
    await getSchedule(db, params.id);
    await mayReadSource(request, body);
    return updateSchedule(db, params.id, body, actorOf(request), now());
  });

  implement(route, sheetReportsEndpoints.remove, async (request, reply, { params }) => {
    await deleteSchedule(db, params.id, actorOf(request));
    return reply.send();
  });

  implement(route, sheetReportsEndpoints.run, async (request, _reply, { params }) => {
    const schedule = await getSchedule(db, params.id);
    if (schedule.source === 'report') await mayReadReport(request, schedule.report);
    else if (schedule.view) await mayReadView(request, schedule.view.id);
    return runNow(db, params.id, actorOf(request), now, google);
  });

  implement(route, sheetReportsEndpoints.views, async (request) => ({
    views: await viewChoices(db, sessionOf(request).userId),
  }));

  implement(route, sheetReportsEndpoints.runs, async (_request, _reply, { params }) => ({
    runs: await listRuns(db, params.id),
  }));

  implement(route, sheetReportsEndpoints.file, async (_request, reply, { params }) => {
    const file = await runFile(db, params.id);
    return reply
      .header('content-type', file.content_type)
      .header('content-disposition', `attachment; filename="${file.file_name}"`)
      .send(file.content);
  });
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
