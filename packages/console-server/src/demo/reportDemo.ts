/**
 * The demo's report story, written after its moving data (./activity.ts): creators whose posts sell (Mayar
 * purchases with the project's voucher code or UTM campaign, written as the webhook's intake writes them), and
 * revenue targets in scale with the revenue the demo actually has, so Monthly, Tribe X Mayar and KOL tell staff
 * something plausible. The master data's targets are random amounts in the billions and its projects are dated
 * around its fixed day (DEMO_TODAY); this puts both around the activity's days. Deterministic: its own seeded
 * stream. Set-based: a few statements for the purchases, the projects' dates and the targets (it cost 13 s in
 * reports.e2e when each sale went through the intake and each target had its own round trip).
 */
import { type Kysely, sql } from 'kysely';
import { seededRandom } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { normaliseEmail, normalisePhone, parseUtm } from '../intake/normalise.js';
import { intakeDb } from '../intake/tables.js';
import { createPackageForPurchase, jakartaDay } from '../logistics/service.js';
import type { AnyDb } from '../resources/query.js';

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
    // Dated into the window in one statement: posted, briefed three days before, paid a week after.
    const dated = moved.map((project, index) => {
      const postDate = addDays(first, Math.floor(((index + 0.5) * span) / moved.length));
      const paidDate = addDays(postDate, 7);
      picked.push({ ...project, post_date: postDate });
      return {
        id: project.id,
        post_date: postDate,
        brief_date: addDays(postDate, -3),
        status: paidDate <= today ? 'paid' : 'posted',
        paid_at: paidDate <= today ? paidDate : null,
      };
    });
    if (dated.length > 0)
      await sql`update projects p set post_date = d.post_date, brief_date = d.brief_date, status = d.status,
          paid_at = d.paid_at, updated_at = ${now}
        from jsonb_to_recordset(${JSON.stringify(dated)}::jsonb)
          as d(id bigint, post_date date, brief_date date, status text, paid_at date)
        where p.id = d.id`.execute(db);
  }
  const sales: Sale[] = [];
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
      const mobile = `0812${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`;
      const address =
        project.product_type === 'physical_product'
          ? `${STREETS[Math.floor(rand() * STREETS.length)]!} No. ${1 + Math.floor(rand() * 150)}, ${CITIES[Math.floor(rand() * CITIES.length)]!}`
          : null;
      const paymentMethod = rand() < 0.5 ? 'QRIS' : 'BCA VA';
      // The body Mayar's webhook would have sent: kept in the inbox and as the purchase's raw data.
      const data: Record<string, unknown> = {
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
        customerMobile: mobile,
        ...(address !== null ? { customerAddress: address } : {}),
        amount: price,
        productId: project.mayar_product_id,
        productName: project.product_name,
        productType: project.product_type,
        qty: 1,
        paymentMethod,
        couponUsed: voucher,
        ...(voucher === null
          ? {
              urlParamTrackingData: `?utm_source=${project.content_type}&utm_medium=kol&utm_campaign=${project.utm_campaign}`,
            }
          : {}),
      };
      sales.push({ at, data, project });
      sold.add(project.id);
    }
  }
  sales.sort((a, b) => a.at.getTime() - b.at.getTime());
  const purchases = await writeSales(db, sales);
  return { projects: sold.size, purchases };
}

interface Sale {
  at: Date;
  /** The webhook body's `data`. */
  data: Record<string, unknown>;
  project: Candidate;
}

/** The headers a Mayar delivery carries, as the inbox keeps them. */
const SEED_HEADERS = JSON.stringify({
  'content-type': 'application/json',
  'user-agent': 'Mayar-Webhook/1.0 (demo seed)',
});
const SALES_PER_STATEMENT = 500;

/**
 * The paid purchases as the webhook's intake writes them (ingestInTransaction: the purchase, its inbox entry
 * `accepted` from source `seed`, a package for a product that ships), set-based: one statement per 500 for the
 * purchases and one for their inbox entries, so the rollup triggers run once per statement rather than per sale.
 * Returns how many purchases were written.
 */
async function writeSales(db: Kysely<Database>, sales: readonly Sale[]): Promise<number> {
  if (sales.length === 0) return 0;
  const intake = intakeDb(db);
  const products = new Map(
    (
      await intake
        .selectFrom('products')
        .select(['id', 'tribe_id', 'ships_package', 'mayar_product_id'])
        .where('mayar_product_id', 'in', [...new Set(sales.map((sale) => sale.project.mayar_product_id))])
        .where('deleted_at', 'is', null)
        .execute()
    ).map((product) => [product.mayar_product_id, product]),
  );
  let written = 0;
  await intake.transaction().execute(async (trx) => {
    for (let start = 0; start < sales.length; start += SALES_PER_STATEMENT) {
      const batch = sales.slice(start, start + SALES_PER_STATEMENT);
      const rows = batch.map(({ at, data, project }) => {
        const product = products.get(project.mayar_product_id);
        const tracking = (data.urlParamTrackingData as string | undefined) ?? null;
        return {
          mayar_id: String(data.id),
          transaction_id: String(data.transactionId),
          mayar_account_id: project.mayar_account_id,
          last_event: 'payment.received',
          status: 'SUCCESS',
          transaction_status: 'paid',
          paid_at: at,
          verification: null,
          verify_attempts: 0,
          verify_next_at: null,
          verify_note: null,
          mayar_created_at: at,
          mayar_updated_at: at,
          merchant_id: String(data.merchantId),
          merchant_name: String(data.merchantName),
          customer_name: String(data.customerName),
          customer_email: normaliseEmail(data.customerEmail),
          customer_mobile: normalisePhone(data.customerMobile),
          amount: Math.round(Number(data.amount)),
          nett_amount: null,
          mayar_product_id: project.mayar_product_id,
          product_id: product?.id ?? null,
          product_name: project.product_name,
          product_type: project.product_type,
          unknown_product: !product,
          tribe_id: product?.tribe_id ?? null,
          qty: 1,
          payment_method: String(data.paymentMethod),
          coupon_used: (data.couponUsed as string | null) ?? null,
          pixel_fbp: null,
          pixel_fbc: null,
          ...parseUtm(tracking),
          tracking_data: tracking === null ? null : JSON.stringify(tracking),
          custom_field: null,
          extra_data: null,
          raw: JSON.stringify(data),
          created_at: at,
          updated_at: at,
        };
      });
      const inserted = await trx
        .insertInto('purchases')
        .values(rows)
        .onConflict((oc) => oc.column('mayar_id').doNothing())
        .returning(['id', 'mayar_id'])
        .execute();
      const ids = new Map(inserted.map((row) => [row.mayar_id, row.id]));
      written += inserted.length;
      await trx
        .insertInto('mayar_webhook_inbox')
        .values(
          batch.map(({ at, data, project }) => ({
            mayar_account_id: project.mayar_account_id,
            source: 'seed',
            event: 'payment.received',
            data_id: String(data.id),
            data_updated_at: at,
            raw_body: JSON.stringify({ event: 'payment.received', data }),
            headers: SEED_HEADERS,
            received_at: at,
            status: ids.has(String(data.id)) ? ('accepted' as const) : ('duplicate' as const),
            error: null,
            purchase_id: ids.get(String(data.id)) ?? null,
            history_id: null,
          })),
        )
        .execute();
      // A paid purchase of a product that ships gets its package for Logistics (with its audit entry).
      for (const { data, project } of batch) {
        const id = ids.get(String(data.id));
        if (id === undefined || !products.get(project.mayar_product_id)?.ships_package) continue;
        await createPackageForPurchase(trx as unknown as AnyDb, {
          id,
          transaction_id: String(data.transactionId),
          mayar_id: String(data.id),
          customer_name: String(data.customerName),
          customer_mobile: normalisePhone(data.customerMobile),
          qty: 1,
          raw: data,
        });
      }
    }
  });
  return written;
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
  const companyTargets = await sql<{ id: string; period: string; target_revenue: string }>`
    select id, period, target_revenue from monthly_targets
    where scope = 'company' and period in (select jsonb_array_elements_text(${JSON.stringify(months)}::jsonb))
      and deleted_at is null order by id`.execute(db);
  // Every goal drawn first (the same stream, month by month: company, products, tribes, Tribe Targets), then
  // written set-based: a handful of statements whatever the number of months, products and tribes.
  const companyShares: { id: string; amount: number }[] = [];
  const companyNew: { period: string; company_id: string; amount: number }[] = [];
  const scoped: { period: string; scope: 'product' | 'tribe'; entity_id: string; amount: number }[] = [];
  const tribeGoals: { period: string; tribe_id: string; amount: number }[] = [];
  const seeded: string[] = [];
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
    seeded.push(month);
    // The company: the month's company targets keep their shares of a goal in scale.
    const companies = companyTargets.rows.filter((row) => row.period === month);
    const companyGoal = goal(total);
    if (companies.length === 0 && firstCompany.rows[0])
      companyNew.push({ period: month, company_id: firstCompany.rows[0].id, amount: companyGoal });
    else {
      const weights = companies.map((row) => Number(row.target_revenue));
      const sum = weights.reduce((a, b) => a + b, 0) || 1;
      let left = companyGoal;
      for (const [index, row] of companies.entries()) {
        const share =
          index === companies.length - 1
            ? left
            : Math.round((companyGoal * weights[index]!) / sum / 1000) * 1000;
        left -= share;
        companyShares.push({ id: row.id, amount: share });
      }
    }
    for (const [id, amount] of byProduct)
      scoped.push({ period: month, scope: 'product', entity_id: id, amount: goal(amount) });
    for (const [id, amount] of byTribe)
      scoped.push({ period: month, scope: 'tribe', entity_id: id, amount: goal(amount) });
    for (const [id, amount] of byTribe)
      tribeGoals.push({ period: month, tribe_id: id, amount: goal(amount) });
  }
  if (seeded.length === 0) return 0;
  const entityOf = sql.raw(`case when t.scope = 'product' then t.product_id else t.tribe_id end`);
  const keep = sql`jsonb_to_recordset(${JSON.stringify(scoped)}::jsonb)
    as k(period text, scope text, entity_id bigint, amount bigint)`;
  const periods = sql`(select jsonb_array_elements_text(${JSON.stringify(seeded)}::jsonb))`;
  await db.transaction().execute(async (trx) => {
    await sql`update monthly_targets t set target_revenue = c.amount, target_spend = null, target_orders = null
      from jsonb_to_recordset(${JSON.stringify(companyShares)}::jsonb) as c(id bigint, amount bigint)
      where t.id = c.id`.execute(trx);
    await sql`insert into monthly_targets (period, scope, company_id, target_revenue)
      select c.period, 'company', c.company_id, c.amount
      from jsonb_to_recordset(${JSON.stringify(companyNew)}::jsonb) as c(period text, company_id bigint, amount bigint)`.execute(
      trx,
    );
    // Products and tribes that sold: their targets in scale (written where missing); the others' targets go.
    await sql`update monthly_targets t set deleted_at = now()
      where t.scope in ('product', 'tribe') and t.period in ${periods} and t.deleted_at is null
        and not exists (select 1 from ${keep} where k.period = t.period and k.scope = t.scope and k.entity_id = ${entityOf})`.execute(
      trx,
    );
    await sql`update monthly_targets t set target_revenue = k.amount, target_spend = null, target_orders = null
      from ${keep}
      where t.period = k.period and t.scope = k.scope and ${entityOf} = k.entity_id and t.deleted_at is null`.execute(
      trx,
    );
    await sql`insert into monthly_targets (period, scope, product_id, tribe_id, target_revenue)
      select k.period, k.scope, case when k.scope = 'product' then k.entity_id end,
        case when k.scope = 'tribe' then k.entity_id end, k.amount
      from ${keep}
      where not exists (select 1 from monthly_targets t where t.period = k.period and t.scope = k.scope
        and ${entityOf} = k.entity_id and t.deleted_at is null)`.execute(trx);
    const goals = sql`jsonb_to_recordset(${JSON.stringify(tribeGoals)}::jsonb)
      as g(period text, tribe_id bigint, amount bigint)`;
    await sql`delete from tribe_targets t where t.period in ${periods}
      and not exists (select 1 from ${goals} where g.period = t.period and g.tribe_id = t.tribe_id)`.execute(
      trx,
    );
    await sql`insert into tribe_targets (tribe_id, period, target_revenue)
      select g.tribe_id, g.period, g.amount from ${goals}
      on conflict (tribe_id, period) do update set target_revenue = excluded.target_revenue,
        target_spend = null, target_roas = null`.execute(trx);
  });
  const written = companyShares.length + companyNew.length + scoped.length + tribeGoals.length;
  return written;
}
