import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MEETINGS_KEY, ROOM_BOOKINGS_ENTITY, meetingsEndpoints } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { RouteRegistrar } from '../admin/routes.js';
import type { Realtime } from '../realtime.js';
import { pushResourceChanges } from '../resources/push.js';
import { changeBookingStatus, createBooking, schedule, type SavedBooking } from './service.js';
import { implement } from '../pageRoutes.js';

/** The dashboard's key (from the route table): its reads need read access, bookings write access. */
export { MEETINGS_KEY };

export interface MeetingRoutesOptions {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => { userId: number };
  db: Kysely<Database>;
  realtime: Realtime;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** The contract's `meetingsEndpoints`: the schedule, booking, and cancelling or confirming a booking. */
export function registerMeetingRoutes(options: MeetingRoutesOptions): void {
  const { route, sessionOf, db, realtime, log, now } = options;
  const actorOf = (request: FastifyRequest) => ({
    userId: sessionOf(request).userId,
    ip: request.ip ?? null,
  });
  // Every open dashboard (on any node) reloads the bookings it shows.
  const push = (saved: SavedBooking, action: 'create' | 'update') => {
    pushResourceChanges(db, realtime, { permissionKey: MEETINGS_KEY }, [
      { entity: ROOM_BOOKINGS_ENTITY, id: saved.booking.id, action, version: saved.version },
    ]).catch((error: unknown) => log.warn({ err: error }, 'booking push failed'));
  };

  implement(route, meetingsEndpoints.schedule, async (_request, _reply, { query }) =>
    schedule(db, query.from, query.days, now()),
  );

  implement(route, meetingsEndpoints.book, async (request, _reply, { body }) => {
    const saved = await createBooking(db, body, actorOf(request), now());
    push(saved, 'create');
    return { booking: saved.booking };
  });

  for (const [endpoint, status] of [
    [meetingsEndpoints.cancel, 'cancelled'],
    [meetingsEndpoints.confirm, 'confirmed'],
  ] as const) {
    implement(route, endpoint, async (request, _reply, { params }) => {
      const saved = await changeBookingStatus(db, params.id, status, actorOf(request));
      push(saved, 'update');
      return { booking: saved.booking };
    });
  }
}
