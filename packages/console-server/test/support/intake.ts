import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.js';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${(counter += 1)}`;
const digits = (n: number) => String(Date.now()).slice(-n).padStart(n, '1') + String((counter += 1) % 10);

export interface IntakeFixture {
  accountId: number;
  token: string;
  apiKey: string;
  tribeId: number;
  productId: number;
  mayarProductId: string;
  pixelId: number;
  pixelNumber: string;
}

/** A tribe, a Mayar account (webhook token and API key), a product in the tribe and a pixel. */
export async function intakeFixture(
  database: DatabaseHandle,
  apiKey = 'mayar-test-key',
): Promise<IntakeFixture> {
  const { db } = database;
  const token = randomBytes(16).toString('hex');
  const tribe = await sql<{ id: string }>`
    insert into tribes (name, code, active) values (${unique('Tribe')}, ${unique('T').toUpperCase()}, true) returning id`.execute(
    db,
  );
  const account = await sql<{ id: string }>`
    insert into mayar_accounts (name, merchant_id, merchant_email, env, api_key, webhook_token, active)
    values (${unique('Mayar')}, ${unique('m')}, 'merchant@example.com', 'sandbox', ${apiKey}, ${token}, true)
    returning id`.execute(db);
  const mayarProductId = unique('mp');
  const product = await sql<{ id: string }>`
    insert into products (name, mayar_account_id, mayar_product_id, product_type, price, ships_package, tribe_id, active)
    values (${unique('Product')}, ${account.rows[0]!.id}, ${mayarProductId}, 'ebook', 150000, false, ${tribe.rows[0]!.id}, true)
    returning id`.execute(db);
  const pixelNumber = `1${digits(12)}`;
  const pixel = await sql<{ id: string }>`
    insert into pixel_registries (name, pixel_id, capi_access_token, test_event_code, active)
    values (${unique('Pixel')}, ${pixelNumber}, 'EAAB-test-token', 'TEST12345', true) returning id`.execute(
    db,
  );
  return {
    accountId: Number(account.rows[0]!.id),
    token,
    apiKey,
    tribeId: Number(tribe.rows[0]!.id),
    productId: Number(product.rows[0]!.id),
    mayarProductId,
    pixelId: Number(pixel.rows[0]!.id),
    pixelNumber,
  };
}

/** A forwarding rule of the fixture's account. */
export async function forwardingRule(
  database: DatabaseHandle,
  fixture: IntakeFixture,
  rule: {
    destination: 'meta_capi' | 'http';
    url?: string;
    secret?: string;
    productId?: number | null;
    maxAttempts?: number;
  },
): Promise<number> {
  const row = await sql<{ id: string }>`
    insert into webhook_forwarders
      (name, mayar_account_id, event_filter, product_id, destination, pixel_registry_id, capi_event_name, url, secret_header, max_attempts, active)
    values (${unique('Rule')}, ${fixture.accountId}, 'payment.received', ${rule.productId ?? null}, ${rule.destination},
      ${rule.destination === 'meta_capi' ? fixture.pixelId : null}, ${rule.destination === 'meta_capi' ? 'Purchase' : null},
      ${rule.url ?? null}, ${rule.secret ?? null}, ${rule.maxAttempts ?? 5}, true)
    returning id`.execute(database.db);
  return Number(row.rows[0]!.id);
}
