import { z } from './zod.js';

/**
 * What the console shows of an ad creative (Master Ad Creative, issue #32): a small thumbnail for lists and the
 * report, and a preview (the image, or the video's poster) for the record panel. The creative's own URLs win;
 * what Meta's Marketing API answered for its creative id (cached by the server, refreshed daily) fills the gaps.
 */
export const CREATIVE_PREVIEW_KINDS = ['image', 'video', 'none'] as const;
export type CreativePreviewKind = (typeof CREATIVE_PREVIEW_KINDS)[number];

/** Where the URLs came from: the record itself, the cached Meta answer, or nowhere (a draft, nothing known). */
export const CREATIVE_PREVIEW_SOURCES = ['record', 'meta', 'none'] as const;
export type CreativePreviewSource = (typeof CREATIVE_PREVIEW_SOURCES)[number];

/** How many records one `GET /api/creative-previews?ids=` answers for (a list page at most). */
export const CREATIVE_PREVIEW_IDS_MAX = 100;

const httpUrl = z.string().check(z.maxLength(2000), z.regex(/^https?:\/\//));

export const creativePreviewSchema = z.object({
  /** The Master Ad Creative record's id. */
  id: z.string(),
  /** Meta's creative id; null for a draft without one. */
  creative_id: z.nullable(z.string()),
  kind: z.enum(CREATIVE_PREVIEW_KINDS),
  source: z.enum(CREATIVE_PREVIEW_SOURCES),
  /** Small picture for a table cell. */
  thumbnail_url: z.nullable(httpUrl),
  /** The big picture: the image, or the video's poster frame. */
  preview_url: z.nullable(httpUrl),
  video_id: z.nullable(z.string()),
  title: z.nullable(z.string()),
  body: z.nullable(z.string()),
  call_to_action_type: z.nullable(z.string()),
  /** When Meta last answered for this creative (ISO); null when never. */
  fetched_at: z.nullable(z.string()),
  /** Meta's refusal on the last try, when the last try failed. */
  last_error: z.nullable(z.string()),
});
export type CreativePreview = z.infer<typeof creativePreviewSchema>;

export const creativePreviewListSchema = z.object({ data: z.array(creativePreviewSchema) });

/** `?ids=1,2,3`: the records of a list page. */
export const creativePreviewsQuerySchema = z.object({
  ids: z.pipe(
    z.pipe(
      z.string().check(z.maxLength(2000)),
      z.transform((text) => text.split(',').filter((part) => part !== '')),
    ),
    z
      .array(z.string().check(z.regex(/^\d{1,15}$/, 'Must be a list of row ids')))
      .check(
        z.minLength(1, 'Must be a list of row ids'),
        z.maxLength(CREATIVE_PREVIEW_IDS_MAX, `At most ${CREATIVE_PREVIEW_IDS_MAX} ids`),
      ),
  ),
});

export const creativePreviewParamsSchema = z.object({
  id: z.string().check(z.regex(/^\d{1,15}$/, 'Not a row id')),
});
