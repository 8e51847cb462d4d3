import type { Migration } from '../db/migrations.js';
import { sqlMigration } from '../db/statements.js';

/**
 * Bot Login: where a pending registration stands (code asked for, code verified), so any tab or node can resume
 * it. The two-step PIN is never stored: it goes to Meta and nowhere else. Frozen once shipped.
 */
export const CRM_V620: readonly string[] = [
  `alter table whatsapp_numbers add column step text not null default 'idle'
    check (step in ('idle', 'code_requested', 'code_verified'))`,
];

/** A problem created from a Chat List message links back to its conversation and message. */
export const CRM_V621: readonly string[] = [
  `alter table customer_problems
    add column conversation_id bigint references wa_conversations (id) on delete set null,
    add column message_id bigint references wa_messages (id) on delete set null`,
  `create index customer_problems_conversation on customer_problems (conversation_id) where conversation_id is not null`,
];

/** Customer care, bot login and chat-to-problem links (versions 620–629). */
export const CRM_MIGRATIONS: readonly Migration[] = [
  sqlMigration(620, 'bot login: registration step of a WhatsApp number', CRM_V620),
  sqlMigration(621, 'customer problems: link to the chat conversation and message', CRM_V621),
];
