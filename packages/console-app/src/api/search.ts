import type { AxiosInstance } from 'axios';
import type { SearchResponse } from '@staff/console-contract';
import { toCallError } from './errors.js';

/** `GET /api/search?q=`: records of the entities the user may read (the command palette's "Records"). */
export function createSearchRecords(client: AxiosInstance) {
  return async (q: string, signal?: AbortSignal): Promise<SearchResponse> => {
    try {
      return (
        await client.get<SearchResponse>('/api/search', { params: { q }, ...(signal ? { signal } : {}) })
      ).data;
    } catch (error) {
      throw toCallError(error);
    }
  };
}
