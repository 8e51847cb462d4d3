import type { ApiClient } from './client.js';
import { logisticsEndpoints, type ConfirmBody, type ReceiptRow } from '@staff/console-contract';
import { createCall } from './call.js';
import { createDownload } from './download.js';
import { createResourcesApi } from './resources.js';

/**
 * The logistics page's calls: its own (the contract's `logisticsEndpoints`) and the packages entity's actions,
 * which are resource endpoints (`resourcesEndpoints.action`/`bulkAction`). Every failure is an ApiError.
 */
export function createLogisticsApi(client: ApiClient) {
  const call = createCall(client);
  const download = createDownload(client);
  const resources = createResourcesApi(client);
  return {
    /** A package's action (`ready`, `ship`, `return`, `problem`, …). */
    action: (id: string | number, name: string, version?: number) =>
      resources.action('packages', id, name, version),
    /** The same action on several packages, all or none. */
    bulkAction: (name: string, ids: (string | number)[]) => resources.bulkAction('packages', name, ids),
    receipts: (rows: ReceiptRow[]) => call(logisticsEndpoints.receipts, { body: { rows } }),
    confirm: (body: ConfirmBody) => call(logisticsEndpoints.confirm, { body }),
    /** The packing labels PDF of the packages. */
    labels: (ids: (string | number)[]) =>
      download(logisticsEndpoints.labels, { query: { ids: ids.map(String).join(',') } }),
    notify: (ids: (string | number)[]) => call(logisticsEndpoints.notify, { body: { ids: ids.map(Number) } }),
    notifications: async (status?: 'pending' | 'sent' | 'failed') =>
      (await call(logisticsEndpoints.notifications, { query: status ? { status } : {} })).data,
    retry: (id: number) => call(logisticsEndpoints.retry, { params: { id } }),
    trackNow: (id: string | number) => call(logisticsEndpoints.trackNow, { params: { id: Number(id) } }),
  };
}

export type LogisticsApi = ReturnType<typeof createLogisticsApi>;
