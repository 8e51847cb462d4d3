import type { AxiosInstance } from 'axios';
import type {
  ChatFilter,
  Conversation,
  chatAssigneesResponseSchema,
  chatListResponseSchema,
  conversationDetailSchema,
} from '@staff/console-contract';
import type { z } from 'zod';
import { toAdminError } from '../admin/adminApi.js';

export type ConversationPage = z.infer<typeof chatListResponseSchema>;
export type ConversationDetail = z.infer<typeof conversationDetailSchema>['data'];
export type Assignee = z.infer<typeof chatAssigneesResponseSchema>['data'][number];

const call = async <T>(request: Promise<{ data: T }>): Promise<T> => {
  try {
    return (await request).data;
  } catch (error) {
    throw toAdminError(error);
  }
};

/** The Chat List's calls (console-server src/whatsapp/routes.ts). */
export function createChatsApi(api: AxiosInstance) {
  const one = (id: number) => `/api/chats/conversations/${id}`;
  return {
    list: (params: { filter: ChatFilter; q?: string; cursor?: string; limit?: number }) =>
      call<ConversationPage>(api.get('/api/chats/conversations', { params })),
    detail: async (id: number) => (await call<{ data: ConversationDetail }>(api.get(one(id)))).data,
    assignees: async () => (await call<{ data: Assignee[] }>(api.get('/api/chats/assignees'))).data,
    sendText: async (id: number, text: string) =>
      (await call<{ data: Conversation }>(api.post(`${one(id)}/messages`, { text }))).data,
    sendTemplate: async (id: number, name: string, parameters: string[]) =>
      (
        await call<{ data: Conversation }>(
          api.post(`${one(id)}/messages`, { template: { name, language: 'id', parameters } }),
        )
      ).data,
    assign: async (id: number, userId: number | null) =>
      (await call<{ data: Conversation }>(api.post(`${one(id)}/assign`, { user_id: userId }))).data,
    resolve: async (id: number, resolved: boolean) =>
      (await call<{ data: Conversation }>(api.post(`${one(id)}/resolve`, { resolved }))).data,
    markRead: async (id: number) => (await call<{ data: Conversation }>(api.post(`${one(id)}/read`))).data,
  };
}

export type ChatsApi = ReturnType<typeof createChatsApi>;
