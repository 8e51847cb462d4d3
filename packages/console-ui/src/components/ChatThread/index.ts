export {
  CHAT_STATUS_LABELS,
  CHAT_THREAD_MESSAGES,
  ChatThread,
  type ChatDeliveryStatus,
  type ChatTemplateOption,
  type ChatThreadMessages,
  type ChatThreadMessage,
  type ChatThreadProps,
} from './ChatThread.js';
