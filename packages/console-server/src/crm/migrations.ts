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

/**
 * One customer per phone number, whatever business number they wrote to (versions 870–879).
 *
 * - `wa_phone(text)`: the customer key, as the intake's normalisePhone: digits with the country code, Indonesian
 *   0812… / 812… / +62 812… all 62812… (E.164 without the plus, as WhatsApp's wa_id).
 * - `wa_customers`: one row per key; conversations (`customer_id`, not null) and problems (`customer_id`, when
 *   they have a conversation or a phone) reference it. Purchases and packages are found by the same key
 *   (`purchases.customer_mobile` is normalised at intake and indexed).
 * - Conversations of one business number whose customer was stored in two forms (0812… and 62812…) are merged
 *   into one: every message, bot answer and problem moves to the kept conversation (the one already in the
 *   normalised form, else the oldest), its counters and last message are recomputed, the merged row is written to
 *   the audit log as it was, and `wa_conversation_merges` keeps the old id so a link to it still opens the thread.
 * - Triggers keep it so for every writer (the webhook intake, Change Email notifications, problems).
 *
 * Function bodies hold semicolons: run one by one. Frozen once shipped.
 */
export const CRM_V870: readonly string[] = [
  `create function wa_phone(value text) returns text language sql immutable parallel safe as $fn$
    select case
      when d = '' then null
      when d like '62%' then d
      when d like '0%' and length(d) <= 20 then '62' || substr(d, 2)
      when d like '8%' and length(d) <= 18 then '62' || d
      else d end
    from (select regexp_replace(coalesce(value, ''), '[^0-9]', '', 'g') as d) digits
  $fn$`,
  `create table wa_customers (
    id bigint generated always as identity primary key,
    phone text not null check (phone ~ '^[0-9]{6,20}$'),
    name text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  `create unique index wa_customers_phone on wa_customers (phone)`,
  `create table wa_conversation_merges (
    merged_id bigint primary key,
    into_id bigint not null references wa_conversations (id) on delete cascade,
    customer_wa_id text not null,
    merged_at timestamptz not null default now()
  )`,
  `create index wa_conversation_merges_into on wa_conversation_merges (into_id)`,
  // Same business number, same customer in two forms: the kept one is already normalised, else the oldest.
  `insert into wa_conversation_merges (merged_id, into_id, customer_wa_id)
    select c.id, k.keep_id, c.customer_wa_id
    from wa_conversations c
    join (
      select wa_registry_id, wa_phone(customer_wa_id) as phone,
        (array_agg(id order by (customer_wa_id = wa_phone(customer_wa_id)) desc, id))[1] as keep_id
      from wa_conversations
      group by wa_registry_id, wa_phone(customer_wa_id)
      having count(*) > 1
    ) k on k.wa_registry_id = c.wa_registry_id and k.phone = wa_phone(c.customer_wa_id)
    where c.id <> k.keep_id`,
  `update wa_conversations k set
      unread_count = k.unread_count + s.unread_count,
      bot_replies = k.bot_replies + s.bot_replies,
      status = case when k.status = 'open' or s.any_open then 'open' else 'resolved' end,
      assigned_to = coalesce(k.assigned_to, s.assigned_to),
      handed_over = k.handed_over or s.handed_over,
      customer_name = coalesce(k.customer_name, s.customer_name),
      last_message_text = case when s.last_message_at > coalesce(k.last_message_at, '-infinity'::timestamptz)
        then s.last_message_text else k.last_message_text end,
      last_direction = case when s.last_message_at > coalesce(k.last_message_at, '-infinity'::timestamptz)
        then s.last_direction else k.last_direction end,
      last_message_at = greatest(k.last_message_at, s.last_message_at),
      last_inbound_at = greatest(k.last_inbound_at, s.last_inbound_at),
      created_at = least(k.created_at, s.created_at),
      updated_at = now(),
      version = k.version + 1
    from (
      select g.into_id,
        sum(c.unread_count) as unread_count,
        sum(c.bot_replies) as bot_replies,
        bool_or(c.status = 'open') as any_open,
        (array_agg(c.assigned_to order by c.last_message_at desc nulls last, c.id desc)
          filter (where c.assigned_to is not null))[1] as assigned_to,
        bool_or(c.handed_over) as handed_over,
        (array_agg(c.customer_name order by c.last_message_at desc nulls last, c.id desc)
          filter (where c.customer_name is not null))[1] as customer_name,
        max(c.last_message_at) as last_message_at,
        (array_agg(c.last_message_text order by c.last_message_at desc nulls last, c.id desc))[1] as last_message_text,
        (array_agg(c.last_direction order by c.last_message_at desc nulls last, c.id desc))[1] as last_direction,
        max(c.last_inbound_at) as last_inbound_at,
        min(c.created_at) as created_at
      from wa_conversation_merges g join wa_conversations c on c.id = g.merged_id
      group by g.into_id
    ) s
    where k.id = s.into_id`,
  `update wa_messages m set conversation_id = g.into_id
    from wa_conversation_merges g where m.conversation_id = g.merged_id`,
  `update bot_answers a set conversation_id = g.into_id
    from wa_conversation_merges g where a.conversation_id = g.merged_id`,
  `update customer_problems p set conversation_id = g.into_id
    from wa_conversation_merges g where p.conversation_id = g.merged_id`,
  `insert into audit_log (actor_id, action, entity, entity_id, before, after)
    select null, 'whatsapp.merge', 'wa_conversations', c.id::text, to_jsonb(c) - 'search_text',
      jsonb_build_object('merged_into', g.into_id, 'customer_wa_id', wa_phone(c.customer_wa_id))
    from wa_conversation_merges g join wa_conversations c on c.id = g.merged_id`,
  `delete from wa_conversations c using wa_conversation_merges g where c.id = g.merged_id`,
  `update wa_conversations set customer_wa_id = wa_phone(customer_wa_id)
    where customer_wa_id <> wa_phone(customer_wa_id) and wa_phone(customer_wa_id) ~ '^[0-9]{6,20}$'`,
  `update bot_answers set customer_wa_id = wa_phone(customer_wa_id)
    where customer_wa_id <> wa_phone(customer_wa_id) and wa_phone(customer_wa_id) is not null`,
  `update wa_unregistered_messages set customer_wa_id = wa_phone(customer_wa_id)
    where customer_wa_id <> wa_phone(customer_wa_id) and wa_phone(customer_wa_id) is not null`,
  // One customer per key, from the conversations and the problems filed with a phone; the newest name wins.
  `insert into wa_customers (phone, name, created_at)
    select phone,
      (array_agg(name order by named_at desc nulls last) filter (where name is not null))[1],
      min(created_at)
    from (
      select customer_wa_id as phone, customer_name as name, last_message_at as named_at, created_at
      from wa_conversations
      union all
      select wa_phone(customer_phone), null, null, created_at from customer_problems
      where conversation_id is null and wa_phone(customer_phone) ~ '^[0-9]{6,20}$'
    ) known
    group by phone`,
  `alter table wa_conversations add column customer_id bigint references wa_customers (id) on delete restrict`,
  `update wa_conversations c set customer_id = w.id from wa_customers w where w.phone = c.customer_wa_id`,
  `alter table wa_conversations alter column customer_id set not null`,
  `create index wa_conversations_customer_id on wa_conversations (customer_id, last_message_at desc)`,
  `alter table customer_problems add column customer_id bigint references wa_customers (id) on delete set null`,
  `update customer_problems p set customer_id = coalesce(
      (select c.customer_id from wa_conversations c where c.id = p.conversation_id),
      (select w.id from wa_customers w where w.phone = wa_phone(p.customer_phone)))`,
  `create index customer_problems_customer on customer_problems (customer_id, opened_at desc)
    where customer_id is not null`,
  // The customer of a key: found, or created (on conflict: another writer's row). Renames when told to (a
  // conversation's WhatsApp profile name), not for a name typed on a problem.
  `create function wa_customer_for(p_phone text, p_name text, p_rename boolean) returns bigint
    language plpgsql as $fn$
    declare found_id bigint;
    begin
      if p_phone is null or p_phone !~ '^[0-9]{6,20}$' then return null; end if;
      select id into found_id from wa_customers where phone = p_phone;
      if found_id is null then
        insert into wa_customers (phone, name) values (p_phone, p_name)
          on conflict (phone) do nothing returning id into found_id;
        if found_id is null then select id into found_id from wa_customers where phone = p_phone; end if;
      elsif p_rename and p_name is not null then
        update wa_customers set name = p_name, updated_at = now(), version = version + 1
          where id = found_id and name is distinct from p_name;
      end if;
      return found_id;
    end $fn$`,
  `create function wa_conversations_customer() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'UPDATE' and new.customer_wa_id = old.customer_wa_id
        and new.customer_name is not distinct from old.customer_name then
        return new;
      end if;
      if wa_phone(new.customer_wa_id) ~ '^[0-9]{6,20}$' then
        new.customer_wa_id := wa_phone(new.customer_wa_id);
      end if;
      new.customer_id := coalesce(wa_customer_for(new.customer_wa_id, new.customer_name, true), new.customer_id);
      return new;
    end $fn$`,
  `create trigger wa_conversations_customer before insert or update of customer_wa_id, customer_name
    on wa_conversations for each row execute function wa_conversations_customer()`,
  `create function customer_problems_customer() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'UPDATE' and new.customer_phone is not distinct from old.customer_phone
        and new.conversation_id is not distinct from old.conversation_id then
        return new;
      end if;
      new.customer_id := coalesce(
        (select c.customer_id from wa_conversations c where c.id = new.conversation_id),
        wa_customer_for(wa_phone(new.customer_phone), new.customer_name, false));
      return new;
    end $fn$`,
  `create trigger customer_problems_customer before insert or update of customer_phone, conversation_id
    on customer_problems for each row execute function customer_problems_customer()`,
];

/** Customer care, third round (versions 870–879). */
export const CRM_MIGRATIONS_870: readonly Migration[] = [
  sqlMigration(870, 'one customer per phone number across business numbers; duplicates merged', CRM_V870, {
    oneByOne: true,
  }),
];
