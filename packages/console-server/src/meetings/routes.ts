import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  ROOM_BOOKINGS_ENTITY,
  apiErrorSchema,
  bookingResponseSchema,
  createBookingSchema,
  ROUTES,
  scheduleQuerySchema,
  scheduleResponseSchema,
  type PermissionKey,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { RouteRegistrar } from '../admin/routes.js';
import type { Realtime } from '../realtime.js';
import { pushResourceChanges } from '../resources/push.js';
import { changeBookingStatus, createBooking, schedule, type SavedBooking } from './service.js';
import { pageRoutes } from '../pageRoutes.js';

/** The dashboard's key, from the route table: its reads need read access, bookings write access. */
export const MEETINGS_KEY: PermissionKey = ROUTES.find((entry) => entry.id === 'meeting-room-dashboard')!.key;

const bookingParams = z.object({ id: z.coerce.number().int().positive() });

export interface MeetingRoutesOptions {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => { userId: number };
  db: Kysely<Database>;
  realtime: Realtime;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** `GET /api/meetings/schedule`, `POST /api/meetings/bookings`, `POST /api/meetings/bookings/:id/{cancel,confirm}`. */
export function registerMeetingRoutes(options: MeetingRoutesOptions): void {
  const { route, sessionOf, db, realtime, log, now } = options;
  const meetingRoutes = pageRoutes(route, 'meetings', MEETINGS_KEY);
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

  meetingRoutes.get(
    '/api/meetings/schedule',
    'Bookable rooms (the Meeting Rooms master) and their live bookings over `days` Asia/Jakarta days from `from`',
    { query: scheduleQuerySchema, responses: { 200: scheduleResponseSchema } },
    async (_request, _reply, { query }) => schedule(db, query.from, query.days, now()),
  );

  meetingRoutes.post(
    '/api/meetings/bookings',
    'Book a room (attendees ≤ capacity, at most 12 hours); 409 naming the booking in the way when the slot overlaps one',
    { body: createBookingSchema, responses: { 201: bookingResponseSchema }, errors: [409] },
    async (request, reply, { body }) => {
      const saved = await createBooking(db, body, actorOf(request), now());
      push(saved, 'create');
      return reply.code(201).send({ booking: saved.booking });
    },
  );

  for (const [action, status] of [
    ['cancel', 'cancelled'],
    ['confirm', 'confirmed'],
  ] as const) {
    route(
      {
        method: 'POST',
        url: `/api/meetings/bookings/:id/${action}`,
        tag: 'meetings',
        summary:
          action === 'cancel'
            ? 'Cancel a booking (the slot becomes free)'
            : 'Confirm a booking of a room that needs approval',
        auth: true,
        permission: { key: MEETINGS_KEY, mode: 'write' },
        params: bookingParams,
        responses: { 200: bookingResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      async (request, _reply, { params }) => {
        const saved = await changeBookingStatus(db, params.id, status, actorOf(request));
        push(saved, 'update');
        return { booking: saved.booking };
      },
    );
  }
}
