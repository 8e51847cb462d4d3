import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint: pg reads it as a string. */
type BigInt = ColumnType<string, number | string, number | string>;
type NullableBigInt = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export type BotStatus = 'pending' | 'connected' | 'failed' | 'disconnected';

export interface WhatsAppNumbersTable {
  wa_registry_id: BigInt;
  phone_number_id: string;
  status: ColumnType<BotStatus, BotStatus | undefined, BotStatus>;
  /** Where a pending registration stands (migration 620). */
  step: ColumnType<
    'idle' | 'code_requested' | 'code_verified',
    'idle' | 'code_requested' | 'code_verified' | undefined,
    'idle' | 'code_requested' | 'code_verified'
  >;
  code_method: 'SMS' | 'VOICE' | null;
  last_error: string | null;
  connected_at: NullableTimestamp;
  updated_at: Timestamp;
  version: ColumnType<number, number | undefined, number>;
}

/** The registry columns the adapter reads (the table itself is a master-data resource). */
export interface WaRegistriesTable {
  id: BigInt;
  name: string;
  phone: string;
  purpose: string;
  provider: string;
  provider_token: string;
  product_id: NullableBigInt;
  tribe_id: NullableBigInt;
  active: boolean;
  deleted_at: NullableTimestamp;
}

/** A message kept for a number missing from WA Registries (migration 850), as the raw queries read it. */
export interface UnregisteredMessageRow {
  id: string;
  phone_number_id: string;
  display_phone: string;
  customer_wa_id: string;
  customer_name: string | null;
  wamid: string;
  type: string;
  body: string;
  at: Date;
}

export interface WhatsAppTables {
  whatsapp_numbers: WhatsAppNumbersTable;
  wa_registries: WaRegistriesTable;
}

export type WhatsAppDb = Kysely<Database & WhatsAppTables>;
export type WhatsAppTrx = Transaction<Database & WhatsAppTables>;

/** The same connection, typed with the WhatsApp tables. */
export const whatsappDb = (db: Kysely<Database>) => db as unknown as WhatsAppDb;
