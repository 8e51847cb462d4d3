import { ROUTES } from '@staff/console-contract';

/** The Chat List's address (its route's). */
export const CHATS_PATH =
  ROUTES.find((route) => route.id === 'customer-chats')?.path ?? '/app/customer-chats';

/** The query parameters that open a conversation (and point at one of its messages) on the Chat List. */
export const CHAT_LINK_PARAMS = { conversation: 'conversation', message: 'message', search: 'q' } as const;

/** A link to a conversation on the Chat List, and to one message of it (e.g. the one a problem came from). */
export function chatLink(conversationId: number, messageId: number | null = null): string {
  const params = new URLSearchParams({ [CHAT_LINK_PARAMS.conversation]: String(conversationId) });
  if (messageId !== null) params.set(CHAT_LINK_PARAMS.message, String(messageId));
  return `${CHATS_PATH}?${params.toString()}`;
}

/**
 * The Chat List searching a customer's number: every conversation of theirs, on any business number (one
 * customer per number; 0812… and 62812… find the same).
 */
export function chatSearchLink(phone: string): string {
  const params = new URLSearchParams({ [CHAT_LINK_PARAMS.search]: phone.replace(/\D/g, '') });
  return `${CHATS_PATH}?${params.toString()}`;
}

/** The search a Chat List address asks for ('' for none). */
export function chatLinkSearch(search: string): string {
  return (new URLSearchParams(search).get(CHAT_LINK_PARAMS.search) ?? '').trim().slice(0, 100);
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
