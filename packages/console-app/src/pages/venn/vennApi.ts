import type { AxiosInstance } from 'axios';
import type {
  VennCustomersResponse,
  VennOptionsResponse,
  VennResponse,
  VennSetKind,
} from '@staff/console-contract';

export interface VennSelection {
  by: VennSetKind;
  ids: readonly number[];
  from: string;
  to: string;
}

const params = (selection: VennSelection) => ({
  by: selection.by,
  ids: selection.ids.join(','),
  from: selection.from,
  to: selection.to,
});

/** The Cust Venn Diagram's calls (console-server src/venn/routes.ts). */
export function vennApi(api: AxiosInstance) {
  return {
    options: async (by: VennSetKind) =>
      (await api.get<VennOptionsResponse>('/api/venn/options', { params: { by } })).data,
    counts: async (selection: VennSelection) =>
      (await api.get<VennResponse>('/api/venn', { params: params(selection) })).data,
    customers: async (selection: VennSelection, mask: number, page: number) =>
      (
        await api.get<VennCustomersResponse>('/api/venn/customers', {
          params: { ...params(selection), mask, page },
        })
      ).data,
    exportCsv: async (selection: VennSelection, mask: number) =>
      (
        await api.get<Blob>('/api/venn/customers', {
          params: { ...params(selection), mask, format: 'csv' },
          responseType: 'blob',
        })
      ).data,
  };
}
