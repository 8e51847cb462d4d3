import { z } from '../zod.js';
import {
  sheetReportInputSchema,
  sheetReportListSchema,
  sheetReportRunListSchema,
  sheetReportRunSchema,
  sheetReportScheduleSchema,
  sheetViewChoiceListSchema,
} from '../sheetReports.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** Sheet Report's key (the page's): read to see schedules, runs and files; write to change or run them. */
export const SHEET_REPORTS_KEY = pageKey('sheet-report');

/** A schedule or a run (`:id`). */
export const sheetReportParamsSchema = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
});

const read = { key: SHEET_REPORTS_KEY, mode: 'read' } as const;
const write = { key: SHEET_REPORTS_KEY, mode: 'write' } as const;

/** Sheet Report: schedules (list, create, edit, delete), run now, the run log and the kept files. */
export const sheetReportsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/sheet-reports',
    tag: 'sheet-reports',
    summary: 'Sheet Report schedules with their next run and latest run',
    permission: read,
    response: sheetReportListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/sheet-reports',
    tag: 'sheet-reports',
    summary: 'Schedule a report export (CSV or XLSX), daily or weekly at a time of day in Asia/Jakarta',
    permission: write,
    body: sheetReportInputSchema,
    response: sheetReportScheduleSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/sheet-reports/:id',
    tag: 'sheet-reports',
    summary: 'Change a schedule (its next run is computed again; files beyond the new keep are deleted)',
    permission: write,
    params: sheetReportParamsSchema,
    body: sheetReportInputSchema,
    response: sheetReportScheduleSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/sheet-reports/:id',
    tag: 'sheet-reports',
    summary: 'Delete a schedule with its run log and files',
    permission: write,
    params: sheetReportParamsSchema,
    // No body.
    response: z.null(),
    status: 204,
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/api/sheet-reports/:id/run',
    tag: 'sheet-reports',
    summary:
      'Run a schedule now; answers the logged run (succeeded with its rows and file, or failed with the error)',
    permission: write,
    params: sheetReportParamsSchema,
    response: sheetReportRunSchema,
    status: 201,
  }),
  views: defineEndpoint({
    method: 'GET',
    path: '/api/sheet-reports/views',
    tag: 'sheet-reports',
    summary: 'Saved list views a schedule may export: your own and shared ones, of lists you may read',
    permission: read,
    response: sheetViewChoiceListSchema,
  }),
  runs: defineEndpoint({
    method: 'GET',
    path: '/api/sheet-reports/:id/runs',
    tag: 'sheet-reports',
    summary: 'The run log of a schedule, newest first (status, rows, duration, error, kept file)',
    permission: read,
    params: sheetReportParamsSchema,
    response: sheetReportRunListSchema,
  }),
  /** The bytes, not JSON: the app fetches it with `download`, not `call()`. */
  file: defineEndpoint({
    method: 'GET',
    path: '/api/sheet-reports/runs/:id/file',
    tag: 'sheet-reports',
    summary: "A run's kept file (CSV or XLSX) as an attachment",
    permission: read,
    params: sheetReportParamsSchema,
    response: z.string(),
  }),
};
