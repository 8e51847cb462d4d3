import { describe, expect, it } from 'vitest';
import { creators, projects } from '@staff/console-contract';
import { createApiClient } from './client.js';
import { ApiError, INVALID_RESPONSE_CODE } from './apiError.js';
import { createResourcesApi, exportFileName } from './resources.js';
import { fakeAdapter, type FakeAnswer } from './testAdapter.js';

function setup(answer: (url: string, method: string, data: unknown) => FakeAnswer) {
  const { adapter, requests } = fakeAdapter((config) =>
    answer(
      config.url ?? '',
      (config.method ?? 'get').toUpperCase(),
      config.data ? JSON.parse(String(config.data)) : undefined,
    ),
  );
  const client = createApiClient({ getToken: () => 'tok', onUnauthorized: () => undefined, adapter });
  return { api: createResourcesApi(client), requests };
}

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw error;
  return error;
};

describe('resources API', () => {
  it('lists with the contract encoding and reads rows, total and relation labels', async () => {
    const { api, requests } = setup(() => ({
      status: 200,
      data: {
        rows: [{ id: 1, title: 'Review', creator_id: 7 }],
        total: 41,
        labels: { creator_id: { '7': 'Nadia Putri' } },
        next_cursor: null,
      },
    }));
    const page = await api.list(projects, {
      q: 'serum',
      filters: [{ field: 'status', op: 'in', values: ['draft', 'posted'] }],
      sort: { field: 'fee', direction: 'desc' },
      limit: 25,
      offset: 50,
    });
    expect(page).toEqual({
      rows: [{ id: 1, title: 'Review', creator_id: 7 }],
      total: 41,
      totalEstimated: false,
      labels: { creator_id: { '7': 'Nadia Putri' } },
    });
    expect(requests[0]!.url).toBe('/api/resources/projects');
    expect(requests[0]!.params).toEqual({
      q: 'serum',
      'f.status.in': 'draft,posted',
      sort: 'fee:desc',
      limit: '25',
      offset: '50',
    });
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer tok');
  });

  it("passes the server's estimated total on", async () => {
    const { api } = setup(() => ({
      status: 200,
      data: { rows: [], total: 1_000_000, total_estimated: true, labels: {} },
    }));
    const page = await api.list(creators, {});
    expect(page.total).toBe(1_000_000);
    expect(page.totalEstimated).toBe(true);
  });

  it('leaves defaults out of the query string', async () => {
    const { api, requests } = setup(() => ({ status: 200, data: { rows: [], total: 0, labels: {} } }));
    await api.list(creators, { sort: creators.defaultSort, limit: 50, offset: 0 });
    expect(requests[0]!.url).toBe('/api/resources/creators');
    expect(requests[0]!.params).toBeUndefined();
  });

  it('sends each OR group as its own `or` parameter', async () => {
    const { api, requests } = setup(() => ({ status: 200, data: { rows: [], total: 0 } }));
    await api.list(projects, {
      groups: [
        { any: [[{ field: 'status', op: 'eq', value: 'draft' }]] },
        { any: [[{ field: 'status', op: 'eq', value: 'posted' }]] },
      ],
    });
    expect(requests[0]!.params).toEqual({
      or: ['[{"status.eq":"draft"}]', '[{"status.eq":"posted"}]'],
    });
  });

  it('sends an update with only the given values and the version', async () => {
    const { api, requests } = setup(() => ({ status: 200, data: { id: 5, version: 4, city: 'Bandung' } }));
    const row = await api.update(creators, 5, { city: 'Bandung' }, 3);
    expect(row).toEqual({ id: 5, version: 4, city: 'Bandung' });
    expect(requests[0]!.method).toBe('patch');
    expect(requests[0]!.url).toBe('/api/resources/creators/5');
    expect(JSON.parse(String(requests[0]!.data))).toEqual({ city: 'Bandung', version: 3 });
  });

  it('keeps the field messages of a 400 and the current row of a stale 409', async () => {
    const invalid = setup(() => ({
      status: 400,
      data: {
        message: '1 field is invalid: phone (…)',
        code: 'INVALID_INPUT',
        fields: { phone: ['Must be an Indonesian phone number (08… or 628…)'] },
      },
    }));
    expect(await failure(invalid.api.create(creators, { phone: '12' }))).toMatchObject({
      status: 400,
      message: '1 field is invalid: phone (…)',
      code: 'INVALID_INPUT',
      key: 'errors.INVALID_INPUT',
      endpoint: 'POST /api/resources/:entity',
      fields: { phone: ['Must be an Indonesian phone number (08… or 628…)'] },
      // As sent, for the resource page's own translation (the entity's localized rules).
      serverFields: { phone: ['Must be an Indonesian phone number (08… or 628…)'] },
    });

    const stale = setup(() => ({
      status: 409,
      data: { message: 'changed by someone else', code: 'conflict', current: { id: 5, version: 9 } },
    }));
    const error = await failure(stale.api.update(creators, 5, { city: 'Solo' }, 3));
    expect(error).toMatchObject({ status: 409, code: 'conflict', current: { id: 5, version: 9 } });

    const down = setup(() => ({ network: true }));
    expect((await failure(down.api.get(creators, 1))).status).toBeUndefined();
  });

  it('deletes one row, several rows, and reads history and relation options', async () => {
    const { api, requests } = setup((url) => {
      if (url.endsWith('/bulk-delete')) return { status: 200, data: { deleted: 2, ids: [3, 4] } };
      if (url.endsWith('/history'))
        return {
          status: 200,
          data: {
            entries: [
              {
                id: '1',
                at: '2026-11-01T00:00:00Z',
                actor: 'Ayu',
                actor_type: 'user',
                action: 'create',
                changes: [],
                before: null,
                after: { id: 3 },
              },
            ],
          },
        };
      if (url.includes('/options'))
        return { status: 200, data: { options: [{ id: 7, value: 7, label: 'Nadia Putri' }] } };
      return { status: 200, data: { id: 3, deleted: true, soft: false, version: 2 } };
    });
    await api.remove(creators, 3);
    expect(await api.bulkDelete(creators, ['3', '4'])).toBe(2);
    expect(JSON.parse(String(requests[1]!.data))).toEqual({ ids: [3, 4] });
    expect(await api.history(creators, 3)).toMatchObject([
      { id: '1', at: '2026-11-01T00:00:00Z', actor: 'Ayu', action: 'create', changes: [] },
    ]);
    expect(await api.options('creators', 'nad')).toEqual([{ value: '7', label: 'Nadia Putri' }]);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'delete /api/resources/creators/3',
      'post /api/resources/creators/bulk-delete',
      'get /api/resources/creators/3/history',
      'get /api/resources/creators/options',
    ]);
    expect(requests[3]!.params).toEqual({ q: 'nad' });
  });

  it('exports the view as CSV: every row (no page), the view columns', async () => {
    const { api, requests } = setup(() => ({
      status: 200,
      data: new Blob(['\uFEFFName,City\r\nNadia,Bandung\r\n'], { type: 'text/csv' }),
    }));
    const csv = await api.exportCsv(creators, {
      filters: [{ field: 'platform', op: 'eq', value: 'tiktok' }],
      limit: 25,
      offset: 50,
      columns: ['name', 'city'],
    });
    expect(csv).toBe('\uFEFFName,City\r\nNadia,Bandung\r\n');
    expect(requests[0]).toMatchObject({
      method: 'get',
      url: '/api/resources/creators',
      responseType: 'blob',
    });
    expect(requests[0]!.params).toEqual({
      'f.platform.eq': 'tiktok',
      columns: 'name,city',
      format: 'csv',
    });
    expect(exportFileName(creators, new Date('2026-11-01T10:00:00Z'))).toBe('creators-2026-11-01.csv');
  });

  it('reads, saves, shares and deletes saved views', async () => {
    const stored = {
      id: 12,
      entity: 'creators',
      name: 'TikTok',
      shared: false,
      q: null,
      filters: [{ field: 'platform', op: 'in', values: ['tiktok'] }],
      sort: { field: 'followers', direction: 'desc' },
      columns: ['name'],
      mine: true,
      owner: 'Ayu',
      groups: [],
      query: 'f.platform.in=tiktok',
      version: 1,
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-01T00:00:00Z',
    };
    const { api, requests } = setup((url, method) => {
      if (method === 'GET')
        return {
          status: 200,
          data: {
            views: [
              stored,
              {
                id: 13,
                entity: 'creators',
                name: 'Shared',
                shared: true,
                mine: false,
                owner: 'Budi',
                filters: [],
                groups: [],
                q: '',
                sort: null,
                columns: null,
                query: '',
                version: 3,
                created_at: '2026-11-01T00:00:00Z',
                updated_at: '2026-11-02T00:00:00Z',
              },
            ],
          },
        };
      if (method === 'DELETE') return { status: 200, data: { id: 12, deleted: true } };
      return { status: method === 'POST' ? 201 : 200, data: { ...stored, shared: method === 'PATCH' } };
    });
    const views = await api.views('creators');
    expect(views.map((view) => [view.id, view.mine, view.owner, view.q])).toEqual([
      ['12', true, 'Ayu', null],
      ['13', false, 'Budi', null],
    ]);
    expect(views[0]!.filters).toEqual([{ field: 'platform', op: 'in', values: ['tiktok'] }]);
    const created = await api.createView('creators', {
      name: 'TikTok',
      shared: false,
      q: null,
      filters: stored.filters as never,
      sort: null,
      columns: ['name'],
    });
    expect(created.id).toBe('12');
    expect(JSON.parse(String(requests[1]!.data))).toMatchObject({ entity: 'creators', name: 'TikTok' });
    expect((await api.updateView('12', { shared: true })).shared).toBe(true);
    await api.deleteView('12');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'get /api/views',
      'post /api/views',
      'patch /api/views/12',
      'delete /api/views/12',
    ]);
    expect(requests[0]!.params).toEqual({ entity: 'creators' });
  });

  it('rejects an answer of the wrong shape with a clear ApiError, never a page of garbage', async () => {
    const list = setup(() => ({ status: 200, data: { rows: 'none', total: '41' } }));
    const error = await failure(list.api.list(creators));
    expect(error).toMatchObject({
      status: 200,
      code: INVALID_RESPONSE_CODE,
      key: 'errors.INVALID_RESPONSE',
      endpoint: 'GET /api/resources/:entity',
    });
    expect(error.message).toContain(
      'GET /api/resources/:entity answered a body that does not fit its schema',
    );
    expect(error.message).toMatch(/rows: .+; total: /);

    // A row without its version could not be saved back: refused where it is read, naming the field.
    const row = setup(() => ({ status: 200, data: { id: 5, name: 'Nadia' } }));
    const rowError = await failure(row.api.get(creators, 5));
    expect(rowError).toMatchObject({
      code: INVALID_RESPONSE_CODE,
      endpoint: 'GET /api/resources/:entity/:id',
    });
    expect(rowError.message).toContain('version:');

    const views = setup(() => ({ status: 200, data: [{ id: 1, name: 'Old answer' }] }));
    expect(await failure(views.api.views('creators'))).toMatchObject({
      code: INVALID_RESPONSE_CODE,
      endpoint: 'GET /api/views',
    });
  });

  it('keeps the history entries the history view can name', async () => {
    const entry = (id: string, action: string) => ({
      id,
      at: '2026-11-01T00:00:00Z',
      actor: 'System',
      actor_type: 'system',
      action,
      changes: [{ field: 'cust_notified', before: false, after: true }],
      before: null,
      after: null,
    });
    const { api } = setup(() => ({
      status: 200,
      data: { entries: [entry('2', 'update'), entry('1', 'notify_queued')] },
    }));
    expect(await api.history(creators, 3)).toEqual([
      {
        id: '2',
        at: '2026-11-01T00:00:00Z',
        actor: 'System',
        action: 'update',
        changes: [{ field: 'cust_notified', before: false, after: true }],
      },
    ]);
  });
});
