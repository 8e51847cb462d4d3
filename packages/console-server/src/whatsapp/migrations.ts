import type { Migration } from '../db/migration.js';
import { sqlMigration } from '../db/statements.js';

/**
 * A WA Registries number's identity at Meta (the Cloud API's phone-number-id) and its connection state as a bot.
 * Frozen once shipped: later changes go in a new version.
 */
export const WHATSAPP_V560: readonly string[] = [
  `create table whatsapp_numbers (
    wa_registry_id bigint primary key references wa_registries (id) on delete cascade,
    phone_number_id text not null,
    status text not null default 'disconnected'
      check (status in ('pending', 'connected', 'failed', 'disconnected')),
    code_method text check (code_method in ('SMS', 'VOICE')),
    last_error text,
    connected_at timestamptz,
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index whatsapp_numbers_phone_number_id on whatsapp_numbers (phone_number_id)`,
];

/**
 * Conversations (one per business number and customer) and their messages. Outgoing messages are their own
 * outbox: `pending` rows are claimed with SKIP LOCKED by one node, sent, and then follow Meta's statuses.
 */
export const WHATSAPP_V561: readonly string[] = [
  `create table wa_conversations (
    id bigint generated always as identity primary key,
    wa_registry_id bigint not null references wa_registries (id) on delete restrict,
    customer_wa_id text not null check (customer_wa_id ~ '^[0-9]{6,20}$'),
    customer_name text,
    status text not null default 'open' check (status in ('open', 'resolved')),
    assigned_to integer references users (id) on delete set null,
    handed_over boolean not null default false,
    bot_replies integer not null default 0,
    unread_count integer not null default 0,
    last_message_at timestamptz,
    last_message_text text,
    last_direction text check (last_direction in ('in', 'out')),
    last_inbound_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1,
    search_text text generated always as (lower(coalesce(customer_name, '') || ' ' || customer_wa_id)) stored
  )`,
  `create unique index wa_conversations_key on wa_conversations (wa_registry_id, customer_wa_id)`,
  `create index wa_conversations_recent on wa_conversations (last_message_at desc, id desc)`,
  `create index wa_conversations_assigned on wa_conversations (assigned_to, last_message_at desc)`,
  `create index wa_conversations_customer on wa_conversations (customer_wa_id)`,
  `create table wa_messages (
    id bigint generated always as identity primary key,
    conversation_id bigint not null references wa_conversations (id) on delete cascade,
    direction text not null check (direction in ('in', 'out')),
    wamid text,
    type text not null,
    body text not null default '',
    template jsonb,
    status text not null
      check (status in ('received', 'pending', 'accepted', 'sent', 'delivered', 'read', 'failed')),
    error text,
    sent_by integer references users (id) on delete set null,
    bot_rule_id bigint,
    at timestamptz not null,
    attempts integer not null default 0,
    next_attempt_at timestamptz,
    locked_until timestamptz,
    locked_by text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index wa_messages_wamid on wa_messages (wamid) where wamid is not null`,
  `create index wa_messages_thread on wa_messages (conversation_id, id)`,
  `create index wa_messages_due on wa_messages (next_attempt_at, id) where status = 'pending'`,
];

/**
 * The auto-response bot: rules per number (first match by priority wins), each number's business hours and
 * normalisation, and the log of every answer with the rule that fired (frequency and cooldown read it).
 */
export const WHATSAPP_V562: readonly string[] = [
  `create table bot_rules (
    id bigint generated always as identity primary key,
    wa_registry_id bigint not null references wa_registries (id) on delete cascade,
    name text not null check (char_length(name) between 1 and 120),
    priority integer not null default 100 check (priority between 0 and 100000),
    match_type text not null
      check (match_type in ('exact', 'contains', 'starts_with', 'any_keywords', 'all_keywords', 'regex', 'any')),
    pattern text not null default '' check (char_length(pattern) <= 500),
    action text not null default 'reply' check (action in ('reply', 'handover')),
    reply_text text not null default '' check (char_length(reply_text) <= 4096),
    hours text not null default 'always' check (hours in ('always', 'business', 'away')),
    frequency text not null default 'every_time'
      check (frequency in ('every_time', 'once_per_conversation', 'once_per_contact')),
    cooldown_minutes integer not null default 0 check (cooldown_minutes between 0 and 10080),
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create index bot_rules_number on bot_rules (wa_registry_id, priority, id)`,
  `create table bot_settings (
    wa_registry_id bigint primary key references wa_registries (id) on delete cascade,
    enabled boolean not null default true,
    business_days text not null default '1,2,3,4,5' check (business_days ~ '^[1-7](,[1-7])*$|^$'),
    opens_at text not null default '08:00' check (opens_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    closes_at text not null default '17:00' check (closes_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    lowercase boolean not null default true,
    collapse_spaces boolean not null default true,
    strip_punctuation boolean not null default true,
    strip_accents boolean not null default true,
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create table bot_answers (
    id bigint generated always as identity primary key,
    rule_id bigint references bot_rules (id) on delete set null,
    rule_name text not null,
    wa_registry_id bigint not null references wa_registries (id) on delete cascade,
    conversation_id bigint not null references wa_conversations (id) on delete cascade,
    customer_wa_id text not null,
    inbound_message_id bigint references wa_messages (id) on delete set null,
    outbound_message_id bigint references wa_messages (id) on delete set null,
    action text not null check (action in ('reply', 'handover')),
    at timestamptz not null
  )`,
  `create index bot_answers_rule_contact on bot_answers (rule_id, customer_wa_id, at desc)`,
  `create index bot_answers_conversation on bot_answers (conversation_id, at desc)`,
  `create index bot_answers_number on bot_answers (wa_registry_id, at desc, id desc)`,
];

/** WhatsApp (versions 560–579). */
export const WHATSAPP_MIGRATIONS: readonly Migration[] = [
  sqlMigration(560, 'whatsapp numbers: phone-number-id and bot state', WHATSAPP_V560),
  sqlMigration(561, 'whatsapp conversations and messages (the outbox)', WHATSAPP_V561),
  sqlMigration(562, 'bot rules, settings and answer log', WHATSAPP_V562),
];
