import type { AxiosInstance } from 'axios';
import type { MetaAdAccount, MetaPullRun } from '@staff/console-contract';
import { toCallError } from './errors.js';

/** The Marketing API pull's calls (`/api/ad-insights/pull/…`): ad accounts, runs, pull now and backfill. */
export function createMetaPullApi(client: AxiosInstance) {
  const call = async <T>(run: () => Promise<{ data: T }>): Promise<T> => {
    try {
      return (await run()).data;
    } catch (error) {
      throw toCallError(error);
    }
  };
  return {
    accounts: async () =>
      (await call(() => client.get<{ data: MetaAdAccount[] }>('/api/ad-insights/pull/accounts'))).data,
    addAccount: (input: { name: string; ad_account_id: string; access_token: string }) =>
      call(() => client.post<MetaAdAccount>('/api/ad-insights/pull/accounts', input)),
    runs: async () =>
      (
        await call(() =>
          client.get<{ data: MetaPullRun[] }>('/api/ad-insights/pull/runs', { params: { limit: 10 } }),
        )
      ).data,
    /** Without a range: "pull now" (yesterday and the days Meta restates). */
    start: (accountId: number, range?: { since: string; until: string }) =>
      call(() => client.post<MetaPullRun>(`/api/ad-insights/pull/accounts/${accountId}/runs`, range ?? {})),
  };
}
