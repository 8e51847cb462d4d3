import type { Migration } from '../db/migration.js';

/**
 * Versions 820–829: retention. The messages and the bot's log are found by time without reading the whole
 * table (gpt_insights has its created_at index since 541). Built concurrently on PostgreSQL.
 */
export const RETENTION_MIGRATIONS: readonly Migration[] = [
  {
    version: 820,
    name: 'retention: indexes on the time of chat messages and bot answers, built concurrently',
    up: async () => undefined,
    indexes: [
      { name: 'wa_messages_at', definition: 'on wa_messages (at)' },
      { name: 'bot_answers_at', definition: 'on bot_answers (at)' },
    ],
  },
];
