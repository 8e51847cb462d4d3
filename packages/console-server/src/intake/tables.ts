import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: read parsed, written as JSON text. */
type Json = ColumnType<unknown, string | null | undefined, string | null>;
/** bigint: pg reads it as a string. */
type BigInt = ColumnType<string, number | string, number | string>;
type NullableBigInt = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export type InboxStatus = 'accepted' | 'rejected' | 'duplicate' | 'stale';
export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dead';

export interface MayarWebhookInboxTable {
  id: Generated<string>;
  mayar_account_id: BigInt;
  source: ColumnType<string, string | undefined, string>;
  event: string | null;
  data_id: string | null;
  data_updated_at: NullableTimestamp;
  raw_body: string;
  headers: Json;
  received_at: Timestamp;
  status: InboxStatus;
  error: string | null;
  purchase_id: NullableBigInt;
  history_id: string | null;
}

export interface PurchasesTable {
  id: Generated<string>;
  mayar_id: string;
  transaction_id: string | null;
  mayar_account_id: BigInt;
  last_event: string;
  status: string;
  transaction_status: string;
  paid_at: NullableTimestamp;
  mayar_created_at: ColumnType<Date, Date | string, Date | string>;
  mayar_updated_at: ColumnType<Date, Date | string, Date | string>;
  merchant_id: string | null;
  merchant_name: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_mobile: string | null;
  amount: BigInt;
  nett_amount: NullableBigInt;
  mayar_product_id: string | null;
  product_id: NullableBigInt;
  product_name: string | null;
  product_type: string | null;
  unknown_product: boolean;
  tribe_id: NullableBigInt;
  qty: number | null;
  payment_method: string | null;
  coupon_used: string | null;
  pixel_fbp: string | null;
  pixel_fbc: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  tracking_data: Json;
  custom_field: Json;
  extra_data: Json;
  raw: Json;
  /** Migration 770: null, or where the re-fetch from Mayar's API stands. */
  verification: 'pending' | 'verified' | 'mismatch' | null;
  verify_attempts: ColumnType<number, number | undefined, number>;
  verify_next_at: NullableTimestamp;
  verify_note: string | null;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ForwarderDeliveriesTable {
  id: Generated<string>;
  forwarder_id: BigInt;
  inbox_id: NullableBigInt;
  purchase_id: NullableBigInt;
  source_key: string;
  destination: 'meta_capi' | 'http';
  payload: Json;
  event_time: ColumnType<Date, Date | string, Date | string>;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: NullableTimestamp;
  locked_by: string | null;
  last_status: number | null;
  last_response: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  delivered_at: NullableTimestamp;
}

/** The campaign, ad set and ad an insight row names (the CSV's parsed row and the table alike). */
export interface AdInsightNames {
  campaign_id: string;
  campaign_name: string | null;
  adset_id: string | null;
  adset_name: string | null;
  ad_id: string;
  ad_name: string | null;
}

export interface AdInsightsDailyTable extends AdInsightNames {
  id: Generated<string>;
  date: ColumnType<string, string, string>;
  account_id: string | null;
  impressions: BigInt;
  reach: BigInt;
  /** Clicks (all); null where the data did not carry them (migration 880). */
  clicks: NullableBigInt;
  inline_link_clicks: BigInt;
  spend: BigInt;
  purchases: number;
  purchase_value: BigInt;
  /** Meta's 3-second video plays (migration 500). */
  video_3s_views: ColumnType<string, number | string | undefined, number | string>;
  source: 'upload' | 'api' | 'seed';
  import_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdSetsTable {
  id: Generated<string>;
  /** Migration 772: the Master Ad Campaign row of campaign_id. */
  ad_campaign_id: NullableBigInt;
  adset_id: string;
  campaign_id: string;
  name: string;
  first_seen: string | null;
  last_seen: string | null;
  updated_at: Timestamp;
}

export interface AdsTable {
  id: Generated<string>;
  /** Migration 772: the Master Ad Campaign row of campaign_id. */
  ad_campaign_id: NullableBigInt;
  ad_id: string;
  adset_id: string | null;
  campaign_id: string;
  name: string;
  first_seen: string | null;
  last_seen: string | null;
  updated_at: Timestamp;
}

/** The master-data tables the intake reads (generated from the contract; only the columns used here). */
export interface MayarAccountsTable {
  id: BigInt;
  name: string;
  merchant_id: string;
  api_key: string;
  webhook_token: string;
  env: string;
  active: boolean;
  deleted_at: NullableTimestamp;
}

export interface ProductsTable {
  id: BigInt;
  name: string;
  mayar_account_id: BigInt;
  mayar_product_id: string | null;
  tribe_id: NullableBigInt;
  price: BigInt;
  active: boolean;
  ships_package: boolean;
  deleted_at: NullableTimestamp;
}

export interface WebhookForwardersTable {
  id: BigInt;
  name: string;
  mayar_account_id: BigInt;
  event_filter: string;
  product_id: NullableBigInt;
  destination: 'meta_capi' | 'http';
  pixel_registry_id: NullableBigInt;
  capi_event_name: string | null;
  url: string | null;
  secret_header: string | null;
  max_attempts: number;
  active: boolean;
  deleted_at: NullableTimestamp;
}

export interface PixelRegistriesTable {
  id: BigInt;
  name: string;
  pixel_id: string;
  capi_access_token: string;
  test_event_code: string | null;
  active: boolean;
  deleted_at: NullableTimestamp;
}

export interface IntakeTables {
  mayar_webhook_inbox: MayarWebhookInboxTable;
  purchases: PurchasesTable;
  forwarder_deliveries: ForwarderDeliveriesTable;
  ad_insights_daily: AdInsightsDailyTable;
  ad_sets: AdSetsTable;
  ads: AdsTable;
  mayar_accounts: MayarAccountsTable;
  products: ProductsTable;
  webhook_forwarders: WebhookForwardersTable;
  pixel_registries: PixelRegistriesTable;
}

export type IntakeDatabase = Database & IntakeTables;
export type IntakeDb = Kysely<IntakeDatabase> | Transaction<IntakeDatabase>;

/** The same connection seen with the intake's tables typed (the core schema leaves these tables out). */
export const intakeDb = (db: Kysely<Database>): Kysely<IntakeDatabase> =>
  db as unknown as Kysely<IntakeDatabase>;
