// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { adAccountOf } from '../src/intake/meta/campaigns.js';
import { INTAKE_V771 } from '../src/intake/migrations.js';
import { Client, ONE_ENGINE, setupTestApp, userWithKeys } from './support/harness.js';
import { intakeFixture } from './support/intake.js';

const HEADER =
  'Reporting starts,Reporting ends,Campaign name,Ad set name,Ad name,Campaign ID,Ad set ID,Ad ID,Account ID,Amount spent (IDR),Impressions,Reach,Frequency,Link clicks,Purchases,Purchases conversion value';
/** One Ads Manager row: day, campaign (id, name), ad set, ad, account. */
const line = (
  day: string,
  campaign: string,
  name: string,
  adset: string,
  ad: string,
  account = '1029384756',
) =>
  `${day},${day},${name},Set ${adset},Ad ${ad},${campaign},${adset},${ad},${account},100000,1000,800,1.25,20,1,150000`;

interface CampaignRow {
  id: number;
  name: string;
  campaign_id: string;
  ad_account_id: string | null;
  objective: string | null;
  product_id: number | null;
  origin: string;
  start_date: string | null;
  version: number;
}

describe('ad account ids from the data', () => {
  it('takes act_… as is, prefixes bare digits, drops anything else', () => {
    expect(adAccountOf('act_1029384756')).toBe('act_1029384756');
    expect(adAccountOf(' 1029384756 ')).toBe('act_1029384756');
    expect(adAccountOf('Toko Buku')).toBeNull();
    expect(adAccountOf(null)).toBeNull();
  });
});

describe.each(ONE_ENGINE)('campaigns kept from the data on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine);
  let writer: string;
  const client = () => new Client(app);
  const upload = (rows: string[]) =>
    client().request({
      method: 'POST',
      url: '/api/ad-insights/import',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload: [HEADER, ...rows].join('\n'),
      token: writer,
    });
  const campaign = async (campaignId: string): Promise<CampaignRow | undefined> => {
    const list = await client().get(`/api/resources/ad_campaigns?q=${campaignId}`, writer);
    expect(list.statusCode, list.body).toBe(200);
    return (list.json() as { rows: CampaignRow[] }).rows.find((row) => row.campaign_id === campaignId);
  };
  const api = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
    client().request({ method, url, token: writer, payload });

  beforeAll(async () => {
    writer = await client().token(
      await userWithKeys(testDb.database, [{ key: 'databank_ad_campaigns', read: true, write: true }]),
    );
  });

  it('an upload creates the campaigns no one entered, flagged to link a product; staff ones stay as entered', async () => {
    const fixture = await intakeFixture(testDb.database);
    const staff = await api('POST', '/api/resources/ad_campaigns', {
      name: 'Entered by staff',
      campaign_id: '120219000000000001',
      ad_account_id: 'act_1029384756',
      objective: 'OUTCOME_SALES',
      product_id: fixture.productId,
    });
    expect(staff.statusCode, staff.body).toBe(201);
    expect(staff.json()).toMatchObject({ origin: 'staff' });

    const response = await upload([
      line('2026-11-02', '120219000000000002', 'Promo Buku', '120219000000000021', '120219000000000211'),
      line('2026-11-01', '120219000000000002', 'Promo Buku', '120219000000000021', '120219000000000212'),
      line('2026-11-01', '120219000000000001', 'Renamed in Meta', '120219000000000011', '120219000000000111'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ inserted: 3, ad_sets: 2, ads: 3, campaigns: 1 });

    expect(await campaign('120219000000000002')).toMatchObject({
      name: 'Promo Buku',
      ad_account_id: 'act_1029384756',
      objective: null,
      product_id: null,
      origin: 'meta',
      start_date: '2026-11-01',
      status: 'ACTIVE',
    });
    // Its ad sets and ads are read-only lists under it.
    const created = (await campaign('120219000000000002'))!;
    const adSets = await client().get(`/api/resources/ad_sets?f.ad_campaign_id.eq=${created.id}`, writer);
    expect(adSets.statusCode, adSets.body).toBe(200);
    expect(adSets.json().rows).toEqual([
      expect.objectContaining({
        adset_id: '120219000000000021',
        name: 'Set 120219000000000021',
        first_seen: '2026-11-01',
        last_seen: '2026-11-02',
      }),
    ]);
    const adsList = await client().get(`/api/resources/ads?f.ad_campaign_id.eq=${created.id}`, writer);
    expect(adsList.statusCode, adsList.body).toBe(200);
    expect((adsList.json().rows as { ad_id: string }[]).map((row) => row.ad_id).sort()).toEqual([
      '120219000000000211',
      '120219000000000212',
    ]);
    const write = await api('POST', '/api/resources/ad_sets', { name: 'x', adset_id: '1', campaign_id: '1' });
    expect(write.statusCode).toBe(405);
    expect(write.json()).toMatchObject({ code: 'READ_ONLY' });
    // A staff-entered campaign keeps its name and product.
    expect(await campaign('120219000000000001')).toMatchObject({
      name: 'Entered by staff',
      product_id: fixture.productId,
      origin: 'staff',
      version: 1,
    });
  });

  it('follows the data: renamed with a newer upload, unchanged by a repeat, not brought back once deleted', async () => {
    const day = (d: string, name: string) =>
      line(d, '120219000000000003', name, '120219000000000031', '120219000000000311');
    expect((await upload([day('2026-11-03', 'Kelas Excel')])).json()).toMatchObject({ campaigns: 1 });
    const created = (await campaign('120219000000000003'))!;
    expect((await upload([day('2026-11-04', 'Kelas Excel Batch 2')])).json()).toMatchObject({ campaigns: 1 });
    expect(await campaign('120219000000000003')).toMatchObject({
      id: created.id,
      name: 'Kelas Excel Batch 2',
      version: 2,
    });
    expect((await upload([day('2026-11-04', 'Kelas Excel Batch 2')])).json()).toMatchObject({ campaigns: 0 });

    const history = await sql<{ action: string }>`
      select action from audit_log where entity = 'ad_campaigns' and entity_id = ${String(created.id)}
      order by id`.execute(testDb.database.db);
    expect(history.rows.map((row) => row.action)).toEqual(['create', 'update']);

    const deleted = await client().request({
      method: 'DELETE',
      url: `/api/resources/ad_campaigns/${created.id}?version=2`,
      token: writer,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await upload([day('2026-11-05', 'Kelas Excel Batch 3')])).json()).toMatchObject({ campaigns: 0 });
    expect(await campaign('120219000000000003')).toBeUndefined();
  });

  it('staff link the product of a campaign from Meta; a staff-entered one still needs product, account and objective', async () => {
    const fixture = await intakeFixture(testDb.database);
    await upload([
      line('2026-11-06', '120219000000000004', 'Ebook Resep', '120219000000000041', '120219000000000411'),
    ]);
    const fromMeta = (await campaign('120219000000000004'))!;
    const linked = await api('PATCH', `/api/resources/ad_campaigns/${fromMeta.id}`, {
      product_id: fixture.productId,
      objective: 'OUTCOME_SALES',
      version: fromMeta.version,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ product_id: fixture.productId, origin: 'meta' });
    // Origin is the server's to set.
    const forged = await api('PATCH', `/api/resources/ad_campaigns/${fromMeta.id}`, {
      origin: 'staff',
      version: fromMeta.version + 1,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fields).toHaveProperty('origin');

    const missing = await api('POST', '/api/resources/ad_campaigns', {
      name: 'No product',
      campaign_id: '120219000000000005',
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['ad_account_id', 'objective', 'product_id']);
    const smuggled = await api('POST', '/api/resources/ad_campaigns', {
      name: 'Claims to be from Meta',
      campaign_id: '120219000000000006',
      origin: 'meta',
    });
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json().fields).toHaveProperty('origin');
  });

  it('migration 771 turns campaigns already in uploaded insights into rows, leaving the demo seed alone', async () => {
    await sql`
      insert into ad_insights_daily (date, account_id, campaign_id, campaign_name, ad_id, source)
      values ('2026-10-01', 'act_5647382910', '120219000000000007', 'Old name', '120219000000000711', 'upload'),
        ('2026-10-05', 'act_5647382910', '120219000000000007', 'Newest name', '120219000000000712', 'api'),
        ('2026-10-05', null, '120219000000000008', 'Seeded', '120219000000000811', 'seed'),
        ('2026-10-05', null, 'C1', 'Not a Meta id', 'A1', 'upload')`.execute(testDb.database.db);
    await sql.raw(INTAKE_V771.join(';\n')).execute(testDb.database.db);
    expect(await campaign('120219000000000007')).toMatchObject({
      name: 'Newest name',
      ad_account_id: 'act_5647382910',
      start_date: '2026-10-01',
      origin: 'meta',
      product_id: null,
    });
    expect(await campaign('120219000000000008')).toBeUndefined();
    const notMeta = await sql<{ n: string }>`
      select count(*) as n from ad_campaigns where campaign_id = 'C1'`.execute(testDb.database.db);
    expect(Number(notMeta.rows[0]!.n)).toBe(0);
  });
});
