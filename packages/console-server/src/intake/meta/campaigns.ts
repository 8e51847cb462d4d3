/**
 * Campaigns kept from the data: a campaign an Ads Manager upload names but no one entered becomes a row of
 * Master Ad Campaign (`origin: meta`, no product yet: staff link it), and its name follows the data. Rows staff
 * entered are never touched, and a campaign staff deleted is not brought back.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AuditEntry, writeAudit } from '../../services/audit.js';

export interface CampaignSeen {
  campaign_id: string;
  campaign_name: string | null;
  account_id: string | null;
  date: string;
}

/** The entity's own patterns (ad_campaigns): ids that would not pass them are left out, not forced in. */
const CAMPAIGN_ID = /^[0-9]{6,24}$/;
const AD_ACCOUNT = /^act_[0-9]{6,24}$/;

export const adAccountOf = (accountId: string | null): string | null => {
  const value = accountId?.trim() ?? '';
  if (AD_ACCOUNT.test(value)) return value;
  return /^[0-9]{6,24}$/.test(value) ? `act_${value}` : null;
};

/** Creates the campaigns first seen in `rows` and renames the ones from data; returns how many rows changed. */
export async function keepCampaignsFromData(
  trx: Kysely<Database>,
  rows: readonly CampaignSeen[],
  options: { actorId: number | null; now: Date },
): Promise<number> {
  // Per campaign: its first day (start date) and its newest row (name, account).
  const seen = new Map<string, { first: string; newest: CampaignSeen }>();
  for (const row of rows) {
    if (!CAMPAIGN_ID.test(row.campaign_id)) continue;
    const known = seen.get(row.campaign_id);
    if (!known) seen.set(row.campaign_id, { first: row.date, newest: row });
    else {
      if (row.date < known.first) known.first = row.date;
      if (row.date >= known.newest.date) known.newest = row;
    }
  }
  let changed = 0;
  // Each campaign created or renamed here counts, with its audit entry.
  const changedBy = (
    action: 'create' | 'update',
    entityId: string,
    change: Pick<AuditEntry, 'before' | 'after'>,
  ) => {
    changed += 1;
    return writeAudit(trx, { actorId: options.actorId, action, entity: 'ad_campaigns', entityId, ...change });
  };
  for (const [campaignId, { first, newest }] of seen) {
    const name = (newest.campaign_name?.trim() || campaignId).slice(0, 200);
    const created = await sql<{ id: string; version: number }>`
      insert into ad_campaigns (name, campaign_id, ad_account_id, status, start_date, origin, created_by, updated_by,
        created_at, updated_at)
      select ${name}, ${campaignId}, ${adAccountOf(newest.account_id)}, 'ACTIVE', ${first}::date, 'meta',
        ${options.actorId}, ${options.actorId}, ${options.now}, ${options.now}
      where not exists (select 1 from ad_campaigns where lower(campaign_id) = lower(${campaignId}))
      on conflict ((lower(campaign_id))) where deleted_at is null do nothing
      returning id, version`.execute(trx);
    const row = created.rows[0];
    if (row) {
      await changedBy('create', row.id, { after: { name, campaign_id: campaignId, origin: 'meta' } });
      continue;
    }
    const renamed = await sql<{ id: string; before: string }>`
      update ad_campaigns c
      set name = ${name}, version = c.version + 1, updated_at = ${options.now}, updated_by = ${options.actorId}
      from (select id, name as before from ad_campaigns where lower(campaign_id) = lower(${campaignId})
        and origin = 'meta' and deleted_at is null for update) old
      where c.id = old.id and c.name <> ${name}
      returning c.id, old.before`.execute(trx);
    for (const renamedRow of renamed.rows) {
      await changedBy('update', renamedRow.id, { before: { name: renamedRow.before }, after: { name } });
    }
  }
  return changed;
}
