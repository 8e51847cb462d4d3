import type { AnyEndpoint, EndpointInput } from '@staff/console-contract';
import { ApiError } from './apiError.js';
import { type CallOptions, requestOf } from './call.js';
import type { ApiClient } from './client.js';

/** Fetches the file an endpoint answers; rejects with an ApiError. */
export type Download = <E extends AnyEndpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options?: CallOptions,
) => Promise<Blob>;

/**
 * `call()`'s counterpart for a file (a PDF, a `format=csv` export): the URL, query and guard come from the
 * endpoint the same way, but the answer is the file's bytes, so it is handed back as a Blob rather than parsed.
 * A refusal is still the server's JSON `{ message, code, fields }`, read back from the Blob into the ApiError.
 * @example
 * const download = createDownload(services.api);
 * const pdf = await download(logisticsEndpoints.labels, { query: { ids: '7,8' } });
 */
export function createDownload(client: ApiClient): Download {
  return async (endpoint, input, options) => {
    try {
      const response = await client.request<Blob>({
        ...requestOf(endpoint, input as Parameters<typeof requestOf>[1]),
        responseType: 'blob',
        ...(options?.signal ? { signal: options.signal } : {}),
      });
      return response.data;
    } catch (error) {
      // A refusal's body is the server's JSON even here (the client reads it back from the Blob).
      throw ApiError.from(error, endpoint.name);
    }
  };
}
