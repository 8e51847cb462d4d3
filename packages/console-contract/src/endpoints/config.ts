import { configQuerySchema, configResponseSchema } from '../api.js';
import { defineEndpoint } from './define.js';

/** Configs (the `configs` table): any signed-in user may read one. */
export const configEndpoints = {
  read: defineEndpoint({
    method: 'GET',
    // The trailing slash is the route's (spec section 3): kept so the URL does not change.
    path: '/api/configs/',
    tag: 'configs',
    summary: "A config value; an unknown name answers with the caller's default",
    permission: 'auth',
    query: configQuerySchema,
    response: configResponseSchema,
  }),
};
