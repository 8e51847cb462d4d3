import {
  creativePreviewListSchema,
  creativePreviewParamsSchema,
  creativePreviewSchema,
  creativePreviewsQuerySchema,
} from '../creativePreviews.js';
import { masterAdCreatives } from '../entities/masterAdCreatives.js';
import { defineEndpoint } from './define.js';

const read = { key: masterAdCreatives.permissionKey, mode: 'read' } as const;
const write = { key: masterAdCreatives.permissionKey, mode: 'write' } as const;

/** Master Ad Creative's thumbnails and previews, and "Refresh from Meta" (same key as the list). */
export const creativePreviewsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/creative-previews',
    tag: 'creative-previews',
    summary:
      "Thumbnails of the given Master Ad Creative records: the record's own URLs, else Meta's cached answer",
    permission: read,
    query: creativePreviewsQuerySchema,
    response: creativePreviewListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/creative-previews/:id',
    tag: 'creative-previews',
    summary: "One creative's preview (image, or the video's poster), copy and when Meta last answered",
    permission: read,
    params: creativePreviewParamsSchema,
    response: creativePreviewSchema,
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/creative-previews/:id/refresh',
    tag: 'creative-previews',
    summary:
      "Refresh from Meta: reads the creative's thumbnail, image, copy and story spec from the Marketing API now and caches them",
    permission: write,
    params: creativePreviewParamsSchema,
    response: creativePreviewSchema,
    errors: [409, 502, 504],
  }),
};
