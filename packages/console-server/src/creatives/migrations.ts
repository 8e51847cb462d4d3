import { sql } from 'kysely';
import type { Migration } from '../db/migration.js';

/**
 * Versions 815–819 (issue #32): what Meta's Marketing API answered for each ad creative id, so Master Ad Creative
 * and the Ad Creative report show thumbnails without asking Meta on every page. Keyed by Meta's creative id (not
 * the record): two records of one creative share one answer. A failed refresh keeps the last good answer.
 */
export const CREATIVE_PREVIEW_MIGRATIONS: readonly Migration[] = [
  {
    version: 815,
    name: 'Meta ad creative cache (thumbnails, image, copy, story spec)',
    up: async (db) => {
      await sql`
        create table meta_creative_cache (
          creative_id text primary key check (creative_id ~ '^[0-9]{1,30}$'),
          thumbnail_url text,
          image_url text,
          video_id text,
          video_poster_url text,
          title text,
          body text,
          call_to_action_type text,
          object_story_spec jsonb,
          fetched_at timestamptz,
          tried_at timestamptz not null default now(),
          last_error text,
          failures integer not null default 0
        )`.execute(db);
      // The daily refresh takes the longest-untried first.
      await sql`create index meta_creative_cache_tried on meta_creative_cache (tried_at)`.execute(db);
    },
  },
];
