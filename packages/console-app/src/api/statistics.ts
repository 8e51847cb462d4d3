import type { AxiosInstance } from 'axios';
import type { MyActivityResponse, UsageStatisticsResponse } from '@staff/console-contract';
import { toCallError } from './errors.js';

/** `GET /api/statistics/usage?days=N`: the landing page's team figures (needs `statistics`). */
export function createFetchUsageStatistics(client: AxiosInstance) {
  return async (days = 30): Promise<UsageStatisticsResponse> => {
    try {
      const response = await client.get<UsageStatisticsResponse>('/api/statistics/usage', {
        params: { days },
      });
      return response.data;
    } catch (error) {
      throw toCallError(error);
    }
  };
}

/** `GET /api/statistics/me?days=N`: the caller's own sign-ins and pages (any signed-in user). */
export function createFetchMyActivity(client: AxiosInstance) {
  return async (days = 30): Promise<MyActivityResponse> => {
    try {
      const response = await client.get<MyActivityResponse>('/api/statistics/me', { params: { days } });
      return response.data;
    } catch (error) {
      throw toCallError(error);
    }
  };
}
