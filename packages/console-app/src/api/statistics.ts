import type { ApiClient } from './client.js';
import {
  statisticsEndpoints,
  type MyActivityResponse,
  type UsageStatisticsResponse,
} from '@staff/console-contract';
import { createCall } from './call.js';

/** `GET /api/statistics/usage?days=N`: the landing page's team figures (needs `statistics`). */
export function createFetchUsageStatistics(client: ApiClient) {
  const call = createCall(client);
  return (days = 30): Promise<UsageStatisticsResponse> =>
    call(statisticsEndpoints.usage, { query: { days } });
}

/** `GET /api/statistics/me?days=N`: the caller's own sign-ins and pages (any signed-in user). */
export function createFetchMyActivity(client: ApiClient) {
  const call = createCall(client);
  return (days = 30): Promise<MyActivityResponse> => call(statisticsEndpoints.me, { query: { days } });
}
