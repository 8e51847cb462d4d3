// Master Ad Creative's thumbnails and "Refresh from Meta" (issue #32): the Marketing API adapter against the fake
// Graph API, the cache, the daily job and the permission. Plain SQL and HTTP: one engine, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { CreativePreview } from '@staff/console-contract';
import { fetchMetaCreative } from '../src/creatives/metaCreative.js';
import { refreshStaleCreatives } from '../src/creatives/previews.js';
import { CREATIVE_REFRESH_JOB } from '../src/creatives/routes.js';
import { type FakeGraph, startFakeGraph } from './fakes/graph.js';
import {
  Client,
  ONE_ENGINE,
  type TestDatabase,
  openTestDatabase,
  testServer,
  userWithKeys,
} from './support/harness.js';

const TOKEN = 'EAAG-creative-token-0123456789';
const KEY = 'databank_mayar_accounts';
let serial = 0;
/** A numeric creative id of this run, odd (an image creative on the fake) or even (a video one). */
const creativeId = (kind: 'image' | 'video') => {
  serial += 1;
  const base = 990_000_000_000_000n + BigInt(Date.now() % 1_000_000) * 1_000n + BigInt(serial) * 2n;
  return String(kind === 'image' ? base + 1n : base);
};

describe.each(ONE_ENGINE)('creative previews on %s', (engine) => {
  let testDb: TestDatabase;
  let graph: FakeGraph;
  let app: FastifyInstance;
  let admin: string;
  let productId: string;

  const insertCreative = async (values: {
    creative_id: string;
    format?: string;
    image_url?: string | null;
    thumbnail_url?: string | null;
  }) => {
    const row = await sql<{ id: string }>`
      insert into master_ad_creatives (name, creative_id, format, product_id, status, image_url, thumbnail_url)
      values (${`Kreatif ${values.creative_id}`}, ${values.creative_id}, ${values.format ?? 'image'}, ${productId},
        'ACTIVE', ${values.image_url ?? null}, ${values.thumbnail_url ?? null})
      returning id`.execute(testDb.database.db);
    return String(row.rows[0]!.id);
  };
  const preview = async (id: string, token = admin) =>
    new Client(app).get(`/api/creative-previews/${id}`, token);
  const refresh = (id: string, token = admin) =>
    new Client(app).request({ method: 'POST', url: `/api/creative-previews/${id}/refresh`, token });

  beforeAll(async () => {
    testDb = await openTestDatabase(engine, { demoRows: 0.1 });
    graph = await startFakeGraph({ accessToken: TOKEN, slowMs: 3_000 });
    app = await testServer(testDb.database, {
      intake: { metaGraphUrl: graph.url, reconcileEveryMinutes: false, metaPullEveryMs: false },
    });
    admin = await new Client(app).token('admin');
    productId = String(
      (await sql<{ id: string }>`select id from products order by id limit 1`.execute(testDb.database.db))
        .rows[0]!.id,
    );
    // The token comes from "Pull from Meta"'s ad accounts.
    const account = await new Client(app).request({
      method: 'POST',
      url: '/api/ad-insights/pull/accounts',
      token: admin,
      payload: { name: 'Creatives', ad_account_id: 'act_7788990011', access_token: TOKEN },
    });
    expect(account.statusCode).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await graph?.close();
    await testDb?.close();
  });

  describe('the Marketing API adapter', () => {
    it('reads an image creative and a video creative (poster and video id from the story spec)', async () => {
      const image = creativeId('image');
      const video = creativeId('video');
      const readImage = await fetchMetaCreative(image, TOKEN, { baseUrl: graph.url });
      const readVideo = await fetchMetaCreative(video, TOKEN, { baseUrl: graph.url });
      expect(readImage).toMatchObject({
        ok: true,
        creative: {
          image_url: `${graph.url}/creative-images/${image}.svg`,
          thumbnail_url: `${graph.url}/creative-images/${image}-thumb.svg`,
          video_id: null,
          call_to_action_type: 'SHOP_NOW',
        },
      });
      expect(readVideo).toMatchObject({
        ok: true,
        creative: {
          image_url: null,
          video_poster_url: `${graph.url}/creative-images/${video}.svg`,
          video_id: `9${video.slice(-9)}`,
        },
      });
      // The fields asked for are the issue's.
      expect(graph.creatives.calls).toEqual(expect.arrayContaining([image, video]));
    });

    it("answers Meta's refusal as a value: an unknown creative, a bad token", async () => {
      const missing = creativeId('image');
      graph.creatives.missing.add(missing);
      const unknown = await fetchMetaCreative(missing, TOKEN, { baseUrl: graph.url });
      expect(unknown).toMatchObject({ ok: false, kind: 'refused' });
      expect(unknown.ok ? '' : unknown.detail).toMatch(/does not exist.*\(code 100\)$/);
      const badToken = await fetchMetaCreative(creativeId('image'), 'wrong', { baseUrl: graph.url });
      expect(badToken).toMatchObject({ ok: false, kind: 'refused' });
      expect(badToken.ok ? '' : badToken.detail).toContain('(code 190)');
    });

    it('gives up after its time-out when Meta is slow', async () => {
      graph.creatives.slow = true;
      try {
        const result = await fetchMetaCreative(creativeId('image'), TOKEN, {
          baseUrl: graph.url,
          timeoutMs: 200,
        });
        expect(result).toMatchObject({ ok: false, kind: 'timeout', seconds: 1 });
      } finally {
        graph.creatives.slow = false;
      }
    });

    it('answers unreachable when nothing listens at the Graph URL', async () => {
      const result = await fetchMetaCreative(creativeId('image'), TOKEN, { baseUrl: 'http://127.0.0.1:9' });
      expect(result).toMatchObject({ ok: false, kind: 'unreachable' });
    });
  });

  describe('previews and the cache', () => {
    it("shows the record's own URLs first, Meta's once refreshed, and keeps Meta's answer in the cache", async () => {
      const metaId = creativeId('image');
      const bare = await insertCreative({ creative_id: metaId });
      const own = await insertCreative({
        creative_id: creativeId('video'),
        format: 'video',
        thumbnail_url: 'https://scontent.example.net/thumb/own.jpg',
      });
      expect((await preview(bare)).json()).toMatchObject({
        id: bare,
        creative_id: metaId,
        kind: 'none',
        source: 'none',
        thumbnail_url: null,
        fetched_at: null,
      });
      const refreshed = await refresh(bare);
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json()).toMatchObject({
        kind: 'image',
        source: 'meta',
        thumbnail_url: `${graph.url}/creative-images/${metaId}-thumb.svg`,
        preview_url: `${graph.url}/creative-images/${metaId}.svg`,
        title: `Promo kreatif ${metaId.slice(-4)}`,
        last_error: null,
      });
      const cached = await sql<{ object_story_spec: { link_data?: unknown }; fetched_at: Date | null }>`
        select object_story_spec, fetched_at from meta_creative_cache where creative_id = ${metaId}`.execute(
        testDb.database.db,
      );
      expect(cached.rows[0]?.object_story_spec.link_data).toBeTruthy();
      expect(cached.rows[0]?.fetched_at).not.toBeNull();
      // The refresh is audited with what Meta answered, in the cache's transaction.
      const audit = await sql<{ actor_id: number | null }>`
        select actor_id from audit_log where entity = 'meta_creative_cache' and entity_id = ${metaId}
        and action = 'refresh'`.execute(testDb.database.db);
      expect(audit.rows).toHaveLength(1);

      const list = await new Client(app).get(`/api/creative-previews?ids=${own},${bare},999999999`, admin);
      expect(list.statusCode).toBe(200);
      const data = (list.json() as { data: CreativePreview[] }).data;
      expect(data.map((row) => [row.id, row.kind, row.source])).toEqual([
        [own, 'video', 'record'],
        [bare, 'image', 'meta'],
      ]);
      expect(data[0]!.preview_url).toBe('https://scontent.example.net/thumb/own.jpg');
    });

    it("keeps the last good answer when Meta refuses, answers 502 with Meta's words, 504 on a time-out", async () => {
      const metaId = creativeId('image');
      const id = await insertCreative({ creative_id: metaId });
      expect((await refresh(id)).statusCode).toBe(200);
      graph.creatives.missing.add(metaId);
      const refused = await refresh(id);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({
        code: 'META_REFUSED',
        message: expect.stringMatching(/^Meta refused: /),
      });
      const after = (await preview(id)).json() as CreativePreview;
      expect(after).toMatchObject({ kind: 'image', source: 'meta' });
      expect(after.last_error).toMatch(/^Meta refused: .*does not exist/);

      const slowId = await insertCreative({ creative_id: creativeId('image') });
      const impatient = await testServer(testDb.database, {
        intake: { metaGraphUrl: graph.url, reconcileEveryMinutes: false, metaPullEveryMs: false },
        creatives: { timeoutMs: 200 },
      });
      graph.creatives.slow = true;
      try {
        const late = await new Client(impatient).request({
          method: 'POST',
          url: `/api/creative-previews/${slowId}/refresh`,
          token: admin,
        });
        expect(late.statusCode).toBe(504);
        expect(late.json()).toMatchObject({
          code: 'META_TIMEOUT',
          message: 'Meta did not answer within 1 seconds',
        });
      } finally {
        graph.creatives.slow = false;
        await impatient.close();
      }
      const timedOut = (await preview(slowId)).json() as CreativePreview;
      expect(timedOut.last_error).toBe('Meta did not answer within 1 seconds');
    }, 60_000);

    it('leaves a draft without a Meta creative id to the placeholder and refuses to refresh it (409)', async () => {
      const draft = await insertCreative({ creative_id: '' });
      expect((await preview(draft)).json()).toMatchObject({ kind: 'none', creative_id: null });
      const refused = await refresh(draft);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'NO_CREATIVE_ID' });
    });

    it('names the ids field on bad input (400), and answers 404 for a record that does not exist', async () => {
      const bad = await new Client(app).get('/api/creative-previews?ids=1,abc', admin);
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('ids');
      expect((await preview('999999999999')).statusCode).toBe(404);
    });
  });

  describe('permission', () => {
    it('reads with read access, refreshes only with write access, nothing without the key', async () => {
      const id = await insertCreative({ creative_id: creativeId('image') });
      const reader = await new Client(app).token(
        await userWithKeys(testDb.database, [{ key: KEY, read: true }]),
      );
      const stranger = await new Client(app).token(
        await userWithKeys(testDb.database, [{ key: 'ad_daily_tracker', read: true }]),
      );
      expect((await preview(id, reader)).statusCode).toBe(200);
      expect((await refresh(id, reader)).statusCode).toBe(403);
      expect((await preview(id, stranger)).statusCode).toBe(403);
      expect((await new Client(app).get(`/api/creative-previews?ids=${id}`, stranger)).statusCode).toBe(403);
      expect((await refresh(id, stranger)).statusCode).toBe(403);
    });
  });

  describe('the daily refresh', () => {
    it('refreshes every live creative once, skips fresh ones, and records failures per creative', async () => {
      const failing = creativeId('image');
      graph.creatives.missing.add(failing);
      await insertCreative({ creative_id: failing });
      const now = () => new Date();
      const first = await refreshStaleCreatives(testDb.database.db, { graph: { baseUrl: graph.url }, now });
      expect(first.failed).toBeGreaterThanOrEqual(1);
      expect(first.refreshed).toBeGreaterThan(0);
      expect(first.skipped).toBe(0);
      const uncached = await sql<{ n: string }>`
        select count(*) as n from master_ad_creatives r
        where r.deleted_at is null and r.creative_id ~ '^[0-9]{1,30}$'
          and not exists (select 1 from meta_creative_cache c where c.creative_id = r.creative_id)`.execute(
        testDb.database.db,
      );
      expect(Number(uncached.rows[0]!.n)).toBe(0);
      const failed = await sql<{ last_error: string | null; failures: number }>`
        select last_error, failures from meta_creative_cache where creative_id = ${failing}`.execute(
        testDb.database.db,
      );
      expect(failed.rows[0]).toMatchObject({
        failures: 1,
        last_error: expect.stringMatching(/^Meta refused/),
      });
      // Everything was tried just now: a second run has nothing to do.
      expect(await refreshStaleCreatives(testDb.database.db, { graph: { baseUrl: graph.url }, now })).toEqual(
        { refreshed: 0, failed: 0, skipped: 0 },
      );
      // A day later, everything is due again.
      const later = await refreshStaleCreatives(testDb.database.db, {
        graph: { baseUrl: graph.url },
        now: () => new Date(Date.now() + 25 * 3_600_000),
        limit: 3,
      });
      expect(later.refreshed + later.failed).toBe(3);
    }, 120_000);

    it('runs once across two nodes with workers, through the job lease', async () => {
      const nodes = await Promise.all(
        [1, 2].map(() =>
          testServer(testDb.database, {
            intake: {
              workers: true,
              metaGraphUrl: graph.url,
              reconcileEveryMinutes: false,
              metaPullEveryMs: false,
            },
          }),
        ),
      );
      try {
        let lease: { runs: string; last_finished_at: Date | null } | undefined;
        for (let look = 0; look < 600; look += 1) {
          lease = (
            await sql<{ runs: string; last_finished_at: Date | null }>`
              select runs, last_finished_at from job_leases where name = ${CREATIVE_REFRESH_JOB}`.execute(
              testDb.database.db,
            )
          ).rows[0];
          if (lease?.last_finished_at) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(lease?.last_finished_at).toBeTruthy();
        expect(Number(lease?.runs)).toBe(1);
      } finally {
        await Promise.all(nodes.map((node) => node.close()));
      }
    }, 120_000);
  });
});
