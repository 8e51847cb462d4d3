import axios, { type AxiosInstance } from 'axios';
import {
  translateFieldMessages,
  translateMessage,
  type InsightsImportResponse,
} from '@staff/console-contract';
import { currentLanguage } from '../i18n.js';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a refused import says: the server's message and its `line N.field` messages. */
export interface ImportCallError {
  status?: number;
  message: string;
  fields?: Record<string, string[]>;
}

export interface UploadProgress {
  loaded: number;
  total: number | null;
}

/** The content type the server parses the file as: XLSX by name or type, otherwise CSV. */
export function contentTypeOf(file: { name: string; type: string }): string {
  return file.type === XLSX_CONTENT_TYPE || /\.xlsx$/i.test(file.name) ? XLSX_CONTENT_TYPE : 'text/csv';
}

/**
 * `POST /api/ad-insights/import` with the file as the body (CSV or XLSX); `onProgress` follows the bytes the
 * browser has sent (XHR upload events), so the bar shows real progress on a large export.
 */
export async function importAdInsights(
  api: AxiosInstance,
  file: Blob & { name: string },
  options: { dryRun: boolean; onProgress?: (progress: UploadProgress) => void },
): Promise<InsightsImportResponse> {
  try {
    const response = await api.post<InsightsImportResponse>('/api/ad-insights/import', file, {
      params: options.dryRun ? { dry_run: '1' } : undefined,
      headers: { 'Content-Type': contentTypeOf(file) },
      // A 100k-row export takes longer than the default call limit to send and write.
      timeout: 10 * 60_000,
      onUploadProgress: (event) =>
        options.onProgress?.({ loaded: event.loaded, total: event.total ?? (file.size || null) }),
    });
    return response.data;
  } catch (error) {
    if (axios.isAxiosError(error) && error.response) {
      const body = error.response.data as Partial<ImportCallError> | undefined;
      const language = currentLanguage();
      throw {
        status: error.response.status,
        message: translateMessage(typeof body?.message === 'string' ? body.message : error.message, language),
        ...(body?.fields ? { fields: translateFieldMessages(body.fields, language) } : {}),
      } satisfies ImportCallError;
    }
    throw { message: error instanceof Error ? error.message : String(error) } satisfies ImportCallError;
  }
}
