/**
 * Schema evolution of the master-data tables. `entitySchema` turns the contract's EntityDefs into a plain
 * snapshot (tables, columns, checks, indexes); the committed snapshot of what the shipped migrations produce is
 * diffed against it by `diffSchemas`, whose statements become the next generated migration
 * (`npm run migration:generate -w @staff/console-server -- <name>`, see scripts/generate-migration.ts).
 */
import { type EntityDef, demoSeedOrder } from '@staff/console-contract';
import { columnType, identifier, searchableFields, uniqueIndexes } from './ddl.js';

export interface ColumnSnapshot {
  name: string;
  type: string;
  notNull: boolean;
  /** Referenced table (`on delete restrict`). */
  references?: string;
}

export interface NamedSql {
  name: string;
  sql: string;
}

export interface TableSnapshot {
  name: string;
  /** The entity's own columns, in field order (id, version, timestamps and authors are always there). */
  columns: ColumnSnapshot[];
  softDelete: boolean;
  /** Expression of the generated `search_text` column, or null without searchable fields. */
  search: string | null;
  /** Check constraints: name → boolean expression. */
  checks: NamedSql[];
  /** Unique and plain indexes, each with its full `create … index` statement. */
  indexes: NamedSql[];
}

export interface SchemaSnapshot {
  /** The migration after which the database has this schema. */
  version: number;
  /** In creation order (referenced tables first). */
  tables: TableSnapshot[];
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Entities whose table a hand-written migration owns (`storage: 'migration'`) are not generated. */
export const generatedEntities = (entities: readonly EntityDef[]) =>
  entities.filter((def) => def.storage !== 'migration');

/** The database checks a field declares: enum options, declared max length and numeric bounds. */
function fieldCheck(def: EntityDef, field: EntityDef['fields'][number]): NamedSql | undefined {
  const column = quoteId(field.name);
  const parts: string[] = [];
  if (field.type === 'enum' && field.options?.length)
    parts.push(`${column} in (${field.options.map((option) => quoteLiteral(option.value)).join(', ')})`);
  if (field.maxLength !== undefined) {
    if (field.type === 'tags') parts.push(`cardinality(${column}) <= ${field.maxLength}`);
    else if (columnType(field) === 'text') parts.push(`char_length(${column}) <= ${field.maxLength}`);
  }
  if (['integer', 'number', 'money', 'percent'].includes(field.type)) {
    if (field.min !== undefined) parts.push(`${column} >= ${field.min}`);
    if (field.max !== undefined) parts.push(`${column} <= ${field.max}`);
  }
  if (parts.length === 0) return undefined;
  return { name: identifier(`${def.name}_${field.name}_check`), sql: parts.join(' and ') };
}

const btreeIndexable = (type: string) =>
  !['longtext', 'json', 'secret', 'tags', 'url', 'daterange'].includes(type);

/** What one entity's table looks like; `withChecks: false` is the shape migration 100 shipped. */
export function entitySchema(def: EntityDef, withChecks = true): TableSnapshot {
  const t = quoteId(def.name);
  const columns: ColumnSnapshot[] = def.fields.map((field) => ({
    name: field.name,
    type: columnType(field),
    notNull: Boolean(field.required),
    ...(field.type === 'relation' && field.relation ? { references: field.relation.entity } : {}),
  }));
  const searchable = searchableFields(def);
  const search =
    searchable.length > 0
      ? `lower(${searchable.map((field) => `coalesce(${quoteId(field.name)}, '')`).join(` || ' ' || `)})`
      : null;

  const indexes: NamedSql[] = [];
  const live = def.softDelete ? ' where deleted_at is null' : '';
  for (const index of uniqueIndexes(def)) {
    const fields = index.fields.map((name) => def.fields.find((field) => field.name === name)!);
    const expressions = fields.map((field) =>
      field.type === 'text' ? `lower(${quoteId(field.name)})` : quoteId(field.name),
    );
    const nulls = fields.some((field) => !field.required) && fields.length > 1 ? ' nulls not distinct' : '';
    indexes.push({
      name: index.name,
      sql: `create unique index ${quoteId(index.name)} on ${t} (${expressions.join(', ')})${nulls}${live}`,
    });
  }
  const indexed = new Set<string>();
  const addIndex = (column: string, method?: 'gin') => {
    if (indexed.has(column)) return;
    indexed.add(column);
    const name = identifier(`${def.name}_${column}_idx`);
    indexes.push({
      name,
      sql:
        method === 'gin'
          ? `create index ${quoteId(name)} on ${t} using gin (${quoteId(column)})`
          : `create index ${quoteId(name)} on ${t} (${quoteId(column)}, id)`,
    });
  };
  for (const field of def.fields) {
    // Relations always: deleting a referenced row counts the rows that point at it.
    if (field.type === 'relation') addIndex(field.name);
    else if (field.type === 'tags' && field.filterable) addIndex(field.name, 'gin');
    else if ((field.sortable || field.filterable) && btreeIndexable(field.type)) addIndex(field.name);
  }
  addIndex('created_at');
  addIndex('updated_at');

  const checks = withChecks
    ? def.fields.map((field) => fieldCheck(def, field)).filter((check) => check !== undefined)
    : [];
  return { name: def.name, columns, softDelete: def.softDelete, search, checks, indexes };
}

/** The schema the given entity definitions generate. */
export function schemaOf(entities: readonly EntityDef[], version: number, withChecks = true): SchemaSnapshot {
  return {
    version,
    tables: demoSeedOrder(generatedEntities(entities)).map((def) => entitySchema(def, withChecks)),
  };
}

function columnSql(column: ColumnSnapshot): string {
  let sql = `${quoteId(column.name)} ${column.type}`;
  if (column.notNull) sql += ' not null';
  if (column.references) sql += ` references ${quoteId(column.references)} (id) on delete restrict`;
  return sql;
}

const searchColumnSql = (search: string) => `search_text text generated always as (${search}) stored`;

/** `create table` and its indexes. */
export function createTableSql(table: TableSnapshot): string[] {
  const lines = [
    'id bigint generated always as identity primary key',
    ...table.columns.map(columnSql),
    'version integer not null default 1',
    'created_at timestamptz not null default now()',
    'updated_at timestamptz not null default now()',
    'created_by integer references users (id) on delete set null',
    'updated_by integer references users (id) on delete set null',
  ];
  if (table.softDelete) lines.push('deleted_at timestamptz');
  if (table.search) lines.push(searchColumnSql(table.search));
  for (const check of table.checks) lines.push(`constraint ${quoteId(check.name)} check (${check.sql})`);
  return [
    `create table ${quoteId(table.name)} (\n  ${lines.join(',\n  ')}\n)`,
    ...table.indexes.map((index) => index.sql),
  ];
}

/** A change the generator will not write by itself (it would lose or rewrite data). */
export class SchemaChangeError extends Error {
  override name = 'SchemaChangeError';
}

export interface DiffOptions {
  /** The entities (for default values used to fill new NOT NULL columns). */
  entities: readonly EntityDef[];
  /** Allow dropping tables and columns whose entity or field is gone. */
  allowDrop?: boolean;
}

/** SQL literal of a default value, for filling existing rows. */
function literal(value: unknown, type: string): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (type === 'text[]' && Array.isArray(value))
    return `array[${value.map((item) => quoteLiteral(String(item))).join(', ')}]::text[]`;
  if (type === 'jsonb') return `${quoteLiteral(JSON.stringify(value))}::jsonb`;
  return `${quoteLiteral(String(value))}::${type}`;
}

const byName = <T extends { name: string }>(items: readonly T[]) =>
  new Map(items.map((item) => [item.name, item]));

/**
 * The statements that take a database from `before` to `after`: new tables; new columns (NOT NULL ones filled
 * from the field's `defaultValue`); NOT NULL set or dropped; changed checks (added `not valid`: rows written
 * before keep loading, new writes are checked); changed, new or removed indexes; a changed search column.
 * Type or relation changes and drops (without `allowDrop`) throw SchemaChangeError: they need a hand-written
 * migration.
 */
export function diffSchemas(before: SchemaSnapshot, after: SchemaSnapshot, options: DiffOptions): string[] {
  const entities = byName(options.entities);
  const previous = byName(before.tables);
  const next = byName(after.tables);
  const creates: string[] = [];
  const drops: string[] = [];
  const alters: string[] = [];
  const adds: string[] = [];
  const refuse = (message: string) => {
    throw new SchemaChangeError(message);
  };

  for (const table of after.tables) {
    const old = previous.get(table.name);
    if (!old) {
      creates.push(...createTableSql(table));
      continue;
    }
    const t = quoteId(table.name);
    const def = entities.get(table.name);
    const oldColumns = byName(old.columns);
    const newColumns = byName(table.columns);
    const fill = (column: ColumnSnapshot, what: string) => {
      const value = def?.fields.find((field) => field.name === column.name)?.defaultValue;
      if (value === undefined || value === null)
        refuse(
          `${table.name}.${column.name} ${what}: give the field a defaultValue (it fills the existing rows) or make it optional`,
        );
      return literal(value, column.type);
    };

    // Indexes and checks that change are dropped first and created last, around the column changes.
    const oldIndexes = byName(old.indexes);
    for (const index of old.indexes) {
      if (next.get(table.name)!.indexes.find((i) => i.name === index.name)?.sql !== index.sql)
        drops.push(`drop index if exists ${quoteId(index.name)}`);
    }
    const oldChecks = byName(old.checks);
    for (const check of old.checks) {
      if (table.checks.find((c) => c.name === check.name)?.sql !== check.sql)
        drops.push(`alter table ${t} drop constraint if exists ${quoteId(check.name)}`);
    }
    if (old.search !== table.search && old.search) drops.push(`alter table ${t} drop column search_text`);

    for (const column of table.columns) {
      const was = oldColumns.get(column.name);
      if (!was) {
        if (column.notNull) {
          // The default fills the existing rows; it is dropped again (defaults live in the definitions).
          alters.push(
            `alter table ${t} add column ${columnSql(column)} default ${fill(column, 'is new and required')}`,
            `alter table ${t} alter column ${quoteId(column.name)} drop default`,
          );
        } else alters.push(`alter table ${t} add column ${columnSql(column)}`);
        continue;
      }
      if (was.type !== column.type)
        refuse(
          `${table.name}.${column.name} changes type (${was.type} → ${column.type}): write a migration by hand`,
        );
      if (was.references !== column.references)
        refuse(`${table.name}.${column.name} changes its relation: write a migration by hand`);
      if (!was.notNull && column.notNull) {
        alters.push(
          `update ${t} set ${quoteId(column.name)} = ${fill(column, 'becomes required')} where ${quoteId(column.name)} is null`,
          `alter table ${t} alter column ${quoteId(column.name)} set not null`,
        );
      } else if (was.notNull && !column.notNull)
        alters.push(`alter table ${t} alter column ${quoteId(column.name)} drop not null`);
    }
    for (const column of old.columns) {
      if (newColumns.has(column.name)) continue;
      if (!options.allowDrop)
        refuse(`${table.name}.${column.name} is gone: pass --allow-drop to drop the column and its data`);
      alters.push(`alter table ${t} drop column ${quoteId(column.name)}`);
    }
    if (!old.softDelete && table.softDelete)
      alters.push(`alter table ${t} add column deleted_at timestamptz`);
    if (old.softDelete && !table.softDelete) {
      if (!options.allowDrop)
        refuse(
          `${table.name} no longer soft-deletes: pass --allow-drop to drop deleted_at (deleted rows stay)`,
        );
      alters.push(`alter table ${t} drop column deleted_at`);
    }
    if (old.search !== table.search && table.search)
      adds.push(`alter table ${t} add column ${searchColumnSql(table.search)}`);
    for (const check of table.checks) {
      if (oldChecks.get(check.name)?.sql !== check.sql)
        adds.push(`alter table ${t} add constraint ${quoteId(check.name)} check (${check.sql}) not valid`);
    }
    for (const index of table.indexes) {
      if (oldIndexes.get(index.name)?.sql !== index.sql) adds.push(index.sql);
    }
  }
  const removed = before.tables.filter((table) => !next.has(table.name)).reverse();
  for (const table of removed) {
    if (!options.allowDrop)
      refuse(`${table.name} is no longer an entity: pass --allow-drop to drop the table and its rows`);
    adds.push(`drop table ${quoteId(table.name)}`);
  }
  return [...creates, ...drops, ...alters, ...adds];
}
