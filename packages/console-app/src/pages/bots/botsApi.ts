import { type BotCodeMethod, type EndpointResponse, botsEndpoints } from '@staff/console-contract';
import { createCall } from '../../api/call.js';
import type { ApiClient } from '../../api/client.js';

export type BotAnswer = EndpointResponse<typeof botsEndpoints.answers>['data'][number];
export type BotTestResult = EndpointResponse<typeof botsEndpoints.test>['data'];

/**
 * Bot Auto Response's and Bot Login's calls (the contract's `botsEndpoints`); failures are ApiErrors. Both pages
 * load the numbers with useEndpoint, and Bot Auto Response its rules and answers; the rule, settings and tester
 * forms send through useEndpointForm.
 */
export function createBotsApi(api: ApiClient) {
  const call = createCall(api);
  const number = (registryId: number) => ({ registry_id: registryId });
  return {
    deleteRule: async (id: number) => (await call(botsEndpoints.deleteRule, { params: { id } })).data,
    // Bot Login: each step answers the number's new state.
    login: async (registryId: number) =>
      (await call(botsEndpoints.login, { params: number(registryId) })).data,
    requestCode: async (registryId: number, codeMethod: BotCodeMethod) =>
      (
        await call(botsEndpoints.requestCode, {
          params: number(registryId),
          body: { code_method: codeMethod },
        })
      ).data,
    verifyCode: async (registryId: number, code: string) =>
      (await call(botsEndpoints.verifyCode, { params: number(registryId), body: { code } })).data,
    register: async (registryId: number, pin: string) =>
      (await call(botsEndpoints.register, { params: number(registryId), body: { pin } })).data,
    disconnect: async (registryId: number) =>
      (await call(botsEndpoints.disconnect, { params: number(registryId) })).data,
  };
}

export type BotsApi = ReturnType<typeof createBotsApi>;
