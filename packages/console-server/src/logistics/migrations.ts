import type { Migration } from '../db/migration.js';
import { sqlMigration } from '../db/statements.js';

/**
 * Logistics beside the generated `packages` table: the purchase a package was made for (the intake makes one
 * per paid purchase of a product that ships), a receipt unique per courier, the courier tracking state, and the
 * customer-notification outbox. Frozen once shipped: change it with a new migration in 520–539.
 */
export const LOGISTICS_V520: readonly string[] = [
  `alter table packages add column purchase_id bigint references purchases (id) on delete set null`,
  `create unique index packages_purchase_id_key on packages (purchase_id) where purchase_id is not null`,
  // A receipt (resi) names one parcel of one courier; the same number at another courier is another parcel.
  `create unique index packages_courier_receipt_key on packages (courier, lower(receipt))
    where deleted_at is null and courier is not null and receipt is not null`,
  `create index packages_tracking_due on packages (id) where status = 'Shipping' and deleted_at is null`,
  `create table package_tracking (
    package_id bigint primary key references packages (id) on delete cascade,
    state text not null check (state in ('not_trackable_yet', 'in_transit', 'delivered', 'returned', 'problem', 'error')),
    courier_status text,
    message text,
    link text,
    checked_at timestamptz not null,
    next_check_at timestamptz not null
  )`,
  // A courier answers its whole history on each look-up: an event is kept once.
  `create unique index package_events_once on package_events (package_id, at, description)`,
  `create table package_notifications (
    id bigint generated always as identity primary key,
    package_id bigint not null references packages (id) on delete cascade,
    phone text not null,
    -- The approved WhatsApp template and its parameters; body is the same message in words, for staff.
    template text not null,
    language text not null,
    parameters jsonb not null,
    body text not null,
    status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    locked_until timestamptz,
    locked_by text,
    last_error text,
    message_id text,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    sent_at timestamptz
  )`,
  `create index package_notifications_due on package_notifications (next_attempt_at, id) where status = 'pending'`,
  `create index package_notifications_package on package_notifications (package_id, id)`,
];

/** Versions 520–539 belong to logistics. */
export const LOGISTICS_MIGRATIONS: readonly Migration[] = [
  sqlMigration(
    520,
    'logistics: purchase link, receipt unique per courier, tracking state, notification outbox',
    LOGISTICS_V520,
  ),
];
