/**
 * Master Ad Creative's previews (issue #32): thumbnails of a list page, one record's preview, "Refresh from Meta",
 * and the daily refresh of Meta's answers, run once across nodes (job_leases).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { creativePreviewsEndpoints } from '@staff/console-contract';
import { HttpError, type RouteModuleDeps } from '../http.js';
import { implement } from '../pageRoutes.js';
import { scheduleOnce } from '../jobs/runOnce.js';
import { writeAudit } from '../services/audit.js';
import type { CreativeGraphOptions } from './metaCreative.js';
import { fetchMetaCreative } from './metaCreative.js';
import {
  cacheFailure,
  cacheSuccess,
  fetchErrorText,
  readPreview,
  readPreviews,
  refreshStaleCreatives,
  tokenFor,
} from './previews.js';

export interface CreativePreviewOptions {
  graph: CreativeGraphOptions;
  /** Run the daily refresh in this process (the server does when its intake workers run; tests drive it). */
  schedule?: boolean;
  /** How often the refresh runs across nodes; default once a day. */
  refreshEveryMs?: number;
}

export const CREATIVE_REFRESH_JOB = 'meta-creatives:refresh';

export function registerCreativePreviewRoutes(
  app: FastifyInstance,
  deps: RouteModuleDeps & { options: CreativePreviewOptions },
): void {
  const { route, sessionOf, clock, options } = deps;
  const db = () => app.database.db;

  implement(route, creativePreviewsEndpoints.list, async (_request, _reply, { query }) => ({
    data: await readPreviews(db(), query.ids),
  }));

  implement(route, creativePreviewsEndpoints.get, async (_request, _reply, { params }) => {
    const preview = await readPreview(db(), params.id);
    if (!preview) throw new HttpError(404, 'Creative not found', 'NOT_FOUND');
    return preview;
  });

  implement(route, creativePreviewsEndpoints.refresh, async (request: FastifyRequest, _reply, { params }) => {
    const before = await readPreview(db(), params.id);
    if (!before) throw new HttpError(404, 'Creative not found', 'NOT_FOUND');
    const creativeId = before.creative_id;
    if (!creativeId || !/^[0-9]{1,30}$/.test(creativeId))
      throw new HttpError(409, 'This creative has no Meta creative id yet', 'NO_CREATIVE_ID');
    const token = await tokenFor(db(), creativeId);
    if (!token)
      throw new HttpError(
        409,
        'No Meta ad account with an access token is set up (Master Ad Campaign → Pull from Meta)',
        'NO_AD_ACCOUNT',
      );
    // The call to Meta is outside any transaction: a slow Meta never holds a database connection.
    const result = await fetchMetaCreative(creativeId, token, options.graph);
    const userId = sessionOf(request).userId;
    await db()
      .transaction()
      .execute(async (trx) => {
        if (result.ok) await cacheSuccess(trx, creativeId, result.creative, clock());
        else await cacheFailure(trx, creativeId, fetchErrorText(result), clock());
        await writeAudit(trx, {
          actorId: userId,
          action: 'refresh',
          entity: 'meta_creative_cache',
          entityId: creativeId,
          after: result.ok ? result.creative : { error: fetchErrorText(result) },
          ip: request.ip,
        });
      });
    if (!result.ok) {
      if (result.kind === 'timeout')
        throw new HttpError(
          504,
          `Meta did not answer within ${result.seconds ?? 10} seconds`,
          'META_TIMEOUT',
        );
      if (result.kind === 'unreachable')
        throw new HttpError(502, `Meta Graph API unreachable: ${result.detail}`, 'META_UNREACHABLE');
      throw new HttpError(502, `Meta refused: ${result.detail}`, 'META_REFUSED');
    }
    return (await readPreview(db(), params.id))!;
  });

  if (!options.schedule) return;
  let refreshing: ReturnType<typeof scheduleOnce> | null = null;
  app.addHook('onReady', async () => {
    refreshing = scheduleOnce(
      app.database.db,
      { name: CREATIVE_REFRESH_JOB, everyMs: options.refreshEveryMs ?? 24 * 3_600_000 },
      () => refreshStaleCreatives(app.database.db, { graph: options.graph, now: clock }),
      {
        checkEveryMs: 15 * 60_000,
        onRan: (counts) => {
          if (counts.refreshed + counts.failed > 0) app.log.info({ ...counts }, 'Meta creatives refreshed');
        },
        onError: (error) => app.log.warn({ err: error }, 'Meta creative refresh failed'),
      },
    );
  });
  app.addHook('onClose', async () => {
    await refreshing?.stop();
  });
}
