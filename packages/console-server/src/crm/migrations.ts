import type { Migration } from '../db/migration.js';
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

/**
 * Messages to a business number that is not (yet) a WA Registries entry: kept, not dropped, so a customer's
 * message is never lost to configuration. Administrators see them and take them into conversations once the
 * number is registered. Idempotent on the wamid, as wa_messages.
 */
export const CRM_V850: readonly string[] = [
  `create table wa_unregistered_messages (
    id bigint generated always as identity primary key,
    phone_number_id text not null,
    display_phone text not null default '',
    customer_wa_id text not null,
    customer_name text,
    wamid text not null,
    type text not null,
    body text not null default '',
    at timestamptz not null,
    received_at timestamptz not null default now()
  )`,
  `create unique index wa_unregistered_messages_wamid on wa_unregistered_messages (wamid)`,
  `create index wa_unregistered_messages_recent on wa_unregistered_messages (at desc, id desc)`,
];

/** Customer care, second round (versions 850–859). */
export const CRM_MIGRATIONS_850: readonly Migration[] = [
  sqlMigration(850, 'messages to numbers missing from WA Registries, kept', CRM_V850),
];
