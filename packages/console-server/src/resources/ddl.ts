/**
 * Names and column types of the master-data tables, shared by the schema generator (schema.ts) and, at run
 * time, by the 23505 mapping (unique index name → fields).
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
