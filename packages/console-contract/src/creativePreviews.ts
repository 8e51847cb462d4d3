import { z } from 'zod';

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

const httpUrl = z
  .string()
  .max(2000)
  .regex(/^https?:\/\//);

export const creativePreviewSchema = z.object({
  /** The Master Ad Creative record's id. */
  id: z.string(),
  /** Meta's creative id; null for a draft without one. */
  creative_id: z.string().nullable(),
  kind: z.enum(CREATIVE_PREVIEW_KINDS),
  source: z.enum(CREATIVE_PREVIEW_SOURCES),
  /** Small picture for a table cell. */
  thumbnail_url: httpUrl.nullable(),
  /** The big picture: the image, or the video's poster frame. */
  preview_url: httpUrl.nullable(),
  video_id: z.string().nullable(),
  title: z.string().nullable(),
  body: z.string().nullable(),
  call_to_action_type: z.string().nullable(),
  /** When Meta last answered for this creative (ISO); null when never. */
  fetched_at: z.string().nullable(),
  /** Meta's refusal on the last try, when the last try failed. */
  last_error: z.string().nullable(),
});
export type CreativePreview = z.infer<typeof creativePreviewSchema>;

export const creativePreviewListSchema = z.object({ data: z.array(creativePreviewSchema) });

/** `?ids=1,2,3`: the records of a list page. */
export const creativePreviewsQuerySchema = z.object({
  ids: z
    .string()
    .max(2000)
    .transform((text) => text.split(',').filter((part) => part !== ''))
    .pipe(
      z
        .array(z.string().regex(/^\d{1,15}$/, 'Must be a list of row ids'))
        .min(1, 'Must be a list of row ids')
        .max(CREATIVE_PREVIEW_IDS_MAX, `At most ${CREATIVE_PREVIEW_IDS_MAX} ids`),
    ),
});

export const creativePreviewParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/, 'Not a row id') });
