import { describe, expect, it } from 'vitest';
import { ENTITIES, ROUTES, entityForRoute, resourceRoutes, viewForRoute } from '@staff/console-contract';
import { CUSTOM_PAGES, MissingPageError, pageFor } from './registry.js';

describe('page registry (from the route descriptors)', () => {
  it('routes every resource descriptor to the one generic page (packages and ad campaigns: pages built on it), with its first data preloaded', () => {
    const resources = resourceRoutes();
    expect(resources.length).toBeGreaterThanOrEqual(22);
    for (const route of resources) {
      const entry = pageFor(route.id);
      expect(entry.loadData, route.id).toBeTypeOf('function');
      // Logistics adds its flow, Master Ad Campaign the Ads Manager import, Change Email the requests' processing,
      // Master Ad Creative the creatives' pictures, Hook Generations the generator; all render the generic list
      // inside.
      const generic = ![
        'packages',
        'ad_campaigns',
        'change_emails',
        'master_ad_creatives',
        'hook_generations',
      ].includes(entityForRoute(route.id)?.name ?? '');
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

  it('custom pages by component id; every report shares the report page', () => {
    expect(pageFor('usage-statistic').loadData).toBeTypeOf('function');
    expect(pageFor('users').Component).not.toBe(pageFor('overall').Component);
    expect(pageFor('overall').Component).toBe(pageFor('ads-x-mayar').Component);
    expect(pageFor('overall').Component).not.toBe(pageFor('bot-login').Component);
    expect(pageFor('monthly').Component).toBe(pageFor('kol-report').Component);
    expect(pageFor('monthly').Component).toBe(pageFor('ads-x-mayar').Component);
  });

  it('has a page for every route of the table, and no page no route names (there is no fallback page)', () => {
    for (const route of ROUTES) expect(() => pageFor(route.id), route.id).not.toThrow();
    expect(() => pageFor('no-such-route')).toThrow(MissingPageError);
    const named = new Set(
      ROUTES.flatMap((route) => (route.page.kind === 'custom' ? [route.page.component] : [])),
    );
    expect(Object.keys(CUSTOM_PAGES).filter((id) => !named.has(id))).toEqual([]);
  });
});
