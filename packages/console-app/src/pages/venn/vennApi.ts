import { vennEndpoints, type VennSetKind } from '@staff/console-contract';
import { createDownload } from '../../api/download.js';
import type { ApiClient } from '../../api/client.js';

export interface VennSelection {
  by: VennSetKind;
  ids: readonly number[];
  from: string;
  to: string;
}

/** A selection as the counts' and the customers' query. */
export const selectionQuery = (selection: VennSelection) => ({
  by: selection.by,
  ids: selection.ids.join(','),
  from: selection.from,
  to: selection.to,
});

/**
 * The Cust Venn Diagram's export (the contract's `vennEndpoints.customers` as CSV); the page loads the sets, the
 * counts and a region's customers with `useEndpoint`.
 */
export function vennApi(api: ApiClient) {
  const download = createDownload(api);
  return {
    /** The whole region as a CSV file. */
    exportCsv: (selection: VennSelection, mask: number) =>
      download(vennEndpoints.customers, { query: { ...selectionQuery(selection), mask, format: 'csv' } }),
  };
}
