import { describe, expect, it } from 'vitest';
import { declaredEndpoints } from '@staff/console-contract';
import { endpointRoute } from '../src/pageRoutes.js';
import { setupTestApp } from './support/harness.js';

// The contract's endpoints are what the app calls (docs/adr/050-endpoints-and-one-client.md): each must be served
// with the declared guard, inputs and answer. Most are registered from the endpoint itself (`implement`); the
// statistics routes are still written out in app.ts, and this holds them to their declaration until they move.
describe('contract endpoints', () => {
  const { app } = setupTestApp('pglite');

  it.each(declaredEndpoints().map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s is served as declared',
    (_name, endpoint) => {
      const served = app.apiRoutes.filter(
        (route) => route.method === endpoint.method && route.url === endpoint.path,
      );
      expect(served).toHaveLength(1);
      const route = served[0]!;
      const declared = endpointRoute(endpoint);
      expect(route.auth).toBe(declared.auth);
      expect(route.permission).toEqual(declared.permission);
      expect(route.summary).toBe(declared.summary);
      expect(route.tag).toBe(declared.tag);
      // The same schema objects: what parses on the server is what the app's types and parse come from.
      expect(route.params).toBe(declared.params);
      expect(route.query).toBe(declared.query);
      expect(route.body).toBe(declared.body);
      expect(route.responses[endpoint.status]).toBe(endpoint.response);
    },
  );
});
