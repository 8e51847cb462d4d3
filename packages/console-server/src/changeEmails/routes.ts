/**
 * Change Email processing's routes (the contract's `changeEmailsEndpoints`, key `databank_mayar_accounts`: read
 * to see a decision, write to decide) and the Mayar update outbox's worker. The guard refuses read-only users
 * (403) before any handler runs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  type BulkChangeEmailResult,
  type ChangeEmailDecision,
  changeEmails,
  changeEmailsEndpoints,
} from '@staff/console-contract';
import { HttpError, type RouteRegistrar } from '../http.js';
import { every } from '../jobs/every.js';
import type { MayarApi } from '../intake/mayar/api.js';
import { implement } from '../pageRoutes.js';
import { pushResourceChanges } from '../resources/push.js';
import { drainMayarUpdatesAll } from './mayarOutbox.js';
import { type DecisionActor, approveChangeEmail, readDecision, rejectChangeEmail } from './service.js';

export interface ChangeEmailRouteOptions {
  route: RouteRegistrar;
  clock: () => Date;
  mayarApi: MayarApi;
  /** Wakes the WhatsApp outbox worker after a message was queued. */
  kickWhatsApp: () => void;
  /** Run the Mayar update outbox's worker in this process (the server does with its intake workers). */
  workers?: boolean;
  /** Milliseconds between drains of the Mayar update outbox (a decision also wakes it). */
  intervalMs?: number;
}

function actorOf(request: FastifyRequest): DecisionActor {
  return { userId: request.session!.userId, ip: request.ip ?? null };
}

export function registerChangeEmailRoutes(app: FastifyInstance, options: ChangeEmailRouteOptions): void {
  const { route, clock } = options;
  const db = app.database.db;
  let kickMayar = () => undefined as void;
  if (options.workers) {
    const worker = every(
      options.intervalMs ?? 5_000,
      async (signal) => {
        const result = await drainMayarUpdatesAll(db, options.mayarApi, { now: clock }, signal);
        if (result.claimed > 0) app.log.info(result, 'mayar customer updates sent');
      },
      'change-emails:mayar',
    );
    kickMayar = worker.kick;
    app.addHook('onReady', async () => worker.kick());
    app.addHook('onClose', async () => worker.stop());
  }

  /** Lists showing the request reload or patch it; the outboxes start on what the decision queued. */
  const decided = async (decision: ChangeEmailDecision) => {
    if (decision.notification?.message_id) options.kickWhatsApp();
    if (decision.mayar_updates.length > 0) kickMayar();
    const found = await sql<{ version: number }>`
      select version from change_emails where id = ${decision.change_email_id}`.execute(db);
    await pushResourceChanges(db, app.realtime, changeEmails, [
      {
        entity: changeEmails.name,
        id: decision.change_email_id,
        action: 'update',
        version: found.rows[0]?.version ?? 0,
      },
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'change email push failed'));
  };

  implement(route, changeEmailsEndpoints.decision, async (_request, _reply, { params }) => ({
    data: await readDecision(db, params.id),
  }));

  implement(route, changeEmailsEndpoints.approve, async (request, _reply, { params }) => {
    const data = await approveChangeEmail(db, params.id, actorOf(request), clock());
    await decided(data);
    return { data };
  });

  implement(route, changeEmailsEndpoints.reject, async (request, _reply, { params, body }) => {
    const data = await rejectChangeEmail(db, params.id, body.reason, actorOf(request), clock());
    await decided(data);
    return { data };
  });

  implement(route, changeEmailsEndpoints.bulk, async (request, _reply, { body }) => {
    const actor = actorOf(request);
    const results: BulkChangeEmailResult[] = [];
    for (const id of [...new Set(body.ids)]) {
      try {
        const decision =
          body.decision === 'approve'
            ? await approveChangeEmail(db, id, actor, clock())
            : await rejectChangeEmail(db, id, body.reason ?? '', actor, clock());
        await decided(decision);
        results.push({ id, ok: true, decision, status: null, code: null, message: null });
      } catch (error) {
        if (!(error instanceof HttpError)) {
          request.log.error({ err: error, changeEmailId: id }, 'change email decision failed');
          results.push({
            id,
            ok: false,
            decision: null,
            status: 500,
            code: 'INTERNAL',
            message: 'Internal server error',
          });
          continue;
        }
        results.push({
          id,
          ok: false,
          decision: null,
          status: error.status,
          code: error.code ?? null,
          message: error.message,
        });
      }
    }
    return { results };
  });
}
