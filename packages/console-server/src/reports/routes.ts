import { isReportId, REPORT_DEFINITIONS, reportsEndpoints, type ReportId } from '@staff/console-contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError, type RouteRegistrar } from '../http.js';
import { userPermission } from '../services/users.js';
import { ReportInputError, runReport, SERVED_REPORTS } from './engine.js';
import { reportCsv, reportXlsx } from './export.js';
import { createReportView, deleteReportView, listReportViews } from './views.js';
import { implement } from '../pageRoutes.js';
import { languageOf } from '../preferences/routes.js';

/**
 * The contract's `reportsEndpoints`: `GET /api/reports/:id` (a report's rows and totals as JSON, CSV or XLSX; read
 * access, reports change nothing) and the report's saved views.
 */
export function registerReportRoutes(deps: {
  route: RouteRegistrar;
  db: Kysely<Database>;
  sessionOf: (request: FastifyRequest) => { userId: number };
}) {
  const { route, db, sessionOf } = deps;
  /** The report, once the caller holds every key it needs (the KOL report also needs finance_kol_report). */
  const readableReport = async (request: FastifyRequest, id: string): Promise<ReportId> => {
    if (!isReportId(id) || !SERVED_REPORTS.includes(id)) {
      throw new HttpError(404, `No report ${id}`, 'NOT_FOUND');
    }
    for (const key of REPORT_DEFINITIONS[id].permissions) {
      const flags = await userPermission(db, sessionOf(request).userId, key, { since: request.authSince });
      if (!flags.read) throw new HttpError(403, `You need read access to ${key} for this.`, 'FORBIDDEN');
    }
    return id;
  };
  implement(route, reportsEndpoints.report, async (request, reply, { params, query }) => {
    const id = await readableReport(request, params.id);
    let answer;
    try {
      answer = await runReport(db, id, query);
    } catch (error) {
      if (error instanceof ReportInputError) {
        throw new HttpError(400, 'Invalid query', 'INVALID_INPUT', {
          [`query.${error.field}`]: [error.message],
        });
      }
      throw error;
    }
    const name = `${id}_${query.from}_${query.to}`;
    // A download speaks the person's chosen language (its headings; figures stay plain numbers).
    const language = query.format === 'json' ? 'en' : await languageOf(db, sessionOf(request).userId);
    if (query.format === 'csv') {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(reportCsv(id, answer, language));
    }
    if (query.format === 'xlsx') {
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .send(await reportXlsx(id, answer, language));
    }
    return answer;
  });

  // Saved views: a personal preference, so read access to the report is enough (reports change nothing).
  implement(route, reportsEndpoints.views, async (request, _reply, { params }) => {
    const id = await readableReport(request, params.id);
    return { views: await listReportViews(db, id, sessionOf(request).userId) };
  });
  implement(route, reportsEndpoints.saveView, async (request, _reply, { params, body }) => {
    const id = await readableReport(request, params.id);
    const saved = await createReportView(db, id, body, sessionOf(request).userId);
    if (!saved) {
      throw new HttpError(409, 'You already have a view with this name.', 'CONFLICT', {
        name: ['You already have a view with this name'],
      });
    }
    return saved;
  });
  implement(route, reportsEndpoints.deleteView, async (request, _reply, { params }) => {
    const id = await readableReport(request, params.id);
    if (!(await deleteReportView(db, id, params.view_id, sessionOf(request).userId))) {
      throw new HttpError(404, `No view ${params.view_id} of yours`, 'NOT_FOUND');
    }
    return { id: params.view_id, deleted: true as const };
  });
}
