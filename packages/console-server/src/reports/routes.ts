import {
  isReportId,
  REPORT_DEFINITIONS,
  reportQuerySchema,
  reportResponseSchema,
  reportViewCreateSchema,
  savedReportViewSchema,
  type ReportId,
} from '@staff/console-contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { HttpError, type RouteRegistrar } from '../http.js';
import { userPermission } from '../services/users.js';
import { ReportInputError, runReport, SERVED_REPORTS } from './engine.js';
import { reportCsv, reportXlsx } from './export.js';
import { createReportView, deleteReportView, listReportViews } from './views.js';
import { pageRoutes } from '../pageRoutes.js';
import { languageOf } from '../preferences/routes.js';

type RouteFn = RouteRegistrar;

const reportParams = z.object({ id: z.string().max(64) });
const viewParams = reportParams.extend({ view_id: z.coerce.number().int().positive().max(2_147_483_647) });

export function registerReportRoutes(deps: {
  route: RouteFn;
  db: Kysely<Database>;
  sessionOf: (request: FastifyRequest) => { userId: number };
}) {
  const { route, db, sessionOf } = deps;
  /** `GET /api/reports/:id`: a report's rows and totals as JSON, CSV or XLSX (read access; reports change nothing). */
  const reportRoutes = pageRoutes(route, 'reports', 'ad_daily_tracker');
  /** The report, once the caller holds every key it needs (the KOL report also needs finance_kol_report). */
  const readableReport = async (request: FastifyRequest, id: string): Promise<ReportId> => {
    if (!isReportId(id) || !SERVED_REPORTS.includes(id)) {
      throw new HttpError(404, `No report ${id}`, 'NOT_FOUND');
    }
    for (const key of REPORT_DEFINITIONS[id].permissions) {
      const flags = await userPermission(db, sessionOf(request).userId, key);
      if (!flags.read) throw new HttpError(403, `You need read access to ${key} for this.`, 'FORBIDDEN');
    }
    return id;
  };
  reportRoutes.get(
    '/api/reports/:id',
    'A report over a range of Jakarta days: rows grouped by a dimension, totals (ratios from sums), a daily series, and the previous period with deltas when compare=previous; format=csv or xlsx exports the same view',
    { params: reportParams, query: reportQuerySchema, responses: { 200: reportResponseSchema } },
    async (request, reply, input) => {
      const query = input.query as z.infer<typeof reportQuerySchema>;
      const id = await readableReport(request, (input.params as z.infer<typeof reportParams>).id);
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
    },
  );

  // Saved views: a personal preference, so read access to the report is enough (reports change nothing).
  reportRoutes.get(
    '/api/reports/:id/views',
    "The caller's saved views of a report and those others shared",
    { params: reportParams, responses: { 200: z.object({ views: z.array(savedReportViewSchema) }) } },
    async (request, _reply, input) => {
      const id = await readableReport(request, (input.params as z.infer<typeof reportParams>).id);
      return { views: await listReportViews(db, id, sessionOf(request).userId) };
    },
  );
  reportRoutes.post(
    '/api/reports/:id/views',
    'Save the current view of a report under a name (optionally shared with everyone who can read it)',
    {
      params: reportParams,
      body: reportViewCreateSchema,
      responses: { 201: savedReportViewSchema },
      errors: [409],
      mode: 'read',
    },
    async (request, reply, input) => {
      const id = await readableReport(request, (input.params as z.infer<typeof reportParams>).id);
      const body = input.body as z.infer<typeof reportViewCreateSchema>;
      const saved = await createReportView(db, id, body, sessionOf(request).userId);
      if (!saved) {
        throw new HttpError(409, 'You already have a view with this name.', 'CONFLICT', {
          name: ['You already have a view with this name'],
        });
      }
      return reply.code(201).send(saved);
    },
  );
  reportRoutes.delete(
    '/api/reports/:id/views/:view_id',
    'Delete one of your saved views of a report',
    {
      params: viewParams,
      responses: { 200: z.object({ id: z.number(), deleted: z.literal(true) }) },
      mode: 'read',
    },
    async (request, _reply, input) => {
      const params = input.params as z.infer<typeof viewParams>;
      const id = await readableReport(request, params.id);
      if (!(await deleteReportView(db, id, params.view_id, sessionOf(request).userId))) {
        throw new HttpError(404, `No view ${params.view_id} of yours`, 'NOT_FOUND');
      }
      return { id: params.view_id, deleted: true as const };
    },
  );
}
