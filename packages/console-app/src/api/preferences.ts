import type { AxiosInstance } from 'axios';
import type { UserPreferences, UserPreferencesUpdate } from '@staff/console-contract';
import { toCallError } from './errors.js';

/** `GET /api/me/preferences`: the signed-in user's language and theme. */
export function createFetchPreferences(client: AxiosInstance) {
  return async (): Promise<UserPreferences> => {
    try {
      return (await client.get<UserPreferences>('/api/me/preferences')).data;
    } catch (error) {
      throw toCallError(error);
    }
  };
}

/** `PUT /api/me/preferences`: saves what is given, answers all the choices. */
export function createSavePreferences(client: AxiosInstance) {
  return async (update: UserPreferencesUpdate): Promise<UserPreferences> => {
    try {
      return (await client.put<UserPreferences>('/api/me/preferences', update)).data;
    } catch (error) {
      throw toCallError(error);
    }
  };
}
