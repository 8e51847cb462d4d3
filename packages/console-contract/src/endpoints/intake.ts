import { z } from '../zod.js';
import {
  META_PULL_MAX_DAYS,
  deliveriesQuerySchema,
  deliveriesResponseSchema,
  insightsImportQuerySchema,
  insightsImportResponseSchema,
  metaAdAccountCreateSchema,
  metaAdAccountSchema,
  metaAdAccountUpdateSchema,
  metaPullRunSchema,
  metaPullStartSchema,
  reconcileResponseSchema,
  replayResponseSchema,
} from '../intake.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** The Ads Manager upload's and the Marketing API pull's key (Ad Campaign Admin's). */
export const AD_INSIGHTS_KEY = pageKey('ad-campaigns');
/** The Mayar accounts' key (Mayar Account Admin's): an account's webhook history is reconciled with it. */
export const MAYAR_ACCOUNTS_KEY = pageKey('mayar-accounts');
/** The forwarding rules' key (Webhook Forwarder's): their deliveries are read and replayed with it. */
export const FORWARDERS_KEY = pageKey('webhook-forwarder');

const rowId = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));
/** A Mayar account (`:id`). */
export const mayarAccountParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });
/** An ad account or a pull run (`:id`). */
export const metaPullParamsSchema = z.object({ id: rowId });
export const metaAdAccountListSchema = z.object({ data: z.array(metaAdAccountSchema) });
export const metaPullRunsQuerySchema = z.object({
  account_id: z.optional(rowId),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 20),
});
export const metaPullRunListSchema = z.object({ data: z.array(metaPullRunSchema) });
/** A forwarding rule (`:id`), and one of its deliveries (`:delivery_id`). */
export const forwarderParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });
export const deliveryParamsSchema = z.extend(forwarderParamsSchema, {
  delivery_id: z.coerce.number().check(z.int(), z.positive()),
});

const adInsights = (mode: 'read' | 'write') => ({ key: AD_INSIGHTS_KEY, mode }) as const;
const forwarders = (mode: 'read' | 'write') => ({ key: FORWARDERS_KEY, mode }) as const;

/** Intake: the Ads Manager upload, the Marketing API pull, Mayar reconciliation, and the forwarding rules' deliveries. */
export const intakeEndpoints = {
  /**
   * The body is the export itself (`text/csv` or XLSX), not JSON, so it has no schema: the app sends the file
   * with the endpoint's URL (`importAdInsights`), and parses the answer with `response`.
   */
  importAdInsights: defineEndpoint({
    method: 'POST',
    path: '/api/ad-insights/import',
    tag: 'intake',
    summary:
      'Import an Ads Manager export (CSV or XLSX, English or Indonesian headers): upsert on (date, ad id); `dry_run=1` previews with per-row errors. Any error: 400 and nothing written',
    permission: adInsights('write'),
    query: insightsImportQuerySchema,
    response: insightsImportResponseSchema,
  }),
  pullAccounts: defineEndpoint({
    method: 'GET',
    path: '/api/ad-insights/pull/accounts',
    tag: 'intake',
    summary: 'Ad accounts whose insights are pulled from the Marketing API (tokens masked)',
    permission: adInsights('read'),
    response: metaAdAccountListSchema,
  }),
  addPullAccount: defineEndpoint({
    method: 'POST',
    path: '/api/ad-insights/pull/accounts',
    tag: 'intake',
    summary: 'Set up an ad account for the pull (the access token is sealed and never sent back)',
    permission: adInsights('write'),
    body: metaAdAccountCreateSchema,
    response: metaAdAccountSchema,
    status: 201,
    errors: [409],
  }),
  updatePullAccount: defineEndpoint({
    method: 'PATCH',
    path: '/api/ad-insights/pull/accounts/:id',
    tag: 'intake',
    summary: 'Change an ad account; leave access_token out to keep the stored one',
    permission: adInsights('write'),
    params: metaPullParamsSchema,
    body: metaAdAccountUpdateSchema,
    response: metaAdAccountSchema,
    errors: [409],
  }),
  startPull: defineEndpoint({
    method: 'POST',
    path: '/api/ad-insights/pull/accounts/:id/runs',
    tag: 'intake',
    summary: `Queue a pull: with since/until a backfill (at most ${META_PULL_MAX_DAYS} days), without them "pull now" (yesterday and the days Meta restates). 409 while one is queued or running`,
    permission: adInsights('write'),
    params: metaPullParamsSchema,
    body: metaPullStartSchema,
    response: metaPullRunSchema,
    status: 202,
    errors: [409],
  }),
  pullRuns: defineEndpoint({
    method: 'GET',
    path: '/api/ad-insights/pull/runs',
    tag: 'intake',
    summary: 'Recent pulls, newest first: status, rows, pages, attempts, throttled waits, last error',
    permission: adInsights('read'),
    query: metaPullRunsQuerySchema,
    response: metaPullRunListSchema,
  }),
  pullRun: defineEndpoint({
    method: 'GET',
    path: '/api/ad-insights/pull/runs/:id',
    tag: 'intake',
    summary: 'One pull run',
    permission: adInsights('read'),
    params: metaPullParamsSchema,
    response: metaPullRunSchema,
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/api/webhook-forwarders/:id/deliveries',
    tag: 'intake',
    summary: "A forwarding rule's deliveries, newest first, with counts per status",
    permission: forwarders('read'),
    params: forwarderParamsSchema,
    query: deliveriesQuerySchema,
    response: deliveriesResponseSchema,
  }),
  replayDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/webhook-forwarders/:id/deliveries/:delivery_id/replay',
    tag: 'intake',
    summary: 'Send one failed or dead-lettered delivery again (its attempts start over)',
    permission: forwarders('write'),
    params: deliveryParamsSchema,
    response: replayResponseSchema,
    errors: [409],
  }),
  reconcileMayar: defineEndpoint({
    method: 'POST',
    path: '/api/mayar-accounts/:id/reconcile',
    tag: 'intake',
    summary:
      "Compare the account's Mayar webhook history with the inbox now and take in what was missed (also runs on a schedule)",
    permission: { key: MAYAR_ACCOUNTS_KEY, mode: 'write' },
    params: mayarAccountParamsSchema,
    response: reconcileResponseSchema,
    errors: [409, 502],
  }),
  replayFailed: defineEndpoint({
    method: 'POST',
    path: '/api/webhook-forwarders/:id/deliveries/replay-failed',
    tag: 'intake',
    summary: "Send all of a rule's failed and dead-lettered deliveries again",
    permission: forwarders('write'),
    params: forwarderParamsSchema,
    response: replayResponseSchema,
  }),
};
