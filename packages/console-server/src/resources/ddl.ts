/**
 * SQL of the master-data tables, generated from the contract's EntityDefs. The generator is only used to
 * write the frozen migration (`frozenSql.ts`) and, at run time, to name unique indexes so a 23505 can be
 * told apart by field. A shipped migration never changes: `resources.sql.test.ts` fails when the definitions
 * and the frozen SQL drift, which is the signal to add a new migration (version 1xx) instead.
 */
import type { EntityDef, FieldDef } from '@staff/console-contract';

/** PostgreSQL identifiers are cut at 63 bytes; longer generated names get a short stable hash instead. */
const MAX_IDENTIFIER = 63;

function hash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

export function identifier(name: string): string {
  if (name.length <= MAX_IDENTIFIER) return name;
  const suffix = `_${hash(name)}`;
  return `${name.slice(0, MAX_IDENTIFIER - suffix.length)}${suffix}`;
}

/** Column type per field type (docs/data-model.md). */
export function columnType(field: Pick<FieldDef, 'type'>): string {
  switch (field.type) {
    case 'integer':
      return 'integer';
    case 'money':
    case 'relation':
      return 'bigint';
    case 'number':
    case 'percent':
      return 'numeric(14,4)';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'tags':
      return 'text[]';
    case 'daterange':
      return 'daterange';
    case 'json':
      return 'jsonb';
    default:
      return 'text';
  }
}

/** Types compared case-insensitively in unique indexes (emails are stored lower-case already). */
const caseInsensitive = (field: FieldDef) => field.type === 'text';

/** Field types that get a b-tree index when filterable or sortable. */
const btreeIndexable = (field: FieldDef) =>
  !['longtext', 'json', 'secret', 'tags', 'url', 'daterange'].includes(field.type);

export interface UniqueIndex {
  name: string;
  fields: string[];
}

/** The unique indexes of an entity: one per `unique` field, one per `uniqueTogether` group. */
export function uniqueIndexes(def: EntityDef): UniqueIndex[] {
  const out: UniqueIndex[] = [];
  for (const field of def.fields) {
    if (field.unique) out.push({ name: identifier(`${def.name}_${field.name}_key`), fields: [field.name] });
  }
  for (const group of def.uniqueTogether ?? []) {
    out.push({ name: identifier(`${def.name}_${group.join('_')}_key`), fields: [...group] });
  }
  return out;
}

/** The searchable fields folded into one lower-cased generated column (`strpos` over it, no extension needed). */
export function searchableFields(def: EntityDef): FieldDef[] {
  return def.fields.filter(
    (field) => field.searchable && ['text', 'longtext', 'email', 'url', 'phone', 'enum'].includes(field.type),
  );
}

const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Statements that create one entity's table and indexes (relations must exist first: use demoSeedOrder). */
export function entityTableSql(def: EntityDef): string[] {
  const t = quoteId(def.name);
  const columns: string[] = ['id bigint generated always as identity primary key'];
  for (const field of def.fields) {
    let column = `${quoteId(field.name)} ${columnType(field)}`;
    if (field.required) column += ' not null';
    if (field.type === 'relation' && field.relation)
      column += ` references ${quoteId(field.relation.entity)} (id) on delete restrict`;
    columns.push(column);
  }
  columns.push(
    'version integer not null default 1',
    'created_at timestamptz not null default now()',
    'updated_at timestamptz not null default now()',
    'created_by integer references users (id) on delete set null',
    'updated_by integer references users (id) on delete set null',
  );
  if (def.softDelete) columns.push('deleted_at timestamptz');
  const searchable = searchableFields(def);
  if (searchable.length > 0) {
    const parts = searchable.map((field) => `coalesce(${quoteId(field.name)}, '')`).join(` || ' ' || `);
    columns.push(`search_text text generated always as (lower(${parts})) stored`);
  }
  const statements = [`create table ${t} (\n  ${columns.join(',\n  ')}\n)`];

  const live = def.softDelete ? ' where deleted_at is null' : '';
  for (const index of uniqueIndexes(def)) {
    const fields = index.fields.map((name) => def.fields.find((field) => field.name === name)!);
    const expressions = fields.map((field) =>
      caseInsensitive(field) ? `lower(${quoteId(field.name)})` : quoteId(field.name),
    );
    const nulls = fields.some((field) => !field.required) && fields.length > 1 ? ' nulls not distinct' : '';
    statements.push(
      `create unique index ${quoteId(index.name)} on ${t} (${expressions.join(', ')})${nulls}${live}`,
    );
  }
  const indexed = new Set<string>();
  const addIndex = (column: string, method?: 'gin') => {
    if (indexed.has(column)) return;
    indexed.add(column);
    const name = quoteId(identifier(`${def.name}_${column}_idx`));
    statements.push(
      method === 'gin'
        ? `create index ${name} on ${t} using gin (${quoteId(column)})`
        : `create index ${name} on ${t} (${quoteId(column)}, id)`,
    );
  };
  for (const field of def.fields) {
    // Relations always: deleting a referenced row counts the rows that point at it.
    if (field.type === 'relation') addIndex(field.name);
    else if (field.type === 'tags' && field.filterable) addIndex(field.name, 'gin');
    else if ((field.sortable || field.filterable) && btreeIndexable(field)) addIndex(field.name);
  }
  addIndex('created_at');
  addIndex('updated_at');
  return statements;
}

/** Every entity's statements, in an order where referenced tables come first. */
export function resourceTablesSql(ordered: readonly EntityDef[]): string[] {
  return ordered.flatMap(entityTableSql);
}
