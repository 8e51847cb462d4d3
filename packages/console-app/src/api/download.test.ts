import { describe, expect, it } from 'vitest';
import { vennEndpoints } from '@staff/console-contract';
import { ApiError } from './apiError.js';
import { createDownload } from './download.js';
import { fakeClient } from './testAdapter.js';

const query = {
  by: 'product',
  ids: '1,2',
  from: '2026-11-01',
  to: '2026-11-30',
  mask: 3,
  format: 'csv',
} as const;

describe('download', () => {
  it("asks the endpoint's URL for a Blob and hands the file back unparsed", async () => {
    const file = new Blob(['Customer,Name\n'], { type: 'text/csv' });
    const { client, requests } = fakeClient(() => ({ status: 200, data: file }));
    const blob = await createDownload(client)(vennEndpoints.customers, { query });
    expect(blob).toBe(file);
    expect(requests[0]).toMatchObject({ method: 'get', url: '/api/venn/customers', responseType: 'blob' });
    expect(requests[0]!.params).toEqual(query);
  });

  it("rejects with an ApiError carrying the server's JSON refusal read back from the Blob", async () => {
    const refusal = { message: 'Invalid query', code: 'INVALID_INPUT', fields: { 'query.ids': ['x'] } };
    const { client } = fakeClient(() => ({
      status: 400,
      data: new Blob([JSON.stringify(refusal)], { type: 'application/json' }),
    }));
    const error = await createDownload(client)(vennEndpoints.customers, { query }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      endpoint: 'GET /api/venn/customers',
      fields: { 'query.ids': ['x'] },
    });
  });
});
