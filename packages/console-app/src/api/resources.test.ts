import { describe, expect, it } from 'vitest';
import { creators, projects } from '@staff/console-contract';
import { createApiClient } from './client.js';
import { createResourcesApi, exportFileName, type ResourceCallError } from './resources.js';
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

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as ResourceCallError;
  }
  throw new Error('expected a rejection');
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
    const url = new URL(requests[0]!.url!, 'http://x');
    expect(url.pathname).toBe('/api/resources/projects');
    expect(Object.fromEntries(url.searchParams)).toEqual({
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
    expect(requests[0]!.url).toBe('/api/resources/creators?');
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
    expect(await failure(invalid.api.create(creators, { phone: '12' }))).toEqual({
      status: 400,
      message: '1 field is invalid: phone (…)',
      code: 'INVALID_INPUT',
      fields: { phone: ['Must be an Indonesian phone number (08… or 628…)'] },
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
      return { status: 200, data: { id: 3, deleted: true } };
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
    const { api, requests } = setup(() => ({ status: 200, data: '\uFEFFName,City\r\nNadia,Bandung\r\n' }));
    const csv = await api.exportCsv(creators, {
      filters: [{ field: 'platform', op: 'eq', value: 'tiktok' }],
      limit: 25,
      offset: 50,
      columns: ['name', 'city'],
    });
    expect(csv).toBe('\uFEFFName,City\r\nNadia,Bandung\r\n');
    const url = new URL(requests[0]!.url!, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
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
                q: '',
                sort: null,
                columns: null,
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
  });
});
