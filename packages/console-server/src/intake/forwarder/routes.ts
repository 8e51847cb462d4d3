import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type Delivery, intakeEndpoints } from '@staff/console-contract';
import type { Database } from '../../db/schema.js';
import { HttpError, type RouteModuleDeps } from '../../http.js';
import { writeAudit } from '../../services/audit.js';
import { intakeDb } from '../tables.js';
import { implement } from '../../pageRoutes.js';

export interface DeliveryRouteOptions extends RouteModuleDeps {
  db: Kysely<Database>;
  onReplayed?: () => void;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The forwarder rules' deliveries: read with the rules' key, replayed with write access to it. */
export function registerDeliveryRoutes(options: DeliveryRouteOptions): void {
  const { route, clock } = options;
  const db = intakeDb(options.db);

  const ruleExists = async (id: number) => {
    const rule = await db
      .selectFrom('webhook_forwarders')
      .select('id')
      .where('id', '=', String(id))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!rule) throw new HttpError(404, 'Forwarding rule not found', 'NOT_FOUND');
  };

  implement(route, intakeEndpoints.deliveries, async (_request, _reply, { params, query }) => {
    await ruleExists(params.id);
    let select = db
      .selectFrom('forwarder_deliveries')
      .selectAll()
      .where('forwarder_id', '=', String(params.id))
      .orderBy('id', 'desc')
      .limit(query.limit + 1);
    if (query.status) select = select.where('status', '=', query.status);
    if (query.before) select = select.where('id', '<', String(query.before));
    const rows = await select.execute();
    const counts = await db
      .selectFrom('forwarder_deliveries')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('forwarder_id', '=', String(params.id))
      .groupBy('status')
      .execute();
    const page = rows.slice(0, query.limit);
    const data: Delivery[] = page.map((row) => ({
      id: Number(row.id),
      forwarder_id: Number(row.forwarder_id),
      purchase_id: row.purchase_id === null ? null : Number(row.purchase_id),
      source_key: row.source_key,
      destination: row.destination,
      status: row.status,
      attempts: row.attempts,
      next_attempt_at: row.next_attempt_at.toISOString(),
      last_status: row.last_status,
      last_response: row.last_response,
      last_error: row.last_error,
      event_time: row.event_time.toISOString(),
      created_at: row.created_at.toISOString(),
      delivered_at: iso(row.delivered_at),
    }));
    const count = (status: string) => Number(counts.find((entry) => entry.status === status)?.n ?? 0);
    return {
      data,
      counts: {
        pending: count('pending'),
        delivered: count('delivered'),
        failed: count('failed'),
        dead: count('dead'),
      },
      next_before: rows.length > query.limit ? Number(page.at(-1)!.id) : null,
    };
  });

  const replay = async (request: FastifyRequest, forwarderId: number, deliveryId: number | null) => {
    const session = options.sessionOf(request);
    const now = clock();
    const replayed = await db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable('forwarder_deliveries')
        .set({
          status: 'pending',
          next_attempt_at: now,
          attempts: 0,
          locked_until: null,
          locked_by: null,
          updated_at: now,
        })
        .where('forwarder_id', '=', String(forwarderId))
        .where('status', 'in', ['failed', 'dead']);
      if (deliveryId !== null) update = update.where('id', '=', String(deliveryId));
      const rows = await update.returning('id').execute();
      if (rows.length > 0) {
        await writeAudit(trx as unknown as Kysely<Database>, {
          actorId: session.userId,
          action: 'replay',
          entity: 'forwarder_deliveries',
          entityId: deliveryId ?? `rule:${forwarderId}`,
          after: { ids: rows.map((row) => Number(row.id)) },
          ip: request.ip ?? null,
        });
      }
      return rows.length;
    });
    if (replayed > 0) options.onReplayed?.();
    return replayed;
  };

  implement(route, intakeEndpoints.replayDelivery, async (request, _reply, { params }) => {
    await ruleExists(params.id);
    const delivery = await db
      .selectFrom('forwarder_deliveries')
      .select('status')
      .where('id', '=', String(params.delivery_id))
      .where('forwarder_id', '=', String(params.id))
      .executeTakeFirst();
    if (!delivery) throw new HttpError(404, 'Delivery not found', 'NOT_FOUND');
    if (delivery.status !== 'failed' && delivery.status !== 'dead')
      throw new HttpError(
        409,
        `Only failed deliveries can be replayed; this one is ${delivery.status}`,
        'NOT_FAILED',
      );
    return { replayed: await replay(request, params.id, params.delivery_id) };
  });

  implement(route, intakeEndpoints.replayFailed, async (request, _reply, { params }) => {
    await ruleExists(params.id);
    return { replayed: await replay(request, params.id, null) };
  });
}
