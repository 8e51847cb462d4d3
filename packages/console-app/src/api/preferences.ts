import type { ApiClient } from './client.js';
import {
  preferencesEndpoints,
  type UserPreferences,
  type UserPreferencesUpdate,
} from '@staff/console-contract';
import { createCall } from './call.js';

/** `GET /api/me/preferences`: the signed-in user's language and theme. */
export function createFetchPreferences(client: ApiClient) {
  const call = createCall(client);
  return (): Promise<UserPreferences> => call(preferencesEndpoints.read);
}

/** `PUT /api/me/preferences`: saves what is given, answers all the choices. */
export function createSavePreferences(client: ApiClient) {
  const call = createCall(client);
  return (update: UserPreferencesUpdate): Promise<UserPreferences> =>
    call(preferencesEndpoints.save, { body: update });
}
