import { z } from '../zod.js';
import {
  CONVERSATIONS_CHANGED_ENTITY,
  UNREGISTERED_CHANGED_ENTITY,
  adoptUnregisteredResponseSchema,
  assignBodySchema,
  chatAssigneesResponseSchema,
  chatListQuerySchema,
  chatListResponseSchema,
  conversationDetailSchema,
  conversationSchema,
  resolveBodySchema,
  sendMessageBodySchema,
  unregisteredResponseSchema,
} from '../chats.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** The Chat List's key (the page's): read to see, write to reply, assign and resolve. */
export const CHATS_KEY = pageKey('customer-chats');

/** A conversation (`:id`). */
export const conversationParamsSchema = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.lte(2 ** 53 - 1)),
});
/** A conversation after a change: its row as the list shows it. */
export const conversationResponseSchema = z.object({ data: conversationSchema });

const read = { key: CHATS_KEY, mode: 'read' } as const;
/** Administrators of the business numbers (WA Registries' key, write): they can register a missing number. */
const numbersAdmin = { key: 'databank_whatsapp_notifications', mode: 'write' } as const;
const write = { key: CHATS_KEY, mode: 'write' } as const;

/** The Chat List (WhatsApp conversations); every change is pushed as `wa_conversations`. */
export const chatsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/chats/conversations',
    tag: 'whatsapp',
    summary:
      'Conversations newest first with unread counts; filter all | mine | unassigned | bot | resolved, search by name or number, keyset paging',
    permission: read,
    query: chatListQuerySchema,
    response: chatListResponseSchema,
    topic: CONVERSATIONS_CHANGED_ENTITY,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/chats/conversations/:id',
    tag: 'whatsapp',
    summary:
      "A conversation's thread (last 300 messages); its customer (one per phone number) with every conversation of theirs on any business number; the customer's purchases, packages and problems across them. An id merged into another conversation answers that one",
    permission: read,
    params: conversationParamsSchema,
    response: conversationDetailSchema,
    topic: CONVERSATIONS_CHANGED_ENTITY,
  }),
  assignees: defineEndpoint({
    method: 'GET',
    path: '/api/chats/assignees',
    tag: 'whatsapp',
    summary: 'Active users who may work the Chat List (write access to statistics)',
    permission: read,
    response: chatAssigneesResponseSchema,
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/chats/conversations/:id/messages',
    tag: 'whatsapp',
    summary:
      'Replies: free text only within 24 hours of the customer\'s last message (400 naming "text" otherwise), a template at any time; queued in the outbox. 409 NUMBER_INACTIVE when the business number is inactive in WA Registries',
    permission: write,
    params: conversationParamsSchema,
    body: sendMessageBodySchema,
    response: conversationResponseSchema,
    status: 201,
    errors: [409],
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: '/api/chats/conversations/:id/assign',
    tag: 'whatsapp',
    summary: 'Assigns the conversation to a user with write access to the Chat List, or unassigns it (null)',
    permission: write,
    params: conversationParamsSchema,
    body: assignBodySchema,
    response: conversationResponseSchema,
  }),
  resolve: defineEndpoint({
    method: 'POST',
    path: '/api/chats/conversations/:id/resolve',
    tag: 'whatsapp',
    summary: 'Marks the conversation resolved, or reopens it',
    permission: write,
    params: conversationParamsSchema,
    body: resolveBodySchema,
    response: conversationResponseSchema,
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/chats/conversations/:id/read',
    tag: 'whatsapp',
    summary: "Marks the conversation's messages read (unread count to 0)",
    // Reading a conversation clears its unread count: a reader may do it.
    permission: read,
    params: conversationParamsSchema,
    response: conversationResponseSchema,
  }),
  unregistered: defineEndpoint({
    method: 'GET',
    path: '/api/chats/unregistered',
    tag: 'whatsapp',
    summary:
      'Messages customers sent to business numbers missing from WA Registries (kept, never dropped): per number and the newest 200; for administrators of the numbers',
    permission: numbersAdmin,
    response: unregisteredResponseSchema,
    topic: UNREGISTERED_CHANGED_ENTITY,
  }),
  adoptUnregistered: defineEndpoint({
    method: 'POST',
    path: '/api/chats/unregistered/adopt',
    tag: 'whatsapp',
    summary:
      'Takes the kept messages of numbers registered since into their conversations (in their order; the bot does not answer old messages); audited',
    permission: numbersAdmin,
    response: adoptUnregisteredResponseSchema,
  }),
};
