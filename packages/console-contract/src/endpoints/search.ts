import { searchQuerySchema, searchResponseSchema } from '../search.js';
import { defineEndpoint } from './define.js';

/** The command palette's record search (ADR 028). */
export const searchEndpoints = {
  records: defineEndpoint({
    method: 'GET',
    path: '/api/search',
    tag: 'search',
    summary:
      'Records whose title or search fields contain every word of q, a few per entity, only of the entities the caller may read',
    // Signed in is enough: the server searches only the entities the caller may read.
    permission: 'auth',
    query: searchQuerySchema,
    response: searchResponseSchema,
  }),
};
