import { type EndpointResponse, chatsEndpoints } from '@staff/console-contract';
import { createCall } from '../../api/call.js';
import type { ApiClient } from '../../api/client.js';

export type ConversationDetail = EndpointResponse<typeof chatsEndpoints.detail>['data'];

/**
 * The Chat List's calls (the contract's `chatsEndpoints`); failures are ApiErrors. The conversations are loaded
 * with useEndpointPages, the assignees with useEndpoint.
 */
export function createChatsApi(api: ApiClient) {
  const call = createCall(api);
  const one = (id: number) => ({ params: { id } });
  return {
    detail: async (id: number) => (await call(chatsEndpoints.detail, one(id))).data,
    sendText: async (id: number, text: string) =>
      (await call(chatsEndpoints.send, { ...one(id), body: { text } })).data,
    sendTemplate: async (id: number, name: string, parameters: string[]) =>
      (
        await call(chatsEndpoints.send, {
          ...one(id),
          body: { template: { name, language: 'id', parameters } },
        })
      ).data,
    assign: async (id: number, userId: number | null) =>
      (await call(chatsEndpoints.assign, { ...one(id), body: { user_id: userId } })).data,
    resolve: async (id: number, resolved: boolean) =>
      (await call(chatsEndpoints.resolve, { ...one(id), body: { resolved } })).data,
    markRead: async (id: number) => (await call(chatsEndpoints.markRead, one(id))).data,
  };
}

export type ChatsApi = ReturnType<typeof createChatsApi>;
