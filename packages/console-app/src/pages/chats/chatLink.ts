import { ROUTES } from '@staff/console-contract';

/** The Chat List's address (its route's). */
export const CHATS_PATH =
  ROUTES.find((route) => route.id === 'customer-chats')?.path ?? '/app/customer-chats';

/** The query parameters that open a conversation (and point at one of its messages) on the Chat List. */
export const CHAT_LINK_PARAMS = { conversation: 'conversation', message: 'message' } as const;

/** A link to a conversation on the Chat List, and to one message of it (e.g. the one a problem came from). */
export function chatLink(conversationId: number, messageId: number | null = null): string {
  const params = new URLSearchParams({ [CHAT_LINK_PARAMS.conversation]: String(conversationId) });
  if (messageId !== null) params.set(CHAT_LINK_PARAMS.message, String(messageId));
  return `${CHATS_PATH}?${params.toString()}`;
}

/** The conversation and message a Chat List address names, if any. */
export function chatLinkTarget(search: string): { conversationId: number | null; messageId: number | null } {
  const params = new URLSearchParams(search);
  const number = (name: string) => {
    const value = Number(params.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  };
  return {
    conversationId: number(CHAT_LINK_PARAMS.conversation),
    messageId: number(CHAT_LINK_PARAMS.message),
  };
}
