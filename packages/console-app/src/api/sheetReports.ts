import type { ApiClient } from './client.js';
import { sheetReportsEndpoints as endpoints } from '@staff/console-contract';
import { createCall } from './call.js';
import { createDownload } from './download.js';

/**
 * Sheet Report's calls (the contract's `sheetReportsEndpoints`); failures are ApiErrors. The page loads the
 * schedules, a schedule's runs and the saved views with useEndpoint; creating and changing a schedule is its form
 * (useEndpointForm over `create` / `update`).
 */
export function createSheetReportsApi(client: ApiClient) {
  const call = createCall(client);
  const download = createDownload(client);
  return {
    remove: (id: number) => call(endpoints.remove, { params: { id } }),
    run: (id: number) => call(endpoints.run, { params: { id } }),
    /** A kept file (CSV or XLSX) as a Blob, fetched with the bearer token. */
    file: (runId: number) => download(endpoints.file, { params: { id: runId } }),
  };
}
