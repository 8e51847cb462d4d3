/**
 * The demo's moving data: 90 Jakarta days of Meta ad insights for a dozen demo campaigns and the Mayar purchases
 * they bring, plus a few WhatsApp conversations. Everything goes through the product's own intake (Ads Manager
 * import, Mayar webhook handling, WhatsApp webhook handling), so the reports, Purchase Log, logistics, chats and
 * Venn show what the real streams would produce. Deterministic: one seeded random stream (ADR 027).
 */
import { type Kysely, sql } from 'kysely';
import {
  PROBLEM_PRIORITIES,
  PROBLEM_STATUSES,
  problemSlaDue,
  problemSlaHours,
  seededRandom,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { type IngestInput, ingestInTransaction } from '../intake/mayar/webhook.js';
import { intakeDb } from '../intake/tables.js';
import type { InsightRow } from '../intake/meta/csv.js';
import { importInsights } from '../intake/meta/import.js';
import { jakartaDay } from '../logistics/service.js';
import { ingestWhatsAppWebhook, parseWhatsAppWebhook } from '../whatsapp/inbound.js';

export interface DemoActivityOptions {
  /** Days of data ending with `today` (Jakarta). */
  days?: number;
  now?: Date;
  /** Campaigns that get insights (sales campaigns of the master data, a third selling physical goods). */
  campaigns?: number;
  seed?: number;
  log?: (message: string) => void;
}

export interface DemoActivityResult {
  insights: number;
  purchases: number;
  packages: number;
  conversations: number;
  /** Customer problems seeded from the conversations, in every state. */
  problems: number;
  ms: number;
}

const FIRST = ['Siti', 'Dewi', 'Putri', 'Ayu', 'Rina', 'Nadia', 'Intan', 'Fitri', 'Budi', 'Agus', 'Rizky'];
const FIRST_MORE = ['Andi', 'Dimas', 'Eka', 'Fajar', 'Gilang', 'Hendra', 'Indra', 'Joko', 'Lestari', 'Maya'];
const LAST = [
  'Santoso',
  'Wijaya',
  'Saputra',
  'Lestari',
  'Pratama',
  'Hidayat',
  'Kusuma',
  'Nugroho',
  'Siregar',
];
const LAST_MORE = ['Harahap', 'Simanjuntak', 'Wibowo', 'Setiawan', 'Rahmawati', 'Utami', 'Purnomo', 'Halim'];
const DOMAINS = ['gmail.com', 'yahoo.co.id', 'gmail.com', 'outlook.com', 'gmail.com', 'ymail.com'];
const STREETS = [
  'Jl. Merdeka',
  'Jl. Sudirman',
  'Jl. Diponegoro',
  'Jl. Gatot Subroto',
  'Jl. Ahmad Yani',
  'Jl. Pemuda',
];
const CITIES = [
  'Jakarta Selatan',
  'Bandung',
  'Surabaya',
  'Medan',
  'Semarang',
  'Yogyakarta',
  'Makassar',
  'Depok',
];
const METHODS = ['QRIS', 'BCA VA', 'BRI VA', 'Mandiri VA', 'GoPay', 'OVO', 'ShopeePay', 'Credit Card'];
const QUESTIONS = [
  'Halo kak, pesanan saya sudah dikirim belum?',
  'Kak, nomor resinya berapa ya?',
  'Apakah masih ada promo bulan ini?',
  'Cara akses materinya bagaimana kak?',
  'Saya sudah transfer, mohon dicek ya',
  'Paketnya belum sampai, bisa dibantu?',
  'Bisa bayar pakai QRIS?',
  'Terima kasih kak, barangnya sudah sampai',
];

/** What a demo customer writes to a second business number (one customer, two conversations). */
const OTHER_NUMBER_QUESTION = 'Kak, saya tanya juga lewat nomor ini ya, soal pesanan yang sama';

const DAY_MS = 86_400_000;
const EVENTS_PER_TRANSACTION = 250;

interface DemoCampaign {
  campaignId: string;
  name: string;
  account: string;
  productId: number;
  mayarProductId: string;
  productName: string;
  productType: string;
  price: number;
  mayarAccountId: number;
  /** Per-campaign character: cost per mille and click-through, so the reports differ by campaign. */
  cpm: number;
  ctr: number;
  conversion: number;
  scale: number;
}

interface Customer {
  name: string;
  email: string;
  mobile: string;
  address: string;
}

/** Jakarta midnight of a YYYY-MM-DD day, as an instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);

/** Adds days to a YYYY-MM-DD. */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

async function demoCampaigns(
  db: Kysely<Database>,
  wanted: number,
  rand: () => number,
): Promise<DemoCampaign[]> {
  const rows = await sql<{
    campaign_id: string;
    name: string;
    ad_account_id: string;
    product_id: string;
    mayar_product_id: string;
    product_name: string;
    product_type: string;
    price: string;
    mayar_account_id: string;
    ships_package: boolean;
  }>`
    select c.campaign_id, c.name, c.ad_account_id, p.id as product_id, p.mayar_product_id, p.name as product_name,
      p.product_type, p.price, p.mayar_account_id, p.ships_package
    from ad_campaigns c join products p on p.id = c.product_id
    where c.deleted_at is null and p.deleted_at is null and c.objective = 'OUTCOME_SALES'
      and p.mayar_product_id is not null and p.mayar_account_id is not null and p.price > 0
    order by c.status = 'ACTIVE' desc, c.id`.execute(db);
  // A third physical products (packages for Logistics), the rest digital, one campaign per product.
  const seen = new Set<string>();
  const physicalWanted = Math.ceil(wanted / 3);
  const physical = rows.rows.filter((row) => row.ships_package);
  const digital = rows.rows.filter((row) => !row.ships_package);
  const picked: typeof rows.rows = [];
  for (const row of [...physical, ...digital]) {
    if (picked.length >= wanted) break;
    if (seen.has(row.product_id)) continue;
    if (row.ships_package && picked.filter((p) => p.ships_package).length >= physicalWanted) continue;
    seen.add(row.product_id);
    picked.push(row);
  }
  return picked.map((row) => ({
    campaignId: row.campaign_id,
    name: row.name,
    account: row.ad_account_id.replace(/^act_/, ''),
    productId: Number(row.product_id),
    mayarProductId: row.mayar_product_id,
    productName: row.product_name,
    productType: row.product_type,
    price: Number(row.price),
    mayarAccountId: Number(row.mayar_account_id),
    cpm: 9_000 + rand() * 16_000,
    ctr: 0.007 + rand() * 0.018,
    conversion: 0.0015 + rand() * 0.005,
    scale: 0.5 + rand() * 1.5,
  }));
}

function customerPool(rand: () => number, size: number): Customer[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const customers: Customer[] = [];
  for (let i = 0; i < size; i += 1) {
    const name = `${pick([...FIRST, ...FIRST_MORE])} ${pick([...LAST, ...LAST_MORE])}`;
    const local = name.toLowerCase().replace(/ /g, pick(['.', '_', ''])) + String(10 + (i % 90));
    customers.push({
      name,
      // Mixed case on purpose: the intake lower-cases it.
      email: `${i % 7 === 0 ? local.replace(/^./, (c) => c.toUpperCase()) : local}@${pick(DOMAINS)}`,
      address: `${pick(STREETS)} No. ${1 + Math.floor(rand() * 200)}, ${pick(CITIES)}`,
      mobile: `08${pick(['11', '12', '13', '21', '52', '57', '77', '78', '95'])}${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`,
    });
  }
  return customers;
}

/** Mayar's `payment.received` / `payment.reminder` body (docs.mayar.id's shape), as the webhook would post it. */
function mayarBody(input: {
  id: string;
  paid: boolean;
  at: Date;
  customer: Customer;
  campaign: DemoCampaign;
  qty: number;
  method: string;
  tracking: string | null;
  fbp: string | null;
}) {
  return JSON.stringify({
    event: input.paid ? 'payment.received' : 'payment.reminder',
    data: {
      id: input.id,
      transactionId: input.id,
      status: input.paid ? 'SUCCESS' : 'PENDING',
      transactionStatus: input.paid ? 'paid' : 'created',
      createdAt: input.at.getTime(),
      updatedAt: input.at.toISOString(),
      merchantId: `demo-merchant-${input.campaign.mayarAccountId}`,
      merchantName: 'Toko Demo',
      customerName: input.customer.name,
      customerEmail: input.customer.email,
      customerMobile: input.customer.mobile,
      ...(input.campaign.productType === 'physical_product'
        ? { customerAddress: input.customer.address }
        : {}),
      amount: input.campaign.price * input.qty,
      productId: input.campaign.mayarProductId,
      productName: input.campaign.productName,
      productType: input.campaign.productType,
      qty: input.qty,
      paymentMethod: input.method,
      couponUsed: null,
      pixelFbp: input.fbp,
      pixelFbc: null,
      ...(input.tracking ? { urlParamTrackingData: input.tracking } : {}),
    },
  });
}

/** A uuid-shaped id from the random stream (stable across runs, unlike randomUUID). */
function demoUuid(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/**
 * Seeds the demo's insights, purchases and conversations once: skipped when any purchase or insight exists.
 * Call after the master data (campaigns, products, Mayar accounts, WA Registries).
 */
export async function seedDemoActivity(
  db: Kysely<Database>,
  options: DemoActivityOptions = {},
): Promise<DemoActivityResult> {
  const started = Date.now();
  const empty: DemoActivityResult = {
    insights: 0,
    purchases: 0,
    packages: 0,
    conversations: 0,
    problems: 0,
    ms: 0,
  };
  const existing = await sql<{ n: number }>`
    select (select count(*) from (select 1 from purchases limit 1) p)
      + (select count(*) from (select 1 from ad_insights_daily limit 1) i) as n`.execute(db);
  if (Number(existing.rows[0]?.n ?? 0) > 0) return empty;

  const rand = seededRandom(options.seed ?? 20_261_123);
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const today = jakartaDay(now);
  const first = addDays(today, -(days - 1));
  const campaigns = await demoCampaigns(db, options.campaigns ?? 12, rand);
  if (campaigns.length === 0) return empty;

  // Insights: per campaign two ad sets of two ads, one row per ad and day.
  const insights: InsightRow[] = [];
  const salesByDay: { day: string; campaign: DemoCampaign; adId: string; count: number }[] = [];
  campaigns.forEach((campaign, ci) => {
    for (let s = 0; s < 2; s += 1) {
      const adsetId = `${campaign.campaignId.slice(0, 10)}${String(ci).padStart(3, '0')}${s}9`;
      for (let a = 0; a < 2; a += 1) {
        const adId = `${adsetId.slice(0, 14)}${s}${a}7`;
        const adName = `${['Video', 'Carousel', 'Gambar', 'Reels'][(s * 2 + a) % 4]} ${['Testimoni', 'Promo', 'Tutorial', 'Hook UGC'][(ci + a) % 4]}`;
        for (let d = 0; d < days; d += 1) {
          const date = addDays(first, d);
          const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
          // Weekends sell a little more; a slow ramp over the quarter.
          const season = (weekday === 0 || weekday === 6 ? 1.2 : 1) * (0.8 + (0.4 * d) / days);
          const impressions = Math.round((2_000 + rand() * 9_000) * campaign.scale * season);
          const cpm = campaign.cpm * (0.85 + rand() * 0.3);
          const linkClicks = Math.round(impressions * campaign.ctr * (0.8 + rand() * 0.4));
          const purchases = Math.round(linkClicks * campaign.conversion * (0.6 + rand() * 0.8));
          insights.push({
            line: insights.length + 2,
            date,
            campaign_id: campaign.campaignId,
            campaign_name: campaign.name,
            adset_id: adsetId,
            adset_name: `${s === 0 ? 'Broad' : 'Retarget 30D'} | ${campaign.productName}`.slice(0, 120),
            ad_id: adId,
            ad_name: adName,
            account_id: campaign.account,
            impressions,
            reach: Math.round(impressions / (1.1 + rand() * 0.5)),
            clicks: Math.round(linkClicks * (1.3 + rand() * 0.4)),
            inline_link_clicks: linkClicks,
            spend: Math.round((impressions * cpm) / 1000),
            purchases,
            purchase_value: purchases * campaign.price,
            video_3s_views:
              adName.startsWith('Video') || adName.startsWith('Reels') ? Math.round(impressions * 0.3) : 0,
          } as InsightRow);
          if (purchases > 0) salesByDay.push({ day: date, campaign, adId, count: purchases });
        }
      }
    }
  });
  await importInsights(db, insights, { source: 'seed', importId: 'demo-seed', now });
  const insightsMs = Date.now() - started;

  // Purchases: what Meta counted, give or take, as Mayar sent them (a share with UTM, the rest attributed by
  // product), plus unpaid checkouts and a few repeat customers (the Venn's overlaps).
  const customers = customerPool(rand, 1_800);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const events: IngestInput[] = [];
  for (const sale of salesByDay) {
    const count = Math.max(0, sale.count + (rand() < 0.3 ? -1 : rand() < 0.2 ? 1 : 0));
    for (let n = 0; n < count; n += 1) {
      const at = new Date(dayStart(sale.day).getTime() + Math.floor((0.3 + rand() * 0.69) * DAY_MS));
      if (at > now) continue;
      const customer = rand() < 0.2 ? customers[Math.floor(rand() * 200)]! : pick(customers);
      const utm = rand() < 0.6;
      const paid = rand() < 0.9;
      events.push({
        accountId: sale.campaign.mayarAccountId,
        rawBody: mayarBody({
          id: demoUuid(rand),
          paid,
          at,
          customer,
          campaign: sale.campaign,
          qty: sale.campaign.productType === 'physical_product' && rand() < 0.2 ? 2 : 1,
          method: pick(METHODS),
          tracking: utm
            ? `?utm_source=facebook&utm_medium=paid&utm_campaign=${sale.campaign.campaignId}&utm_content=${sale.adId}`
            : null,
          fbp: rand() < 0.7 ? `fb.1.${at.getTime() - 3_600_000}.${Math.floor(rand() * 1e9)}` : null,
        }),
        headers: { 'content-type': 'application/json', 'user-agent': 'Mayar-Webhook/1.0 (demo seed)' },
        source: 'seed',
        now: at,
        forward: false,
      });
    }
  }
  // In time order, a few hundred per transaction: the webhook's own code, without a commit per event.
  events.sort((a, b) => a.now.getTime() - b.now.getTime());
  let purchases = 0;
  let packages = 0;
  for (let start = 0; start < events.length; start += EVENTS_PER_TRANSACTION) {
    await intakeDb(db)
      .transaction()
      .execute(async (trx) => {
        for (const event of events.slice(start, start + EVENTS_PER_TRANSACTION)) {
          const result = await ingestInTransaction(trx, event);
          if (result.purchase?.action === 'create') purchases += 1;
          if (result.package) packages += 1;
        }
      });
  }

  const purchasesMs = Date.now() - started - insightsMs;
  const conversations = await seedConversations(db, customers.slice(0, 40), now, rand);
  const problems = await seedProblems(db, now);
  const result = {
    insights: insights.length,
    purchases,
    packages,
    conversations,
    problems,
    ms: Date.now() - started,
  };
  options.log?.(
    `Demo activity: ${result.insights} ad insight rows and ${result.purchases} Mayar purchases (${result.packages} packages) ` +
      `over ${days} days, ${result.conversations} WhatsApp conversations, ${result.problems} problems, in ${(result.ms / 1000).toFixed(1)} s ` +
      `(insights ${(insightsMs / 1000).toFixed(1)} s, purchases ${(purchasesMs / 1000).toFixed(1)} s)`,
  );
  return result;
}

/** Customers writing to the first WA Registries numbers over the last days, through the webhook's own intake. */
async function seedConversations(
  db: Kysely<Database>,
  customers: readonly Customer[],
  now: Date,
  rand: () => number,
): Promise<number> {
  // Conversations on active numbers (customer service and bot first), so replies and the bot work on the demo;
  // the last customer writes to one inactive number, to show the closed composer and why.
  const active = await sql<{ phone: string }>`
    select phone from wa_registries where deleted_at is null and phone is not null and active
    order by (purpose in ('cs', 'bot')) desc, id limit 3`.execute(db);
  const inactive = await sql<{ phone: string }>`
    select phone from wa_registries where deleted_at is null and phone is not null and not active
    order by id limit 1`.execute(db);
  if (active.rows.length === 0) return 0;
  const numberOf = (index: number) =>
    index === customers.length - 1 && inactive.rows[0]
      ? inactive.rows[0].phone
      : active.rows[index % active.rows.length]!.phone;
  let made = 0;
  /** One webhook call: `from` writes `messages` to the business number `phone`. */
  const say = async (
    phone: string,
    from: string,
    name: string,
    messages: { from: string; id: string; timestamp: string; type: string; text: { body: string } }[],
  ) => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'DEMO_WABA',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: phone, phone_number_id: phone },
                contacts: [{ profile: { name }, wa_id: from }],
                messages,
              },
            },
          ],
        },
      ],
    };
    const result = await ingestWhatsAppWebhook(db, parseWhatsAppWebhook(JSON.stringify(body)), { now });
    return result.received > 0;
  };
  for (const [index, customer] of customers.entries()) {
    const phone = numberOf(index).replace(/\D/g, '');
    const from = `62${customer.mobile.slice(1)}`;
    const messages = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, m) => ({
      from,
      id: `wamid.demo${index}x${m}`,
      timestamp: String(Math.floor((now.getTime() - (index * 97 + (3 - m) * 5) * 60_000) / 1000)),
      type: 'text',
      text: { body: QUESTIONS[Math.floor(rand() * QUESTIONS.length)]! },
    }));
    if (await say(phone, from, customer.name, messages)) made += 1;
    // The first two customers wrote to a second business number too, earlier: one customer, two
    // conversations (the Chat List shows them joined and lets the agent jump between them).
    if (index < 2 && active.rows.length > 1) {
      const other = active.rows[(index + 1) % active.rows.length]!.phone.replace(/\D/g, '');
      const second = await say(other, from, customer.name, [
        {
          from,
          id: `wamid.demo${index}other`,
          timestamp: String(Math.floor((now.getTime() - (index * 97 + 180) * 60_000) / 1000)),
          type: 'text',
          text: { body: OTHER_NUMBER_QUESTION },
        },
      ]);
      if (second) made += 1;
    }
  }
  return made;
}

/**
 * Customer problems in every state (open, in progress, resolved, closed; some past their SLA), each created from
 * a customer's message on an active number and tied to that customer's newest purchase when there is one, as
 * staff would file them from the Chat List.
 */
async function seedProblems(db: Kysely<Database>, now: Date): Promise<number> {
  const category = (
    await sql<{ id: string; subcategory_id: string | null; sla_hours: number | null }>`
      select c.id, s.id as subcategory_id, s.sla_hours from problem_categories c
      left join problem_subcategories s on s.category_id = c.id and s.active
      where c.active order by c.sort_order, c.id, s.sort_order, s.id limit 1`.execute(db)
  ).rows[0];
  if (!category) return 0;
  const chats = (
    await sql<{
      id: string;
      customer_wa_id: string;
      customer_name: string | null;
      message_id: string | null;
      body: string | null;
      purchase_id: string | null;
      product_id: string | null;
      customer_email: string | null;
    }>`
      select c.id, c.customer_wa_id, c.customer_name, m.id as message_id, m.body, p.id as purchase_id,
        p.product_id, p.customer_email
      from wa_conversations c
      join wa_registries r on r.id = c.wa_registry_id and r.active
      left join lateral (select id, body from wa_messages where conversation_id = c.id and direction = 'in'
        order by id limit 1) m on true
      left join lateral (select id, product_id, customer_email from purchases
        where customer_mobile = c.customer_wa_id order by mayar_created_at desc limit 1) p on true
      order by (p.id is null), c.id limit 12`.execute(db)
  ).rows;
  const assignee = (
    await sql<{ id: number }>`select id from users where active order by id limit 1`.execute(db)
  ).rows[0];
  let made = 0;
  for (const [index, chat] of chats.entries()) {
    const status = PROBLEM_STATUSES[index % PROBLEM_STATUSES.length]!;
    const priority = PROBLEM_PRIORITIES[(index + 1) % PROBLEM_PRIORITIES.length]!;
    const slaHours = problemSlaHours(category.sla_hours, priority);
    const opened = new Date(now.getTime() - (2 + index * 9) * 3_600_000);
    const due = problemSlaDue(opened, slaHours);
    // Every third one past its SLA: resolved late, or still open after the due time.
    const late = index % 3 === 0;
    const resolvedAt =
      status === 'resolved' || status === 'closed'
        ? new Date(opened.getTime() + slaHours * 3_600_000 * (late ? 1.4 : 0.5))
        : null;
    const clamp = (at: Date | null) => (at && at > now ? now : at);
    const resolved = clamp(resolvedAt);
    const closedAt = clamp(status === 'closed' && resolved ? new Date(resolved.getTime() + 3_600_000) : null);
    await sql`
      insert into customer_problems (customer_name, customer_email, customer_phone, purchase_id, product_id,
        category_id, subcategory_id, description, priority, status, assignee_id, sla_hours, opened_at, sla_due_at,
        resolved_at, closed_at, conversation_id, message_id, created_at, updated_at)
      values (${chat.customer_name}, ${chat.customer_email}, ${chat.customer_wa_id}, ${chat.purchase_id},
        ${chat.product_id}, ${category.id}, ${category.subcategory_id}, ${chat.body ?? 'Pertanyaan pelanggan'},
        ${priority}, ${status}, ${status === 'open' ? null : (assignee?.id ?? null)}, ${slaHours}, ${opened},
        ${due}, ${resolved}, ${closedAt}, ${chat.id}, ${chat.message_id}, ${opened},
        ${closedAt ?? resolved ?? opened})`.execute(db);
    made += 1;
  }
  return made;
}
