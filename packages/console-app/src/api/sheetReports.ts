import type { ApiClient } from './client.js';
import { sheetReportsEndpoints as endpoints } from '@staff/console-contract';
import { createCall } from './call.js';
import { createDownload } from './download.js';

/**
 * Sheet Report's calls (the contract's `sheetReportsEndpoints`); failures are ApiErrors. Creating and changing a
 * schedule is the page's form (useEndpointForm over `create` / `update`).
 */
export function createSheetReportsApi(client: ApiClient) {
  const call = createCall(client);
  const download = createDownload(client);
  return {
    list: async () => (await call(endpoints.list)).schedules,
    remove: (id: number) => call(endpoints.remove, { params: { id } }),
    run: (id: number) => call(endpoints.run, { params: { id } }),
    runs: async (id: number) => (await call(endpoints.runs, { params: { id } })).runs,
    views: async () => (await call(endpoints.views)).views,
    /** A kept file (CSV or XLSX) as a Blob, fetched with the bearer token. */
    file: (runId: number) => download(endpoints.file, { params: { id: runId } }),
  };
}
