import { z } from '../zod.js';
import {
  reportQuerySchema,
  reportResponseSchema,
  reportViewCreateSchema,
  savedReportViewSchema,
} from '../reports.js';
import type { PermissionKey } from '../permissions.js';
import { defineEndpoint } from './define.js';

/**
 * Every report's route key: read access to it opens the report API (reports change nothing); the server then
 * asks for each key the report itself needs (the KOL report also needs finance_kol_report).
 */
export const REPORTS_KEY: PermissionKey = 'ad_daily_tracker';

/** A report (`:id`, one of REPORT_IDS; any other is a 404 from the server). */
export const reportParamsSchema = z.object({ id: z.string().check(z.maxLength(64)) });
/** One saved view of a report (`:id/views/:view_id`). */
export const reportViewPathSchema = z.extend(reportParamsSchema, {
  view_id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
});
/** The caller's saved views of a report and those others shared. */
export const reportViewListSchema = z.object({ views: z.array(savedReportViewSchema) });
/** A deleted saved view. */
export const reportViewDeletedSchema = z.object({ id: z.number(), deleted: z.literal(true) });

// Saved views are a personal preference, so read access is enough to save and delete them too.
const read = { key: REPORTS_KEY, mode: 'read' } as const;

/** The report pages' API: a report (JSON, or a CSV/XLSX export of the same view) and its saved views. */
export const reportsEndpoints = {
  /** With `format=csv` or `xlsx` the answer is the file instead (fetched with `download`). */
  report: defineEndpoint({
    method: 'GET',
    path: '/api/reports/:id',
    tag: 'reports',
    summary:
      'A report over a range of Jakarta days: rows grouped by a dimension, totals (ratios from sums), a daily series, and the previous period with deltas when compare=previous; format=csv or xlsx exports the same view',
    permission: read,
    params: reportParamsSchema,
    query: reportQuerySchema,
    response: reportResponseSchema,
  }),
  views: defineEndpoint({
    method: 'GET',
    path: '/api/reports/:id/views',
    tag: 'reports',
    summary: "The caller's saved views of a report and those others shared",
    permission: read,
    params: reportParamsSchema,
    response: reportViewListSchema,
  }),
  saveView: defineEndpoint({
    method: 'POST',
    path: '/api/reports/:id/views',
    tag: 'reports',
    summary:
      'Save the current view of a report under a name (optionally shared with everyone who can read it)',
    permission: read,
    params: reportParamsSchema,
    body: reportViewCreateSchema,
    response: savedReportViewSchema,
    status: 201,
    errors: [409],
  }),
  deleteView: defineEndpoint({
    method: 'DELETE',
    path: '/api/reports/:id/views/:view_id',
    tag: 'reports',
    summary: 'Delete one of your saved views of a report',
    permission: read,
    params: reportViewPathSchema,
    response: reportViewDeletedSchema,
  }),
};
