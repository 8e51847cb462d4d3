import type { AxiosInstance } from 'axios';
import type { UsageStatisticsResponse } from '@staff/console-contract';
import { toCallError } from './errors.js';

/** `GET /api/statistics/usage?days=N`: the landing page's figures (needs `statistics`). */
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
