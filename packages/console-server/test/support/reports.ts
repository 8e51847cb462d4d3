import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.js';
import { intakeFixture } from './intake.js';

/**
 * Hand-computed fixtures for the reports that join the master data: Ad Creative, Monthly, Tribe X Mayar, KOL,
 * and the attribution of purchases through the campaign's product. Days are Asia/Jakarta (UTC+7).
 *
 * Insights, 1–2 Nov 2026 (spend in rupiah):
 *   C1 "Kelas Excel" ad A1: 1 Nov 10 000 impr / 200 clicks / 1 000 000 / 2 500 3-s views; 2 Nov 30 000 / 300 / 2 000 000 / 4 500
 *   C2 "Ebook Resep" ad A2: 1 Nov 5 000 / 100 / 500 000 / 0
 *   C3 "Promo"       ad A3: 2 Nov 5 000 / 50 / 250 000 / 1 000 (no creative in Master Ad Creative)
 * Ad Campaign Admin: C1 and C3 sell product A (tribe T1 through the product), C2 sells product B (tribe T2
 * through the product, though the campaign names T1).
 */
export const INSIGHTS = [
  // date, campaign, campaign name, ad, ad name, impressions, clicks, spend, 3-second views
  ['2026-11-01', 'C1', 'Kelas Excel', 'A1', 'Video 1', 10000, 200, 1000000, 2500],
  ['2026-11-02', 'C1', 'Kelas Excel', 'A1', 'Video 1', 30000, 300, 2000000, 4500],
  ['2026-11-01', 'C2', 'Ebook Resep', 'A2', 'Carousel', 5000, 100, 500000, 0],
  ['2026-11-02', 'C3', 'Promo', 'A3', 'Story', 5000, 50, 250000, 1000],
] as const;

/**
 * Paid purchases (amount; Jakarta day; attribution):
 *   Q1 500 000, 1 Nov 23:30, UTM C1 / A1          → C1, ad A1
 *   Q2 300 000, 1 Nov 00:30 (31 Oct UTC), UTM C1  → C1
 *   Q3 200 000, 2 Nov, product B, no UTM          → unattributed (C2 spent nothing on 2 Nov)
 *   Q4 400 000, 1 Nov, product B, no UTM          → C2 through the product
 *   Q5 600 000, 2 Nov, product A, no UTM          → C1 (spent more than C3 that day)
 *   Q6 150 000, 2 Nov, product A, voucher NADIA10 → C1; KOL Nadia
 *   Q7 250 000, 2 Nov, product B, utm kol_budi    → unattributed; KOL Budi by UTM
 *   Q8 unpaid                                     → never
 *   Q9 100 000, 15 Oct, product A, NADIA10        → before Nadia's post: not hers; October
 *   Q10 50 000, 1 Nov, product A, nadia10 + kol_budi → C1; KOL Nadia (the voucher wins over the UTM)
 */
export const PURCHASES = [
  // id, status, paid at (UTC), amount, product, utm_campaign, utm_content, coupon
  ['Q1', 'paid', '2026-11-01T16:30:00Z', 500000, 'A', 'C1', 'A1', null],
  ['Q2', 'paid', '2026-10-31T17:30:00Z', 300000, 'A', 'C1', null, null],
  ['Q3', 'paid', '2026-11-02T03:00:00Z', 200000, 'B', null, null, null],
  ['Q4', 'paid', '2026-11-01T03:00:00Z', 400000, 'B', null, null, null],
  ['Q5', 'paid', '2026-11-02T05:00:00Z', 600000, 'A', null, null, null],
  ['Q6', 'paid', '2026-11-02T06:00:00Z', 150000, 'A', null, null, 'NADIA10'],
  ['Q7', 'paid', '2026-11-02T07:00:00Z', 250000, 'B', 'kol_budi', null, null],
  ['Q8', 'created', '2026-11-02T08:00:00Z', 999000, 'A', null, null, 'NADIA10'],
  ['Q9', 'paid', '2026-10-15T05:00:00Z', 100000, 'A', null, null, 'NADIA10'],
  ['Q10', 'paid', '2026-11-01T02:00:00Z', 50000, 'A', 'kol_budi', null, 'nadia10'],
] as const;

export interface ReportFixtureIds {
  productA: number;
  productB: number;
  tribe1: number;
  tribe2: number;
  nadia: number;
  budi: number;
  reel: number;
  story: number;
}

export async function seedReportFixture(database: DatabaseHandle): Promise<ReportFixtureIds> {
  const { db } = database;
  const fixture = await intakeFixture(database);
  const tag = `${process.pid}${Math.floor(Math.random() * 1000)}`;
  const id = (rows: { rows: { id: string }[] }) => Number(rows.rows[0]!.id);
  const tribe2 = id(
    await sql<{ id: string }>`insert into tribes (name, code, active)
      values (${`Tribe Dapur ${tag}`}, ${`DPR${tag}`.slice(0, 12)}, true) returning id`.execute(db),
  );
  const productB = id(
    await sql<{
      id: string;
    }>`insert into products (name, mayar_account_id, product_type, price, ships_package, tribe_id, active)
      values (${`Ebook Resep ${tag}`}, ${fixture.accountId}, 'ebook', 99000, false, ${tribe2}, true) returning id`.execute(
      db,
    ),
  );
  const productA = fixture.productId;
  const tribe1 = fixture.tribeId;
  for (const [date, campaign, name, ad, adName, impressions, clicks, spend, views] of INSIGHTS) {
    await sql`insert into ad_insights_daily (date, campaign_id, campaign_name, adset_id, adset_name, ad_id, ad_name,
        impressions, clicks, inline_link_clicks, spend, purchases, purchase_value, video_3s_views, source)
      values (${date}, ${campaign}, ${name}, ${`S${campaign}`}, 'Set', ${ad}, ${adName}, ${impressions}, ${clicks},
        ${clicks}, ${spend}, 0, 0, ${views}, 'seed')`.execute(db);
  }
  // The import lists each ad it sees (id, name, ad set, campaign); UTM ad names are looked up there.
  for (const [, campaign, , ad, adName] of INSIGHTS.slice(1)) {
    await sql`insert into ads (ad_id, adset_id, campaign_id, name) values (${ad}, ${`S${campaign}`}, ${campaign}, ${adName})`.execute(
      db,
    );
  }
  for (const [campaign, name, product, tribe] of [
    ['C1', 'Kelas Excel', productA, null],
    // C2's own tribe is T1, but it sells T2's product: spend and revenue both go to T2 through the product.
    ['C2', 'Ebook Resep', productB, tribe1],
    ['C3', 'Promo', productA, null],
  ] as const) {
    await sql`insert into ad_campaigns (name, campaign_id, ad_account_id, objective, status, product_id, tribe_id)
      values (${name}, ${campaign}, 'act_1234567', 'OUTCOME_SALES', 'ACTIVE', ${product}, ${tribe})`.execute(
      db,
    );
  }
  // A deleted mapping of product B to C1 must not attribute anything.
  await sql`insert into ad_campaigns (name, campaign_id, ad_account_id, objective, status, product_id, deleted_at)
    values ('Old', 'C9', 'act_1234567', 'OUTCOME_SALES', 'ACTIVE', ${productB}, now())`.execute(db);
  await sql`insert into master_ad_creatives (name, creative_id, ad_id, format, hook_text, thumbnail_url, product_id, status)
    values ('Testimoni Ibu Rina', '3000001', 'A1', 'video', 'Capek lembur tiap hari?', 'https://cdn.example.com/k1.jpg', ${productA}, 'ACTIVE'),
      ('Carousel resep', '3000002', 'A2', 'carousel', 'Capek lembur tiap hari?', 'https://cdn.example.com/k2.jpg', ${productB}, 'ACTIVE')`.execute(
    db,
  );
  for (const [mayarId, status, at, amount, product, campaign, content, coupon] of PURCHASES) {
    await sql`insert into purchases (mayar_id, mayar_account_id, last_event, status, transaction_status, paid_at,
        mayar_created_at, mayar_updated_at, amount, product_id, utm_campaign, utm_content, coupon_used, raw)
      values (${`${mayarId}-${tag}`}, ${fixture.accountId}, 'payment.received', 'SUCCESS', ${status},
        ${status === 'paid' ? at : null}, ${at}, ${at}, ${amount}, ${product === 'A' ? productA : productB},
        ${campaign}, ${content}, ${coupon}, '{}')`.execute(db);
  }
  const company = id(
    await sql<{ id: string }>`insert into companies (name, legal_name, active)
      values (${`PT Contoh ${tag}`}, 'PT Contoh Indonesia', true) returning id`.execute(db),
  );
  await sql`insert into monthly_targets (period, scope, company_id, tribe_id, product_id, target_revenue) values
    ('2026-11', 'company', ${company}, null, null, 5000000),
    ('2026-11', 'product', null, null, ${productA}, 2000000),
    ('2026-11', 'product', null, null, ${productB}, 1000000),
    ('2026-11', 'tribe', null, ${tribe1}, null, 3000000)`.execute(db);
  await sql`insert into tribe_targets (tribe_id, period, target_revenue) values
    (${tribe1}, '2026-11', 2000000), (${tribe2}, '2026-11', 1000000), (${tribe2}, '2026-10', 500000)`.execute(
    db,
  );
  const creator = async (name: string, handle: string, platform: string, followers: number) =>
    id(
      await sql<{ id: string }>`insert into creators (name, handle, platform, followers, status)
        values (${name}, ${handle}, ${platform}, ${followers}, 'active') returning id`.execute(db),
    );
  const nadia = await creator('Nadia', `nadia.${tag}`, 'instagram', 50000);
  const budi = await creator('Budi', `budi.${tag}`, 'tiktok', 200000);
  const project = async (values: {
    title: string;
    creator: number;
    fee: number;
    postDate: string;
    status: string;
    metrics: [number, number, number, number, number, number];
    voucher?: string;
    utm?: string;
  }) => {
    const [views, reach, likes, comments, shares, saves] = values.metrics;
    return id(
      await sql<{
        id: string;
      }>`insert into projects (title, creator_id, product_id, content_type, status, fee, post_date,
          post_url, views, reach, likes, comments, shares, saves, voucher_code, utm_link)
        values (${values.title}, ${values.creator}, ${productA}, 'reel', ${values.status}, ${values.fee}, ${values.postDate},
          'https://instagram.com/p/x', ${views}, ${reach}, ${likes}, ${comments}, ${shares}, ${saves},
          ${values.voucher ?? null}, ${values.utm ?? null}) returning id`.execute(db),
    );
  };
  const reel = await project({
    title: 'Reel Serum',
    creator: nadia,
    fee: 2000000,
    postDate: '2026-11-01',
    status: 'posted',
    metrics: [100000, 80000, 4000, 500, 300, 200],
    voucher: 'NADIA10',
  });
  const story = await project({
    title: 'Story',
    creator: nadia,
    fee: 500000,
    postDate: '2026-11-02',
    status: 'posted',
    metrics: [20000, 15000, 900, 50, 30, 20],
  });
  await project({
    title: 'Video review',
    creator: budi,
    fee: 3000000,
    postDate: '2026-11-01',
    status: 'paid',
    metrics: [300000, 250000, 9000, 600, 300, 100],
    utm: 'https://shop.example.com/p?utm_source=tiktok&utm_campaign=kol_budi',
  });
  await project({
    title: 'Cancelled live',
    creator: budi,
    fee: 9999999,
    postDate: '2026-11-01',
    status: 'cancelled',
    metrics: [0, 0, 0, 0, 0, 0],
  });
  await project({
    title: 'October reel',
    creator: nadia,
    fee: 1000000,
    postDate: '2026-10-20',
    status: 'posted',
    metrics: [1, 1, 1, 1, 1, 1],
  });
  return { productA, productB, tribe1, tribe2, nadia, budi, reel, story };
}
