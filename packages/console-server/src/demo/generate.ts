/**
 * `npm run console -- generate <kind> <N>`: N realistic rows for benchmarks, made inside the database with
 * generate_series in batches (one statement and transaction each), over the products, Mayar accounts and
 * campaigns already there. Unlike the demo seed this skips the intake on purpose: millions of rows through the
 * webhook code would take hours; the rows have the intake's shape (normalised email and phone, UTM, raw body).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

export const GENERATE_KINDS = ['purchases', 'insights'] as const;
export type GenerateKind = (typeof GENERATE_KINDS)[number];

export interface GenerateOptions {
  /** Rows per statement. */
  batch?: number;
  /** Progress after each batch. */
  onBatch?: (done: number, total: number) => void;
  now?: Date;
}

export interface GenerateResult {
  kind: GenerateKind;
  rows: number;
  ms: number;
  perSecond: number;
}

export class GenerateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GenerateError';
  }
}

const FIRST = `(array['Siti','Dewi','Putri','Ayu','Rina','Nadia','Intan','Fitri','Budi','Agus','Rizky','Andi','Dimas','Eka','Fajar','Gilang','Hendra','Indra','Joko','Maya'])`;
const LAST = `(array['Santoso','Wijaya','Saputra','Lestari','Pratama','Hidayat','Kusuma','Nugroho','Siregar','Harahap','Wibowo','Setiawan','Rahmawati','Utami','Purnomo','Halim'])`;
const DOMAINS = `(array['gmail.com','yahoo.co.id','outlook.com','ymail.com','gmail.com','gmail.com'])`;
const METHODS = `(array['QRIS','BCA VA','BRI VA','Mandiri VA','GoPay','OVO','ShopeePay','Credit Card'])`;

/** A well-spread pseudo-random integer in [0, mod) from the row number and a salt. */
const spread = (salt: number, mod: number) =>
  sql.raw(`((g::bigint * 2654435761 + ${salt}) % 4294967296) % ${mod}`);

async function generatePurchases(db: Kysely<Database>, start: number, end: number, tag: string, now: Date) {
  // Products and campaigns numbered 1..n and joined by number (a hash join): subscripting big arrays per row
  // would de-toast them on every access.
  await sql`
    with p as (
      select row_number() over (order by id) rn, id, mayar_product_id, name, price, mayar_account_id, tribe_id,
        product_type, count(*) over () n
      from products where deleted_at is null and mayar_account_id is not null and price > 0
    ),
    c as (select row_number() over (order by id) rn, campaign_id, count(*) over () n
      from ad_campaigns where deleted_at is null),
    counts as (select (select count(*) from p) np, greatest((select count(*) from c), 1) nc),
    rows as (
      select g, ${`gen-${tag}-`} || g as mayar_id,
        1 + ${spread(17, 1_000_000)} % counts.np as pi,
        1 + ${spread(37, 1_000_000)} % counts.nc as ci,
        ${now}::timestamptz - (${spread(29, 31_536_000)}) * interval '1 second' as at,
        ${sql.raw(FIRST)}[1 + ${spread(3, 20)}] as first_name,
        ${sql.raw(LAST)}[1 + ${spread(5, 16)}] as last_name,
        ${spread(7, 100)} < 92 as paid,
        ${spread(11, 100)} < 45 as with_utm
      from generate_series(${start}::bigint, ${end}::bigint) g, counts
      where counts.np > 0
    )
    insert into purchases (mayar_id, transaction_id, mayar_account_id, last_event, status, transaction_status,
      paid_at, mayar_created_at, mayar_updated_at, customer_name, customer_email, customer_mobile, amount,
      mayar_product_id, product_id, product_name, product_type, unknown_product, tribe_id, qty, payment_method,
      utm_source, utm_medium, utm_campaign, raw, created_at, updated_at)
    select r.mayar_id, r.mayar_id, p.mayar_account_id,
      case when r.paid then 'payment.received' else 'payment.reminder' end,
      case when r.paid then 'SUCCESS' else 'PENDING' end, case when r.paid then 'paid' else 'created' end,
      case when r.paid then r.at end, r.at, r.at,
      r.first_name || ' ' || r.last_name,
      lower(r.first_name || '.' || r.last_name) || r.g || '@' || ${sql.raw(DOMAINS)}[1 + ${spread(13, 6)}],
      '628' || (11 + ${spread(19, 80)})::text || lpad((${spread(23, 100_000_000)})::text, 8, '0'),
      p.price, p.mayar_product_id, p.id, p.name, p.product_type, false,
      p.tribe_id, 1, ${sql.raw(METHODS)}[1 + ${spread(31, 8)}],
      case when r.with_utm then 'facebook' end, case when r.with_utm then 'paid' end,
      case when r.with_utm then c.campaign_id end,
      jsonb_build_object('id', r.mayar_id, 'amount', p.price, 'productId', p.mayar_product_id,
        'createdAt', (extract(epoch from r.at) * 1000)::bigint, 'generated', true),
      ${now}, ${now}
    from rows r
    join p on p.rn = r.pi
    left join c on c.rn = r.ci`.execute(db);
}

async function generateInsights(
  db: Kysely<Database>,
  start: number,
  end: number,
  tag: string,
  ads: number,
  now: Date,
) {
  // Row g: ad (g mod ads) on the day (g div ads) before today: each (date, ad) once per run.
  await sql`
    with c as (
      select coalesce(array_agg(campaign_id order by id), array['0']) cids,
        coalesce(array_agg(name order by id), array['Kampanye']) names, greatest(count(*), 1) n
      from ad_campaigns where deleted_at is null
    ),
    rows as (
      select g, g % ${ads} as ad, (${now}::timestamptz at time zone 'Asia/Jakarta')::date - (g / ${ads})::int as day,
        1000 + ${spread(41, 20_000)} as impressions, 0.007 + (${spread(43, 1000)}) / 50000.0 as ctr,
        12000 + ${spread(47, 25_000)} as cpm
      from generate_series(${start}::bigint, ${end}::bigint) g
    )
    insert into ad_insights_daily (date, account_id, campaign_id, campaign_name, adset_id, adset_name, ad_id,
      ad_name, impressions, reach, clicks, inline_link_clicks, spend, purchases, purchase_value, source, import_id,
      created_at, updated_at)
    select r.day, '1029384756', c.cids[1 + r.ad % c.n], c.names[1 + r.ad % c.n],
      ${`gen${tag}s`} || (r.ad / 4), 'Set ' || (r.ad / 4), ${`gen${tag}a`} || r.ad, 'Iklan ' || r.ad,
      r.impressions, (r.impressions / 1.3)::bigint, (r.impressions * r.ctr * 1.4)::bigint,
      (r.impressions * r.ctr)::bigint, (r.impressions * r.cpm / 1000)::bigint,
      ((r.impressions * r.ctr)::bigint * 3) / 100, (((r.impressions * r.ctr)::bigint * 3) / 100) * 149000,
      'seed', ${`generate-${tag}`}, ${now}, ${now}
    from rows r, c
    on conflict (date, ad_id) do nothing`.execute(db);
}

/** Writes `count` rows of `kind` in batches; the tables' statistics are refreshed at the end. */
export async function generateRows(
  db: Kysely<Database>,
  kind: GenerateKind,
  count: number,
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  if (!(GENERATE_KINDS as readonly string[]).includes(kind))
    throw new GenerateError(`generate: kind must be one of ${GENERATE_KINDS.join(', ')}, got "${kind}"`);
  if (!Number.isInteger(count) || count < 1 || count > 100_000_000)
    throw new GenerateError(`generate: N must be a whole number from 1 to 100000000, got "${count}"`);
  const started = Date.now();
  const now = options.now ?? new Date();
  const batch = options.batch ?? 50_000;
  // A run's rows have their own ids, so several runs add up instead of colliding.
  const tag = started.toString(36);
  if (kind === 'purchases') {
    const products = await sql<{ n: string }>`
      select count(*) n from products where deleted_at is null and mayar_account_id is not null and price > 0`.execute(
      db,
    );
    if (Number(products.rows[0]?.n ?? 0) === 0)
      throw new GenerateError(
        'generate purchases: there are no products with a Mayar account; add some first',
      );
  }
  // Insights: about a year of days, as many ads as that needs.
  const ads = Math.max(1, Math.ceil(count / 365));
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    if (kind === 'purchases') await generatePurchases(db, start, end, tag, now);
    else await generateInsights(db, start - 1, end - 1, tag, ads, now);
    options.onBatch?.(end, count);
  }
  if (kind === 'insights') {
    await sql`
      insert into ad_sets (adset_id, campaign_id, name, first_seen, last_seen, updated_at)
      select adset_id, min(campaign_id), min(adset_name), min(date), max(date), ${now} from ad_insights_daily
      where import_id = ${`generate-${tag}`} group by adset_id
      on conflict (adset_id) do nothing`.execute(db);
    await sql`
      insert into ads (ad_id, adset_id, campaign_id, name, first_seen, last_seen, updated_at)
      select ad_id, min(adset_id), min(campaign_id), min(ad_name), min(date), max(date), ${now} from ad_insights_daily
      where import_id = ${`generate-${tag}`} group by ad_id
      on conflict (ad_id) do nothing`.execute(db);
  }
  await sql.raw(`analyze ${kind === 'purchases' ? 'purchases' : 'ad_insights_daily'}`).execute(db);
  const ms = Date.now() - started;
  return { kind, rows: count, ms, perSecond: Math.round((count * 1000) / Math.max(1, ms)) };
}
