import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '@staff/console-contract';
import { MIGRATIONS } from '../src/db/migrations.js';
import type { AnyRouteSpec } from '../src/http.js';
import { buildOpenApi } from '../src/openapi.js';
import { registerResourceRoutes } from '../src/resources/routes.js';
import { uniqueIndexes } from '../src/resources/ddl.js';
import { RESOURCE_TABLES_V100 } from '../src/resources/frozenSql.js';
import { GENERATED_MIGRATIONS, LATEST_SCHEMA, SCHEMA_SNAPSHOTS } from '../src/resources/generated/index.js';
import { createTableSql, diffSchemas, generatedEntities, schemaOf } from '../src/resources/schema.js';
import { RESOURCE_MIGRATIONS } from '../src/resources/migrations.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Every table as a fresh database has it (snapshot rendered as create statements). */
const LATEST_SQL = LATEST_SCHEMA.tables.flatMap(createTableSql);
const V100_SHA256 = '4a05b56cdb92c152fc604ffcf121423a9591cdae32ecf60b7bfa1569c7f67708';

describe('resource migrations', () => {
  it('the latest schema snapshot is what the entity definitions generate', () => {
    // A failure means an entity changed without its migration: run
    // `npm run migration:generate -w @staff/console-server -- <what changed>` and commit the files it writes.
    expect(
      schemaOf(ENTITIES, LATEST_SCHEMA.version),
      'the entity definitions changed: run npm run migration:generate -w @staff/console-server -- <what changed>',
    ).toEqual(LATEST_SCHEMA);
  });

  it('migration 100 is what the first snapshot renders, and each generated migration is the diff of two snapshots', () => {
    expect(SCHEMA_SNAPSHOTS[0]!.tables.flatMap(createTableSql)).toEqual(RESOURCE_TABLES_V100);
    expect(GENERATED_MIGRATIONS.map((migration) => migration.version)).toEqual(
      SCHEMA_SNAPSHOTS.slice(1).map((snapshot) => snapshot.version),
    );
    GENERATED_MIGRATIONS.forEach((migration, index) => {
      expect(migration.version).toBeGreaterThanOrEqual(102);
      expect(migration.version).toBeLessThanOrEqual(199);
      expect(
        diffSchemas(SCHEMA_SNAPSHOTS[index]!, SCHEMA_SNAPSHOTS[index + 1]!, {
          entities: ENTITIES,
          allowDrop: true,
        }),
        `migration ${migration.version}`,
      ).toEqual(migration.statements);
    });
  });

  it('shipped migration files are never changed: every generated file matches its recorded hash', () => {
    const generated = path.join(here, '../src/resources/generated');
    const recorded = fs
      .readFileSync(path.join(generated, 'migrations.sha256'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/) as [string, string]);
    const files = fs.readdirSync(generated).filter((file) => /^(m\d+-.*\.ts|schema-\d+\.json)$/.test(file));
    expect(recorded.map(([, file]) => file).sort()).toEqual(files.sort());
    for (const [hash, file] of recorded) {
      const text = fs.readFileSync(path.join(generated, file), 'utf8');
      expect(createHash('sha256').update(text).digest('hex'), `${file} was edited after it shipped`).toBe(
        hash,
      );
    }
    // Migration 100 is the frozen literal SQL of the first release.
    const v100 = fs.readFileSync(path.join(here, '../src/resources/frozenSql.ts'), 'utf8');
    expect(createHash('sha256').update(v100).digest('hex')).toBe(V100_SHA256);
  });

  it('creates one table per entity, referenced tables first, with every unique index the 409s name', () => {
    const creates = LATEST_SQL.filter((statement) => statement.startsWith('create table'));
    const names = creates.map((statement) => /^create table "([^"]+)"/.exec(statement)![1]);
    expect([...names].sort()).toEqual(
      generatedEntities(ENTITIES)
        .map((def) => def.name)
        .sort(),
    );
    for (const def of generatedEntities(ENTITIES)) {
      const own = names.indexOf(def.name);
      for (const field of def.fields) {
        if (field.relation && field.relation.entity !== def.name)
          expect(names.indexOf(field.relation.entity), `${def.name}.${field.name}`).toBeLessThan(own);
      }
      for (const index of uniqueIndexes(def)) {
        expect(index.name.length).toBeLessThanOrEqual(63);
        expect(
          LATEST_SQL.some((statement) => statement.startsWith(`create unique index "${index.name}"`)),
          index.name,
        ).toBe(true);
      }
    }
  });

  it('types money as bigint, ids as bigint identity, soft-deleted uniques as partial indexes, optional groups NULLS NOT DISTINCT', () => {
    const creators = LATEST_SQL.find((statement) => statement.startsWith('create table "creators"'))!;
    expect(creators).toContain('id bigint generated always as identity primary key');
    expect(creators).toContain('"rate_fee" bigint');
    expect(creators).toContain('version integer not null default 1');
    expect(creators).toContain('deleted_at timestamptz');
    expect(LATEST_SQL).toContain(
      'create unique index "creators_platform_handle_key" on "creators" ("platform", lower("handle")) where deleted_at is null',
    );
    expect(
      LATEST_SQL.find((statement) =>
        statement.includes('"monthly_targets_period_scope_company_id_tribe_id_product_id_key"'),
      ),
    ).toMatch(/nulls not distinct where deleted_at is null$/);
    const projects = LATEST_SQL.find((statement) => statement.startsWith('create table "projects"'))!;
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
  it('documents every entity: list, create, get, update, delete, history, bulk delete, options, with the contract schemas', async () => {
    // The declared routes as registerResourceRoutes declares them (no database: nothing is served here).
    const declared: AnyRouteSpec[] = [];
    await registerResourceRoutes({ database: { db: {} }, realtime: { clustered: false } } as never, {
      clock: () => new Date(),
      route: (spec) => void declared.push(spec as AnyRouteSpec),
    });
    const document = buildOpenApi(declared, '1.0.0') as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
      components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    for (const def of ENTITIES) {
      const base = `/api/resources/${def.name}`;
      const readOnly = def.access === 'read-only';
      expect(Object.keys(document.paths[base] ?? {}).sort(), def.name).toEqual(
        readOnly ? ['get'] : ['get', 'post'],
      );
      expect(Object.keys(document.paths[`${base}/{id}`] ?? {}).sort()).toEqual(
        readOnly ? ['get'] : ['delete', 'get', 'patch'],
      );
      for (const suffix of ['/{id}/history', '/options', ...(readOnly ? [] : ['/bulk-delete', '/upsert'])])
        expect(document.paths[`${base}${suffix}`], `${def.name}${suffix}`).toBeDefined();
      if (readOnly) expect(document.paths[`${base}/bulk-delete`]).toBeUndefined();
      for (const action of def.actions ?? []) {
        expect(document.paths[`${base}/{id}/actions/${action.name}`], action.name).toBeDefined();
        expect(Boolean(document.paths[`${base}/actions/${action.name}`]), action.name).toBe(
          Boolean(action.bulk),
        );
      }
      expect(document.components.schemas[`${def.name}_row`]).toMatchObject({
        type: 'object',
        additionalProperties: false,
      });
      if (!readOnly)
        expect(JSON.stringify(document.paths[base]!.post!.requestBody)).toContain(
          '"additionalProperties":false',
        );
    }
    for (const path of ['/api/views', '/api/views/{id}', '/api/api-keys', '/api/api-keys/{id}'])
      expect(document.paths[path], path).toBeDefined();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', name: 'X-Api-Key' });
  });
});
