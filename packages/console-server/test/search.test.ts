// Both engines: trigram search (pg_trgm) (support/harness.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, isSearchable, type SearchResponse } from '@staff/console-contract';
import { Client, ENGINES, setupTestApp, userWithKeys } from './support/harness.js';

describe.each(ENGINES)('GET /api/search on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine);
  let adminToken: string;
  const ids: Record<string, number> = {};

  const create = async (entity: string, payload: Record<string, unknown>) => {
    const response = await new Client(app).request({
      method: 'POST',
      url: `/api/resources/${entity}`,
      token: adminToken,
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  };

  beforeAll(async () => {
    adminToken = await new Client(app).token('admin');
    // One word ("Zanzibar") in a company and a tribe; a tribe found by its leader (a search field, not its title).
    ids.company = await create('companies', { name: 'Zanzibar Niaga', legal_name: 'PT Zanzibar Niaga' });
    ids.tribe = await create('tribes', { name: 'Tribe Zanzibar', code: 'ZNZ' });
    ids.leader = await create('tribes', {
      name: 'Tribe Kelapa',
      code: 'KLP',
      leader_name: 'Wulandari Zanzibar',
    });
    ids.other = await create('tribes', { name: 'Tribe Mangga', code: 'MGG' });
  });

  const search = async (token: string, q: string) => {
    const response = await new Client(app).get(`/api/search?q=${encodeURIComponent(q)}`, token);
    return response;
  };

  it('needs a signed-in user', async () => {
    expect((await new Client(app).get('/api/search?q=zanzibar')).statusCode).toBe(401);
  });

  it('finds records by title and search fields, linking each to its page filtered to its id', async () => {
    const response = await search(adminToken, 'zanzibar');
    expect(response.statusCode).toBe(200);
    const body = response.json() as SearchResponse;
    expect(body.q).toBe('zanzibar');
    const byId = (entity: string, id: number) =>
      body.hits.find((hit) => hit.entity === entity && hit.id === id);
    expect(byId('companies', ids.company!)).toEqual({
      entity: 'companies',
      entity_label: 'Companies',
      id: ids.company,
      title: 'Zanzibar Niaga',
      path: `/app/finance/companies/?f.id.eq=${ids.company}`,
    });
    expect(byId('tribes', ids.tribe!)?.title).toBe('Tribe Zanzibar');
    expect(byId('tribes', ids.leader!)?.title).toBe('Tribe Kelapa');
    expect(byId('tribes', ids.other!)).toBeUndefined();
    // Every word must occur: "zanzibar kelapa" is the leader's tribe alone.
    const both = (await search(adminToken, 'zanzibar kelapa')).json() as SearchResponse;
    expect(both.hits.map((hit) => [hit.entity, hit.id])).toEqual([['tribes', ids.leader]]);
    // The link opens the entity's list filtered to the row, and that list answers the row.
    const hit = byId('tribes', ids.tribe!)!;
    expect(hit.path).toBe(`/app/admins/tribes?f.id.eq=${ids.tribe}`);
    const list = await new Client(app).get(`/api/resources/tribes?f.id.eq=${ids.tribe}`, adminToken);
    expect((list.json() as { rows: { id: number }[] }).rows.map((row) => row.id)).toEqual([ids.tribe]);
  });

  it('a user without an entity key never sees its records', async () => {
    const c = new Client(app);
    const tribesOnly = await c.token(await userWithKeys(testDb.database, [{ key: 'databank_tribes' }]));
    const body = (await search(tribesOnly, 'zanzibar')).json() as SearchResponse;
    // Tribes and tribe targets share the key; companies (which also match) are left out.
    expect(body.entities).toEqual(
      ENTITIES.filter((def) => def.permissionKey === 'databank_tribes' && isSearchable(def)).map(
        (d) => d.name,
      ),
    );
    expect(body.entities).not.toContain('companies');
    expect(new Set(body.hits.map((hit) => hit.entity))).toEqual(new Set(['tribes']));
    expect(body.hits.map((hit) => hit.id).sort()).toEqual([ids.tribe, ids.leader].sort());

    // Write without read is not read; no keys at all searches nothing.
    const noRead = await c.token(
      await userWithKeys(testDb.database, [{ key: 'finance_manage_companies', read: false, write: true }]),
    );
    const none = (await search(noRead, 'zanzibar')).json() as SearchResponse;
    expect(none).toEqual({ q: 'zanzibar', entities: [], hits: [] });
  });

  it('searches every searchable entity for a reader of all keys, each only with its key', async () => {
    const searchable = ENTITIES.filter(isSearchable).map((def) => def.name);
    const body = (await search(adminToken, 'zz')).json() as SearchResponse;
    expect(body.entities.length).toBeGreaterThan(5);
    for (const entity of body.entities) expect(searchable).toContain(entity);
    // One key: only that entity.
    const creators = ENTITIES.find((def) => def.name === 'creators')!;
    const token = await new Client(app).token(
      await userWithKeys(testDb.database, [{ key: creators.permissionKey }]),
    );
    const only = (await search(token, 'zz')).json() as SearchResponse;
    expect(only.entities).toEqual(
      ENTITIES.filter((def) => def.permissionKey === creators.permissionKey && isSearchable(def)).map(
        (def) => def.name,
      ),
    );
  });

  it('bad input: q shorter than 2 characters or missing is a 400 naming q', async () => {
    for (const url of ['/api/search?q=a', '/api/search?q=%20z%20', '/api/search']) {
      const response = await new Client(app).get(url, adminToken);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().fields), url).toEqual(['query.q']);
    }
    const long = await search(adminToken, 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().fields)).toEqual(['query.q']);
    // Characters that mean something to LIKE are searched as themselves, never a 500.
    const odd = await search(adminToken, "%_'\\");
    expect(odd.statusCode).toBe(200);
    expect((odd.json() as SearchResponse).hits).toEqual([]);
  });

  it('leaves out deleted rows', async () => {
    const id = await create('tribes', { name: 'Tribe Quokka', code: 'QKA' });
    expect((await search(adminToken, 'quokka')).json().hits).toHaveLength(1);
    const c = new Client(app);
    const row = await c.get(`/api/resources/tribes/${id}`, adminToken);
    const deleted = await c.request({
      method: 'DELETE',
      url: `/api/resources/tribes/${id}?version=${row.json().version}`,
      token: adminToken,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await search(adminToken, 'quokka')).json().hits).toEqual([]);
  });
});
