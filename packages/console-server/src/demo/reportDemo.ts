/**
 * The demo's report story, written after its moving data (./activity.ts): creators whose posts sell (Mayar
 * purchases with the project's voucher code or UTM campaign, through the webhook's own intake), and revenue
 * targets in scale with the revenue the demo actually has, so Monthly, Tribe X Mayar and KOL tell staff something
 * plausible. The master data's targets are random amounts in the billions and its projects are dated around its
 * fixed day (DEMO_TODAY); this puts both around the activity's days. Deterministic: its own seeded stream.
 */
import { type Kysely, sql } from 'kysely';
import { seededRandom } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { type IngestInput, ingestInTransaction } from '../intake/mayar/webhook.js';
import { intakeDb } from '../intake/tables.js';
import { jakartaDay } from '../logistics/service.js';

export interface DemoReportOptions {
  /** The activity's days, ending with `now`'s Jakarta day. */
  days?: number;
  now?: Date;
  seed?: number;
  /** Projects whose posts sell. */
  projects?: number;
  log?: (message: string) => void;
}

export interface DemoReportResult {
  /** Projects that got purchases. */
  projects: number;
  purchases: number;
  /** Target rows written (monthly_targets and tribe_targets). */
  targets: number;
}

const DAY_MS = 86_400_000;
const NAMES = [
  'Ayu',
  'Bima',
  'Citra',
  'Dimas',
  'Eka',
  'Farah',
  'Galih',
  'Hana',
  'Irfan',
  'Julia',
  'Kevin',
  'Laras',
];
const SURNAMES = ['Anggraini', 'Batubara', 'Chandra', 'Damanik', 'Effendi', 'Fauzi', 'Gunawan', 'Hutapea'];
const STREETS = ['Jl. Kenanga', 'Jl. Melati', 'Jl. Cendana', 'Jl. Veteran', 'Jl. Pahlawan'];
const CITIES = ['Bandung', 'Bekasi', 'Malang', 'Palembang', 'Denpasar', 'Bogor'];

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Days of a YYYY-MM month. */
const daysIn = (month: string) => {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon, 0)).getUTCDate();
};

/** A goal as staff write one: three significant digits (Rp 12.300.000, Rp 845.000). */
const roundGoal = (amount: number) => {
  const step = 10 ** Math.max(3, Math.floor(Math.log10(Math.max(amount, 1))) - 2);
  return Math.max(step, Math.round(amount / step) * step);
};

interface Candidate {
  id: string;
  fee: string;
  post_date: string;
  voucher_code: string | null;
  utm_campaign: string | null;
  content_type: string;
  mayar_product_id: string;
  mayar_account_id: string;
  product_name: string;
  product_type: string;
  price: string;
}

/**
 * Seeds the report story once, after `seedDemoActivity`: skipped when a purchase with a voucher code exists.
 */
export async function seedDemoReports(
  db: Kysely<Database>,
  options: DemoReportOptions = {},
): Promise<DemoReportResult> {
  const started = Date.now();
  const done = await sql<{ n: number }>`
    select count(*)::int as n from (select 1 from purchases where coupon_used is not null limit 1) p`.execute(
    db,
  );
  if ((done.rows[0]?.n ?? 0) > 0) return { projects: 0, purchases: 0, targets: 0 };
  const rand = seededRandom(options.seed ?? 20_261_129);
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const today = jakartaDay(now);
  const first = addDays(today, -(days - 1));
  const kol = await seedCreatorSales(db, rand, { now, today, first, wanted: options.projects ?? 36 });
  const targets = await seedTargets(db, rand, { today, first });
  const result = { ...kol, targets };
  options.log?.(
    `Demo reports: ${result.purchases} Mayar purchases from ${result.projects} creators' posts (voucher or UTM), ` +
      `${result.targets} revenue targets in scale with the demo's revenue, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result;
}

/**
 * Posted projects in the window sell their product: per project a pull drawn so that some creators pay back
 * their fee and others do not; each purchase carries the project's voucher code, else its UTM link's campaign.
 * When the master data's posts lie before the window, the newest are dated into it (brief 3 days before).
 */
async function seedCreatorSales(
  db: Kysely<Database>,
  rand: () => number,
  window: { now: Date; today: string; first: string; wanted: number },
): Promise<{ projects: number; purchases: number }> {
  const { now, today, first, wanted } = window;
  const last = addDays(today, -2);
  const select = (inWindow: boolean) =>
    sql<Candidate>`
    select p.id, p.fee, to_char(p.post_date, 'YYYY-MM-DD') as post_date, p.voucher_code,
      substring(p.utm_link from '[?&]utm_campaign=([^&#]+)') as utm_campaign, p.content_type,
      pr.mayar_product_id, pr.mayar_account_id, pr.name as product_name, pr.product_type, pr.price
    from projects p
    join creators c on c.id = p.creator_id and c.deleted_at is null
    join products pr on pr.id = p.product_id and pr.deleted_at is null
    where p.deleted_at is null and p.status in ('posted', 'paid') and p.fee > 0
      and (p.voucher_code is not null or p.utm_link ~ '[?&]utm_campaign=')
      and pr.mayar_product_id is not null and pr.mayar_account_id is not null and pr.price > 0
      -- A fee some ten sales can earn back: the demo shows creators on both sides of it.
      and p.fee <= pr.price * 10
      and ${inWindow ? sql`p.post_date between ${first}::date and ${last}::date` : sql`p.post_date < ${first}::date`}
    order by p.post_date desc, p.id
    limit ${wanted}`.execute(db);
  const picked = (await select(true)).rows;
  if (picked.length < wanted) {
    const moved = (await select(false)).rows.slice(0, wanted - picked.length);
    const span = Math.max(1, Math.round((Date.parse(last) - Date.parse(first)) / DAY_MS));
    for (const [index, project] of moved.entries()) {
      const postDate = addDays(first, Math.floor(((index + 0.5) * span) / moved.length));
      const paidDate = addDays(postDate, 7);
      await sql`update projects set post_date = ${postDate}::date, brief_date = ${addDays(postDate, -3)}::date,
          status = ${paidDate <= today ? 'paid' : 'posted'},
          paid_at = ${paidDate <= today ? paidDate : null}::date, updated_at = ${now}
        where id = ${project.id}`.execute(db);
      picked.push({ ...project, post_date: postDate });
    }
  }
  const events: IngestInput[] = [];
  const sold = new Set<string>();
  for (const project of picked) {
    const price = Number(project.price);
    // Sales needed to earn the fee back, times a pull from 0.2 (far from it) to 2.2 (twice over).
    const breakEven = Number(project.fee) / price;
    const orders = Math.max(1, Math.min(16, Math.round(breakEven * (0.2 + rand() * 2))));
    const room = Math.max(1, Math.round((Date.parse(today) - Date.parse(project.post_date)) / DAY_MS));
    for (let n = 0; n < orders; n += 1) {
      // Most sales in the first days after the post.
      const day = addDays(project.post_date, Math.min(room, Math.floor(room * rand() * rand())));
      const at = new Date(Date.parse(`${day}T00:00:00+07:00`) + Math.floor((0.3 + rand() * 0.65) * DAY_MS));
      if (at > now) continue;
      const name = `${NAMES[Math.floor(rand() * NAMES.length)]!} ${SURNAMES[Math.floor(rand() * SURNAMES.length)]!}`;
      const id = `kol-${project.id}-${n}-${Math.floor(rand() * 1e9).toString(36)}`;
      const voucher = project.voucher_code;
      events.push({
        accountId: Number(project.mayar_account_id),
        rawBody: JSON.stringify({
          event: 'payment.received',
          data: {
            id,
            transactionId: id,
            status: 'SUCCESS',
            transactionStatus: 'paid',
            createdAt: at.getTime(),
            updatedAt: at.toISOString(),
            merchantId: `demo-merchant-${project.mayar_account_id}`,
            merchantName: 'Toko Demo',
            customerName: name,
            customerEmail: `${name.toLowerCase().replace(' ', '.')}${n}${project.id}@gmail.com`,
            customerMobile: `0812${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`,
            ...(project.product_type === 'physical_product'
              ? {
                  customerAddress: `${STREETS[Math.floor(rand() * STREETS.length)]!} No. ${1 + Math.floor(rand() * 150)}, ${CITIES[Math.floor(rand() * CITIES.length)]!}`,
                }
              : {}),
            amount: price,
            productId: project.mayar_product_id,
            productName: project.product_name,
            productType: project.product_type,
            qty: 1,
            paymentMethod: rand() < 0.5 ? 'QRIS' : 'BCA VA',
            couponUsed: voucher,
            ...(voucher === null
              ? {
                  urlParamTrackingData: `?utm_source=${project.content_type}&utm_medium=kol&utm_campaign=${project.utm_campaign}`,
                }
              : {}),
          },
        }),
        headers: { 'content-type': 'application/json', 'user-agent': 'Mayar-Webhook/1.0 (demo seed)' },
        source: 'seed',
        now: at,
        forward: false,
      });
      sold.add(project.id);
    }
  }
  events.sort((a, b) => a.now.getTime() - b.now.getTime());
  let purchases = 0;
  for (let start = 0; start < events.length; start += 250) {
    await intakeDb(db)
      .transaction()
      .execute(async (trx) => {
        for (const event of events.slice(start, start + 250)) {
          const result = await ingestInTransaction(trx, event);
          if (result.purchase?.action === 'create') purchases += 1;
        }
      });
  }
  return { projects: sold.size, purchases };
}

/**
 * Revenue targets for the months the window touches: per month its revenue (the current month's projected to the
 * whole month), times a goal from 0.9 to 1.3 for the company (spread over the month's company targets as they
 * stood), each selling product and each selling tribe (Monthly Target and Tribe Targets). Targets of products and
 * tribes that sell nothing in those months go: a target nobody works towards only hides the real achievement.
 */
async function seedTargets(
  db: Kysely<Database>,
  rand: () => number,
  window: { today: string; first: string },
): Promise<number> {
  const { today, first } = window;
  // Paid revenue per month, product and tribe (the product's tribe, as the reports read it).
  const revenue = await sql<{ month: string; product_id: string; tribe_id: string | null; revenue: string }>`
    select to_char(s.day, 'YYYY-MM') as month, s.product_key::text as product_id, p.tribe_id::text as tribe_id,
      sum(s.revenue)::text as revenue
    from report_sales_daily s join products p on p.id = s.product_key
    where s.day between ${first}::date and ${today}::date
    group by 1, 2, 3`.execute(db);
  const months = [...new Set(revenue.rows.map((row) => row.month))].sort();
  const current = today.slice(0, 7);
  const daysSoFar = Number(today.slice(8, 10));
  const firstCompany = await sql<{ id: string }>`
    select id from companies where deleted_at is null order by id limit 1`.execute(db);
  let written = 0;
  for (const month of months) {
    // The month to date against a goal for the whole month; a past month against what it sold.
    const scale = month === current ? daysIn(month) / daysSoFar : 1;
    const rows = revenue.rows.filter((row) => row.month === month);
    const goal = (amount: number) => roundGoal(amount * scale * (0.9 + rand() * 0.4));
    const byProduct = new Map<string, number>();
    const byTribe = new Map<string, number>();
    for (const row of rows) {
      byProduct.set(row.product_id, (byProduct.get(row.product_id) ?? 0) + Number(row.revenue));
      if (row.tribe_id !== null)
        byTribe.set(row.tribe_id, (byTribe.get(row.tribe_id) ?? 0) + Number(row.revenue));
    }
    const total = [...byProduct.values()].reduce((sum, value) => sum + value, 0);
    if (total === 0) continue;
    await db.transaction().execute(async (trx) => {
      // The company: the month's company targets keep their shares of a goal in scale.
      const companies = await sql<{ id: string; target_revenue: string }>`
        select id, target_revenue from monthly_targets
        where scope = 'company' and period = ${month} and deleted_at is null order by id`.execute(trx);
      const companyGoal = goal(total);
      if (companies.rows.length === 0 && firstCompany.rows[0]) {
        await sql`insert into monthly_targets (period, scope, company_id, target_revenue)
          values (${month}, 'company', ${firstCompany.rows[0].id}, ${companyGoal})`.execute(trx);
        written += 1;
      } else {
        const weights = companies.rows.map((row) => Number(row.target_revenue));
        const sum = weights.reduce((a, b) => a + b, 0) || 1;
        let left = companyGoal;
        for (const [index, row] of companies.rows.entries()) {
          const share =
            index === companies.rows.length - 1
              ? left
              : Math.round((companyGoal * weights[index]!) / sum / 1000) * 1000;
          left -= share;
          await sql`update monthly_targets set target_revenue = ${share}, target_spend = null,
              target_orders = null where id = ${row.id}`.execute(trx);
          written += 1;
        }
      }
      for (const [scope, amounts] of [
        ['product', byProduct],
        ['tribe', byTribe],
      ] as const) {
        const column = sql.raw(`${scope}_id`);
        await sql`update monthly_targets set deleted_at = now()
          where scope = ${scope} and period = ${month} and deleted_at is null
            and ${column}::text not in (select jsonb_array_elements_text(${JSON.stringify([...amounts.keys()])}::jsonb))`.execute(
          trx,
        );
        for (const [id, amount] of amounts) {
          const target = goal(amount);
          const updated =
            await sql`update monthly_targets set target_revenue = ${target}, target_spend = null,
              target_orders = null
            where scope = ${scope} and period = ${month} and ${column} = ${id}::bigint and deleted_at is null`.execute(
              trx,
            );
          if (Number(updated.numAffectedRows ?? 0) === 0)
            await sql`insert into monthly_targets (period, scope, ${column}, target_revenue)
              values (${month}, ${scope}, ${id}::bigint, ${target})`.execute(trx);
          written += 1;
        }
      }
      await sql`delete from tribe_targets where period = ${month}
        and tribe_id::text not in (select jsonb_array_elements_text(${JSON.stringify([...byTribe.keys()])}::jsonb))`.execute(
        trx,
      );
      for (const [id, amount] of byTribe) {
        const target = goal(amount);
        await sql`insert into tribe_targets (tribe_id, period, target_revenue)
          values (${id}::bigint, ${month}, ${target})
          on conflict (tribe_id, period) do update set target_revenue = excluded.target_revenue,
            target_spend = null, target_roas = null`.execute(trx);
        written += 1;
      }
    });
  }
  return written;
}
