import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { intakeEndpoints } from '@staff/console-contract';
import { type AnyRouteSpec, HttpError, type RouteGuards, defineRoute } from '../../http.js';
import { endpointRoute } from '../../pageRoutes.js';
import { ExportFormatError, parseAdsManagerCsv } from './csv.js';
import { importInsights } from './import.js';
import { XLSX_CONTENT_TYPE, parseAdsManagerXlsx } from './xlsx.js';

const CSV_BODY_LIMIT = 64 * 1024 * 1024;
/** Errors listed in one answer; the count says how many there were. */
const ERRORS_SHOWN = 200;

/**
 * `POST /api/ad-insights/import` with a `text/csv` or XLSX body (an Ads Manager export): the automation door and the
 * upload page's, with the same permission (write on Ad Campaign Admin). `dry_run=1` answers the preview.
 */
export async function registerInsightRoutes(
  app: FastifyInstance,
  options: {
    guards: RouteGuards;
    clock: () => Date;
    /** The uploader: campaigns created from the data are theirs in the audit log. */
    sessionOf?: (request: FastifyRequest) => { userId: number };
  },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'string', bodyLimit: CSV_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.addContentTypeParser(
      [XLSX_CONTENT_TYPE, 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: CSV_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    defineRoute(
      scope,
      app.apiRoutes as AnyRouteSpec[],
      options.guards,
      // The endpoint's route, defined in this scope: it alone parses CSV and XLSX bodies.
      { ...endpointRoute(intakeEndpoints.importAdInsights), query: intakeEndpoints.importAdInsights.query },
      async (request, reply, { query }) => {
        const body = request.body;
        const empty =
          typeof body === 'string' ? body.trim() === '' : !Buffer.isBuffer(body) || body.length === 0;
        if (empty)
          throw new HttpError(
            400,
            `Send the export as a text/csv or ${XLSX_CONTENT_TYPE} body`,
            'INVALID_INPUT',
            { body: ['The body is empty'] },
          );
        let parsed;
        try {
          parsed =
            typeof body === 'string' ? parseAdsManagerCsv(body) : await parseAdsManagerXlsx(body as Buffer);
        } catch (error) {
          if (error instanceof ExportFormatError)
            throw new HttpError(400, error.message, 'INVALID_EXPORT', { body: [error.message] });
          throw error;
        }
        const base = {
          rows: parsed.rows.length,
          skipped_summary_rows: parsed.skippedSummaryRows,
          language: parsed.language,
          errors: parsed.errors.slice(0, ERRORS_SHOWN),
        };
        const none = { inserted: 0, updated: 0, unchanged: 0, ad_sets: 0, ads: 0, campaigns: 0 };
        if (query.dry_run) return { dry_run: true, ...base, ...none };
        if (parsed.errors.length > 0) {
          const fields: Record<string, string[]> = {};
          for (const error of parsed.errors.slice(0, ERRORS_SHOWN))
            (fields[`line ${error.line}.${error.field}`] ??= []).push(error.message);
          return reply.code(400).send({
            message: `${parsed.errors.length} problem(s) in the export; nothing was imported`,
            code: 'INVALID_EXPORT',
            fields,
          });
        }
        const counts = await importInsights(app.database.db, parsed.rows, {
          source: 'upload',
          importId: randomUUID(),
          now: options.clock(),
          actorId: options.sessionOf?.(request).userId ?? null,
        });
        return { dry_run: false, ...base, ...counts };
      },
    );
  });
}
