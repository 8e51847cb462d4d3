import type { ApiClient } from './client.js';
import { type DeliveryStatus, intakeEndpoints } from '@staff/console-contract';
import { createCall } from './call.js';

/** A forwarding rule's deliveries and their replay (the contract's `intakeEndpoints.deliveries` and replays). */
export function createDeliveriesApi(client: ApiClient) {
  const call = createCall(client);
  // The rule's id as the list holds it (a string): the path takes it as it is, the server reads the number.
  const rule = (forwarderId: string) => ({ id: forwarderId });
  return {
    list: (forwarderId: string, status?: DeliveryStatus) =>
      call(intakeEndpoints.deliveries, {
        params: rule(forwarderId),
        query: status ? { status, limit: 50 } : { limit: 50 },
      }),
    replay: (forwarderId: string, deliveryId: number) =>
      call(intakeEndpoints.replayDelivery, { params: { ...rule(forwarderId), delivery_id: deliveryId } }),
    replayFailed: (forwarderId: string) => call(intakeEndpoints.replayFailed, { params: rule(forwarderId) }),
  };
}
