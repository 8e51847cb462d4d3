/**
 * Master Ad Creative's thumbnails and previews (issue #32): the record's own URLs first, then what Meta answered for
 * its creative id (meta_creative_cache). Refreshing asks Meta through the adapter with the token of the creative's
 * ad account (its campaign's), else the first enabled ad account of "Pull from Meta".
 */
import { type Kysely, sql } from 'kysely';
import type { CreativePreview } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { readSecret } from '../secrets/index.js';
import {
  type CreativeFetch,
  type CreativeGraphOptions,
  type MetaCreative,
  fetchMetaCreative,
} from './metaCreative.js';

interface PreviewRow {
  id: string | number;
  creative_id: string | null;
  format: string | null;
  image_url: string | null;
  thumbnail_url: string | null;
  video_id: string | null;
  title: string | null;
  body: string | null;
  call_to_action_type: string | null;
  c_thumbnail_url: string | null;
  c_image_url: string | null;
  c_video_id: string | null;
  c_video_poster_url: string | null;
  c_title: string | null;
  c_body: string | null;
  c_call_to_action_type: string | null;
  fetched_at: Date | string | null;
  last_error: string | null;
}

const PREVIEW_COLUMNS = sql`r.id, r.creative_id, r.format, r.image_url, r.thumbnail_url, r.video_id, r.title, r.body,
  r.call_to_action_type, c.thumbnail_url as c_thumbnail_url, c.image_url as c_image_url, c.video_id as c_video_id,
  c.video_poster_url as c_video_poster_url, c.title as c_title, c.body as c_body,
  c.call_to_action_type as c_call_to_action_type, c.fetched_at, c.last_error`;

const first = (...values: (string | null)[]) => values.find((value) => value) ?? null;
const isUrl = (value: string | null) => (value && /^https?:\/\//.test(value) ? value : null);

/** One record and its cached Meta answer → what the app shows. */
export function toPreview(row: PreviewRow): CreativePreview {
  const own = { thumb: isUrl(row.thumbnail_url), image: isUrl(row.image_url) };
  const meta = {
    thumb: row.c_thumbnail_url,
    image: row.c_image_url,
    poster: row.c_video_poster_url,
  };
  const videoId = first(row.video_id, row.c_video_id);
  const video = row.format === 'video' || videoId !== null;
  // A video shows its poster frame; an image its picture. Each side's own URL before Meta's.
  const ownPreview = video ? first(own.thumb, own.image) : first(own.image, own.thumb);
  const metaPreview = video ? first(meta.poster, meta.thumb, meta.image) : first(meta.image, meta.thumb);
  const preview = ownPreview ?? metaPreview;
  const thumbnail = first(own.thumb, own.image) ?? first(meta.thumb, meta.image, meta.poster);
  return {
    id: String(row.id),
    creative_id: row.creative_id || null,
    kind: preview === null && thumbnail === null ? 'none' : video ? 'video' : 'image',
    source: ownPreview ? 'record' : preview || thumbnail ? 'meta' : 'none',
    thumbnail_url: thumbnail,
    preview_url: preview ?? thumbnail,
    video_id: videoId,
    title: first(row.title, row.c_title),
    body: first(row.body, row.c_body),
    call_to_action_type: first(row.call_to_action_type, row.c_call_to_action_type),
    fetched_at: row.fetched_at ? new Date(row.fetched_at).toISOString() : null,
    last_error: row.last_error,
  };
}

/** The previews of these records, in the order asked; ids with no record are left out. */
export async function readPreviews(db: Kysely<Database>, ids: readonly string[]): Promise<CreativePreview[]> {
  if (ids.length === 0) return [];
  const rows = await sql<PreviewRow>`
    select ${PREVIEW_COLUMNS}
    from master_ad_creatives r left join meta_creative_cache c on c.creative_id = r.creative_id
    where r.id in (${sql.join(ids.map((id) => sql`${id}::bigint`))})`.execute(db);
  const byId = new Map(rows.rows.map((row) => [String(row.id), toPreview(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function readPreview(db: Kysely<Database>, id: string): Promise<CreativePreview | null> {
  return (await readPreviews(db, [id]))[0] ?? null;
}

/**
 * The access token for a creative: its campaign's ad account's when that account is set up in "Pull from Meta",
 * else the first enabled account's (one business usually shares a system user's token).
 */
export async function tokenFor(db: Kysely<Database>, creativeId: string): Promise<string | null> {
  const row = (
    await sql<{ access_token: string }>`
      select a.access_token from meta_ad_accounts a
      left join lateral (
        select ac.ad_account_id from master_ad_creatives r join ad_campaigns ac on ac.id = r.ad_campaign_id
        where r.creative_id = ${creativeId} and r.deleted_at is null limit 1
      ) own on true
      order by (a.ad_account_id = own.ad_account_id) desc nulls last, a.pull_enabled desc, a.id
      limit 1`.execute(db)
  ).rows[0];
  return row ? readSecret(row.access_token) : null;
}

/** Keeps Meta's answer for a creative (a success replaces all; the error is cleared). */
export async function cacheSuccess(
  db: Kysely<Database>,
  creativeId: string,
  creative: MetaCreative,
  now: Date,
): Promise<void> {
  await sql`
    insert into meta_creative_cache (creative_id, thumbnail_url, image_url, video_id, video_poster_url, title, body,
      call_to_action_type, object_story_spec, fetched_at, tried_at, last_error, failures)
    values (${creativeId}, ${creative.thumbnail_url}, ${creative.image_url}, ${creative.video_id},
      ${creative.video_poster_url}, ${creative.title}, ${creative.body}, ${creative.call_to_action_type},
      ${creative.object_story_spec === null ? null : JSON.stringify(creative.object_story_spec)}::jsonb,
      ${now}, ${now}, null, 0)
    on conflict (creative_id) do update set thumbnail_url = excluded.thumbnail_url, image_url = excluded.image_url,
      video_id = excluded.video_id, video_poster_url = excluded.video_poster_url, title = excluded.title,
      body = excluded.body, call_to_action_type = excluded.call_to_action_type,
      object_story_spec = excluded.object_story_spec, fetched_at = excluded.fetched_at,
      tried_at = excluded.tried_at, last_error = null, failures = 0`.execute(db);
}

/** A failed try: the last good answer stays; the error and the time of the try are kept. */
export async function cacheFailure(
  db: Kysely<Database>,
  creativeId: string,
  error: string,
  now: Date,
): Promise<void> {
  await sql`
    insert into meta_creative_cache (creative_id, tried_at, last_error, failures)
    values (${creativeId}, ${now}, ${error}, 1)
    on conflict (creative_id) do update set tried_at = excluded.tried_at, last_error = excluded.last_error,
      failures = meta_creative_cache.failures + 1`.execute(db);
}

/** The words kept in the cache (and shown) for a failed call. */
export function fetchErrorText(result: Extract<CreativeFetch, { ok: false }>): string {
  if (result.kind === 'timeout') return `Meta did not answer within ${result.seconds ?? 10} seconds`;
  if (result.kind === 'unreachable') return `Meta Graph API unreachable: ${result.detail}`;
  return `Meta refused: ${result.detail}`;
}

export interface RefreshOptions {
  graph: CreativeGraphOptions;
  now: () => Date;
  /** Creatives tried less than this long ago are left alone; default 20 hours. */
  staleAfterMs?: number;
  /** At most this many creatives per run; default 500. */
  limit?: number;
}

export interface RefreshCounts {
  refreshed: number;
  failed: number;
  /** Left for the next run: no ad account with a token is set up. */
  skipped: number;
}

/**
 * The daily refresh: every live creative id with no cached answer, or one tried longer ago than `staleAfterMs`,
 * the longest-untried first, one call each. Failures are kept per creative and never stop the run.
 */
export async function refreshStaleCreatives(
  db: Kysely<Database>,
  options: RefreshOptions,
): Promise<RefreshCounts> {
  const now = options.now();
  const staleBefore = new Date(now.getTime() - (options.staleAfterMs ?? 20 * 3_600_000));
  const due = await sql<{ creative_id: string }>`
    select r.creative_id from (
      select distinct creative_id from master_ad_creatives
      where deleted_at is null and creative_id ~ '^[0-9]{1,30}$'
    ) r left join meta_creative_cache c on c.creative_id = r.creative_id
    where c.creative_id is null or c.tried_at < ${staleBefore}
    order by c.tried_at nulls first, r.creative_id
    limit ${options.limit ?? 500}`.execute(db);
  const counts: RefreshCounts = { refreshed: 0, failed: 0, skipped: 0 };
  for (const { creative_id: creativeId } of due.rows) {
    const token = await tokenFor(db, creativeId);
    if (!token) {
      counts.skipped += 1;
      continue;
    }
    const result = await fetchMetaCreative(creativeId, token, options.graph);
    if (result.ok) {
      await cacheSuccess(db, creativeId, result.creative, options.now());
      counts.refreshed += 1;
    } else {
      await cacheFailure(db, creativeId, fetchErrorText(result), options.now());
      counts.failed += 1;
    }
  }
  return counts;
}
