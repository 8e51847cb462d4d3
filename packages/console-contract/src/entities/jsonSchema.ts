/**
 * JSON Schema (2020-12, as OpenAPI 3.1 uses) of an entity's bodies and rows, written from the EntityDef rather
 * than converted from the zod schemas: the zod ones normalise input (preprocess), which JSON Schema cannot
 * express, and a conversion would mark every field required.
 */
import type { EntityDef, FieldDef } from './types.js';
import {
  DEFAULT_MAX_LENGTH,
  PHONE_PATTERN,
  SYSTEM_FIELDS,
  maxLengthOf,
  numericBounds,
} from './validation.js';

export type JsonSchema = Record<string, unknown>;

function valueJsonSchema(field: FieldDef, forRow: boolean): JsonSchema {
  const base: JsonSchema = { title: field.label };
  if (field.help) base.description = field.help;
  switch (field.type) {
    case 'text':
    case 'longtext':
      return {
        ...base,
        type: 'string',
        maxLength: maxLengthOf(field),
        ...(field.minLength ? { minLength: field.minLength } : {}),
        ...(field.pattern ? { pattern: field.pattern } : {}),
      };
    case 'secret':
      return forRow
        ? {
            ...base,
            type: 'string',
            description: 'Masked: only the last 4 characters are shown (••••••ab12).',
          }
        : { ...base, type: 'string', maxLength: maxLengthOf(field), writeOnly: true };
    case 'email':
      return { ...base, type: 'string', format: 'email', maxLength: maxLengthOf(field) };
    case 'url':
      return { ...base, type: 'string', format: 'uri', maxLength: maxLengthOf(field) };
    case 'phone':
      return {
        ...base,
        type: 'string',
        pattern: PHONE_PATTERN.source,
        description: 'Indonesian number; 08… is accepted and stored as 628….',
      };
    case 'integer':
    case 'money': {
      const { min, max } = numericBounds(field);
      return {
        ...base,
        type: 'integer',
        minimum: min,
        maximum: max,
        ...(field.type === 'money' ? { description: 'IDR, whole rupiah' } : {}),
      };
    }
    case 'number':
    case 'percent': {
      const { min, max } = numericBounds(field);
      return { ...base, type: 'number', minimum: min, maximum: max };
    }
    case 'enum':
      return { ...base, type: 'string', enum: (field.options ?? []).map((o) => o.value) };
    case 'relation':
      return {
        ...base,
        type: 'integer',
        minimum: 1,
        description: `Id of a row of ${field.relation?.entity ?? 'another entity'}`,
      };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'date':
      return { ...base, type: 'string', format: 'date' };
    case 'month':
      return { ...base, type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' };
    case 'datetime':
      return { ...base, type: 'string', format: 'date-time' };
    case 'daterange':
      return {
        ...base,
        type: 'object',
        properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
        required: ['from', 'to'],
        additionalProperties: false,
      };
    case 'tags':
      return {
        ...base,
        type: 'array',
        maxItems: field.maxLength ?? DEFAULT_MAX_LENGTH.tags,
        items: { type: 'string', minLength: 1, maxLength: field.itemMaxLength ?? 60 },
      };
    case 'json':
      return base;
  }
}

function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') {
    const out: JsonSchema = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
    return out;
  }
  return schema;
}

/**
 * The JSON Schema of a create body, an update body or a row as the API returns it.
 * @example entityJsonSchema(creators, 'create').required // ['name', 'handle', 'platform']
 */
export function entityJsonSchema(def: EntityDef, kind: 'create' | 'update' | 'row'): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  if (kind === 'row') {
    for (const field of SYSTEM_FIELDS) {
      if (field.name === 'deleted_at' && !def.softDelete) continue;
      properties[field.name] =
        field.name === 'deleted_at' ? nullable(valueJsonSchema(field, true)) : valueJsonSchema(field, true);
      if (field.name !== 'deleted_at') required.push(field.name);
    }
  }
  for (const field of def.fields) {
    if (field.readOnly && kind !== 'row') continue;
    const value = valueJsonSchema(field, kind === 'row');
    const allowsNull = kind === 'row' ? !field.required || field.type === 'secret' : !field.required;
    properties[field.name] = allowsNull ? nullable(value) : value;
    if (kind === 'create' && field.defaultValue !== undefined)
      properties[field.name]!.default = field.defaultValue;
    if ((kind === 'create' && field.required && field.defaultValue === undefined) || kind === 'row')
      required.push(field.name);
  }
  if (kind === 'update') {
    properties.version = {
      type: 'integer',
      minimum: 1,
      description: 'The version the client read; a stale one gets 409.',
    };
    required.push('version');
  }
  const title = { create: `New ${def.label.toLowerCase()}`, update: `${def.label} changes`, row: def.label }[
    kind
  ];
  return { title, type: 'object', properties, required, additionalProperties: false };
}
