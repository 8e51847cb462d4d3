import type { AxiosInstance } from 'axios';
import type { DeliveriesResponse, DeliveryStatus, ReplayResponse } from '@staff/console-contract';
import { toCallError } from './errors.js';

/** A forwarding rule's deliveries and their replay (`/api/webhook-forwarders/:id/deliveries…`). */
export function createDeliveriesApi(client: AxiosInstance) {
  const call = async <T>(run: () => Promise<{ data: T }>): Promise<T> => {
    try {
      return (await run()).data;
    } catch (error) {
      throw toCallError(error);
    }
  };
  const base = (forwarderId: string) =>
    `/api/webhook-forwarders/${encodeURIComponent(forwarderId)}/deliveries`;
  return {
    list: (forwarderId: string, status?: DeliveryStatus) =>
      call(() =>
        client.get<DeliveriesResponse>(base(forwarderId), {
          params: status ? { status, limit: 50 } : { limit: 50 },
        }),
      ),
    replay: (forwarderId: string, deliveryId: number) =>
      call(() => client.post<ReplayResponse>(`${base(forwarderId)}/${deliveryId}/replay`)),
    replayFailed: (forwarderId: string) =>
      call(() => client.post<ReplayResponse>(`${base(forwarderId)}/replay-failed`)),
  };
}
