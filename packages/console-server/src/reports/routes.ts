import {
  isReportId,
  REPORT_DEFINITIONS,
  reportQuerySchema,
  reportResponseSchema,
} from '@staff/console-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { HttpError, type AnyRouteSpec } from '../http.js';
import { userPermission } from '../services/users.js';
import { ReportInputError, runReport, SERVED_REPORTS } from './engine.js';
import { reportCsv, reportXlsx } from './export.js';

type RouteFn = (
  spec: AnyRouteSpec,
  handler: (
    request: FastifyRequest,
    reply: FastifyReply,
    input: { query: unknown; params: unknown; body: unknown },
  ) => Promise<unknown>,
) => void;

const reportParams = z.object({ id: z.string().max(64) });

/** `GET /api/reports/:id`: a report's rows and totals as JSON, CSV or XLSX (read access; reports change nothing). */
export function registerReportRoutes(deps: {
  route: RouteFn;
  db: Kysely<Database>;
  sessionOf: (request: FastifyRequest) => { userId: number };
}) {
  const { route, db, sessionOf } = deps;
  route(
    {
      method: 'GET',
      url: '/api/reports/:id',
      tag: 'reports',
      summary:
        'A report over a range of Jakarta days: rows grouped by a dimension, totals (ratios from sums), a daily series, and the previous period with deltas when compare=previous; format=csv or xlsx exports the same view',
      auth: true,
      permission: { key: 'ad_daily_tracker', mode: 'read' },
      params: reportParams,
      query: reportQuerySchema,
      responses: { 200: reportResponseSchema },
    } as AnyRouteSpec,
    async (request, reply, input) => {
      const { id } = input.params as z.infer<typeof reportParams>;
      const query = input.query as z.infer<typeof reportQuerySchema>;
      if (!isReportId(id) || !SERVED_REPORTS.includes(id)) {
        throw new HttpError(404, `No report ${id}`, 'NOT_FOUND');
      }
      const definition = REPORT_DEFINITIONS[id];
      for (const key of definition.permissions) {
        const flags = await userPermission(db, sessionOf(request).userId, key);
        if (!flags.read) throw new HttpError(403, `You need read access to ${key} for this.`, 'FORBIDDEN');
      }
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
      if (query.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(reportCsv(id, answer));
      }
      if (query.format === 'xlsx') {
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${name}.xlsx"`)
          .send(await reportXlsx(id, answer));
      }
      return answer;
    },
  );
}
