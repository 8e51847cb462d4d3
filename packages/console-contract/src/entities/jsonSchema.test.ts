import { describe, expect, it } from 'vitest';
import { ENTITIES, getEntity } from './index.js';
import { entityJsonSchema } from './jsonSchema.js';
import { SAMPLE_ROWS } from './samples.fixture.js';

describe('entityJsonSchema', () => {
  it('describes a create body: writable fields, required ones without defaults, nothing else', () => {
    const schema = entityJsonSchema(getEntity('creators')!, 'create');
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['name', 'handle', 'platform'],
    });
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.rate_fee).toMatchObject({
      type: ['integer', 'null'],
      minimum: 0,
      description: 'IDR, whole rupiah',
    });
    expect(properties.platform).toMatchObject({
      type: 'string',
      enum: ['instagram', 'tiktok', 'youtube', 'facebook'],
    });
    expect(properties.status).toMatchObject({ default: 'prospect' });
    expect(properties.tier!.enum).toContain(null);
  });

  it('marks secrets write-only in bodies and masked in rows', () => {
    const def = getEntity('mayar_accounts')!;
    const body = entityJsonSchema(def, 'create').properties as Record<string, Record<string, unknown>>;
    expect(body.api_key).toMatchObject({ type: 'string', writeOnly: true });
    const row = entityJsonSchema(def, 'row').properties as Record<string, Record<string, unknown>>;
    expect(row.api_key!.writeOnly).toBeUndefined();
    expect(String(row.api_key!.description)).toMatch(/Masked/);
  });

  it('requires only the version in an update body', () => {
    const schema = entityJsonSchema(getEntity('products')!, 'update');
    expect(schema.required).toEqual(['version']);
    expect(Object.keys(schema.properties as object)).toContain('price');
  });

  it.each(ENTITIES.map((def) => [def.name, def] as const))(
    '%s: rows carry system columns; samples use only described fields',
    (name, def) => {
      const row = entityJsonSchema(def, 'row');
      const props = Object.keys(row.properties as object);
      expect(props.slice(0, 4)).toEqual(['id', 'version', 'created_at', 'updated_at']);
      expect(props.includes('deleted_at')).toBe(def.softDelete);
      const create = Object.keys(entityJsonSchema(def, 'create').properties as object);
      for (const key of Object.keys(SAMPLE_ROWS[name]!)) expect(create).toContain(key);
      for (const key of entityJsonSchema(def, 'create').required as string[])
        expect(SAMPLE_ROWS[name]).toHaveProperty(key);
    },
  );
});
