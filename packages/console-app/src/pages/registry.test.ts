import { describe, expect, it } from 'vitest';
import { ENTITIES, ROUTES, entityForRoute, resourceRoutes, viewForRoute } from '@staff/console-contract';
import { pageFor } from './registry.js';

describe('page registry (from the route descriptors)', () => {
  it('routes every resource descriptor to the one generic page (packages and ad campaigns: pages built on it), with its first data preloaded', () => {
    const resources = resourceRoutes();
    expect(resources.length).toBeGreaterThanOrEqual(22);
    for (const route of resources) {
      const entry = pageFor(route.id);
      expect(entry.loadData, route.id).toBeTypeOf('function');
      // Logistics adds its flow, Master Ad Campaign the Ads Manager import; both render the generic list inside.
      const generic = !['packages', 'ad_campaigns'].includes(entityForRoute(route.id)?.name ?? '');
      if (generic) expect(entry.Component, route.id).toBe(pageFor('creators').Component);
      else expect(entry.Component, route.id).not.toBe(pageFor('creators').Component);
      expect(entityForRoute(route.id), route.id).toBeDefined();
    }
    // Every entity that has a page is reached through a descriptor (no hand-kept list).
    for (const def of ENTITIES.filter((entity) => entity.access !== 'read-only'))
      expect(resourceRoutes(def.name).length, def.name).toBeGreaterThan(0);
  });

  it('two routes share one entity with different presets (logistics, spec section 4)', () => {
    expect(entityForRoute('package-tracking')?.name).toBe('packages');
    expect(entityForRoute('receipt-confirm')?.name).toBe('packages');
    expect(pageFor('package-tracking').Component).toBe(pageFor('receipt-confirm').Component);
    expect(viewForRoute('package-tracking')).toMatchObject({
      id: 'packaging',
      hiddenColumns: ['cust_notified'],
    });
    expect(viewForRoute('receipt-confirm')).toMatchObject({
      id: 'receipt-confirmation',
      hiddenRenderings: ['receipt'],
    });
  });

  it('custom pages by component id; served reports share the report page; a descriptor without code shows the upcoming page, and no route of the spec does', () => {
    expect(pageFor('usage-statistic').loadData).toBeTypeOf('function');
    expect(pageFor('users').Component).not.toBe(pageFor('overall').Component);
    expect(pageFor('overall').Component).toBe(pageFor('ads-x-mayar').Component);
    expect(pageFor('overall').Component).not.toBe(pageFor('bot-login').Component);
    expect(pageFor('monthly').Component).toBe(pageFor('kol-report').Component);
    expect(pageFor('monthly').Component).toBe(pageFor('ads-x-mayar').Component);
    for (const route of ROUTES) expect(['resource', 'report', 'custom']).toContain(route.page.kind);
    // Only a descriptor this build has no code for falls back to the later-release page: no route of the spec does.
    const fallback = pageFor('no-such-route').Component;
    for (const route of ROUTES) expect(pageFor(route.id).Component, route.id).not.toBe(fallback);
  });
});
