import { sql } from 'kysely';
import type { Migration } from '../db/migrations.js';

/**
 * Paid Mayar purchases rolled up per Asia/Jakarta day, attributed campaign and ad (by UTM) and product. Frozen
 * once shipped: change it with a new migration in 450–469.
 */
export const REPORTS_V450: readonly string[] = [
  `create table report_sales_daily (
    day date not null,
    campaign_id text not null default '',
    ad_id text not null default '',
    product_key bigint not null default 0,
    orders bigint not null default 0,
    revenue bigint not null default 0,
    refreshed_at timestamptz not null default now(),
    primary key (day, campaign_id, ad_id, product_key)
  )`,
  `create index report_sales_daily_campaign on report_sales_daily (campaign_id, day)`,
  `create index report_sales_daily_ad on report_sales_daily (ad_id, day)`,
];

/** Versions 450–469 belong to the reports. */
export const REPORTS_MIGRATIONS: readonly Migration[] = [
  {
    version: 450,
    name: 'report rollup of paid purchases per Jakarta day',
    up: async (db) => {
      await sql.raw(REPORTS_V450.join(';\n')).execute(db);
    },
  },
];

/**
 * Ad Creative and KOL reports (versions 500–519): Meta's 3-second video plays per ad and day (the hook rate's
 * numerator), and lookups the reports join on. Frozen once shipped.
 */
export const REPORTS_V500: readonly string[] = [
  `alter table ad_insights_daily add column video_3s_views bigint not null default 0`,
  `create index purchases_coupon_upper on purchases (upper(coupon_used)) where coupon_used is not null`,
  `create index purchases_utm_campaign_upper on purchases (upper(utm_campaign)) where utm_campaign is not null`,
  `create index report_sales_daily_product on report_sales_daily (product_key, day)`,
  // The rollup's look-ups: paid purchases by their day, UTM names of campaigns and ads.
  `create index purchases_paid_time on purchases ((coalesce(paid_at, mayar_created_at))) where transaction_status = 'paid'`,
  `create index ad_insights_daily_campaign_name on ad_insights_daily (campaign_name)`,
  `create index ads_name on ads (name)`,
];

export const REPORTS_MIGRATIONS_500: readonly Migration[] = [
  {
    version: 500,
    name: '3-second video views on ad insights; report look-ups (paid day, voucher, UTM names)',
    up: async (db) => {
      await sql.raw(REPORTS_V500.join(';\n')).execute(db);
    },
  },
];
