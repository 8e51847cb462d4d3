import type { ApiClient } from './client.js';
import { intakeEndpoints } from '@staff/console-contract';
import { createCall } from './call.js';

/**
 * The Marketing API pull's "pull now" (the contract's `intakeEndpoints.startPull`). MetaPullPanel loads the ad
 * accounts and the runs with useEndpoint; a backfill and adding an account are its forms (useEndpointForm).
 */
export function createMetaPullApi(client: ApiClient) {
  const call = createCall(client);
  return {
    /** Without a range: "pull now" (yesterday and the days Meta restates). */
    start: (accountId: number, range?: { since: string; until: string }) =>
      call(intakeEndpoints.startPull, { params: { id: accountId }, body: range ?? {} }),
  };
}
