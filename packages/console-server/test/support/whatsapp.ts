import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.js';
import { sealSecret } from '../../src/secrets/index.js';
import type { BusinessNumber } from '../fakes/whatsapp.js';

export const WA_TOKEN = 'EAAG-test-token';
export const WA_APP_SECRET = 'wa-app-secret-for-tests';
export const WA_VERIFY_TOKEN = 'wa-verify-token';

let counter = 0;
/** A WA Registries entry using the Cloud API with a sealed token; returns its id and its number as Meta names it. */
export async function waNumber(
  database: DatabaseHandle,
  purpose: 'cs' | 'bot' = 'cs',
): Promise<{ registryId: number; number: BusinessNumber }> {
  counter += 1;
  const phone = `62811${String(process.pid % 10000).padStart(4, '0')}${String(counter).padStart(3, '0')}`;
  const row = await sql<{ id: string }>`
    insert into wa_registries (name, phone, purpose, provider, provider_token, active)
    values (${`${purpose.toUpperCase()} ${phone}`}, ${phone}, ${purpose}, 'cloud_api', ${sealSecret(WA_TOKEN)}, true)
    returning id`.execute(database.db);
  return {
    registryId: Number(row.rows[0]!.id),
    number: { phoneNumberId: phone, displayPhoneNumber: phone },
  };
}
