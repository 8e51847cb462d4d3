import {
  auditCsvSchema,
  auditExportQuerySchema,
  auditFacetsSchema,
  auditListResponseSchema,
  auditQuerySchema,
  failedItemsQuerySchema,
  failedItemsResponseSchema,
  operationsOverviewSchema,
  outboxItemParamsSchema,
  outboxParamsSchema,
  outboxReplayResponseSchema,
} from '../operations.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** The Operations and Audit Log pages' key (from the route table): the administrator's, as on the Users pages. */
const OPERATIONS_KEY = pageKey('operations');
const read = { key: OPERATIONS_KEY, mode: 'read' } as const;
const write = { key: OPERATIONS_KEY, mode: 'write' } as const;

/** The operator's page (issue #29): the running console, and replaying an outbox's failed items. */
export const operationsEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/operations',
    tag: 'operations',
    summary:
      'The running console: nodes and their heartbeats, background jobs (last run, result, duration, failures), each outbox (depth, oldest age, failures), webhook intake per source over 24 hours, the last backup',
    permission: read,
    response: operationsOverviewSchema,
    topic: 'operations',
  }),
  failedItems: defineEndpoint({
    method: 'GET',
    path: '/api/operations/outboxes/:outbox/failed',
    tag: 'operations',
    summary: "An outbox's failed items, newest first, with the total",
    permission: read,
    params: outboxParamsSchema,
    query: failedItemsQuerySchema,
    response: failedItemsResponseSchema,
  }),
  replay: defineEndpoint({
    method: 'POST',
    path: '/api/operations/outboxes/:outbox/:id/replay',
    tag: 'operations',
    summary:
      'Queues one failed item of an outbox again (pending, attempts reset, due now); audited in the same transaction; 409 when the item has not failed',
    permission: write,
    params: outboxItemParamsSchema,
    response: outboxReplayResponseSchema,
    errors: [409],
  }),
};

/** The audit page: every change across entities, who, when, before and after. */
export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/audit',
    tag: 'audit',
    summary:
      'Audit log entries, newest first, filtered by user, entity, action and a range of Asia/Jakarta days; one page with the total',
    permission: read,
    query: auditQuerySchema,
    response: auditListResponseSchema,
  }),
  facets: defineEndpoint({
    method: 'GET',
    path: '/api/audit/facets',
    tag: 'audit',
    summary:
      'What the audit filters can choose: the entities and actions in the log, and the users who acted',
    permission: read,
    response: auditFacetsSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/audit/export',
    tag: 'audit',
    summary:
      'The filtered audit log as CSV (text/csv): one line per changed field, at most 50 000 entries, newest first',
    permission: read,
    query: auditExportQuerySchema,
    response: auditCsvSchema,
  }),
};
