import type { ApiClient } from './client.js';
import { type InsightsImportResponse, intakeEndpoints } from '@staff/console-contract';
import { ApiError } from './apiError.js';
import { invalidResponse, requestOf } from './call.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface UploadProgress {
  loaded: number;
  total: number | null;
}

/** The content type the server parses the file as: XLSX by name or type, otherwise CSV. */
export function contentTypeOf(file: { name: string; type: string }): string {
  return file.type === XLSX_CONTENT_TYPE || /\.xlsx$/i.test(file.name) ? XLSX_CONTENT_TYPE : 'text/csv';
}

/**
 * `intakeEndpoints.importAdInsights` with the file as the body (CSV or XLSX), so not through `call()` (which
 * sends JSON): the URL and query come from the endpoint, the answer is parsed with its schema, a refusal is an
 * ApiError (its `line N.field` messages in `fields`). `onProgress` follows the bytes the browser has sent (XHR
 * upload events), so the bar shows real progress on a large export.
 */
export async function importAdInsights(
  api: ApiClient,
  file: Blob & { name: string },
  options: { dryRun: boolean; onProgress?: (progress: UploadProgress) => void },
): Promise<InsightsImportResponse> {
  const endpoint = intakeEndpoints.importAdInsights;
  let response;
  try {
    response = await api.request({
      ...requestOf(endpoint, options.dryRun ? { query: { dry_run: '1' } } : {}),
      data: file,
      headers: { 'Content-Type': contentTypeOf(file) },
      // A 100k-row export takes longer than the default call limit to send and write.
      timeout: 10 * 60_000,
      onUploadProgress: (event) =>
        options.onProgress?.({ loaded: event.loaded, total: event.total ?? (file.size || null) }),
    });
  } catch (error) {
    throw ApiError.from(error, endpoint.name);
  }
  const parsed = endpoint.response.safeParse(response.data);
  if (!parsed.success) throw invalidResponse(endpoint, response.status, parsed.error.issues);
  return parsed.data;
}
