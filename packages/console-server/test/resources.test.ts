// Both engines: the list filters' SQL (support/harness.ts).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ROW_COUNTS,
  ENTITIES,
  ENTITY_BY_NAME,
  createSchema,
  localizeEntity,
  maskRow,
  maskSecret,
  searchFields,
  type EntityDef,
} from '@staff/console-contract';
import { RESOURCE_CHANGED_EVENT } from '../src/resources/push.js';
import { openSecret } from '../src/secrets/index.js';
import { Client, ENGINES, freshAddress, setupTestApp, testServer, userWithKeys } from './support/harness.js';
import { countRows, createRealistic, editableField, entity, parseCsv } from './support/resources.js';
// The presets' own matcher is the oracle for OR groups (test-only import of console-ui's pure function).
import { matchesPreset, type FilterPreset } from '../../console-ui/src/machines/filterPresets.machine.js';

type Row = Record<string, unknown>;

/** A tenth of the demo data (~1 900 rows, 800 prospects): enough for filters, pages and OR groups to bite. */
const DEMO_SCALE = 0.1;
/** Read-only entities (resources.actions.test.ts) answer 405 to writes. */
const WRITABLE = ENTITIES.filter((def) => def.access !== 'read-only');

describe.each(ENGINES)('master-data resources on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine, { database: { demoRows: DEMO_SCALE }, listen: true });
  let baseUrl: string;
  let admin: string;
  const client = () => new Client(app, freshAddress());
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) =>
    client().request({
      method,
      url,
      token,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  beforeAll(async () => {
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    admin = await client().token('admin');
  });

  const tokenFor = async (keys: { key: string; read?: boolean; write?: boolean }[]) =>
    client().token(await userWithKeys(testDb.database, keys));

  describe('every entity', () => {
    it.each(WRITABLE.map((def) => [def.name, def] as const))(
      '%s: create, get, list, update, stale update, history, delete',
      async (_name, def: EntityDef) => {
        const before = await countRows(testDb.database, def.name);
        const { body, response: created } = await createRealistic(client(), admin, def);
        expect(created.statusCode, created.body).toBe(201);
        const row = created.json() as Row;
        const expected = maskRow(def, createSchema(def).parse(body));
        // Fields the server sets (readOnly) are not in the body.
        for (const field of def.fields.filter((f) => !f.readOnly))
          expect(row[field.name], field.name).toEqual(expected[field.name]);
        expect(row.version).toBe(1);
        expect(await countRows(testDb.database, def.name)).toBe(before + 1);

        const got = await api('GET', `/api/resources/${def.name}/${row.id}`, admin);
        expect(got.json()).toEqual(row);
        const listed = (await api('GET', `/api/resources/${def.name}?f.id.eq=${row.id}`, admin)).json();
        expect(listed.total).toBe(1);
        expect(listed.rows).toEqual([row]);

        const { field, value } = editableField(def);
        const newValue = value === '__flip__' ? !row[field.name] : value;
        const updated = await api('PATCH', `/api/resources/${def.name}/${row.id}`, admin, {
          [field.name]: newValue,
          version: 1,
        });
        expect(updated.statusCode, updated.body).toBe(200);
        expect(updated.json()).toMatchObject({ [field.name]: newValue, version: 2 });

        const stale = await api('PATCH', `/api/resources/${def.name}/${row.id}`, admin, {
          [field.name]: row[field.name] ?? null,
          version: 1,
        });
        expect(stale.statusCode).toBe(409);
        expect(stale.json()).toMatchObject({
          code: 'conflict',
          current: { id: row.id, version: 2, [field.name]: newValue },
        });
        expect((await api('GET', `/api/resources/${def.name}/${row.id}`, admin)).json()).toMatchObject({
          version: 2,
          [field.name]: newValue,
        });

        const history = (await api('GET', `/api/resources/${def.name}/${row.id}/history`, admin)).json();
        expect(history.entries.map((entry: { action: string }) => entry.action)).toEqual([
          'update',
          'create',
        ]);
        expect(history.entries[0]).toMatchObject({
          actor: 'Administrator',
          actor_type: 'user',
          changes: [{ field: field.name, before: row[field.name] ?? null, after: newValue }],
        });

        const deleted = await api('DELETE', `/api/resources/${def.name}/${row.id}?version=2`, admin);
        expect(deleted.statusCode, deleted.body).toBe(200);
        const afterDelete = await api('GET', `/api/resources/${def.name}/${row.id}`, admin);
        if (def.softDelete) {
          expect(afterDelete.json()).toMatchObject({ version: 3, deleted_at: expect.any(String) });
          expect((await api('GET', `/api/resources/${def.name}?f.id.eq=${row.id}`, admin)).json().total).toBe(
            0,
          );
          expect(
            (await api('GET', `/api/resources/${def.name}?f.id.eq=${row.id}&deleted=only`, admin)).json()
              .total,
          ).toBe(1);
          expect(await countRows(testDb.database, def.name)).toBe(before + 1);
          const restored = await api('POST', `/api/resources/${def.name}/${row.id}/restore`, admin);
          expect(restored.statusCode, restored.body).toBe(200);
          expect(restored.json()).toMatchObject({ version: 4, deleted_at: null });
          const actions = (await api('GET', `/api/resources/${def.name}/${row.id}/history`, admin))
            .json()
            .entries.map((entry: { action: string }) => entry.action);
          expect(actions).toEqual(['restore', 'delete', 'update', 'create']);
        } else {
          expect(afterDelete.statusCode).toBe(404);
          expect(await countRows(testDb.database, def.name)).toBe(before);
        }
      },
    );

    it.each(WRITABLE.map((def) => [def.name, def] as const))(
      '%s: an empty or unknown-field body is 400 with field messages and writes nothing',
      async (_name, def: EntityDef) => {
        const before = await countRows(testDb.database, def.name);
        const empty = await api('POST', `/api/resources/${def.name}`, admin, {});
        const required = def.fields.filter((field) => field.required && field.defaultValue === undefined);
        expect(empty.statusCode).toBe(400);
        for (const field of required)
          expect(empty.json().fields[field.name], field.name).toContain(`${field.label} is required`);
        const unknown = await api('POST', `/api/resources/${def.name}`, admin, { id: 5, no_such_field: 'x' });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().fields).toMatchObject({
          id: ['Id is set by the server'],
          no_such_field: ['Unknown field'],
        });
        expect(await countRows(testDb.database, def.name)).toBe(before);
      },
    );
  });

  describe('derived values', () => {
    it("keeps a creator's tier to its followers on create and update, as the field's help says", async () => {
      const created = await api('POST', '/api/resources/creators', admin, {
        name: 'Tier Derived',
        handle: `tier_${Date.now().toString(36)}`,
        platform: 'instagram',
        followers: 250_000,
        tier: 'nano',
      });
      expect(created.statusCode).toBe(201);
      const row = created.json();
      expect(row.tier).toBe('macro');
      const updated = await api('PATCH', `/api/resources/creators/${row.id}`, admin, {
        followers: 2_000_000,
        version: row.version,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().tier).toBe('mega');
      // Without followers the tier is whatever staff choose.
      const unknown = await api('POST', '/api/resources/creators', admin, {
        name: 'Tier Chosen',
        handle: `tierc_${Date.now().toString(36)}`,
        platform: 'tiktok',
        tier: 'micro',
      });
      expect(unknown.json().tier).toBe('micro');
    });
  });

  describe('validation', () => {
    it('names every bad field: types, lengths, enums, patterns, unknown fields', async () => {
      const before = await countRows(testDb.database, 'creators');
      const response = await api('POST', '/api/resources/creators', admin, {
        name: 123,
        handle: 'bad handle!',
        platform: 'myspace',
        followers: 'many',
        rate_fee: 1500.5,
        email: 'not-an-email',
        phone: '12345',
        notes: 'x'.repeat(2001),
        foo: true,
      });
      expect(response.statusCode).toBe(400);
      const { fields, message, code } = response.json();
      expect(code).toBe('INVALID_INPUT');
      expect(message).toMatch(/^9 fields are invalid: /);
      expect(fields).toEqual({
        name: ['Must be text'],
        handle: ['Use 1–30 letters, digits, dots or underscores'],
        platform: ['Must be one of: instagram, tiktok, youtube, facebook'],
        followers: ['Must be a number'],
        rate_fee: ['Must be a whole number of rupiah'],
        email: ['Must be a valid email address'],
        phone: ['Must be an Indonesian phone number (08… or 628…)'],
        notes: ['Must be at most 2000 characters'],
        foo: ['Unknown field'],
      });
      expect(await countRows(testDb.database, 'creators')).toBe(before);
    });

    it('answers huge bodies with 400 on the field (or 413 past the body limit), malformed JSON and non-objects with 400', async () => {
      const before = await countRows(testDb.database, 'n8n_creators');
      const huge = await api('POST', '/api/resources/n8n_creators', admin, {
        handle: 'huge.body',
        platform: 'tiktok',
        bio: 'x'.repeat(300_000),
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().fields).toEqual({ bio: ['Must be at most 1000 characters'] });
      const tooLarge = await api('POST', '/api/resources/n8n_creators', admin, {
        handle: 'huge.body',
        platform: 'tiktok',
        bio: 'x'.repeat(2_000_000),
      });
      expect(tooLarge.statusCode).toBe(413);
      const malformed = await client().request({
        method: 'POST',
        url: '/api/resources/n8n_creators',
        token: admin,
        headers: { 'content-type': 'application/json' },
        payload: '{"handle": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().fields).toBeDefined();
      const list = await client().request({
        method: 'POST',
        url: '/api/resources/n8n_creators',
        token: admin,
        headers: { 'content-type': 'application/json' },
        payload: '[1,2]',
      });
      expect(list.statusCode).toBe(400);
      // A value the column cannot hold (year 0) is 400 too, and the connection survives it.
      const yearZero = await api('POST', '/api/resources/n8n_creators', admin, {
        handle: 'tahun.nol',
        platform: 'tiktok',
        last_scraped_at: '0000-01-01T00:00:00Z',
      });
      expect(yearZero.statusCode).toBe(400);
      expect(await countRows(testDb.database, 'n8n_creators')).toBe(before);
    });

    it('checks relations: a missing or deleted referenced row is 400 on that field', async () => {
      const before = await countRows(testDb.database, 'projects');
      const body = {
        title: 'Reel uji relasi',
        creator_id: 987_654,
        product_id: 1,
        content_type: 'reel',
        fee: 1_000_000,
      };
      const missing = await api('POST', '/api/resources/projects', admin, body);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ creator_id: ['There is no creator with id 987654'] });

      const { response } = await createRealistic(client(), admin, entity('creators'), 7);
      const creator = response.json() as Row;
      await api('DELETE', `/api/resources/creators/${creator.id}`, admin);
      const deleted = await api('POST', '/api/resources/projects', admin, {
        ...body,
        creator_id: creator.id,
      });
      expect(deleted.statusCode).toBe(400);
      expect(deleted.json().fields.creator_id[0]).toMatch(/has been deleted/);
      expect(await countRows(testDb.database, 'projects')).toBe(before);
    });

    it('runs cross-field rules on the merged row of an update', async () => {
      const row = (
        await api('POST', '/api/resources/projects', admin, {
          title: 'Aturan gabungan',
          creator_id: 1,
          product_id: 1,
          content_type: 'feed',
          fee: 500_000,
        })
      ).json();
      const posted = await api('PATCH', `/api/resources/projects/${row.id}`, admin, {
        status: 'posted',
        version: row.version,
      });
      expect(posted.statusCode).toBe(400);
      expect(posted.json().fields).toEqual({ post_url: ['Post URL is required once the content is posted'] });
      expect((await api('GET', `/api/resources/projects/${row.id}`, admin)).json()).toMatchObject({
        status: 'draft',
        version: 1,
      });
    });
  });

  describe('conflicts', () => {
    it('409 on a unique field (case-insensitive) and on a unique group, naming the fields', async () => {
      const existing = (await api('GET', '/api/resources/products?limit=1', admin)).json().rows[0] as Row;
      const before = await countRows(testDb.database, 'products');
      const dup = await api('POST', '/api/resources/products', admin, {
        name: String(existing.name).toUpperCase(),
        mayar_account_id: 1,
        product_type: 'course',
        price: 99_000,
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({
        code: 'unique',
        message: 'Name is already used by another product',
        fields: { name: ['Already used by another product'] },
      });
      expect(await countRows(testDb.database, 'products')).toBe(before);

      const creator = (await api('GET', '/api/resources/creators?limit=1', admin)).json().rows[0] as Row;
      const pair = await api('POST', '/api/resources/creators', admin, {
        name: 'Kembar',
        handle: `@${String(creator.handle).toUpperCase()}`,
        platform: creator.platform,
      });
      expect(pair.statusCode).toBe(409);
      expect(pair.json()).toMatchObject({
        code: 'unique',
        fields: { platform: [expect.any(String)], handle: [expect.any(String)] },
      });
      expect(pair.json().message).toBe('Platform and Handle are already used together by another creator');
    });

    it('409 when deleting a referenced row, naming what refers to it; nothing is deleted', async () => {
      const { rows } = await sql<{
        creator_id: string;
      }>`select creator_id from projects where deleted_at is null limit 1`.execute(testDb.database.db);
      const creatorId = Number(rows[0]!.creator_id);
      const response = await api('DELETE', `/api/resources/creators/${creatorId}`, admin);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'referenced',
        references: expect.arrayContaining([
          expect.objectContaining({ entity: 'projects', field: 'creator_id', count: expect.any(Number) }),
        ]),
      });
      expect(response.json().message).toMatch(/^Cannot delete this creator: \d+ projects \(creator_id\)/);
      expect((await api('GET', `/api/resources/creators/${creatorId}`, admin)).json().deleted_at).toBeNull();

      // A hard-deleted master (categories) referenced by sub categories.
      const category = await sql<{
        category_id: string;
      }>`select category_id from problem_subcategories limit 1`.execute(testDb.database.db);
      const hard = await api(
        'DELETE',
        `/api/resources/problem_categories/${category.rows[0]!.category_id}`,
        admin,
      );
      expect(hard.statusCode).toBe(409);
      expect(hard.json().references[0]).toMatchObject({
        entity: 'problem_subcategories',
        field: 'category_id',
      });
    });

    it('bulk delete is all or nothing', async () => {
      const made = [];
      for (const seed of [31, 32])
        made.push(
          (await createRealistic(client(), admin, entity('meeting_rooms'), seed)).response.json()
            .id as number,
        );
      const before = await countRows(testDb.database, 'meeting_rooms');
      const partial = await api('POST', '/api/resources/meeting_rooms/bulk-delete', admin, {
        ids: [...made, 99_999_999],
      });
      expect(partial.statusCode).toBe(404);
      expect(partial.json().ids).toEqual([99_999_999]);
      const live = await api('GET', `/api/resources/meeting_rooms?f.id.in=${made.join(',')}`, admin);
      expect(live.json().total).toBe(2);
      const ok = await api('POST', '/api/resources/meeting_rooms/bulk-delete', admin, { ids: made });
      expect(ok.json()).toEqual({ deleted: 2, ids: made });
      expect(
        (await api('GET', `/api/resources/meeting_rooms?f.id.in=${made.join(',')}`, admin)).json().total,
      ).toBe(0);
      expect(await countRows(testDb.database, 'meeting_rooms')).toBe(before);
      expect(
        (await api('POST', '/api/resources/meeting_rooms/bulk-delete', admin, { ids: [] })).statusCode,
      ).toBe(400);
    });

    it('a stale delete is 409 with the current row', async () => {
      const row = (await createRealistic(client(), admin, entity('tribes'), 5)).response.json() as Row;
      const response = await api('DELETE', `/api/resources/tribes/${row.id}?version=7`, admin);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'conflict',
        current: { id: row.id, version: 1, deleted_at: null },
      });
    });
  });

  describe('secrets', () => {
    it('never answers a secret in full; an empty secret on update keeps the stored one', async () => {
      const { body, response } = await createRealistic(client(), admin, entity('mayar_accounts'), 11);
      const row = response.json() as Row;
      expect(row.api_key).toBe(maskSecret(String(body.api_key)));
      const updated = await api('PATCH', `/api/resources/mayar_accounts/${row.id}`, admin, {
        api_key: '',
        notes: 'rotasi nanti',
        version: 1,
      });
      expect(updated.statusCode).toBe(200);
      const stored = await sql<{
        api_key: string;
      }>`select api_key from mayar_accounts where id = ${row.id}`.execute(testDb.database.db);
      // Sealed at rest (ADR 013): the stored envelope opens to the value sent.
      expect(stored.rows[0]!.api_key).not.toContain(String(body.api_key));
      expect(openSecret(stored.rows[0]!.api_key)).toBe(body.api_key);
      const list = await api(
        'GET',
        `/api/resources/mayar_accounts?f.id.eq=${row.id}&format=csv&columns=name,api_key`,
        admin,
      );
      expect(list.body).not.toContain(String(body.api_key));
      const audit = await sql<{
        after: unknown;
      }>`select after from audit_log where entity = 'mayar_accounts' and entity_id = ${String(row.id)}`.execute(
        testDb.database.db,
      );
      expect(JSON.stringify(audit.rows)).not.toContain(String(body.api_key));
    });
  });

  describe('lists', () => {
    const n8n = '/api/resources/n8n_creators';
    const dbCount = async (where: string) =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from n8n_creators where deleted_at is null and ${sql.raw(where)}`.execute(
            testDb.database.db,
          )
        ).rows[0]!.n,
      );

    it('filters with each operator, totals matching the database', async () => {
      const cases: [string, string, (row: Row) => boolean][] = [
        ['f.platform.eq=tiktok', `platform = 'tiktok'`, (row) => row.platform === 'tiktok'],
        [
          'f.niche.in=beauty,food',
          `niche in ('beauty', 'food')`,
          (row) => ['beauty', 'food'].includes(String(row.niche)),
        ],
        [
          'f.followers.range=10000,50000',
          'followers between 10000 and 50000',
          (row) => Number(row.followers) >= 10_000 && Number(row.followers) <= 50_000,
        ],
        [
          'f.city.contains=BAND',
          `city ilike '%band%'`,
          (row) => String(row.city).toLowerCase().includes('band'),
        ],
        [
          'f.contact_email.empty=1',
          `(contact_email is null or contact_email = '')`,
          (row) => !row.contact_email,
        ],
        [
          'f.contact_email.empty=0',
          `not (contact_email is null or contact_email = '')`,
          (row) => Boolean(row.contact_email),
        ],
        [
          'f.last_scraped_at.range=2026-10-01,2026-10-31',
          `last_scraped_at between '2026-09-30T17:00:00Z' and '2026-10-31T16:59:59.999Z'`,
          (row) =>
            String(row.last_scraped_at) >= '2026-09-30T17' && String(row.last_scraped_at) < '2026-10-31T17',
        ],
      ];
      for (const [query, where, holds] of cases) {
        const response = await api('GET', `${n8n}?${query}&limit=200`, admin);
        expect(response.statusCode, query).toBe(200);
        const page = response.json();
        expect(page.total, query).toBe(await dbCount(where));
        expect(page.total, query).toBeGreaterThan(0);
        expect(page.rows.every(holds), query).toBe(true);
      }
    });

    it("finds a company by its city (the list's search, not only the City filter)", async () => {
      const created = await api('POST', '/api/resources/companies', admin, {
        name: 'Berau Search Co',
        legal_name: 'PT Berau Cari Kota',
        city: 'Tanjung Redeb',
        active: true,
      });
      expect(created.statusCode, created.body).toBe(201);
      const found = (await api('GET', '/api/resources/companies?q=tanjung%20redeb&limit=50', admin)).json();
      expect(found.rows.map((row: Row) => row.id)).toContain(created.json().id);
    });

    it('searches the searchable fields word by word', async () => {
      const sample = ((await api('GET', `${n8n}?limit=100`, admin)).json().rows as Row[]).find(
        (row) => row.name,
      )!;
      const word = String(sample.name).split(' ')[0]!.toLowerCase();
      const page = (
        await api('GET', `${n8n}?q=${encodeURIComponent(word.toUpperCase())}&limit=500`, admin)
      ).json();
      expect(page.total).toBeGreaterThan(0);
      const creators = (page.labels.creator_id ?? {}) as Record<string, string>;
      // A choice matches by its label in either language ("ani" is in "Religi (konten Islami)").
      const choiceLabels = (row: Row) =>
        (['en', 'id'] as const).flatMap((language) =>
          searchFields(localizeEntity(ENTITY_BY_NAME.n8n_creators!, language))
            .filter((field) => field.type === 'enum')
            .map((field) => field.options?.find((option) => option.value === row[field.name])?.label),
        );
      expect(
        page.rows.every((row: Row) =>
          [
            row.handle,
            row.name,
            row.contact_phone,
            row.contact_email,
            row.bio,
            creators[String(row.creator_id)],
            ...choiceLabels(row),
          ].some((value) =>
            String(value ?? '')
              .toLowerCase()
              .includes(word),
          ),
        ),
      ).toBe(true);
    });

    it('searches what the table shows: related rows by label, choices by label, months by name', async () => {
      // A tribe's name finds its targets (a relation label; tribe targets have no searchable text of their own).
      const tribe = (
        await sql<{
          id: string;
          name: string;
        }>`select t.id, t.name from tribes t where exists (select 1 from tribe_targets x where x.tribe_id = t.id) order by t.id limit 1`.execute(
          testDb.database.db,
        )
      ).rows[0]!;
      const byTribe = (
        await api('GET', `/api/resources/tribe_targets?q=${encodeURIComponent(tribe.name)}&limit=200`, admin)
      ).json();
      expect(byTribe.total).toBeGreaterThan(0);
      const expected = (
        await sql<{
          n: string;
        }>`select count(*) as n from tribe_targets x join tribes t on t.id = x.tribe_id where t.name ilike ${`%${tribe.name}%`}`.execute(
          testDb.database.db,
        )
      ).rows[0]!.n;
      expect(byTribe.total).toBe(Number(expected));
      expect(
        byTribe.rows.every((row: Row) =>
          String(byTribe.labels.tribe_id[String(row.tribe_id)])
            .toLowerCase()
            .includes(tribe.name.toLowerCase()),
        ),
      ).toBe(true);

      // "TikTok" (the label) finds the tiktok rows; a month by its Indonesian name and as stored.
      const tiktok = (await api('GET', `${n8n}?q=TikTok&limit=1`, admin)).json();
      expect(tiktok.total).toBeGreaterThanOrEqual(await dbCount(`platform = 'tiktok'`));
      const period = (
        await sql<{ period: string }>`select period from tribe_targets order by id limit 1`.execute(
          testDb.database.db,
        )
      ).rows[0]!.period;
      const names = [
        'Januari',
        'Februari',
        'Maret',
        'April',
        'Mei',
        'Juni',
        'Juli',
        'Agustus',
        'September',
        'Oktober',
        'November',
        'Desember',
      ];
      const monthName = names[Number(period.slice(5, 7)) - 1]!;
      for (const q of [period, `${monthName} ${period.slice(0, 4)}`]) {
        const found = (
          await api('GET', `/api/resources/tribe_targets?q=${encodeURIComponent(q)}&limit=200`, admin)
        ).json();
        expect(found.total, q).toBeGreaterThan(0);
        expect(
          found.rows.every((row: Row) => row.period === period),
          q,
        ).toBe(true);
      }
      // Projects by creator and by product; a word found nowhere finds nothing; % is taken literally.
      const project = ((await api('GET', '/api/resources/projects?limit=1', admin)).json().rows as Row[])[0]!;
      const labels = (await api('GET', `/api/resources/projects?f.id.eq=${project.id}`, admin)).json().labels;
      for (const [fieldName, label] of [
        ['creator_id', labels.creator_id[String(project.creator_id)]],
        ['product_id', labels.product_id[String(project.product_id)]],
      ] as const) {
        const found = (
          await api('GET', `/api/resources/projects?q=${encodeURIComponent(String(label))}&limit=500`, admin)
        ).json();
        expect(found.total, fieldName).toBeGreaterThan(0);
        expect(
          found.rows.some((row: Row) => row.id === project.id),
          fieldName,
        ).toBe(true);
      }
      expect((await api('GET', `${n8n}?q=zzqxj-nowhere&limit=1`, admin)).json().total).toBe(0);
      expect((await api('GET', `${n8n}?q=%25&limit=1`, admin)).json().total).toBe(0);
    });

    it('puts empty values last in descending order too, and a cursor walks it like offsets', async () => {
      const query = 'sort=post_date:desc&limit=50';
      const projects = '/api/resources/projects';
      const first = (await api('GET', `${projects}?${query}`, admin)).json();
      expect(first.rows[0].post_date).not.toBeNull();
      const byOffset: number[] = [];
      const dates: (string | null)[] = [];
      for (let offset = 0; offset < first.total; offset += 50) {
        const body = (await api('GET', `${projects}?${query}&offset=${offset}`, admin)).json();
        byOffset.push(...body.rows.map((row: Row) => row.id as number));
        dates.push(...body.rows.map((row: Row) => row.post_date as string | null));
      }
      const firstNull = dates.indexOf(null);
      expect(firstNull).toBeGreaterThan(0);
      expect(dates.slice(firstNull).every((date) => date === null)).toBe(true);
      const set = dates.slice(0, firstNull) as string[];
      expect(set).toEqual([...set].sort().reverse());
      const byCursor: number[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 200; guard += 1) {
        const body: { rows: Row[]; next_cursor: string | null } = (
          await api('GET', `${projects}?${query}${cursor ? `&cursor=${cursor}` : ''}`, admin)
        ).json();
        byCursor.push(...body.rows.map((row) => row.id as number));
        cursor = body.next_cursor;
        if (!cursor) break;
      }
      expect(byCursor).toEqual(byOffset);
    });

    it('sorts, pages by offset and by keyset cursor to the same rows, with the same total', async () => {
      const query = 'f.platform.in=instagram,youtube&sort=followers:desc&limit=40';
      const byOffset: number[] = [];
      const byCursor: number[] = [];
      let total = 0;
      for (let page = 0; page < 3; page += 1) {
        const body = (await api('GET', `${n8n}?${query}&offset=${page * 40}`, admin)).json();
        total = body.total;
        byOffset.push(...body.rows.map((row: Row) => row.id));
        const followers = body.rows.map((row: Row) => row.followers as number | null);
        const nonNull = followers.filter((value: number | null) => value !== null) as number[];
        expect(nonNull).toEqual([...nonNull].sort((a, b) => b - a));
      }
      let cursor: string | null = null;
      for (let page = 0; page < 3; page += 1) {
        const body: { rows: Row[]; total: number; next_cursor: string | null } = (
          await api('GET', `${n8n}?${query}${cursor ? `&cursor=${cursor}` : ''}`, admin)
        ).json();
        expect(body.total).toBe(total);
        byCursor.push(...body.rows.map((row) => row.id as number));
        cursor = body.next_cursor;
      }
      expect(byCursor).toEqual(byOffset);
      expect(new Set(byCursor).size).toBe(120);
    });

    it('walks a whole filtered list by cursor over a sort with empty values (default sort), no row twice', async () => {
      const total = (await api('GET', `${n8n}?f.platform.eq=facebook&limit=1`, admin)).json().total as number;
      const seen = new Set<number>();
      let cursor: string | null = null;
      for (let guard = 0; guard < 100; guard += 1) {
        const body: { rows: Row[]; next_cursor: string | null } = (
          await api(
            'GET',
            `${n8n}?f.platform.eq=facebook&limit=500${cursor ? `&cursor=${cursor}` : ''}`,
            admin,
          )
        ).json();
        for (const row of body.rows) seen.add(row.id as number);
        cursor = body.next_cursor;
        if (!cursor) break;
      }
      expect(seen.size).toBe(total);
      const asc = new Set<number>();
      cursor = null;
      for (let guard = 0; guard < 100; guard += 1) {
        const body: { rows: Row[]; next_cursor: string | null } = (
          await api(
            'GET',
            `${n8n}?f.platform.eq=facebook&sort=last_scraped_at:asc&limit=500${cursor ? `&cursor=${cursor}` : ''}`,
            admin,
          )
        ).json();
        for (const row of body.rows) asc.add(row.id as number);
        cursor = body.next_cursor;
        if (!cursor) break;
      }
      expect(asc.size).toBe(total);
    });

    it('exports exactly the current view as CSV (filters, sort, columns, relation and choice labels)', async () => {
      const view =
        'f.platform.eq=tiktok&f.followers.range=5000,&sort=followers:desc&columns=handle,platform,followers,creator_id';
      const json = (await api('GET', `${n8n}?${view}&limit=500`, admin)).json();
      const csv = await api('GET', `${n8n}?${view}&format=csv`, admin);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const [header, ...lines] = parseCsv(csv.body);
      expect(header).toEqual(['Handle', 'Platform', 'Followers', 'Creator']);
      expect(lines.length).toBe(json.total);
      const labels = json.labels.creator_id as Record<string, string>;
      const expected = json.rows.map((row: Row) =>
        [
          row.handle,
          // The choice's label, as the table shows it (`tiktok` → "TikTok").
          row.platform === 'tiktok' ? 'TikTok' : row.platform,
          row.followers,
          row.creator_id === null ? null : labels[String(row.creator_id)],
        ].map((value) => (value === null ? '' : String(value))),
      );
      expect(lines.slice(0, expected.length)).toEqual(expected);
    });

    it("exports in the person's chosen language (headings and choice labels), an API reader's in English", async () => {
      const view = 'f.status.eq=new&sort=id:asc&limit=5&columns=handle,followers,status,created_at';
      const setLanguage = (language: 'id' | 'en') =>
        api('PUT', '/api/me/preferences', admin, { language, theme: 'system' });
      expect((await setLanguage('id')).statusCode).toBe(200);
      try {
        const [header, first] = parseCsv((await api('GET', `${n8n}?${view}&format=csv`, admin)).body);
        expect(header).toEqual(['Handle', 'Pengikut', 'Status', 'Dibuat']);
        expect(first?.[2]).toBe('Baru');
      } finally {
        expect((await setLanguage('en')).statusCode).toBe(200);
      }
      const [header, first] = parseCsv((await api('GET', `${n8n}?${view}&format=csv`, admin)).body);
      expect(header).toEqual(['Handle', 'Followers', 'Status', 'Created at']);
      expect(first?.[2]).toBe('New');
    });

    it('finds a choice by its Indonesian label too', async () => {
      const byFilter = (await api('GET', `${n8n}?f.status.eq=qualified&limit=1`, admin)).json();
      const bySearch = (await api('GET', `${n8n}?q=lolos&limit=500`, admin)).json();
      expect(byFilter.total).toBeGreaterThan(0);
      expect(bySearch.total).toBe(byFilter.total);
      expect(new Set(bySearch.rows.map((row: Row) => row.status))).toEqual(new Set(['qualified']));
    });

    describe('OR groups and "within the last N days"', () => {
      // A fixed request time inside the demo data's months, so the window cuts through them.
      const NOW = new Date('2026-10-20T05:30:00.000Z');
      let fixed: FastifyInstance;
      let token: string;
      beforeAll(async () => {
        fixed = await testServer(testDb.database, { clock: () => NOW });
        token = await new Client(fixed, freshAddress()).token('admin');
      });
      afterAll(async () => {
        await fixed?.close();
      });
      const at = (url: string) => new Client(fixed, freshAddress()).request({ method: 'GET', url, token });

      const preset: FilterPreset = {
        id: 'follow-up',
        name: 'Follow up',
        filter: {
          filters: [],
          groups: [
            {
              any: [
                [{ op: 'in', field: 'status', values: ['qualified', 'contacted'] }],
                [{ op: 'within', field: 'last_scraped_at', days: 30 }],
                [{ op: 'empty', field: 'contact_email', empty: true }],
              ],
            },
          ],
        },
        hiddenColumns: [],
        hiddenRendering: [],
      };
      const or = encodeURIComponent(
        '[{"status.in":["qualified","contacted"]},{"last_scraped_at.within":30},{"contact_email.empty":true}]',
      );

      async function oracle(extra: (row: Row) => boolean = () => true): Promise<number[]> {
        const all =
          await sql<Row>`select id, platform, status, last_scraped_at, contact_email from n8n_creators where deleted_at is null order by id`.execute(
            testDb.database.db,
          );
        return all.rows
          .filter((row) => extra(row) && matchesPreset(row, preset, NOW))
          .map((row) => Number(row.id));
      }

      async function walk(query: string): Promise<{ ids: number[]; total: number }> {
        const ids: number[] = [];
        let total = -1;
        let cursor: string | null = null;
        for (let guard = 0; guard < 200; guard += 1) {
          const response = await at(`${n8n}?${query}&limit=500${cursor ? `&cursor=${cursor}` : ''}`);
          expect(response.statusCode, response.body).toBe(200);
          const body: { rows: Row[]; total: number; next_cursor: string | null } = response.json();
          if (total === -1) total = body.total;
          expect(body.total).toBe(total);
          ids.push(...body.rows.map((row) => row.id as number));
          cursor = body.next_cursor;
          if (!cursor) break;
        }
        return { ids, total };
      }

      it('returns exactly the rows matchesPreset keeps (in OR within OR empty), with the same total, by keyset pages', async () => {
        const expected = await oracle();
        expect(expected.length).toBeGreaterThan(0);
        const { ids, total } = await walk(`or=${or}&sort=last_scraped_at:asc`);
        expect(total).toBe(expected.length);
        expect(ids.length).toBe(new Set(ids).size);
        expect([...ids].sort((a, b) => a - b)).toEqual(expected);
        // Each alternative alone keeps fewer rows: the group really is an OR.
        for (const alone of [
          '[{"status.in":["qualified","contacted"]}]',
          '[{"last_scraped_at.within":30}]',
          '[{"contact_email.empty":true}]',
        ]) {
          const body = (await at(`${n8n}?or=${encodeURIComponent(alone)}&limit=1`)).json();
          expect(body.total, alone).toBeGreaterThan(0);
          expect(body.total, alone).toBeLessThan(expected.length);
        }
      });

      it('ANDs the group with plain filters, also when paged by offset', async () => {
        const expected = await oracle((row) => row.platform === 'tiktok');
        const pages: number[] = [];
        let total = 0;
        for (let offset = 0; ; offset += 200) {
          const body = (
            await at(`${n8n}?or=${or}&f.platform.eq=tiktok&sort=followers:desc&limit=200&offset=${offset}`)
          ).json();
          total = body.total;
          pages.push(...body.rows.map((row: Row) => row.id as number));
          if (body.rows.length < 200) break;
        }
        expect(total).toBe(expected.length);
        expect(pages.sort((a, b) => a - b)).toEqual(expected);
      });

      it('exports the same rows as CSV', async () => {
        const expected = await oracle();
        const csv = await at(`${n8n}?or=${or}&columns=id,status&format=csv`);
        expect(csv.statusCode).toBe(200);
        const [, ...lines] = parseCsv(csv.body);
        expect(lines.map((line) => Number(line[0])).sort((a, b) => a - b)).toEqual(expected);
      });

      it('counts "within" from the request time: datetimes by 24 h steps, dates by Jakarta calendar days', async () => {
        const cutoff = new Date(NOW.getTime() - 7 * 24 * 3600 * 1000).toISOString();
        const recent = (await at(`${n8n}?f.last_scraped_at.within=7&limit=1`)).json();
        expect(recent.total).toBe(await dbCount(`last_scraped_at >= '${cutoff}'`));
        expect(recent.total).toBeGreaterThan(0);
        // 05:30 UTC is 12:30 in Jakarta on 2026-10-20: 10 days back is 2026-10-10.
        const projects = (await at('/api/resources/projects?f.post_date.within=10&limit=1')).json();
        const inWindow = await sql<{
          n: string;
        }>`select count(*) as n from projects where deleted_at is null and post_date >= '2026-10-10'`.execute(
          testDb.database.db,
        );
        expect(projects.total).toBe(Number(inWindow.rows[0]!.n));
      });

      it('refuses malformed groups with 400 naming the condition, before any SQL', async () => {
        const cases: [string, string][] = [
          ['[{"status.in":["sleeping"]}]', 'or.0.status.in'],
          ['[{"bio.eq":"x"}]', 'or.0.bio.eq'],
          ['[{"followers.eq":99999999999}]', 'or.0.followers.eq'],
          ['[{"last_scraped_at.range":["0000-01-01T00:00:00Z",null]}]', 'or.0.last_scraped_at.range'],
          ['[{"last_scraped_at.within":0}]', 'or.0.last_scraped_at.within'],
          ['not json', 'or'],
        ];
        for (const [group, key] of cases) {
          const response = await at(`${n8n}?or=${encodeURIComponent(group)}`);
          expect(response.statusCode, group).toBe(400);
          expect(Object.keys(response.json().fields), group).toContain(key);
        }
        expect((await at(`${n8n}?limit=1`)).statusCode).toBe(200);
      });
    });

    it('estimates the total of unfiltered lists of large tables from the statistics; exact when filtered or small', async () => {
      const db = testDb.database.db;
      // The demo tables are small: a server that estimates from 100 rows stands in for one with 100 000.
      await sql`analyze n8n_creators`.execute(db);
      await sql`analyze problem_categories`.execute(db);
      const live = await dbCount('true');
      const all = await countRows(testDb.database, 'n8n_creators');
      const estimating = await testServer(testDb.database, { estimateTotalsFrom: 100 });
      try {
        const token = await new Client(estimating, freshAddress()).token('admin');
        const get = async (url: string) =>
          (await new Client(estimating, freshAddress()).request({ method: 'GET', url, token })).json();

        const unfiltered = await get(`${n8n}?limit=5`);
        expect(unfiltered.total_estimated).toBe(true);
        expect(Math.abs(unfiltered.total - live)).toBeLessThanOrEqual(Math.ceil(live * 0.02));
        expect(unfiltered.rows).toHaveLength(5);
        const withDeleted = await get(`${n8n}?deleted=include&limit=1`);
        expect(withDeleted).toMatchObject({ total_estimated: true, total: all });
        // Sorting and keyset pages do not filter: still estimated.
        expect((await get(`${n8n}?sort=followers:desc&limit=1`)).total_estimated).toBe(true);

        for (const filtered of [
          'f.platform.eq=tiktok',
          `or=${encodeURIComponent('[{"platform.eq":"tiktok"},{"contact_email.empty":true}]')}`,
          'q=a',
          'f.last_scraped_at.within=30',
        ]) {
          const page = await get(`${n8n}?${filtered}&limit=1`);
          expect(page.total_estimated, filtered).toBe(false);
          expect(page.total, filtered).toBe(
            (await api('GET', `${n8n}?${filtered}&limit=1`, admin)).json().total,
          );
        }
        // Below the threshold the count is exact.
        const small = await get('/api/resources/problem_categories?limit=1');
        expect(small).toMatchObject({
          total_estimated: false,
          total: await countRows(testDb.database, 'problem_categories'),
        });
      } finally {
        await estimating.close();
      }
      // The default threshold (100 000) counts these tables exactly.
      expect((await api('GET', `${n8n}?limit=1`, admin)).json()).toMatchObject({
        total_estimated: false,
        total: live,
      });
    });

    it('refuses bad list parameters with 400 on the parameter', async () => {
      const cases: [string, string][] = [
        ['f.notes.eq=x', 'f.notes.eq'],
        ['sort=bio:asc', 'sort'],
        ['limit=9999', 'limit'],
        ['f.platform.contains=tik', 'f.platform.contains'],
        ['cursor=not-a-cursor', 'cursor'],
        ['offset=10&cursor=eyJzIjoibGFzdF9zY3JhcGVkX2F0IiwiZCI6ImRlc2MiLCJ2IjpudWxsLCJpZCI6MX0', 'cursor'],
        ['nonsense=1', 'nonsense'],
        ['f.followers.eq=99999999999', 'f.followers.eq'],
        ['f.id.in=1,100000000000000000000', 'f.id.in'],
        ['f.last_scraped_at.range=0000-01-01T00:00:00Z,', 'f.last_scraped_at.range'],
      ];
      for (const [query, key] of cases) {
        const response = await api('GET', `${n8n}?${query}`, admin);
        expect(response.statusCode, query).toBe(400);
        expect(Object.keys(response.json().fields), query).toContain(key);
      }
      expect((await api('GET', '/api/resources/no_such_thing', admin)).statusCode).toBe(404);
      expect((await api('GET', `${n8n}/abc`, admin)).statusCode).toBe(400);
      // The database connection survived every refusal (PGlite drops it on a failed statement).
      expect((await api('GET', `${n8n}?limit=1`, admin)).statusCode).toBe(200);
    });

    it('offers relation options (id + label), searchable, and resolves ids', async () => {
      const response = await api('GET', '/api/resources/creators/options?q=a&limit=5', admin);
      const { options } = response.json();
      expect(options).toHaveLength(5);
      expect(options[0]).toEqual({
        id: expect.any(Number),
        value: options[0].id,
        label: expect.stringMatching(/a/i),
      });
      const byIds = (
        await api('GET', `/api/resources/creators/options?ids=${options[0].id},${options[1].id}`, admin)
      ).json();
      expect(byIds.options.map((option: { id: number }) => option.id).sort()).toEqual(
        [options[0].id, options[1].id].sort(),
      );
    });
  });

  describe('permissions', () => {
    it('no token 401; no key 403; read-only reads but cannot write; write may', async () => {
      const url = '/api/resources/creators';
      expect((await client().request({ method: 'GET', url })).statusCode).toBe(401);
      const none = await tokenFor([]);
      const reader = await tokenFor([{ key: 'databank_creators', read: true, write: false }]);
      const writer = await tokenFor([{ key: 'databank_creators', read: true, write: true }]);
      expect((await api('GET', url, none)).statusCode).toBe(403);
      expect((await api('GET', `${url}/1`, none)).statusCode).toBe(403);
      expect((await api('POST', url, none, { name: 'X', handle: 'x', platform: 'tiktok' })).statusCode).toBe(
        403,
      );

      expect((await api('GET', url, reader)).statusCode).toBe(200);
      expect((await api('GET', `${url}/1/history`, reader)).statusCode).toBe(200);
      expect((await api('GET', `${url}?format=csv&limit=1`, reader)).statusCode).toBe(200);
      const before = await countRows(testDb.database, 'creators');
      const refused = await api('POST', url, reader, {
        name: 'Baca Saja',
        handle: 'baca.saja',
        platform: 'tiktok',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'You need write access to databank_creators for this.',
      });
      expect((await api('PATCH', `${url}/1`, reader, { notes: 'x', version: 1 })).statusCode).toBe(403);
      expect((await api('DELETE', `${url}/1`, reader)).statusCode).toBe(403);
      expect((await api('POST', `${url}/bulk-delete`, reader, { ids: [1] })).statusCode).toBe(403);
      expect(await countRows(testDb.database, 'creators')).toBe(before);

      const created = await api('POST', url, writer, {
        name: 'Boleh Tulis',
        handle: 'boleh.tulis',
        platform: 'tiktok',
      });
      expect(created.statusCode).toBe(201);
      // Another entity's key does not help.
      expect((await api('GET', '/api/resources/products', writer)).statusCode).toBe(403);
    });
  });

  describe('audit', () => {
    it('writes who, when, before and after in the same transaction as the change', async () => {
      const writer = await client().token(
        await userWithKeys(
          testDb.database,
          [{ key: 'databank_tribes', read: true, write: true }],
          'audit-writer',
        ),
      );
      const row = (await createRealistic(client(), writer, entity('tribes'), 21)).response.json() as Row;
      await api('PATCH', `/api/resources/tribes/${row.id}`, writer, {
        leader_name: 'Teguh Santoso',
        version: 1,
      });
      const entries = await sql<{
        action: string;
        actor_id: number;
        before: Row | null;
        after: Row | null;
        username: string;
      }>`
        select a.action, a.actor_id, a.before, a.after, u.username from audit_log a join users u on u.id = a.actor_id
        where a.entity = 'tribes' and a.entity_id = ${String(row.id)} order by a.id`.execute(
        testDb.database.db,
      );
      expect(entries.rows.map((entry) => [entry.action, entry.username])).toEqual([
        ['create', 'audit-writer'],
        ['update', 'audit-writer'],
      ]);
      expect(entries.rows[0]!.before).toBeNull();
      expect(entries.rows[0]!.after).toMatchObject({ id: row.id, name: row.name });
      expect(entries.rows[1]!.before).toEqual({ leader_name: row.leader_name });
      expect(entries.rows[1]!.after).toEqual({ leader_name: 'Teguh Santoso' });
    });
  });

  describe('realtime', () => {
    it('pushes resource:changed to connected users who can read the entity, not to others', async () => {
      const readerToken = await tokenFor([{ key: 'databank_products', read: true }]);
      const otherToken = await tokenFor([{ key: 'databank_creators', read: true }]);
      const open = (token: string) =>
        connect(baseUrl, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token },
        });
      const reader: Socket = open(readerToken);
      const other: Socket = open(otherToken);
      try {
        await Promise.all(
          [reader, other].map(
            (socket) =>
              new Promise<void>((resolve, reject) => {
                socket.once('connect', () => resolve());
                socket.once('connect_error', reject);
              }),
          ),
        );
        const otherEvents: Row[] = [];
        const otherGotCreator = new Promise<void>((resolve) =>
          other.on(RESOURCE_CHANGED_EVENT, (payload: Row) => {
            otherEvents.push(payload);
            if (payload.entity === 'creators') resolve();
          }),
        );
        const received = new Promise<Row>((resolve) => reader.once(RESOURCE_CHANGED_EVENT, resolve));
        const row = (await createRealistic(client(), admin, entity('products'), 13)).response.json() as Row;
        expect(await received).toEqual({ entity: 'products', id: row.id, action: 'create', version: 1 });
        // A change the other reader may see, made after the product: one connection delivers in order, so once
        // it arrives, a product event sent to that socket would have arrived before it.
        const creator = (
          await createRealistic(client(), admin, entity('creators'), 14)
        ).response.json() as Row;
        await otherGotCreator;
        expect(otherEvents).toEqual([{ entity: 'creators', id: creator.id, action: 'create', version: 1 }]);
      } finally {
        reader.disconnect();
        other.disconnect();
      }
    });
  });

  describe('saved views', () => {
    it('private to the owner until shared; shared ones are visible to readers and open by id; only the owner changes them', async () => {
      const owner = await tokenFor([{ key: 'databank_creators', read: true }]);
      const colleague = await tokenFor([{ key: 'databank_creators', read: true }]);
      const outsider = await tokenFor([{ key: 'databank_products', read: true }]);
      const input = {
        entity: 'creators',
        name: 'TikTok besar',
        filters: [
          { field: 'platform', op: 'eq', value: 'tiktok' },
          { field: 'followers', op: 'range', min: 100000, max: null },
        ],
        sort: { field: 'followers', direction: 'desc' },
        columns: ['name', 'handle', 'followers'],
        q: null,
      };
      const created = await api('POST', '/api/views', owner, input);
      expect(created.statusCode, created.body).toBe(201);
      const view = created.json();
      expect(view).toMatchObject({
        ...input,
        shared: false,
        mine: true,
        query:
          'f.platform.eq=tiktok&f.followers.range=100000%2C&sort=followers%3Adesc&columns=name%2Chandle%2Cfollowers',
      });
      expect((await api('GET', '/api/views?entity=creators', colleague)).json().views).toEqual([]);
      expect((await api('GET', `/api/views/${view.id}`, colleague)).statusCode).toBe(404);

      const shared = await api('PATCH', `/api/views/${view.id}`, owner, { shared: true });
      expect(shared.json()).toMatchObject({ shared: true, version: 2 });
      const seen = (await api('GET', '/api/views?entity=creators', colleague)).json().views;
      expect(seen).toEqual([
        expect.objectContaining({ id: view.id, mine: false, owner: expect.stringMatching(/^Full /) }),
      ]);
      expect((await api('GET', `/api/views/${view.id}`, colleague)).json()).toMatchObject({
        id: view.id,
        filters: input.filters,
      });
      // The view's query opens the list.
      expect((await api('GET', `/api/resources/creators?${view.query}`, colleague)).statusCode).toBe(200);

      expect((await api('PATCH', `/api/views/${view.id}`, colleague, { name: 'Punyaku' })).statusCode).toBe(
        403,
      );
      expect((await api('DELETE', `/api/views/${view.id}`, colleague)).statusCode).toBe(403);
      expect((await api('GET', '/api/views?entity=creators', outsider)).statusCode).toBe(403);
      expect((await api('GET', `/api/views/${view.id}`, outsider)).statusCode).toBe(403);

      const bad = await api('POST', '/api/views', owner, {
        ...input,
        name: 'Rusak',
        filters: [{ field: 'notes', op: 'eq', value: 'x' }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.filters[0]).toMatch(/Cannot filter on Notes/);
      expect((await api('POST', '/api/views', owner, { ...input, name: 'tiktok BESAR' })).statusCode).toBe(
        409,
      );
      expect((await api('DELETE', `/api/views/${view.id}`, owner)).statusCode).toBe(200);
      expect((await api('GET', '/api/views?entity=creators', colleague)).json().views).toEqual([]);
    });

    it('keeps OR groups with "within the last N days" as such (the window moves with the day it is opened)', async () => {
      const owner = await tokenFor([{ key: 'databank_creators', read: true }]);
      const groups = [
        {
          any: [
            [{ field: 'status', op: 'in', values: ['new'] }],
            [
              { field: 'last_scraped_at', op: 'within', days: 30 },
              { field: 'platform', op: 'eq', value: 'tiktok' },
            ],
          ],
        },
      ];
      const created = await api('POST', '/api/views', owner, {
        entity: 'n8n_creators',
        name: 'Baru atau segar',
        filters: [{ field: 'source', op: 'eq', value: 'n8n' }],
        groups,
      });
      expect(created.statusCode, created.body).toBe(201);
      const view = created.json();
      expect(view).toMatchObject({ filters: [{ field: 'source', op: 'eq', value: 'n8n' }], groups });
      expect(new URLSearchParams(view.query).get('or')).toBe(
        '[{"status.in":["new"]},{"last_scraped_at.within":30,"platform.eq":"tiktok"}]',
      );
      expect((await api('GET', `/api/views/${view.id}`, owner)).json().groups).toEqual(groups);
      const opened = await api('GET', `/api/resources/n8n_creators?${view.query}&limit=1`, owner);
      expect(opened.statusCode).toBe(200);
      // Changing only the name keeps the groups; a bad group is 400 under groups.
      expect((await api('PATCH', `/api/views/${view.id}`, owner, { name: 'Segar' })).json().groups).toEqual(
        groups,
      );
      const bad = await api('PATCH', `/api/views/${view.id}`, owner, {
        groups: [{ any: [[{ field: 'followers', op: 'within', days: 3 }]] }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.groups[0]).toMatch(
        /^or\.0\.followers\.within: Cannot use "within" on Followers/,
      );
    });
  });

  describe('API keys (n8n)', () => {
    it('the admin creates a key shown once; it writes n8n_creators only, audited as the key; revoked keys stop', async () => {
      const plain = await tokenFor([{ key: 'databank_creators', read: true, write: true }]);
      expect((await api('POST', '/api/api-keys', plain, { name: 'n8n' })).statusCode).toBe(403);
      const created = await api('POST', '/api/api-keys', admin, { name: 'n8n produksi' });
      expect(created.statusCode).toBe(201);
      const { key, id, prefix } = created.json();
      expect(key).toMatch(/^sck_[A-Za-z0-9_-]{43}$/);
      expect(key.startsWith(prefix)).toBe(true);
      const listed = (await api('GET', '/api/api-keys', admin)).json().keys;
      expect(listed.find((entry: { id: number }) => entry.id === id)).toMatchObject({
        name: 'n8n produksi',
        prefix,
        entities: ['n8n_creators'],
        revoked_at: null,
      });
      expect(JSON.stringify(listed)).not.toContain(key);

      const withKey = (
        method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
        url: string,
        payload?: unknown,
        header: 'authorization' | 'x-api-key' = 'authorization',
      ) =>
        client().request({
          method,
          url,
          headers: { [header]: header === 'authorization' ? `ApiKey ${key}` : key },
          ...(payload ? { payload: payload as Record<string, unknown> } : {}),
        });
      const row = await withKey('POST', '/api/resources/n8n_creators', {
        handle: '@Kunci.Api',
        platform: 'instagram',
        source: 'n8n',
        followers: 1200,
      });
      expect(row.statusCode, row.body).toBe(201);
      const rowId = row.json().id;
      const patched = await withKey(
        'PATCH',
        `/api/resources/n8n_creators/${rowId}`,
        { followers: 1500, version: 1 },
        'x-api-key',
      );
      expect(patched.statusCode).toBe(200);
      expect((await withKey('GET', `/api/resources/n8n_creators?f.id.eq=${rowId}`)).json().total).toBe(1);
      // n8n re-sends a prospect: the upsert matches (platform, handle) and changes only what it sent.
      await api('PATCH', `/api/resources/n8n_creators/${rowId}`, admin, {
        notes: 'Sudah dihubungi lewat DM',
        version: 2,
      });
      const again = await withKey('POST', '/api/resources/n8n_creators/upsert', {
        handle: 'kunci.api',
        platform: 'instagram',
        followers: 2100,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        id: rowId,
        followers: 2100,
        notes: 'Sudah dihubungi lewat DM',
        source: 'n8n',
        version: 4,
      });
      const fresh = await withKey('POST', '/api/resources/n8n_creators/upsert', {
        handle: 'kunci.baru',
        platform: 'tiktok',
        source: 'n8n',
      });
      expect(fresh.statusCode).toBe(201);
      expect((await withKey('DELETE', `/api/resources/n8n_creators/${rowId}`)).statusCode).toBe(403);
      expect(
        (
          await withKey('POST', '/api/resources/creators', {
            name: 'Tidak',
            handle: 'tidak',
            platform: 'tiktok',
          })
        ).statusCode,
      ).toBe(403);
      expect((await withKey('GET', '/api/resources/creators')).statusCode).toBe(403);
      expect((await withKey('GET', '/api/api-keys')).statusCode).toBe(403);

      const history = (await api('GET', `/api/resources/n8n_creators/${rowId}/history`, admin)).json()
        .entries;
      expect(history.map((entry: Row) => [entry.action, entry.actor, entry.actor_type])).toEqual([
        ['update', 'API key "n8n produksi"', 'api_key'],
        ['update', 'Administrator', 'user'],
        ['update', 'API key "n8n produksi"', 'api_key'],
        ['create', 'API key "n8n produksi"', 'api_key'],
      ]);

      expect((await api('DELETE', `/api/api-keys/${id}`, admin)).json().revoked_at).not.toBeNull();
      expect((await withKey('GET', '/api/resources/n8n_creators')).statusCode).toBe(401);
    });
  });

  describe('demo data', () => {
    it('seeded every entity with its share of DEMO_ROW_COUNTS rows', async () => {
      for (const name of ['n8n_creators', 'creators', 'problem_categories']) {
        expect(await countRows(testDb.database, name)).toBeGreaterThanOrEqual(
          Math.round(DEMO_ROW_COUNTS[name]! * DEMO_SCALE),
        );
      }
    });
  });
});
