import { userPreferencesSchema, userPreferencesUpdateSchema } from '../preferences.js';
import { defineEndpoint } from './define.js';

/** The signed-in user's own language and theme (ADR 028): no key, only one's own row. */
export const preferencesEndpoints = {
  read: defineEndpoint({
    method: 'GET',
    path: '/api/me/preferences',
    tag: 'auth',
    summary: "The caller's language and theme (defaults `id` and `system` until first saved)",
    permission: 'auth',
    response: userPreferencesSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/me/preferences',
    tag: 'auth',
    summary: "Save the caller's language and/or theme; answers all of them",
    permission: 'auth',
    body: userPreferencesUpdateSchema,
    response: userPreferencesSchema,
  }),
};
