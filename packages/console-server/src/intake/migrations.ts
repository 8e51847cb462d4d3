import type { Migration } from '../db/migration.js';
import { sqlMigration } from '../db/statements.js';

/**
 * Mayar intake: every authenticated webhook call lands in the inbox with its raw body (accepted, rejected,
 * duplicate or stale); purchases hold the newest state of each Mayar transaction. Frozen once shipped.
 */
export const INTAKE_V400: readonly string[] = [
  `create table mayar_webhook_inbox (
    id bigint generated always as identity primary key,
    mayar_account_id bigint not null references mayar_accounts (id) on delete restrict,
    source text not null default 'webhook' check (source in ('webhook', 'reconciliation', 'seed')),
    event text,
    data_id text,
    data_updated_at timestamptz,
    raw_body text not null,
    headers jsonb not null default '{}',
    received_at timestamptz not null default now(),
    status text not null check (status in ('accepted', 'rejected', 'duplicate', 'stale')),
    error text,
    purchase_id bigint,
    history_id text
  )`,
  `create index mayar_webhook_inbox_key on mayar_webhook_inbox (mayar_account_id, event, data_id)`,
  `create index mayar_webhook_inbox_received on mayar_webhook_inbox (received_at, id)`,
  `create table purchases (
    id bigint generated always as identity primary key,
    mayar_id text not null,
    transaction_id text,
    mayar_account_id bigint not null references mayar_accounts (id) on delete restrict,
    last_event text not null,
    status text not null,
    transaction_status text not null,
    paid_at timestamptz,
    mayar_created_at timestamptz not null,
    mayar_updated_at timestamptz not null,
    merchant_id text,
    merchant_name text,
    customer_name text,
    customer_email text,
    customer_mobile text,
    amount bigint not null default 0,
    nett_amount bigint,
    mayar_product_id text,
    product_id bigint references products (id) on delete set null,
    product_name text,
    product_type text,
    unknown_product boolean not null default false,
    tribe_id bigint references tribes (id) on delete set null,
    qty integer,
    payment_method text,
    coupon_used text,
    pixel_fbp text,
    pixel_fbc text,
    utm_source text,
    utm_medium text,
    utm_campaign text,
    utm_content text,
    utm_term text,
    tracking_data jsonb,
    custom_field jsonb,
    extra_data jsonb,
    raw jsonb not null,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    search_text text generated always as (lower(
      coalesce(customer_name, '') || ' ' || coalesce(customer_email, '') || ' ' || coalesce(customer_mobile, '')
      || ' ' || mayar_id || ' ' || coalesce(product_name, '')
    )) stored
  )`,
  `create unique index purchases_mayar_id_key on purchases (mayar_id)`,
  // Exact searches (email, phone) and keyset paging by time: (value, id) so a page continues from (value, id).
  `create index purchases_customer_email_idx on purchases (customer_email, id)`,
  `create index purchases_customer_mobile_idx on purchases (customer_mobile, id)`,
  `create index purchases_mayar_created_at_idx on purchases (mayar_created_at, id)`,
  `create index purchases_created_at_idx on purchases (created_at, id)`,
  `create index purchases_updated_at_idx on purchases (updated_at, id)`,
  `create index purchases_product_id_idx on purchases (product_id, id)`,
  `create index purchases_mayar_account_id_idx on purchases (mayar_account_id, id)`,
  `create index purchases_transaction_status_idx on purchases (transaction_status, id)`,
  `create index purchases_tribe_id_idx on purchases (tribe_id, id)`,
];

/**
 * The forwarder's outbox (one delivery per rule and source event, written in the purchase's transaction) and the
 * job leases that make scheduled work run once across server nodes.
 */
export const INTAKE_V401: readonly string[] = [
  `create table forwarder_deliveries (
    id bigint generated always as identity primary key,
    forwarder_id bigint not null references webhook_forwarders (id) on delete cascade,
    inbox_id bigint references mayar_webhook_inbox (id) on delete set null,
    purchase_id bigint references purchases (id) on delete cascade,
    source_key text not null,
    destination text not null check (destination in ('meta_capi', 'http')),
    payload jsonb not null,
    event_time timestamptz not null,
    status text not null default 'pending' check (status in ('pending', 'delivered', 'failed', 'dead')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    locked_until timestamptz,
    locked_by text,
    last_status integer,
    last_response text,
    last_error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    delivered_at timestamptz
  )`,
  `create unique index forwarder_deliveries_source_key on forwarder_deliveries (forwarder_id, source_key)`,
  `create index forwarder_deliveries_due on forwarder_deliveries (next_attempt_at, id) where status = 'pending'`,
  `create index forwarder_deliveries_rule on forwarder_deliveries (forwarder_id, id)`,
  `create table intake_jobs (
    name text primary key,
    locked_until timestamptz,
    locked_by text,
    last_started_at timestamptz,
    last_finished_at timestamptz,
    last_result jsonb,
    last_error text
  )`,
];

/** A level of Meta's campaign tree (ad sets, ads): its Meta id, the levels above it, its name and when seen. */
const metaLevelTable = (
  table: string,
  idColumn: string,
  parents: readonly string[],
) => `create table ${table} (
    id bigint generated always as identity primary key,
    ${[`${idColumn} text not null unique`, ...parents, 'campaign_id text not null'].join(',\n    ')},
    name text not null,
    first_seen date,
    last_seen date,
    updated_at timestamptz not null default now()
  )`;

/** Meta ad insights: one row per (date, ad id), and the ad sets and ads found in the data. */
export const INTAKE_V402: readonly string[] = [
  `create table ad_insights_daily (
    id bigint generated always as identity primary key,
    date date not null,
    account_id text,
    campaign_id text not null,
    campaign_name text,
    adset_id text,
    adset_name text,
    ad_id text not null,
    ad_name text,
    impressions bigint not null default 0,
    reach bigint not null default 0,
    clicks bigint not null default 0,
    inline_link_clicks bigint not null default 0,
    spend bigint not null default 0,
    purchases integer not null default 0,
    purchase_value bigint not null default 0,
    source text not null check (source in ('upload', 'api', 'seed')),
    import_id text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index ad_insights_daily_key on ad_insights_daily (date, ad_id)`,
  `create index ad_insights_daily_campaign on ad_insights_daily (campaign_id, date)`,
  metaLevelTable('ad_sets', 'adset_id', []),
  `create index ad_sets_campaign on ad_sets (campaign_id)`,
  metaLevelTable('ads', 'ad_id', ['adset_id text']),
  `create index ads_adset on ads (adset_id)`,
];

/** Versions 400–449 belong to the intake (Mayar, Meta insights, forwarder). */
export const INTAKE_MIGRATIONS: readonly Migration[] = [
  sqlMigration(400, 'Mayar webhook inbox and purchases', INTAKE_V400),
  sqlMigration(401, 'forwarder deliveries outbox and job leases', INTAKE_V401),
  sqlMigration(402, 'Meta ad insights, ad sets and ads', INTAKE_V402),
];

/**
 * Re-fetch before paid (MAYAR_VERIFY_PAID): a purchase the webhook calls paid waits as `unverified` until the
 * verification job has read it back from Mayar's API. `verification` is null when no re-fetch was asked for.
 */
export const INTAKE_V770: readonly string[] = [
  `alter table purchases
    add column verification text check (verification in ('pending', 'verified', 'mismatch')),
    add column verify_attempts integer not null default 0,
    add column verify_next_at timestamptz,
    add column verify_note text`,
  // The job's look-up: the pending purchases that are due.
  `create index purchases_verify_due on purchases (verify_next_at) where verification = 'pending'`,
];

/**
 * Campaigns already in uploaded or fetched insights but never entered by staff become Master Ad Campaign rows
 * (`origin: meta`, product to link), as src/intake/meta/campaigns.ts does for every new upload. Needs generated
 * migration 105 (the origin column). Demo-seeded insights are left out, like the importer leaves them.
 */
export const INTAKE_V771: readonly string[] = [
  // Writers that predate origin (fixtures, scripts inserting with SQL) mean a staff-entered campaign.
  `alter table ad_campaigns alter column origin set default 'staff'`,
  `insert into ad_campaigns (name, campaign_id, ad_account_id, status, start_date, origin)
    select distinct on (i.campaign_id)
      left(coalesce(nullif(trim(i.campaign_name), ''), i.campaign_id), 200),
      i.campaign_id,
      case
        when trim(i.account_id) ~ '^act_[0-9]{6,24}$' then trim(i.account_id)
        when trim(i.account_id) ~ '^[0-9]{6,24}$' then 'act_' || trim(i.account_id)
      end,
      'ACTIVE',
      (select min(f.date) from ad_insights_daily f where f.campaign_id = i.campaign_id and f.source <> 'seed'),
      'meta'
    from ad_insights_daily i
    where i.source <> 'seed' and i.campaign_id ~ '^[0-9]{6,24}$'
      and not exists (select 1 from ad_campaigns c where lower(c.campaign_id) = lower(i.campaign_id))
    order by i.campaign_id, i.date desc`,
];

/**
 * Ad sets and ads as read-only lists under their campaign (entities `ad_sets`, `ads`, storage: migration): the
 * resource columns, and the campaign row each belongs to (its Meta campaign id, matched as the importer does).
 */
export const INTAKE_V772: readonly string[] = [
  ...['ad_sets', 'ads'].flatMap((table) => [
    `alter table ${table}
      add column ad_campaign_id bigint references ad_campaigns (id) on delete set null,
      add column version integer not null default 1,
      add column created_at timestamptz not null default now(),
      add column created_by integer references users (id) on delete set null,
      add column updated_by integer references users (id) on delete set null,
      add column search_text text generated always as (lower(coalesce(name, '') || ' ' || coalesce(${
        table === 'ads' ? 'ad_id' : 'adset_id'
      }, ''))) stored`,
    `update ${table} t set ad_campaign_id = c.id from ad_campaigns c
      where lower(c.campaign_id) = lower(t.campaign_id) and c.deleted_at is null`,
    `create index ${table}_ad_campaign on ${table} (ad_campaign_id, id)`,
    `create index ${table}_name_idx on ${table} (name, id)`,
    `create index ${table}_last_seen_idx on ${table} (last_seen, id)`,
  ]),
];

/** Versions 770–779: Mayar re-fetch before paid; campaigns, ad sets and ads from the data. */
export const INTAKE_MIGRATIONS_770: readonly Migration[] = [
  sqlMigration(770, 'purchases verified against Mayar before paid', INTAKE_V770),
  sqlMigration(771, 'campaigns seen in insights become ad campaign rows', INTAKE_V771),
  sqlMigration(772, 'ad sets and ads listed under their campaign', INTAKE_V772),
];
