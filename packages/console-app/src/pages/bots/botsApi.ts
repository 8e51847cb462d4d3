import type { AxiosInstance } from 'axios';
import type {
  BotCodeMethod,
  BotLogin,
  BotRule,
  BotRuleBody,
  BotSettings,
  botAnswersResponseSchema,
  botNumbersResponseSchema,
  botTestResponseSchema,
} from '@staff/console-contract';
import type { z } from 'zod';
import { toAdminError } from '../admin/adminApi.js';

export type BotNumber = z.infer<typeof botNumbersResponseSchema>['data'][number];
export type BotAnswer = z.infer<typeof botAnswersResponseSchema>['data'][number];
export type BotTestResult = z.infer<typeof botTestResponseSchema>['data'];

const call = async <T>(request: Promise<{ data: T }>): Promise<T> => {
  try {
    return (await request).data;
  } catch (error) {
    throw toAdminError(error);
  }
};

/** Bot Auto Response's calls (console-server src/crm/routes.ts). */
export function createBotsApi(api: AxiosInstance) {
  return {
    numbers: async () => (await call<{ data: BotNumber[] }>(api.get('/api/bots/numbers'))).data,
    rules: async (registryId: number) =>
      (
        await call<{ data: { rules: BotRule[]; settings: BotSettings } }>(
          api.get(`/api/bots/${registryId}/rules`),
        )
      ).data,
    createRule: async (registryId: number, body: BotRuleBody) =>
      (await call<{ data: BotRule }>(api.post(`/api/bots/${registryId}/rules`, body))).data,
    updateRule: async (id: number, body: BotRuleBody) =>
      (await call<{ data: BotRule }>(api.put(`/api/bots/rules/${id}`, body))).data,
    deleteRule: async (id: number) => call(api.delete(`/api/bots/rules/${id}`)),
    saveSettings: async (registryId: number, body: BotSettings) =>
      (await call<{ data: BotSettings }>(api.put(`/api/bots/${registryId}/settings`, body))).data,
    test: async (registryId: number, body: { text: string; name?: string; at?: string }) =>
      (await call<{ data: BotTestResult }>(api.post(`/api/bots/${registryId}/test`, body))).data,
    answers: async (registryId: number) =>
      (await call<{ data: BotAnswer[] }>(api.get(`/api/bots/${registryId}/answers`))).data,
    // Bot Login (console-server src/crm/login.ts): each answers the number's new state.
    login: async (registryId: number) =>
      (await call<{ data: BotLogin }>(api.get(`/api/bots/${registryId}/login`))).data,
    loginStep: async (
      registryId: number,
      step: 'request-code' | 'verify-code' | 'register' | 'disconnect',
      body?: { code_method: BotCodeMethod } | { code: string } | { pin: string },
    ) => (await call<{ data: BotLogin }>(api.post(`/api/bots/${registryId}/login/${step}`, body ?? {}))).data,
  };
}
