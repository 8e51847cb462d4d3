// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedDemoActivity } from '../src/demo/activity.js';
import { Client, ONE_ENGINE, setupTestApp, userWithKeys } from './support/harness.js';

// A fixed instant: Tuesday 2026-11-24 10:00 in Jakarta.
const NOW = new Date('2026-11-24T03:00:00.000Z');
const fingerprints = new Map<string, string>();

/** The demo's 90 days, here 10 days of 3 campaigns, written through the intake over the master-data demo rows. */
describe.each(ONE_ENGINE)('demo activity seed on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine, {
    database: { demoRows: 0.1 },
    prepare: async () => {
      first = await seedDemoActivity(testDb.database.db, { days: 10, campaigns: 3, now: NOW });
    },
  });
  let first: Awaited<ReturnType<typeof seedDemoActivity>>;

  it('writes insights per ad and day ending today (Jakarta) with plausible CPM and CTR', async () => {
    expect(first.insights).toBe(3 * 4 * 10);
    const { rows } = await sql<{
      first: string;
      last: string;
      campaigns: string;
      ads: string;
      cpm: string;
      ctr: string;
    }>`select min(date)::text first, max(date)::text last, count(distinct campaign_id) campaigns,
         count(distinct ad_id) ads, sum(spend) * 1000.0 / sum(impressions) cpm,
         sum(inline_link_clicks) * 1.0 / sum(impressions) ctr
       from ad_insights_daily where source = 'seed'`.execute(testDb.database.db);
    expect(rows[0]).toMatchObject({ first: '2026-11-15', last: '2026-11-24', campaigns: '3', ads: '12' });
    expect(Number(rows[0]!.cpm)).toBeGreaterThan(10_000);
    expect(Number(rows[0]!.cpm)).toBeLessThan(60_000);
    expect(Number(rows[0]!.ctr)).toBeGreaterThan(0.005);
    expect(Number(rows[0]!.ctr)).toBeLessThan(0.03);
    // The ad sets and ads were kept from the data, as an upload keeps them.
    const ads = await sql<{ n: string }>`select count(*) n from ads`.execute(testDb.database.db);
    expect(Number(ads.rows[0]!.n)).toBe(12);
  });

  it('takes in Mayar purchases for those campaigns through the webhook code: inbox, UTM, products, packages', async () => {
    expect(first.purchases).toBeGreaterThan(10);
    const db = testDb.database.db;
    const { rows } = await sql<{
      total: string;
      with_utm: string;
      matched: string;
      paid: string;
      lower: string;
      phones: string;
      future: string;
    }>`select count(*) total,
         count(*) filter (where utm_campaign in (select campaign_id from ad_insights_daily)) with_utm,
         count(*) filter (where product_id is not null and not unknown_product) matched,
         count(*) filter (where transaction_status = 'paid') paid,
         count(*) filter (where customer_email = lower(customer_email)) lower,
         count(*) filter (where customer_mobile like '62%') phones,
         count(*) filter (where mayar_created_at > ${NOW}) future
       from purchases`.execute(db);
    const r = rows[0]!;
    expect(Number(r.total)).toBe(first.purchases);
    expect(Number(r.with_utm)).toBeGreaterThan(0);
    expect(Number(r.with_utm)).toBeLessThan(Number(r.total));
    expect(r.matched).toBe(r.total);
    expect(Number(r.paid)).toBeGreaterThan(Number(r.total) / 2);
    expect(r.lower).toBe(r.total);
    expect(r.phones).toBe(r.total);
    expect(r.future).toBe('0');
    const inbox = await sql<{ n: string }>`
      select count(*) n from mayar_webhook_inbox where source = 'seed' and status = 'accepted'`.execute(db);
    expect(Number(inbox.rows[0]!.n)).toBe(first.purchases);
    // Paid purchases of a physical product got their package, and no delivery was queued for history.
    const packages = await sql<{ n: string }>`
      select count(*) n from packages where purchase_id is not null`.execute(db);
    expect(Number(packages.rows[0]!.n)).toBe(first.packages);
    expect(first.packages).toBeGreaterThan(0);
    const deliveries = await sql<{ n: string }>`select count(*) n from forwarder_deliveries`.execute(db);
    expect(deliveries.rows[0]!.n).toBe('0');
    expect(first.conversations).toBeGreaterThan(0);

    const ids = await sql<{ mayar_id: string }>`select mayar_id from purchases order by mayar_id`.execute(db);
    fingerprints.set(engine, ids.rows.map((row) => row.mayar_id).join(','));
    // Deterministic: the same master data and seed give the same purchases on either engine.
    if (fingerprints.size === 2) expect(fingerprints.get('pglite')).toBe(fingerprints.get('postgres'));
  });

  it('is served by the API: the Purchase Log lists them and Ads X Mayar counts their revenue', async () => {
    const client = new Client(app);
    const token = await client.token(
      await userWithKeys(testDb.database, [
        { key: 'transaction_read_purchase_logs', read: true },
        { key: 'ad_daily_tracker', read: true },
      ]),
    );
    const list = await client.get('/api/resources/purchases?limit=5', token);
    expect(list.statusCode).toBe(200);
    expect((list.json().rows as unknown[]).length).toBe(5);
    const report = await client.get('/api/reports/ads-x-mayar?from=2026-11-15&to=2026-11-24', token);
    expect(report.statusCode).toBe(200);
    const body = report.json() as { totals: { values: Record<string, number> } };
    expect(body.totals.values.spend).toBeGreaterThan(0);
    expect(body.totals.values.revenue).toBeGreaterThan(0);
  });

  it('keeps customer care consistent: conversations on active numbers (one inactive to show it), problems in every state linked to chats and purchases', async () => {
    const db = testDb.database.db;
    const numbers = await sql<{ active: boolean; n: string }>`
      select r.active, count(*) n from wa_conversations c join wa_registries r on r.id = c.wa_registry_id
      group by r.active`.execute(db);
    const byActive = Object.fromEntries(numbers.rows.map((row) => [String(row.active), Number(row.n)]));
    expect(byActive.true).toBeGreaterThan(30);
    expect(byActive.false ?? 0).toBeLessThanOrEqual(1);
    // One customer, several numbers: at least one demo customer wrote to two business numbers.
    const twoNumbers = await sql<{ n: string }>`
      select count(*) n from (select customer_id from wa_conversations group by customer_id
        having count(distinct wa_registry_id) > 1) joined`.execute(db);
    expect(Number(twoNumbers.rows[0]!.n)).toBeGreaterThanOrEqual(1);
    expect(first.problems).toBeGreaterThanOrEqual(8);
    const problems = await sql<{
      status: string;
      n: string;
      linked: string;
      with_purchase: string;
    }>`select p.status, count(*) n,
         count(*) filter (where m.conversation_id = p.conversation_id) linked,
         count(*) filter (where p.purchase_id is not null) with_purchase
       from customer_problems p left join wa_messages m on m.id = p.message_id
       group by p.status order by p.status`.execute(db);
    expect(problems.rows.map((row) => row.status)).toEqual(['closed', 'in_progress', 'open', 'resolved']);
    for (const row of problems.rows) expect(row.linked).toBe(row.n);
    expect(problems.rows.some((row) => Number(row.with_purchase) > 0)).toBe(true);
  });

  it('runs once: a second call finds the data and writes nothing', async () => {
    const again = await seedDemoActivity(testDb.database.db, { days: 10, campaigns: 3, now: NOW });
    expect(again).toMatchObject({ insights: 0, purchases: 0, packages: 0, conversations: 0 });
  });
});
