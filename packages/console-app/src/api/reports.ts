import type { ApiClient } from './client.js';
import { type EndpointInput, type ReportId, reportsEndpoints as endpoints } from '@staff/console-contract';
import { createCall } from './call.js';
import { createDownload } from './download.js';

/** A report's query as the app sends it (the server fills in `format=json`). */
export type ReportQueryInput = EndpointInput<typeof endpoints.report>['query'];
/** A view to save: its name, whether it is shared, and the address's view parameters. */
export type ReportViewInput = EndpointInput<typeof endpoints.saveView>['body'];

/** The report pages' calls (the contract's `reportsEndpoints`); failures are ApiErrors. */
export function createReportsApi(client: ApiClient) {
  const call = createCall(client);
  const download = createDownload(client);
  return {
    report: (id: ReportId, query: ReportQueryInput) => call(endpoints.report, { params: { id }, query }),
    /** The same view as a CSV or XLSX file (a Blob), headings in the caller's language. */
    export: (id: ReportId, query: ReportQueryInput, format: 'csv' | 'xlsx') =>
      download(endpoints.report, { params: { id }, query: { ...query, format } }),
    views: async (id: ReportId) => (await call(endpoints.views, { params: { id } })).views,
    saveView: (id: ReportId, view: ReportViewInput) =>
      call(endpoints.saveView, { params: { id }, body: view }),
    deleteView: (id: ReportId, viewId: number) =>
      call(endpoints.deleteView, { params: { id, view_id: viewId } }),
  };
}

export type ReportsApi = ReturnType<typeof createReportsApi>;
