import type { Migration } from '../db/migration.js';
import { sqlMigration } from '../db/statements.js';

/**
 * Change Email processing (issue #32, versions 800–809): one decision per request (who, approved or rejected, the
 * reason, how many purchases moved, the WhatsApp message queued or why none), and the outbox of calls to Mayar's
 * "update customer email" (one per Mayar account whose purchases moved), written in the decision's transaction
 * and sent afterwards. The change_emails table itself is a generated resource table and is not changed here.
 * Frozen once shipped: later changes go in a new version.
 */
export const CHANGE_EMAILS_V800: readonly string[] = [
  `create table change_email_decisions (
    id bigint generated always as identity primary key,
    change_email_id bigint not null references change_emails (id) on delete restrict,
    decision text not null check (decision in ('approved', 'rejected')),
    reason text check (reason is null or char_length(reason) between 1 and 500),
    decided_by integer references users (id) on delete set null,
    decided_at timestamptz not null,
    purchases_moved integer not null default 0 check (purchases_moved >= 0),
    notification_message_id bigint references wa_messages (id) on delete set null,
    notification_skipped text,
    check (decision = 'approved' or reason is not null)
  )`,
  // One decision per request: a second one (two staff at once) fails here even if the row lock were bypassed.
  `create unique index change_email_decisions_request on change_email_decisions (change_email_id)`,
  `create index change_email_decisions_decided_at on change_email_decisions (decided_at, id)`,
  `create table change_email_mayar_updates (
    id bigint generated always as identity primary key,
    change_email_id bigint not null references change_emails (id) on delete restrict,
    mayar_account_id bigint not null references mayar_accounts (id) on delete restrict,
    from_email text not null,
    to_email text not null,
    status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    locked_until timestamptz,
    locked_by text,
    last_status integer,
    last_error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    done_at timestamptz
  )`,
  `create unique index change_email_mayar_updates_key on change_email_mayar_updates (change_email_id, mayar_account_id)`,
  `create index change_email_mayar_updates_due on change_email_mayar_updates (next_attempt_at, id) where status = 'pending'`,
];

/**
 * A request's status moves only with its decision: to done with an approval, to rejected with a rejection, and
 * never back to pending (the generic edit form can still send a status; the database refuses it, class 23, a 400).
 * A request created with any status is left alone: the guard is on updates.
 */
export const CHANGE_EMAILS_V801: readonly string[] = [
  `create function change_emails_status_guard() returns trigger language plpgsql as $$
  begin
    if new.status is distinct from old.status and not exists (
      select 1 from change_email_decisions d
      where d.change_email_id = new.id
        and d.decision = case new.status when 'done' then 'approved' when 'rejected' then 'rejected' end
    ) then
      raise exception using errcode = '23514',
        message = 'an email change request changes status only through its decision';
    end if;
    return new;
  end $$`,
  `create trigger change_emails_status_guard before update of status on change_emails
    for each row execute function change_emails_status_guard()`,
];

export const CHANGE_EMAILS_MIGRATIONS: readonly Migration[] = [
  sqlMigration(800, 'change email decisions and the Mayar customer update outbox', CHANGE_EMAILS_V800),
  sqlMigration(801, 'change email status moves only with a decision', CHANGE_EMAILS_V801, { oneByOne: true }),
];
