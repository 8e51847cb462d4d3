import type { ApiClient } from './client.js';
import { intakeEndpoints } from '@staff/console-contract';
import { createCall } from './call.js';

/**
 * The replay of a forwarding rule's deliveries (the contract's `intakeEndpoints` replays); ForwarderDeliveries loads
 * the deliveries themselves with useEndpoint.
 */
export function createDeliveriesApi(client: ApiClient) {
  const call = createCall(client);
  // The rule's id as the list holds it (a string): the path takes it as it is, the server reads the number.
  const rule = (forwarderId: string) => ({ id: forwarderId });
  return {
    replay: (forwarderId: string, deliveryId: number) =>
      call(intakeEndpoints.replayDelivery, { params: { ...rule(forwarderId), delivery_id: deliveryId } }),
    replayFailed: (forwarderId: string) => call(intakeEndpoints.replayFailed, { params: rule(forwarderId) }),
  };
}
