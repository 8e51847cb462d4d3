import type { AxiosInstance } from 'axios';
import type {
  ConfirmBody,
  PackageNotification,
  PackagesChanged,
  ReceiptRow,
  Tracking,
} from '@staff/console-contract';
import type { ResourceRow } from '@staff/console-ui';
import { toResourceError } from './resources.js';

async function call<T>(run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    throw toResourceError(error);
  }
}

/** The logistics page's calls: package actions, receipts, confirmation, labels, notifications, tracking. */
export function createLogisticsApi(client: AxiosInstance) {
  return {
    /** A package's action (`ready`, `ship`, `return`, `problem`, …). */
    action: (id: string | number, name: string, version?: number) =>
      call(() =>
        client.post<ResourceRow>(
          `/api/resources/packages/${encodeURIComponent(String(id))}/actions/${name}`,
          version === undefined ? {} : { version },
        ),
      ),
    /** The same action on several packages, all or none. */
    bulkAction: (name: string, ids: (string | number)[]) =>
      call(() =>
        client.post<{ count: number }>(`/api/resources/packages/actions/${name}`, { ids: ids.map(Number) }),
      ),
    receipts: (rows: ReceiptRow[]) =>
      call(() => client.post<PackagesChanged>('/api/logistics/receipts', { rows })),
    confirm: (body: ConfirmBody) => call(() => client.post<PackagesChanged>('/api/logistics/confirm', body)),
    /** The packing labels PDF of the packages. */
    labels: (ids: (string | number)[]) =>
      call(() =>
        client.get<Blob>('/api/logistics/labels.pdf', {
          params: { ids: ids.map(String).join(',') },
          responseType: 'blob',
        }),
      ),
    notify: (ids: (string | number)[]) =>
      call(() => client.post<{ queued: number }>('/api/logistics/notify', { ids: ids.map(Number) })),
    notifications: (status?: 'pending' | 'sent' | 'failed') =>
      call(() =>
        client.get<{ data: PackageNotification[] }>('/api/logistics/notifications', {
          params: status ? { status } : {},
        }),
      ).then((answer) => answer.data),
    retry: (id: number) => call(() => client.post(`/api/logistics/notifications/${id}/retry`, {})),
    tracking: (id: string | number) =>
      call(() => client.get<Tracking>(`/api/logistics/packages/${encodeURIComponent(String(id))}/tracking`)),
    trackNow: (id: string | number) =>
      call(() =>
        client.post<Tracking>(`/api/logistics/packages/${encodeURIComponent(String(id))}/tracking`, {}),
      ),
  };
}

export type LogisticsApi = ReturnType<typeof createLogisticsApi>;
