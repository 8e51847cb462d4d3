import type { AxiosInstance } from 'axios';
import type {
  SheetReportInput,
  SheetReportRun,
  SheetReportSchedule,
  SheetViewChoice,
} from '@staff/console-contract';
import { toCallError } from './errors.js';

const call = async <T>(request: () => Promise<{ data: T }>): Promise<T> => {
  try {
    return (await request()).data;
  } catch (error) {
    throw toCallError(error);
  }
};

/** Sheet Report's calls (`/api/sheet-reports`); a kept file is fetched with the bearer token as a Blob. */
export function createSheetReportsApi(client: AxiosInstance) {
  return {
    list: async () =>
      (await call(() => client.get<{ schedules: SheetReportSchedule[] }>('/api/sheet-reports'))).schedules,
    create: (input: SheetReportInput) =>
      call(() => client.post<SheetReportSchedule>('/api/sheet-reports', input)),
    update: (id: number, input: SheetReportInput) =>
      call(() => client.put<SheetReportSchedule>(`/api/sheet-reports/${id}`, input)),
    remove: (id: number) => call(() => client.delete<null>(`/api/sheet-reports/${id}`)),
    run: (id: number) => call(() => client.post<SheetReportRun>(`/api/sheet-reports/${id}/run`)),
    runs: async (id: number) =>
      (await call(() => client.get<{ runs: SheetReportRun[] }>(`/api/sheet-reports/${id}/runs`))).runs,
    views: async () =>
      (await call(() => client.get<{ views: SheetViewChoice[] }>('/api/sheet-reports/views'))).views,
    file: (runId: number) =>
      call(() => client.get<Blob>(`/api/sheet-reports/runs/${runId}/file`, { responseType: 'blob' })),
  };
}
