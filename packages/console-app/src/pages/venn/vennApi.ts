import { vennEndpoints, type VennSetKind } from '@staff/console-contract';
import { createCall } from '../../api/call.js';
import { createDownload } from '../../api/download.js';
import type { ApiClient } from '../../api/client.js';

export interface VennSelection {
  by: VennSetKind;
  ids: readonly number[];
  from: string;
  to: string;
}

const query = (selection: VennSelection) => ({
  by: selection.by,
  ids: selection.ids.join(','),
  from: selection.from,
  to: selection.to,
});

/** The Cust Venn Diagram's calls (the contract's `vennEndpoints`); failures are ApiErrors. */
export function vennApi(api: ApiClient) {
  const call = createCall(api);
  const download = createDownload(api);
  return {
    options: (by: VennSetKind) => call(vennEndpoints.options, { query: { by } }),
    counts: (selection: VennSelection) => call(vennEndpoints.counts, { query: query(selection) }),
    customers: (selection: VennSelection, mask: number, page: number) =>
      call(vennEndpoints.customers, { query: { ...query(selection), mask, page } }),
    /** The whole region as a CSV file. */
    exportCsv: (selection: VennSelection, mask: number) =>
      download(vennEndpoints.customers, { query: { ...query(selection), mask, format: 'csv' } }),
  };
}
