/**
 * Intake routes: Mayar's webhook (raw body, token in the URL), reconciliation, and the forwarder's deliveries.
 * Registered by app.ts with one call.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PURCHASES_CHANGED_ENTITY,
  apiErrorSchema,
  mayarWebhookResponseSchema,
  intakeEndpoints,
  packages,
  z,
} from '@staff/console-contract';
import {
  type AnyRouteSpec,
  HttpError,
  type RouteGuards,
  defineRoute,
  keepRawBody,
  type RouteModuleDeps,
} from '../http.js';
import { registerInsightRoutes } from './meta/routes.js';
import { registerMetaPullRoutes } from './meta/pullRoutes.js';
import { pushResourceChanges } from '../resources/push.js';
import { type MayarApi, MayarApiError } from './mayar/api.js';
import { JobBusyError } from '../jobs/runOnce.js';
import { reconcileMayarAccount } from './mayar/reconcile.js';
import { type IngestResult, ingestMayarEvent } from './mayar/webhook.js';
import { intakeDb } from './tables.js';
import { readSecret } from '../secrets/index.js';
import { registerDeliveryRoutes } from './forwarder/routes.js';
import { implement } from '../pageRoutes.js';

export interface IntakeRouteOptions extends RouteModuleDeps {
  mayarApi: MayarApi;
  /** Authentication and permission checks for routes registered in their own scope (CSV bodies). */
  guards: RouteGuards;
  /** Called after a commit that queued deliveries, so the worker need not wait for its next tick. */
  onDeliveriesQueued?: () => void;
  /** Called after a Marketing API pull was queued (wakes this node's pull worker). */
  onPullQueued?: () => void;
  /** MAYAR_VERIFY_PAID: paid purchases wait for the re-fetch from Mayar (src/intake/mayar/verify.ts). */
  verifyPaid?: boolean;
  /** Called after a commit that left a purchase waiting for its re-fetch (never inline in the webhook). */
  onVerificationQueued?: () => void;
}

const WEBHOOK_BODY_LIMIT = 256 * 1024;
const NOT_FOUND = { message: 'Not found', code: 'NOT_FOUND' };

const digest = (value: string) => createHash('sha256').update(value).digest();
/** Constant-time: both sides hashed to 32 bytes first, so neither length nor content leaks through timing. */
export const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(digest(given), digest(expected));

const PURCHASE_READERS = { permissionKey: 'transaction_read_purchase_logs' as const };

/** Tells the Purchase Log's readers that a purchase came in or changed. */
export function pushPurchaseChange(app: FastifyInstance, result: IngestResult): void {
  if (result.package)
    void pushResourceChanges(app.database.db, app.realtime, packages, [
      { entity: packages.name, id: result.package.id, action: 'create', version: result.package.version },
    ]).catch(() => undefined);
  if (result.packageChange)
    void pushResourceChanges(app.database.db, app.realtime, packages, [result.packageChange]).catch(
      () => undefined,
    );
  if (!result.purchase) return;
  const { id, action, version } = result.purchase;
  void pushResourceChanges(app.database.db, app.realtime, PURCHASE_READERS, [
    { entity: PURCHASES_CHANGED_ENTITY, id, action, version },
  ]).catch(() => undefined);
}

export async function registerIntakeRoutes(app: FastifyInstance, options: IntakeRouteOptions): Promise<void> {
  const db = intakeDb(app.database.db);
  const { route, clock } = options;

  // The webhook keeps the body as sent (the inbox stores it verbatim), so it gets its own content parsing.
  await app.register(async (scope) => {
    keepRawBody(scope, WEBHOOK_BODY_LIMIT);
    const spec = {
      method: 'POST' as const,
      url: '/api/webhooks/mayar/:account_id',
      tag: 'intake',
      summary:
        "Mayar's webhook for one Mayar account; `token` is the account's webhook token (Mayar does not sign its calls). Unknown account or wrong token: 404",
      auth: false,
      params: z.object({ account_id: z.string().check(z.maxLength(20)) }),
      query: z.object({ token: z.optional(z.string().check(z.maxLength(500))) }),
      responses: { 200: mayarWebhookResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    };
    defineRoute(
      scope,
      app.apiRoutes as AnyRouteSpec[],
      { guard: async () => undefined },
      spec,
      async (request: FastifyRequest, reply: FastifyReply, { params, query }) => {
        const accountId = /^[1-9]\d{0,15}$/.test(params.account_id) ? Number(params.account_id) : null;
        const account =
          accountId === null
            ? undefined
            : await db
                .selectFrom('mayar_accounts')
                .select(['id', 'webhook_token'])
                .where('id', '=', String(accountId))
                .where('deleted_at', 'is', null)
                .executeTakeFirst();
        const expected = readSecret(account?.webhook_token) ?? '';
        // Compare even when the account is unknown, so both refusals take the same time.
        const matches = sameSecret(query.token ?? '', expected || 'no account: never matches');
        if (!account || !expected || !matches) return reply.code(404).send(NOT_FOUND);

        const rawBody = typeof request.body === 'string' ? request.body : '';
        const result = await ingestMayarEvent(app.database.db, {
          accountId: Number(account.id),
          rawBody,
          headers: request.headers as Record<string, unknown>,
          source: 'webhook',
          now: clock(),
          verifyPaid: options.verifyPaid === true,
        });
        if (result.status === 'rejected') {
          return reply.code(400).send({
            message: result.error ?? 'Malformed webhook',
            code: 'INVALID_WEBHOOK',
            fields: { [result.field ?? 'body']: [result.error ?? 'Malformed webhook'] },
          });
        }
        pushPurchaseChange(app, result);
        if (result.deliveries > 0) options.onDeliveriesQueued?.();
        if (result.awaitsVerification) options.onVerificationQueued?.();
        return { ok: true as const, status: result.status, inbox_id: result.inboxId };
      },
    );
  });

  implement(route, intakeEndpoints.reconcileMayar, async (_request, _reply, { params }) => {
    const account = await db
      .selectFrom('mayar_accounts')
      .select('id')
      .where('id', '=', String(params.id))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!account) throw new HttpError(404, 'Mayar account not found', 'NOT_FOUND');
    try {
      return await reconcileMayarAccount(app.database.db, params.id, {
        api: options.mayarApi,
        now: clock,
        verifyPaid: options.verifyPaid === true,
        onTakenIn: (result) => {
          pushPurchaseChange(app, result);
          if (result.deliveries > 0) options.onDeliveriesQueued?.();
          if (result.awaitsVerification) options.onVerificationQueued?.();
        },
      });
    } catch (error) {
      if (error instanceof JobBusyError)
        throw new HttpError(409, 'Reconciliation of this account is already running', 'BUSY');
      if (error instanceof MayarApiError) throw new HttpError(502, error.message, 'MAYAR_API');
      throw error;
    }
  });

  registerMetaPullRoutes({
    route,
    db: app.database.db,
    sessionOf: options.sessionOf,
    clock,
    ...(options.onPullQueued ? { onQueued: options.onPullQueued } : {}),
  });
  await registerInsightRoutes(app, { guards: options.guards, clock, sessionOf: options.sessionOf });

  registerDeliveryRoutes({
    route,
    sessionOf: options.sessionOf,
    db: app.database.db,
    clock,
    onReplayed: options.onDeliveriesQueued,
  });
}
