import { z } from './zod.js';
import type { PermissionKey } from './permissions.js';
import { resourceRoutes, routeOpensFor } from './routes.js';

/** Shorter queries would match most rows of every entity (and trigram indexes need two characters). */
export const SEARCH_MIN_LENGTH = 2;
/** Rows per entity in one answer: the palette shows a few, the entity's list shows the rest. */
export const SEARCH_ROWS_PER_ENTITY = 5;

/** `GET /api/search?q=`: the records the caller may read whose title or search fields contain every word of `q`. */
export const searchQuerySchema = z.object({
  q: z
    .string({ message: `Search needs at least ${SEARCH_MIN_LENGTH} characters` })
    .check(
      z.trim(),
      z.minLength(SEARCH_MIN_LENGTH, { message: `Search needs at least ${SEARCH_MIN_LENGTH} characters` }),
      z.maxLength(100, { message: 'Search is at most 100 characters' }),
    ),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  entity: z.string(),
  /** The entity's plural label, the heading of its rows. */
  entity_label: z.string(),
  id: z.number().check(z.int()),
  /** What names the row (its title field, or title fields joined with " · "). */
  title: z.string(),
  /** The app path that shows the row: its entity's list page filtered to this id. */
  path: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResponseSchema = z.object({
  q: z.string(),
  /** Entities searched (the ones the caller may read), so "nothing found" is told from "nothing searchable". */
  entities: z.array(z.string()),
  hits: z.array(searchHitSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * The app path that shows one row: the first list page of its entity the reader may open (a page without a
 * preset first, so the row is not hidden by the preset's filter), filtered to the row's id.
 * @example recordPath('companies', 12, () => true) // '/app/companies/?f.id.eq=12'
 */
export function recordPath(
  entity: string,
  id: number,
  canReadKey: (key: PermissionKey) => boolean,
): string | null {
  const pages = resourceRoutes(entity).filter((route) => routeOpensFor(route, canReadKey));
  const page =
    pages.find((route) => route.page.kind === 'resource' && !route.page.preset) ?? pages.at(0) ?? null;
  return page ? `${page.path}?f.id.eq=${id}` : null;
}
