import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { auditEndpoints, operationsEndpoints, pageKey } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { RouteModuleDeps } from '../http.js';
import { implement } from '../pageRoutes.js';
import { languageOf } from '../preferences/routes.js';
import type { Realtime } from '../realtime.js';
import { pushResourceChanges } from '../resources/push.js';
import { auditCsv, auditFacets, listAudit } from './audit.js';
import type { LocalJobRuns } from './jobStats.js';
import { failedItems, operationsOverview, replayItem } from './service.js';

export interface OperationsRoutesOptions extends RouteModuleDeps {
  db: Kysely<Database>;
  realtime: Realtime;
  /** This process in the node registry. */
  nodeId: string;
  /** The heartbeat's period (main.ts's CONSOLE_HEARTBEAT_SECONDS): a node is connected within three of them. */
  heartbeatMs: number;
  localJobs: LocalJobRuns;
}

/** The administrator's key, as the endpoints declare it. */
const ADMIN_KEY = pageKey('operations');
/** The topic the operator's page reloads on (a replay); its readers hold the administrator's key. */
const OPERATIONS_TOPIC = operationsEndpoints.overview.topic ?? 'operations';

/** The operator's page and the audit page (issue #29): read with the administrator's key, replay with write. */
export function registerOperationsRoutes(options: OperationsRoutesOptions): void {
  const { route, db, clock, sessionOf } = options;

  implement(route, operationsEndpoints.overview, async () =>
    operationsOverview(db, {
      nodeId: options.nodeId,
      heartbeatMs: options.heartbeatMs,
      localJobs: options.localJobs.list(),
      now: clock(),
    }),
  );

  implement(route, operationsEndpoints.failedItems, async (_request, _reply, { params, query }) =>
    failedItems(db, params.outbox, query.limit),
  );

  implement(route, operationsEndpoints.replay, async (request, _reply, { params }) => {
    const replayed = await replayItem(
      db,
      params.outbox,
      params.id,
      { id: sessionOf(request).userId, ip: request.ip ?? null },
      clock(),
    );
    // Other open operator pages reload; a failure to push is not the replay's.
    await pushResourceChanges(db, options.realtime, { permissionKey: ADMIN_KEY }, [
      { entity: OPERATIONS_TOPIC, id: params.id, action: 'update', version: 1 },
    ]).catch((error: unknown) => request.log.warn({ err: error }, 'operations push failed'));
    return { replayed };
  });

  implement(route, auditEndpoints.list, async (_request, _reply, { query }) => {
    const { page, page_size: pageSize, ...filters } = query;
    return listAudit(db, filters, page, pageSize);
  });

  implement(route, auditEndpoints.facets, async () => auditFacets(db));

  implement(route, auditEndpoints.export, async (request, reply, { query }) => {
    const language = await languageOf(db, sessionOf(request).userId);
    const day = clock().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
      .send(Readable.from(auditCsv(db, query, language)));
  });
}
