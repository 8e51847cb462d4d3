/**
 * The logistics page's own calls (the contract's `logisticsEndpoints`), all under the route's key
 * `transaction_package_tracking` (read to look, write to change): receipts in bulk, receipt confirmation, packing labels, customer notifications, courier tracking.
 * Status transitions themselves are the packages entity's actions (resources/routes.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { logisticsEndpoints, maskRow, packages } from '@staff/console-contract';
import { HttpError, type RouteRegistrar } from '../http.js';
import { type ResourceChangedPayload, pushResourceChanges } from '../resources/push.js';
import type { AnyDb, Row } from '../resources/query.js';
import { ResourceError, type ResourceActor } from '../resources/service.js';
import { CourierTrackingError } from './courier.js';
import { type LabelPackage, labelsPdf } from './labels.js';
import { listNotifications, queueNotifications, retryNotification } from './notify.js';
import type { LogisticsRuntime } from './runtime.js';
import { confirmDelivery, setReceipts } from './service.js';
import { readTracking, trackPackage } from './tracking.js';
import { sql } from 'kysely';
import { implement } from '../pageRoutes.js';

export interface LogisticsRouteOptions {
  route: RouteRegistrar;
  clock: () => Date;
  runtime: LogisticsRuntime;
}

/** The signed-in user (the guard has checked the session and the key). */
function actorOf(request: FastifyRequest): ResourceActor {
  const session = request.session!;
  return { kind: 'user', userId: session.userId, name: session.fullName, ip: request.ip ?? null };
}

/** The resource service's errors answer as they do on the resource routes. */
async function answering<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ResourceError) return reply.code(error.status).send(error.body);
    throw error;
  }
}

export function registerLogisticsRoutes(app: FastifyInstance, options: LogisticsRouteOptions): void {
  const { route, clock, runtime } = options;
  const db = app.database.db as unknown as AnyDb;
  const push = (changes: ResourceChangedPayload[]) =>
    void pushResourceChanges(app.database.db, app.realtime, packages, changes).catch((error: unknown) =>
      app.log.warn({ err: error }, 'logistics push failed'),
    );
  const pushRows = (rows: Row[]) =>
    push(
      rows.map((row) => ({
        entity: packages.name,
        id: row.id as number,
        action: 'update' as const,
        version: row.version as number,
      })),
    );

  implement(route, logisticsEndpoints.receipts, async (request, reply, { body }) =>
    answering(reply, async () => {
      const rows = await setReceipts(db, body.rows, actorOf(request), clock());
      pushRows(rows);
      return { count: rows.length, rows: rows.map((row) => maskRow(packages, row)) };
    }),
  );

  implement(route, logisticsEndpoints.confirm, async (request, reply, { body }) =>
    answering(reply, async () => {
      const rows = await confirmDelivery(db, body, actorOf(request), clock());
      pushRows(rows);
      return { count: rows.length, rows: rows.map((row) => maskRow(packages, row)) };
    }),
  );

  implement(route, logisticsEndpoints.labels, async (_request, reply, { query }) => {
    const found = await sql<
      LabelPackage & { id: string }
    >`select p.id, p.order_ref, p.recipient_name, p.phone, p.address, p.qty, p.courier, p.service, p.receipt,
          pu.product_name
        from packages p left join purchases pu on pu.id = p.purchase_id
        where p.id in (${sql.join(query.ids)}) and p.deleted_at is null`.execute(db);
    const byId = new Map(found.rows.map((row) => [Number(row.id), row]));
    const missing = query.ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw new HttpError(404, `No package ${missing.join(', ')}`, 'NOT_FOUND');
    const now = clock();
    const printed = new Intl.DateTimeFormat('id-ID', {
      timeZone: 'Asia/Jakarta',
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(now);
    const pdf = await labelsPdf(
      query.ids.map((id) => byId.get(id)!),
      printed,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="labels-${now.toISOString().slice(0, 10)}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  implement(route, logisticsEndpoints.notify, async (request, reply, { body }) =>
    answering(reply, async () => {
      const ids = await queueNotifications(db, body.ids, runtime.courier.linkOf, actorOf(request), clock());
      if (ids.length > 0) runtime.kickNotifications();
      return { queued: ids.length, ids };
    }),
  );

  implement(route, logisticsEndpoints.notifications, async (_request, _reply, { query }) => ({
    data: await listNotifications(db, query),
  }));

  implement(route, logisticsEndpoints.retry, async (request, _reply, { params }) => {
    const retried = await retryNotification(db, params.id, actorOf(request), clock());
    if (!retried) throw new HttpError(404, 'No failed message with this id', 'NOT_FOUND');
    runtime.kickNotifications();
    return { ok: true as const };
  });

  const packageOf = async (id: number) => {
    const found = await sql<{ id: string; courier: string | null; receipt: string | null; status: string }>`
      select id, courier, receipt, status from packages where id = ${id} and deleted_at is null`.execute(db);
    const row = found.rows[0];
    if (!row) throw new HttpError(404, `No package ${id}`, 'NOT_FOUND');
    return row;
  };

  implement(route, logisticsEndpoints.tracking, async (_request, _reply, { params }) => {
    await packageOf(params.id);
    return readTracking(db, params.id);
  });

  implement(route, logisticsEndpoints.trackNow, async (_request, _reply, { params }) => {
    const pkg = await packageOf(params.id);
    if (!pkg.courier || !pkg.receipt)
      throw new HttpError(400, 'This package has no courier and receipt yet', 'INVALID_INPUT', {
        receipt: ['Required before tracking'],
      });
    try {
      const outcome = await trackPackage(
        db,
        runtime.courier,
        { id: params.id, courier: pkg.courier, receipt: pkg.receipt },
        clock(),
      );
      if (outcome.change) push([outcome.change]);
    } catch (error) {
      if (error instanceof CourierTrackingError)
        throw new HttpError(502, error.message, 'COURIER_UNAVAILABLE');
      throw error;
    }
    return readTracking(db, params.id);
  });
}
