/**
 * Which Cloud API number a WA Registries entry sends from: its phone-number-id (set when the number is connected
 * as a bot, else the registry's digits — the fake and a demo accept those) and its access token (the registry's
 * sealed gateway token, else WHATSAPP_ACCESS_TOKEN).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { openSecret } from '../secrets/index.js';
import { type WhatsAppClient, createWhatsAppClient, waDigits } from './client.js';
import { whatsappDb } from './tables.js';

export interface WhatsAppApiSettings {
  /** WHATSAPP_API_URL (without the version). */
  baseUrl?: string;
  /** WHATSAPP_API_VERSION, e.g. v21.0. */
  version?: string;
  /** WHATSAPP_ACCESS_TOKEN: used when a registry entry stores no token of its own. */
  accessToken?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class WhatsAppSenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhatsAppSenderError';
  }
}

export interface WhatsAppSender {
  registryId: number;
  phoneNumberId: string;
  /** The business number's digits (62…). */
  phone: string;
}

/** The sending identity of a registry entry, without its token (for lookups and display). */
export async function senderOf(db: Kysely<Database>, registryId: number): Promise<WhatsAppSender | null> {
  const row = await whatsappDb(db)
    .selectFrom('wa_registries as r')
    .leftJoin('whatsapp_numbers as n', 'n.wa_registry_id', 'r.id')
    .select(['r.id', 'r.phone', 'n.phone_number_id'])
    .where('r.id', '=', String(registryId))
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    registryId,
    phoneNumberId: row.phone_number_id ?? waDigits(row.phone),
    phone: waDigits(row.phone),
  };
}

/** A Cloud API client bound to a registry entry's number; throws WhatsAppSenderError if it cannot send. */
export async function whatsAppClientFor(
  db: Kysely<Database>,
  registryId: number,
  settings: WhatsAppApiSettings = {},
  /** Bot Login: the phone-number-id being registered, before it is stored. */
  phoneNumberId?: string,
): Promise<WhatsAppClient> {
  const row = await whatsappDb(db)
    .selectFrom('wa_registries as r')
    .leftJoin('whatsapp_numbers as n', 'n.wa_registry_id', 'r.id')
    .select(['r.phone', 'r.provider_token', 'r.active', 'n.phone_number_id'])
    .where('r.id', '=', String(registryId))
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new WhatsAppSenderError(`WA Registries entry ${registryId} does not exist`);
  if (!row.active) throw new WhatsAppSenderError(`WA Registries entry ${registryId} is inactive`);
  let token = settings.accessToken ?? '';
  if (row.provider_token) {
    try {
      token = openSecret(row.provider_token);
    } catch {
      // A token sealed under a key this process does not hold: fall back to the environment's.
    }
  }
  if (!token) throw new WhatsAppSenderError(`WA Registries entry ${registryId} has no access token`);
  return createWhatsAppClient({
    phoneNumberId: phoneNumberId ?? row.phone_number_id ?? waDigits(row.phone),
    accessToken: token,
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    ...(settings.version ? { version: settings.version } : {}),
    ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}),
    ...(settings.fetch ? { fetch: settings.fetch } : {}),
  });
}
