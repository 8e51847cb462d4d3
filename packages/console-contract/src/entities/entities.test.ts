import { describe, expect, it } from 'vitest';
import { resourceRoutes } from '../routes.js';
import { PERMISSION_KEYS } from '../permissions.js';
import { ENTITIES, ENTITY_BY_NAME, entityForRoute, getEntity } from './index.js';
import { filterOperatorsFor } from './validation.js';

const MASTER_DATA_ROUTES = [
  'creators',
  'projects',
  'tribe-targets',
  'products',
  'ad-campaigns',
  'meeting-rooms',
  'tribes',
  'change-emails',
  'hook-generations',
  'mayar-accounts',
  'master-ad-creative',
  'registries',
  'webhook-forwarder',
  'waregistries',
  'companies',
  'bank-accounts',
  'monthly-target',
  'n8n-creator-database',
  'problem-category-master',
  'problem-subcategory-master',
];

describe('entity registry', () => {
  it('has one entity per master-data page, with unique snake_case names', () => {
    expect(ENTITIES).toHaveLength(25);
    expect(new Set(ENTITIES.map((e) => e.name)).size).toBe(25);
    for (const entity of ENTITIES) expect(entity.name).toMatch(/^[a-z][a-z0-9_]*$/);
    const routed = ENTITIES.filter((e) => resourceRoutes(e.name).length > 0);
    expect(routed.flatMap((e) => resourceRoutes(e.name).map((route) => route.id)).sort()).toEqual(
      [...MASTER_DATA_ROUTES, 'package-tracking', 'receipt-confirm', 'purchase-log', 'ad-sets', 'ads'].sort(),
    );
    // Every resource descriptor names an entity, and its preset one of that entity's views.
    for (const route of resourceRoutes()) {
      if (route.page.kind !== 'resource') continue;
      const def = getEntity(route.page.entity);
      expect(def, route.id).toBeDefined();
      if (route.page.preset)
        expect(
          def?.views?.map((view) => view.id),
          route.id,
        ).toContain(route.page.preset);
      for (const name of [...(route.page.hiddenColumns ?? []), ...(route.page.hiddenRenderings ?? [])])
        expect(
          def?.fields.map((field) => field.name),
          route.id,
        ).toContain(name);
    }
  });

  it.each(ENTITIES.map((e) => [e.name, e] as const))(
    '%s: the permission key matches the routes that show it',
    (_name, entity) => {
      for (const route of resourceRoutes(entity.name)) expect(entity.permissionKey).toBe(route.key);
      expect(PERMISSION_KEYS).toContain(entity.permissionKey);
    },
  );

  it('uses the keys the brief names for the less obvious pages', () => {
    expect(entityForRoute('meeting-rooms')?.name).toBe('meeting_rooms');
    expect(getEntity('meeting_rooms')).toMatchObject({
      permissionKey: 'databank_mayar_accounts',
    });
    expect(getEntity('tribe_targets')?.permissionKey).toBe('databank_tribes');
    expect(getEntity('problem_categories')?.permissionKey).toBe('ad_daily_tracker');
    expect(entityForRoute('n8n-creator-database')?.name).toBe('n8n_creators');
    expect(getEntity('n8n_creators')).toMatchObject({
      permissionKey: 'databank_creators',
      apiKeyWritable: true,
    });
    expect(getEntity('monthly_targets')?.permissionKey).toBe('finance_manage_bank_accounts');
    expect(getEntity('companies')?.permissionKey).toBe('finance_manage_companies');
  });

  it('looks entities up by name and by route', () => {
    expect(getEntity('creators')).toBe(ENTITY_BY_NAME.creators);
    expect(getEntity('nope')).toBeUndefined();
    expect(getEntity('toString')).toBeUndefined();
    expect(entityForRoute('registries')?.name).toBe('pixel_registries');
    expect(entityForRoute('webhook-forwarder')?.name).toBe('webhook_forwarders');
    expect(entityForRoute('purchase-log')?.name).toBe('purchases');
    expect(entityForRoute('sheet-report')).toBeUndefined();
  });
});

describe.each(ENTITIES.map((e) => [e.name, e] as const))('%s definition', (_name, entity) => {
  const names = entity.fields.map((f) => f.name);

  it('has unique snake_case field names, none clashing with system columns', () => {
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(['id', 'version', 'created_at', 'updated_at', 'deleted_at']).not.toContain(name);
    }
  });

  it('names its title field, default sort and list columns from its own fields', () => {
    expect(names).toContain(entity.titleField);
    const sortField = entity.fields.find((f) => f.name === entity.defaultSort.field);
    expect(sortField?.sortable).toBe(true);
    expect(entity.fields.filter((f) => f.list).length).toBeGreaterThanOrEqual(3);
    expect(entity.fields.some((f) => f.searchable)).toBe(true);
    expect(entity.fields.some((f) => f.filterable)).toBe(true);
  });

  it('points relations at existing entities and their existing label fields', () => {
    for (const field of entity.fields.filter((f) => f.type === 'relation')) {
      expect(field.relation, field.name).toBeDefined();
      const target = getEntity(field.relation!.entity);
      expect(target, `${field.name} → ${field.relation!.entity}`).toBeDefined();
      expect(target!.fields.map((f) => f.name)).toContain(field.relation!.labelField);
      expect(field.name).toMatch(/_id$/);
    }
    for (const field of entity.fields.filter((f) => f.type !== 'relation'))
      expect(field.relation).toBeUndefined();
  });

  it('gives every enum options with unique values and a valid default', () => {
    for (const field of entity.fields) {
      if (field.type === 'enum') {
        const values = (field.options ?? []).map((o) => o.value);
        expect(values.length, field.name).toBeGreaterThan(1);
        expect(new Set(values).size).toBe(values.length);
        if (field.defaultValue !== undefined) expect(values).toContain(field.defaultValue);
      } else expect(field.options, field.name).toBeUndefined();
    }
  });

  it('refers only to its own fields in uniqueTogether and rules', () => {
    for (const group of entity.uniqueTogether ?? []) for (const name of group) expect(names).toContain(name);
    for (const rule of entity.rules ?? []) {
      expect(names).toContain(rule.field);
      if ('other' in rule) expect(names).toContain(rule.other);
      if ('when' in rule) expect(names).toContain(rule.when.field);
      if ('fields' in rule) for (const name of rule.fields) expect(names).toContain(name);
    }
  });

  it('keeps secrets out of search, filters and sorting; flags only filterable types it can filter', () => {
    for (const field of entity.fields) {
      if (field.type === 'secret') {
        expect(field.searchable || field.filterable || field.sortable || field.unique).toBeFalsy();
      }
      if (field.filterable) expect(filterOperatorsFor(field).length).toBeGreaterThan(0);
      if (field.pattern) expect(() => new RegExp(field.pattern!)).not.toThrow();
    }
  });
});

describe('field types', () => {
  const field = (entity: string, name: string) => getEntity(entity)?.fields.find((f) => f.name === name);

  it('stores API keys and tokens as secrets', () => {
    for (const [entity, name] of [
      ['mayar_accounts', 'api_key'],
      ['mayar_accounts', 'webhook_token'],
      ['pixel_registries', 'capi_access_token'],
      ['wa_registries', 'provider_token'],
      ['webhook_forwarders', 'secret_header'],
    ] as const) {
      expect(field(entity, name)?.type, `${entity}.${name}`).toBe('secret');
    }
  });

  it('stores money as whole rupiah', () => {
    for (const [entity, name] of [
      ['creators', 'rate_fee'],
      ['projects', 'fee'],
      ['products', 'price'],
      ['ad_campaigns', 'daily_budget'],
      ['tribe_targets', 'target_revenue'],
      ['monthly_targets', 'target_revenue'],
    ] as const) {
      expect(field(entity, name)?.type, `${entity}.${name}`).toBe('money');
    }
  });

  it('keeps history (soft delete) for accounts, products, creators and campaigns', () => {
    for (const name of [
      'mayar_accounts',
      'products',
      'creators',
      'n8n_creators',
      'ad_campaigns',
      'bank_accounts',
      'companies',
      'projects',
      'monthly_targets',
    ]) {
      expect(getEntity(name)?.softDelete, name).toBe(true);
    }
    expect(getEntity('tribe_targets')?.softDelete).toBe(false);
  });
});
