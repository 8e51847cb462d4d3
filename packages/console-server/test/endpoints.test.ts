import { describe, expect, it } from 'vitest';
import { declaredEndpoints } from '@staff/console-contract';
import { endpointRoute } from '../src/pageRoutes.js';
import { setupTestApp } from './support/harness.js';

// The contract's endpoints are what the app calls (docs/adr/050-endpoints-and-one-client.md): each must be served
// with the declared guard, inputs and answer, registered from the endpoint itself (`implement`). No route of the API
// is declared anywhere else, but for the few no signed-in caller of the app calls (listed below, with why).
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

  it('serves no route of the API that the contract does not declare, but for the operators and the webhooks', () => {
    const declared = new Set(declaredEndpoints().map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    const undeclared = app.apiRoutes
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !declared.has(route))
      .sort();
    expect(undeclared).toEqual([
      // For operators and their probes, not the app.
      'GET /api/health',
      'GET /api/openapi.json',
      'GET /api/ready',
      // Called by Mayar and Meta with the raw body they sign, never by a signed-in user.
      'GET /api/webhooks/whatsapp',
      'POST /api/webhooks/mayar/:account_id',
      'POST /api/webhooks/whatsapp',
    ]);
  });
});
