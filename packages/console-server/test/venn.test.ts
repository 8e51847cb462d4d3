// Both engines: the Venn's set SQL (support/harness.ts).
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VennCustomersResponse, VennResponse } from '@staff/console-contract';
import {
  Client,
  ENGINES,
  freshAddress,
  setupTestApp,
  uniqueName,
  userWithKeys,
  type TestDatabase,
} from './support/harness.js';
import { intakeFixture } from './support/intake.js';

/**
 * Hand-computed fixture, November 2026 in Jakarta, products A, B, C (A and B in tribe T1, C in T2), D not chosen.
 *   frank  A (and an unpaid B: not counted)            → A only
 *   dave   B                                           → B only
 *   gina   B at 00:30 on 1 Nov Jakarta (31 Oct UTC)    → B only
 *   alice  A as "alice@x.test", B as " Alice@X.test "  → A and B
 *   erin   C                                           → C only
 *   bob    no email: A as "0812-1111-2222", C as "+62 812 1111 2222" → A and C (one 62-phone)
 *   carol  A, B, C                                      → A, B and C
 *   hank   A at 00:30 on 1 Dec Jakarta                  → outside the period
 *   ivan   D only                                       → in no chosen set
 *   (a purchase of A with neither email nor phone is nobody's)
 * Regions (bit 0 = A, 1 = B, 2 = C): 1 → 1, 2 → 2, 3 → 1, 4 → 1, 5 → 1, 7 → 1; totals A 4, B 4, C 3.
 * By tribe (bit 0 = T1, 1 = T2; D is in T2): T1 only frank, dave, gina, alice → 4; T2 only erin, ivan → 2; both bob, carol → 2.
 */
type Row = [
  customer: string,
  product: 'A' | 'B' | 'C' | 'D',
  at: string,
  status: string,
  email: string | null,
  phone: string | null,
  amount: number,
];
const PURCHASES: Row[] = [
  ['frank', 'A', '2026-11-03T03:00:00Z', 'paid', 'frank@x.test', null, 100000],
  ['frank', 'B', '2026-11-03T04:00:00Z', 'created', 'frank@x.test', null, 100000],
  ['dave', 'B', '2026-11-05T03:00:00Z', 'paid', 'dave@x.test', '081200000001', 150000],
  ['gina', 'B', '2026-10-31T17:30:00Z', 'paid', 'gina@x.test', null, 150000],
  ['alice', 'A', '2026-11-06T03:00:00Z', 'paid', 'alice@x.test', null, 100000],
  ['alice', 'B', '2026-11-07T03:00:00Z', 'paid', ' Alice@X.test ', null, 150000],
  ['erin', 'C', '2026-11-08T03:00:00Z', 'paid', 'erin@x.test', null, 200000],
  ['bob', 'A', '2026-11-09T03:00:00Z', 'paid', null, '0812-1111-2222', 100000],
  ['bob', 'C', '2026-11-10T03:00:00Z', 'paid', '', '+62 812 1111 2222', 200000],
  ['carol', 'A', '2026-11-11T03:00:00Z', 'paid', 'carol@x.test', null, 100000],
  ['carol', 'B', '2026-11-12T03:00:00Z', 'paid', 'carol@x.test', null, 150000],
  ['carol', 'C', '2026-11-13T03:00:00Z', 'paid', 'carol@x.test', null, 200000],
  ['carol', 'C', '2026-11-14T03:00:00Z', 'paid', 'carol@x.test', null, 200000],
  ['hank', 'A', '2026-11-30T17:30:00Z', 'paid', 'hank@x.test', null, 100000],
  ['ivan', 'D', '2026-11-15T03:00:00Z', 'paid', 'ivan@x.test', null, 100000],
  ['nobody', 'A', '2026-11-16T03:00:00Z', 'paid', null, null, 100000],
];

async function seedVenn(database: TestDatabase) {
  const { db } = database.database;
  const fixture = await intakeFixture(database.database);
  const tribe2 = await sql<{ id: string }>`
    insert into tribes (name, code, active) values (${uniqueName('VennTribe')}, ${uniqueName('VT').toUpperCase()}, true) returning id`.execute(
    db,
  );
  const products: Record<string, { id: number; tribe: number }> = {};
  for (const [name, tribe] of [
    ['A', fixture.tribeId],
    ['B', fixture.tribeId],
    ['C', Number(tribe2.rows[0]!.id)],
    ['D', Number(tribe2.rows[0]!.id)],
  ] as const) {
    const row = await sql<{ id: string }>`
      insert into products (name, mayar_account_id, mayar_product_id, product_type, price, ships_package, tribe_id, active)
      values (${`Kelas ${name} ${uniqueName('p')}`}, ${fixture.accountId}, ${uniqueName('venn-mp')}, 'ebook', 100000, false, ${tribe}, true)
      returning id`.execute(db);
    products[name] = { id: Number(row.rows[0]!.id), tribe };
  }
  let n = 0;
  for (const [, product, at, status, email, phone, amount] of PURCHASES) {
    n += 1;
    await sql`insert into purchases (mayar_id, mayar_account_id, last_event, status, transaction_status, paid_at,
        mayar_created_at, mayar_updated_at, amount, product_id, tribe_id, customer_name, customer_email, customer_mobile, raw)
      values (${uniqueName(`V${n}`)}, ${fixture.accountId}, 'payment.received', 'SUCCESS', ${status},
        ${status === 'paid' ? at : null}, ${at}, ${at}, ${amount}, ${products[product]!.id}, ${products[product]!.tribe},
        ${`Name ${n}`}, ${email}, ${phone}, '{}')`.execute(db);
  }
  return { products, tribes: [fixture.tribeId, Number(tribe2.rows[0]!.id)] };
}

describe.each(ENGINES)('customer Venn on %s', (engine) => {
  const { testDb: database, app } = setupTestApp(engine, {
    prepare: async () => {
      const seeded = await seedVenn(database);
      ids = {
        A: seeded.products.A!.id,
        B: seeded.products.B!.id,
        C: seeded.products.C!.id,
        D: seeded.products.D!.id,
      };
      tribes = seeded.tribes;
    },
  });
  let client: Client;
  let token: string;
  let ids: { A: number; B: number; C: number; D: number };
  let tribes: number[];
  const period = 'from=2026-11-01&to=2026-11-30';

  beforeAll(async () => {
    client = new Client(app, freshAddress());
    token = await client.token(await userWithKeys(database.database, [{ key: 'statistics' }]));
  });

  const get = async <T>(url: string) => {
    const response = await client.get(url, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  it('counts every exclusive region of three products in SQL', async () => {
    const answer = await get<VennResponse>(`/api/venn?by=product&ids=${ids.A},${ids.B},${ids.C}&${period}`);
    const counts = Object.fromEntries(answer.regions.map((region) => [region.mask, region.count]));
    expect(counts).toEqual({ 1: 1, 2: 2, 3: 1, 4: 1, 5: 1, 7: 1 });
    expect(answer.sets.map((set) => [set.id, set.total])).toEqual([
      [ids.A, 4],
      [ids.B, 4],
      [ids.C, 3],
    ]);
    expect(answer.sets[0]!.label).toMatch(/^Kelas A /);
    expect(answer.customers).toBe(7);
    // Largest region first.
    expect(answer.regions[0]).toEqual({ mask: 2, count: 2 });
  });

  it('follows the order of the chosen ids for the bits, and counts tribes', async () => {
    const swapped = await get<VennResponse>(`/api/venn?by=product&ids=${ids.C},${ids.A}&${period}`);
    // C = bit 0, A = bit 1: erin C only; frank, alice, carol... A only; bob and carol both.
    expect(Object.fromEntries(swapped.regions.map((r) => [r.mask, r.count]))).toEqual({ 1: 1, 2: 2, 3: 2 });
    const byTribe = await get<VennResponse>(`/api/venn?by=tribe&ids=${tribes[0]},${tribes[1]}&${period}`);
    expect(Object.fromEntries(byTribe.regions.map((r) => [r.mask, r.count]))).toEqual({ 1: 4, 2: 2, 3: 2 });
    const four = await get<VennResponse>(
      `/api/venn?by=product&ids=${ids.A},${ids.B},${ids.C},${ids.D}&${period}`,
    );
    expect(Object.fromEntries(four.regions.map((r) => [r.mask, r.count]))).toEqual({
      1: 1,
      2: 2,
      3: 1,
      4: 1,
      5: 1,
      7: 1,
      8: 1,
    });
  });

  it('lists the customers of a region, paged, and exports them as CSV', async () => {
    const both = await get<VennCustomersResponse>(
      `/api/venn/customers?by=product&ids=${ids.A},${ids.B},${ids.C}&${period}&mask=2`,
    );
    expect(both.total).toBe(2);
    expect(both.rows.map((row) => row.key)).toEqual(['dave@x.test', 'gina@x.test']);
    expect(both.rows[0]).toMatchObject({
      email: 'dave@x.test',
      phone: '081200000001',
      purchases: 1,
      amount: 150000,
    });
    const phone = await get<VennCustomersResponse>(
      `/api/venn/customers?by=product&ids=${ids.A},${ids.B},${ids.C}&${period}&mask=5`,
    );
    expect(phone.rows).toEqual([
      expect.objectContaining({ key: '6281211112222', email: null, purchases: 2, amount: 300000 }),
    ]);
    const carol = await get<VennCustomersResponse>(
      `/api/venn/customers?by=product&ids=${ids.A},${ids.B},${ids.C}&${period}&mask=7`,
    );
    expect(carol.rows[0]).toMatchObject({ key: 'carol@x.test', purchases: 4, amount: 650000 });
    expect(carol.rows[0]!.last_paid_at).toBe('2026-11-14T03:00:00.000Z');
    const beyond = await get<VennCustomersResponse>(
      `/api/venn/customers?by=product&ids=${ids.A},${ids.B},${ids.C}&${period}&mask=2&page=3`,
    );
    expect(beyond).toMatchObject({ rows: [], total: 2, page: 3 });

    const csv = await client.get(
      `/api/venn/customers?by=product&ids=${ids.A},${ids.B},${ids.C}&${period}&mask=2&format=csv`,
      token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Customer,Name,Email,Phone,Purchases,Amount (IDR),Last paid at');
    expect(lines[1]).toMatch(
      /^dave@x\.test,Name \d+,dave@x\.test,081200000001,1,150000,2026-11-05T03:00:00.000Z$/,
    );
  });

  it('offers the active products and tribes to choose from', async () => {
    const options = await get<{ items: { id: number; label: string }[] }>('/api/venn/options?by=product');
    expect(options.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([ids.A, ids.B, ids.C, ids.D]),
    );
    const labels = options.items.map((item) => item.label.toLowerCase());
    expect(labels).toEqual([...labels].sort());
    const tribeOptions = await get<{ items: { id: number }[] }>('/api/venn/options?by=tribe');
    expect(tribeOptions.items.map((item) => item.id)).toEqual(expect.arrayContaining(tribes));
  });

  it('answers 400 naming the field for bad input, 403 without the key', async () => {
    const bad = async (query: string, field: string) => {
      const response = await client.get(`/api/venn${query}`, token);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), query).toContain(field);
    };
    await bad(`?by=product&ids=${ids.A}&${period}`, 'query.ids');
    await bad(`?by=product&ids=${ids.A},${ids.A}&${period}`, 'query.ids');
    await bad(`?by=product&ids=1,2,3,4,5,6&${period}`, 'query.ids');
    await bad(`?by=product&ids=${ids.A},abc&${period}`, 'query.ids');
    await bad(`?by=product&ids=${ids.A},999999&${period}`, 'query.ids');
    await bad(`?by=shop&ids=${ids.A},${ids.B}&${period}`, 'query.by');
    await bad(`?by=product&ids=${ids.A},${ids.B}&from=2026-11-30&to=2026-11-01`, 'query.to');
    await bad(`?by=product&ids=${ids.A},${ids.B}&from=2026-02-30&to=2026-03-01`, 'query.from');
    await bad(`/customers?by=product&ids=${ids.A},${ids.B}&${period}&mask=4`, 'query.mask');
    await bad(`/customers?by=product&ids=${ids.A},${ids.B}&${period}&mask=0`, 'query.mask');
    const other = await client.token(await userWithKeys(database.database, [{ key: 'ad_daily_tracker' }]));
    const denied = await client.get(`/api/venn?by=product&ids=${ids.A},${ids.B}&${period}`, other);
    expect(denied.statusCode).toBe(403);
  });
});
