import { z } from './zod.js';

/** The `resource:changed` entity of a WhatsApp conversation (list and thread reload on it). */
export const CONVERSATIONS_CHANGED_ENTITY = 'wa_conversations';

export const CHAT_FILTERS = ['all', 'mine', 'unassigned', 'bot', 'resolved'] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];

export const chatListQuerySchema = z.object({
  filter: z._default(z.enum(CHAT_FILTERS), 'all'),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** Keyset cursor from the previous page. */
  cursor: z.optional(
    z.string().check(z.maxLength(80), z.regex(/^\d+:\d+$/, 'cursor must come from next_cursor')),
  ),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(500)), 100),
});

export const conversationSchema = z.object({
  id: z.number(),
  wa_registry_id: z.number(),
  number_name: z.string(),
  /**
   * The business number is active in WA Registries: replies and the bot can send. An inactive number's
   * conversation shows a closed composer with the reason instead of failing after the agent typed.
   */
  number_active: z.boolean(),
  /** The business number's phone as WA Registries has it: the number the customer wrote to. */
  number_phone: z.string(),
  customer_wa_id: z.string(),
  customer_name: z.nullable(z.string()),
  /** The customer (one per phone number, whatever business number they wrote to). */
  customer_id: z.number(),
  /** How many conversations the customer has in all, on every business number (1: only this one). */
  customer_conversations: z.number(),
  status: z.enum(['open', 'resolved']),
  assigned_to: z.nullable(z.number()),
  assignee_name: z.nullable(z.string()),
  handed_over: z.boolean(),
  bot_replies: z.number(),
  unread_count: z.number(),
  last_message_at: z.nullable(z.string()),
  last_message_text: z.nullable(z.string()),
  last_direction: z.nullable(z.enum(['in', 'out'])),
  last_inbound_at: z.nullable(z.string()),
  /** Free text may be sent (the customer wrote within 24 hours). */
  window_open: z.boolean(),
  version: z.number(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const chatListResponseSchema = z.object({
  data: z.array(conversationSchema),
  next_cursor: z.nullable(z.string()),
  total_unread: z.number(),
});

export const MESSAGE_STATUSES = [
  'received',
  'pending',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const chatMessageSchema = z.object({
  id: z.number(),
  direction: z.enum(['in', 'out']),
  type: z.string(),
  body: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  error: z.nullable(z.string()),
  at: z.string(),
  sent_by_name: z.nullable(z.string()),
  /** The bot rule that wrote this answer. */
  bot_rule_name: z.nullable(z.string()),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const customerPurchaseSchema = z.object({
  id: z.number(),
  mayar_id: z.string(),
  product_name: z.nullable(z.string()),
  amount: z.number(),
  transaction_status: z.string(),
  at: z.string(),
});

export const customerPackageSchema = z.object({
  id: z.number(),
  label: z.string(),
  status: z.nullable(z.string()),
  resi: z.nullable(z.string()),
});

/** A problem of the customer (from any of their conversations, or by their number). */
export const customerProblemSchema = z.object({
  id: z.number(),
  status: z.enum(['open', 'in_progress', 'resolved', 'closed']),
  description: z.string(),
  opened_at: z.string(),
  conversation_id: z.nullable(z.number()),
  message_id: z.nullable(z.number()),
});

/** One of a customer's conversations (one per business number they wrote to), to jump between them. */
export const customerConversationSchema = z.object({
  id: z.number(),
  wa_registry_id: z.number(),
  number_name: z.string(),
  number_phone: z.string(),
  number_active: z.boolean(),
  status: z.enum(['open', 'resolved']),
  unread_count: z.number(),
  assignee_name: z.nullable(z.string()),
  last_message_at: z.nullable(z.string()),
  last_message_text: z.nullable(z.string()),
});
export type CustomerConversation = z.infer<typeof customerConversationSchema>;

/** The customer behind a conversation: one per phone number (E.164 digits, 62…), across business numbers. */
export const chatCustomerSchema = z.object({
  id: z.number(),
  phone: z.string(),
  name: z.nullable(z.string()),
  /** Every conversation of the customer, newest first, this one among them. */
  conversations: z.array(customerConversationSchema),
});
export type ChatCustomer = z.infer<typeof chatCustomerSchema>;

export const conversationDetailSchema = z.object({
  data: z.object({
    conversation: conversationSchema,
    customer: chatCustomerSchema,
    messages: z.array(chatMessageSchema),
    purchases: z.array(customerPurchaseSchema),
    packages: z.array(customerPackageSchema),
    /**
     * The customer's problems across every conversation (any business number) and those filed by their number:
     * one customer, so an agent sees what is already open before filing another.
     */
    problems: z.array(customerProblemSchema),
  }),
});

export const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;

export const sendMessageBodySchema = z
  .object({
    text: z.optional(z.string().check(z.trim(), z.minLength(1, 'Tulis pesan'), z.maxLength(4096))),
    template: z.optional(
      z.object({
        name: z.string().check(z.regex(TEMPLATE_NAME, 'lower-case letters, digits and _ only')),
        language: z._default(
          z.string().check(z.regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'a language code such as id or en_US')),
          'id',
        ),
        parameters: z._default(z.array(z.string().check(z.maxLength(1000))).check(z.maxLength(20)), []),
      }),
    ),
  })
  .check(
    z.refine((body) => Boolean(body.text) !== Boolean(body.template), {
      message: 'Send either text or a template',
      path: ['text'],
    }),
  );

export const assignBodySchema = z.object({ user_id: z.nullable(z.number().check(z.int(), z.positive())) });
export const resolveBodySchema = z.object({ resolved: z.boolean() });

export const chatAssigneesResponseSchema = z.object({
  data: z.array(z.object({ id: z.number(), full_name: z.string() })),
});

/** The error text of a reply on a number that is inactive in WA Registries (409 `NUMBER_INACTIVE`). */
export const NUMBER_INACTIVE_MESSAGE =
  'This number is inactive in WA Registries: an administrator can activate it';

/** The error text of a free-text reply outside the customer's 24-hour window. */
export const WINDOW_CLOSED_MESSAGE =
  'Lebih dari 24 jam sejak pesan terakhir pelanggan: kirim template, bukan teks bebas';

/** The `resource:changed` entity of the messages kept for numbers missing from WA Registries. */
export const UNREGISTERED_CHANGED_ENTITY = 'wa_unregistered_messages';

/** A customer's message to a business number that is not a WA Registries entry: kept, never dropped. */
export const unregisteredMessageSchema = z.object({
  id: z.number(),
  /** The number as Meta names it (its Cloud API phone-number-id) and as it is displayed. */
  phone_number_id: z.string(),
  display_phone: z.string(),
  customer_wa_id: z.string(),
  customer_name: z.nullable(z.string()),
  type: z.string(),
  body: z.string(),
  at: z.string(),
});
export type UnregisteredMessage = z.infer<typeof unregisteredMessageSchema>;

export const unregisteredResponseSchema = z.object({
  data: z.object({
    /** How many are kept in all. */
    total: z.number(),
    /** Per business number: how many, the newest, and whether it is registered now (then they can be taken in). */
    numbers: z.array(
      z.object({
        phone_number_id: z.string(),
        display_phone: z.string(),
        count: z.number(),
        last_at: z.string(),
        registered: z.boolean(),
      }),
    ),
    /** The newest 200. */
    messages: z.array(unregisteredMessageSchema),
  }),
});

export const adoptUnregisteredResponseSchema = z.object({
  data: z.object({
    /** Messages taken into conversations (their number is registered now). */
    moved: z.number(),
    /** Messages still waiting for their number to be registered. */
    remaining: z.number(),
  }),
});
