import type { ApiClient } from './client.js';
import { intakeEndpoints } from '@staff/console-contract';
import { createCall } from './call.js';

/**
 * The Marketing API pull's calls (the contract's `intakeEndpoints.pull…`): ad accounts, runs, pull now and
 * backfill. Adding an account is a form (useEndpointForm in MetaPullPanel).
 */
export function createMetaPullApi(client: ApiClient) {
  const call = createCall(client);
  return {
    accounts: async () => (await call(intakeEndpoints.pullAccounts)).data,
    runs: async () => (await call(intakeEndpoints.pullRuns, { query: { limit: 10 } })).data,
    /** Without a range: "pull now" (yesterday and the days Meta restates). */
    start: (accountId: number, range?: { since: string; until: string }) =>
      call(intakeEndpoints.startPull, { params: { id: accountId }, body: range ?? {} }),
  };
}
