import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTITIES, demoSeedOrder } from '@staff/console-contract';
import { MIGRATIONS } from '../src/db/migrations.js';
import { buildOpenApi } from '../src/openapi.js';
import { entityTableSql, uniqueIndexes } from '../src/resources/ddl.js';
import { RESOURCE_TABLES_V100 } from '../src/resources/frozenSql.js';
import { frozenSqlSource } from '../src/resources/frozenSqlFile.js';
import { RESOURCE_MIGRATIONS } from '../src/resources/migrations.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('resource migrations', () => {
  it('migration 100 is frozen: the entity definitions still generate exactly the shipped SQL', () => {
    // A failure here means an entity changed after migration 100 shipped: do not edit frozenSql.ts, add
    // migration 10x (ALTER TABLE …) and compare the generator against the shipped SQL plus that migration.
    const file = fs.readFileSync(path.join(here, '../src/resources/frozenSql.ts'), 'utf8');
    expect(frozenSqlSource()).toBe(file);
    expect(RESOURCE_TABLES_V100).toEqual(demoSeedOrder(ENTITIES).flatMap(entityTableSql));
  });

  it('creates one table per entity, referenced tables first, with every unique index the 409s name', () => {
    const creates = RESOURCE_TABLES_V100.filter((statement) => statement.startsWith('create table'));
    const names = creates.map((statement) => /^create table "([^"]+)"/.exec(statement)![1]);
    expect([...names].sort()).toEqual(ENTITIES.map((def) => def.name).sort());
    for (const def of ENTITIES) {
      const own = names.indexOf(def.name);
      for (const field of def.fields) {
        if (field.relation && field.relation.entity !== def.name)
          expect(names.indexOf(field.relation.entity), `${def.name}.${field.name}`).toBeLessThan(own);
      }
      for (const index of uniqueIndexes(def)) {
        expect(index.name.length).toBeLessThanOrEqual(63);
        expect(
          RESOURCE_TABLES_V100.some((statement) =>
            statement.startsWith(`create unique index "${index.name}"`),
          ),
          index.name,
        ).toBe(true);
      }
    }
  });

  it('types money as bigint, ids as bigint identity, soft-deleted uniques as partial indexes, optional groups NULLS NOT DISTINCT', () => {
    const creators = RESOURCE_TABLES_V100.find((statement) =>
      statement.startsWith('create table "creators"'),
    )!;
    expect(creators).toContain('id bigint generated always as identity primary key');
    expect(creators).toContain('"rate_fee" bigint');
    expect(creators).toContain('version integer not null default 1');
    expect(creators).toContain('deleted_at timestamptz');
    expect(RESOURCE_TABLES_V100).toContain(
      'create unique index "creators_platform_handle_key" on "creators" ("platform", lower("handle")) where deleted_at is null',
    );
    expect(
      RESOURCE_TABLES_V100.find((statement) =>
        statement.includes('"monthly_targets_period_scope_company_id_tribe_id_product_id_key"'),
      ),
    ).toMatch(/nulls not distinct$/);
    const projects = RESOURCE_TABLES_V100.find((statement) =>
      statement.startsWith('create table "projects"'),
    )!;
    expect(projects).toContain('"creator_id" bigint not null references "creators" (id) on delete restrict');
  });

  it('keeps its migrations within versions 100–199, in order, after the base schema', () => {
    const versions = RESOURCE_MIGRATIONS.map((migration) => migration.version);
    expect(versions.every((version) => version >= 100 && version <= 199)).toBe(true);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    for (const migration of RESOURCE_MIGRATIONS) expect(MIGRATIONS).toContain(migration);
  });
});

describe('resource OpenAPI', () => {
  it('documents every entity: list, create, get, update, delete, history, bulk delete, options, with the contract schemas', () => {
    const document = buildOpenApi([], '1.0.0') as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    for (const def of ENTITIES) {
      const base = `/api/resources/${def.name}`;
      expect(Object.keys(document.paths[base] ?? {}).sort(), def.name).toEqual(['get', 'post']);
      expect(Object.keys(document.paths[`${base}/{id}`] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
      for (const suffix of ['/{id}/history', '/bulk-delete', '/options', '/upsert'])
        expect(document.paths[`${base}${suffix}`], `${def.name}${suffix}`).toBeDefined();
      expect(document.components.schemas[`${def.name}_row`]).toMatchObject({
        type: 'object',
        additionalProperties: false,
      });
      expect(JSON.stringify(document.paths[base]!.post!.requestBody)).toContain(
        '"additionalProperties":false',
      );
    }
    for (const path of ['/api/views', '/api/views/{id}', '/api/api-keys', '/api/api-keys/{id}'])
      expect(document.paths[path], path).toBeDefined();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', name: 'X-Api-Key' });
  });
});
