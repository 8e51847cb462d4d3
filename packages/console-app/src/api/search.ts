import type { ApiClient } from './client.js';
import { searchEndpoints, type SearchResponse } from '@staff/console-contract';
import { createCall } from './call.js';

/** `GET /api/search?q=`: records of the entities the user may read (the command palette's "Records"). */
export function createSearchRecords(client: ApiClient) {
  const call = createCall(client);
  return (q: string, signal?: AbortSignal): Promise<SearchResponse> =>
    call(searchEndpoints.records, { query: { q } }, signal ? { signal } : {});
}
