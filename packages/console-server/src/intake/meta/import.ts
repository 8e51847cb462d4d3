import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { intakeDb } from '../tables.js';
import type { InsightRow } from './csv.js';
import { keepCampaignsFromData } from './campaigns.js';

export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  ad_sets: number;
  ads: number;
  /** Master Ad Campaign rows created or renamed from the data (not for the demo seed, which has its own). */
  campaigns: number;
}

const BATCH = 500;

/**
 * Upserts daily ad rows on (date, ad id) in one transaction: a row that is already there with the same figures
 * is left alone, so importing the same file twice changes nothing. Ad sets and ads are kept from the data.
 */
export async function importInsights(
  database: Kysely<Database>,
  rows: readonly InsightRow[],
  options: { source: 'upload' | 'api' | 'seed'; importId: string; now: Date; actorId?: number | null },
): Promise<ImportCounts> {
  const counts: ImportCounts = { inserted: 0, updated: 0, unchanged: 0, ad_sets: 0, ads: 0, campaigns: 0 };
  // The last row of a (date, ad) wins when a file repeats one.
  const unique = [...new Map(rows.map((row) => [`${row.date}|${row.ad_id}`, row])).values()];
  await intakeDb(database)
    .transaction()
    .execute(async (trx) => {
      for (let start = 0; start < unique.length; start += BATCH) {
        const batch = unique.slice(start, start + BATCH);
        const written = await trx
          .insertInto('ad_insights_daily')
          .values(
            batch.map((row) => ({
              date: row.date,
              account_id: row.account_id,
              campaign_id: row.campaign_id,
              campaign_name: row.campaign_name,
              adset_id: row.adset_id,
              adset_name: row.adset_name,
              ad_id: row.ad_id,
              ad_name: row.ad_name,
              impressions: row.impressions,
              reach: row.reach,
              clicks: row.clicks,
              inline_link_clicks: row.inline_link_clicks,
              spend: row.spend,
              purchases: row.purchases,
              purchase_value: row.purchase_value,
              video_3s_views: row.video_3s_views,
              source: options.source,
              import_id: options.importId,
              created_at: options.now,
              updated_at: options.now,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['date', 'ad_id'])
              .doUpdateSet({
                account_id: sql.ref('excluded.account_id'),
                campaign_id: sql.ref('excluded.campaign_id'),
                campaign_name: sql.ref('excluded.campaign_name'),
                adset_id: sql.ref('excluded.adset_id'),
                adset_name: sql.ref('excluded.adset_name'),
                ad_name: sql.ref('excluded.ad_name'),
                impressions: sql.ref('excluded.impressions'),
                reach: sql.ref('excluded.reach'),
                clicks: sql.ref('excluded.clicks'),
                inline_link_clicks: sql.ref('excluded.inline_link_clicks'),
                spend: sql.ref('excluded.spend'),
                purchases: sql.ref('excluded.purchases'),
                purchase_value: sql.ref('excluded.purchase_value'),
                video_3s_views: sql.ref('excluded.video_3s_views'),
                source: sql.ref('excluded.source'),
                import_id: sql.ref('excluded.import_id'),
                updated_at: sql.ref('excluded.updated_at'),
              })
              .where(
                sql<boolean>`(ad_insights_daily.impressions, ad_insights_daily.reach, ad_insights_daily.clicks, ad_insights_daily.inline_link_clicks, ad_insights_daily.spend, ad_insights_daily.purchases, ad_insights_daily.purchase_value, ad_insights_daily.video_3s_views, ad_insights_daily.campaign_name, ad_insights_daily.adset_id, ad_insights_daily.adset_name, ad_insights_daily.ad_name)
                  is distinct from (excluded.impressions, excluded.reach, excluded.clicks, excluded.inline_link_clicks, excluded.spend, excluded.purchases, excluded.purchase_value, excluded.video_3s_views, excluded.campaign_name, excluded.adset_id, excluded.adset_name, excluded.ad_name)`,
              ),
          )
          .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
          .execute();
        for (const row of written) {
          if (row.inserted) counts.inserted += 1;
          else counts.updated += 1;
        }
        counts.unchanged += batch.length - written.length;
      }

      // Campaigns first, so ad sets and ads land under their campaign row.
      if (options.source !== 'seed')
        counts.campaigns = await keepCampaignsFromData(trx as unknown as Kysely<Database>, unique, {
          actorId: options.actorId ?? null,
          now: options.now,
        });
      const campaignRow = (campaignId: string) =>
        sql<string>`(select c.id from ad_campaigns c where lower(c.campaign_id) = lower(${campaignId}) and c.deleted_at is null)`;
      const adSets = new Map<string, InsightRow>();
      const ads = new Map<string, InsightRow>();
      // The days a file covers per ad set and ad (its rows come in any order).
      const span = new Map<string, { first: string; last: string }>();
      const widen = (key: string, date: string) => {
        const known = span.get(key);
        if (!known) span.set(key, { first: date, last: date });
        else {
          if (date < known.first) known.first = date;
          if (date > known.last) known.last = date;
        }
      };
      for (const row of unique) {
        if (row.adset_id && row.adset_name) {
          adSets.set(row.adset_id, row);
          widen(`set:${row.adset_id}`, row.date);
        }
        ads.set(row.ad_id, row);
        widen(`ad:${row.ad_id}`, row.date);
      }
      // What an ad set's and an ad's rows share: the campaign, the days this file saw them, when written.
      const placed = (row: InsightRow, key: string) => {
        const days = span.get(key)!;
        return {
          campaign_id: row.campaign_id,
          ad_campaign_id: campaignRow(row.campaign_id),
          first_seen: days.first,
          last_seen: days.last,
          updated_at: options.now,
        };
      };
      // A row seen before takes the file's name and campaign; its span only widens.
      const seenAgain = (table: 'ad_sets' | 'ads') => ({
        name: sql.ref<string>('excluded.name'),
        campaign_id: sql.ref<string>('excluded.campaign_id'),
        ad_campaign_id: sql.ref<string | null>('excluded.ad_campaign_id'),
        first_seen: sql<string | null>`least(${sql.table(table)}.first_seen, excluded.first_seen)`,
        last_seen: sql<string | null>`greatest(${sql.table(table)}.last_seen, excluded.last_seen)`,
        updated_at: sql.ref<Date>('excluded.updated_at'),
      });
      for (const row of adSets.values()) {
        await trx
          .insertInto('ad_sets')
          .values({ adset_id: row.adset_id!, name: row.adset_name!, ...placed(row, `set:${row.adset_id}`) })
          .onConflict((oc) => oc.column('adset_id').doUpdateSet(seenAgain('ad_sets')))
          .execute();
        counts.ad_sets += 1;
      }
      for (const row of ads.values()) {
        await trx
          .insertInto('ads')
          .values({
            ad_id: row.ad_id,
            adset_id: row.adset_id,
            name: row.ad_name ?? row.ad_id,
            ...placed(row, `ad:${row.ad_id}`),
          })
          .onConflict((oc) =>
            oc.column('ad_id').doUpdateSet({ ...seenAgain('ads'), adset_id: sql.ref('excluded.adset_id') }),
          )
          .execute();
        counts.ads += 1;
      }
    });
  return counts;
}
