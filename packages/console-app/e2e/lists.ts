import type { Page, Request } from 'playwright';
import { resourceRoutes, type EntityDef, type RouteDef } from '@staff/console-contract';

/** A resource row as the list answers it. */
export type Row = Record<string, unknown>;

/** The first route that shows the entity's list. */
export function routeOf(def: EntityDef): RouteDef {
  const route = resourceRoutes(def.name)[0];
  if (!route) throw new Error(`no route for ${def.name}`);
  return route;
}

/**
 * The resource list's parts on `page` (read at each call, so a setupConsole handle works): the grid named by the
 * entity's plural label and its body rows (the virtualised rows carry `data-index`).
 */
export function listParts(page: Page) {
  const table = (def: EntityDef) => page.getByRole('grid', { name: def.labelPlural });
  const bodyRows = (def: EntityDef) => table(def).locator('tbody tr[data-index]');
  return { table, bodyRows };
}

/** What `page.waitForResponse` is given: a response's address and its request's method. */
interface SeenResponse {
  url: () => string;
  request: () => { method: () => string };
}

/** A `waitForResponse` predicate: the entity's list answer (GET /api/resources/<name>) whose address passes `test`. */
export const listAnswer =
  (def: EntityDef, test: (url: URL) => boolean = () => true) =>
  (response: SeenResponse): boolean => {
    const url = new URL(response.url());
    return (
      url.pathname === `/api/resources/${def.name}` && response.request().method() === 'GET' && test(url)
    );
  };

/**
 * Every API request `page` makes from now on ("GET /api/…?…"), for a failure message that says what a page asked
 * after an action whose answer never came; `stop()` ends the recording.
 */
export function recordApiRequests(page: Page): { asked: string[]; stop: () => void } {
  const asked: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}${url.search}`);
  };
  page.on('request', onRequest);
  return { asked, stop: () => page.off('request', onRequest) };
}
