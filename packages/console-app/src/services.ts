import { createContext, useContext } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import {
  sessionMachine,
  type CheckPermissionFn,
  type LoadPermissionsFn,
  type LoginFn,
  type StorageAdapter,
} from '@staff/console-ui';
import { type ApiClient, createApiClient, type ApiClientOptions } from './api/client.js';
import { createCall, type Call } from './api/call.js';
import { createReauthGate, type ReauthGate } from './api/reauth.js';
import { createCheckPermission, createLoadPermissions, createLogin, createLogout } from './api/auth.js';
import { readConfig, type ConfigValue } from './api/config.js';
import { createFetchMyActivity, createFetchUsageStatistics } from './api/statistics.js';
import { createFetchPreferences, createSavePreferences } from './api/preferences.js';
import { createSearchRecords } from './api/search.js';
import type { IoFactory } from './realtime/socket.js';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** Everything the views call: the session, the one HTTP client and the adapters console-ui is handed. */
export interface ConsoleServices {
  session: SessionActor;
  api: ApiClient;
  /** Calls a contract endpoint over `api`: the one way new code reaches the server (ADR 050). */
  call: Call;
  login: LoginFn;
  loadPermissions: LoadPermissionsFn;
  /** The ___pc check of the page at `path`. */
  checkPermissionFor: (path: string) => CheckPermissionFn;
  logout: (token?: string) => Promise<void>;
  readConfig: (configName: string, defaultValue?: string) => Promise<ConfigValue>;
  fetchUsageStatistics: ReturnType<typeof createFetchUsageStatistics>;
  fetchMyActivity: ReturnType<typeof createFetchMyActivity>;
  fetchPreferences: ReturnType<typeof createFetchPreferences>;
  savePreferences: ReturnType<typeof createSavePreferences>;
  searchRecords: ReturnType<typeof createSearchRecords>;
  /** Where the signed-in shell opens its socket (the shell loads the realtime client with its own code). */
  realtime: { url?: string; io?: IoFactory };
  /** The stored token, or null when signed out. */
  token: () => string | null;
  /** An idle session's re-authentication: the client waits on it, the ReauthDialog answers it (ADR 013). */
  reauth: ReauthGate;
}

export interface ConsoleServicesOptions {
  storage: StorageAdapter;
  /** API origin; '' = same origin (the server serves the app). */
  baseURL?: string;
  /** Socket origin; undefined = same origin. */
  socketUrl?: string;
  io?: IoFactory;
  adapter?: ApiClientOptions['adapter'];
}

/**
 * Wires the session actor to the HTTP client: the client reads the token from the session and reports any 401
 * to it, and the session's `signedOut` event is what sends the app to `/`.
 */
export function createConsoleServices(options: ConsoleServicesOptions): ConsoleServices {
  const session: SessionActor = createActor(sessionMachine, { input: { storage: options.storage } }).start();
  const token = () => session.getSnapshot().context.user?.token ?? null;
  const reauth = createReauthGate();
  const api = createApiClient({
    ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
    ...(options.adapter ? { adapter: options.adapter } : {}),
    getToken: token,
    onUnauthorized: () => session.send({ type: 'SESSION.UNAUTHORIZED' }),
    onReauthRequired: reauth.request,
  });
  return {
    session,
    reauth,
    api,
    call: createCall(api),
    token,
    login: createLogin(api),
    loadPermissions: createLoadPermissions(api),
    checkPermissionFor: (path) => createCheckPermission(api, () => path),
    logout: createLogout(api),
    readConfig: (name, defaultValue) => readConfig(api, name, defaultValue),
    fetchUsageStatistics: createFetchUsageStatistics(api),
    fetchMyActivity: createFetchMyActivity(api),
    fetchPreferences: createFetchPreferences(api),
    savePreferences: createSavePreferences(api),
    searchRecords: createSearchRecords(api),
    realtime: {
      ...(options.socketUrl !== undefined ? { url: options.socketUrl } : {}),
      ...(options.io ? { io: options.io } : {}),
    },
  };
}

export const ServicesContext = createContext<ConsoleServices | null>(null);

export function useServices(): ConsoleServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices: wrap the app in <ServicesContext.Provider>');
  return services;
}
