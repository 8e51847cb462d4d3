import { z } from './zod.js';

/** Socket `resource:changed` entity of room bookings (pushed to readers of the dashboard's key). */
export const ROOM_BOOKINGS_ENTITY = 'room_bookings';

/** The longest booking the dashboard takes: one working day. */
export const MAX_BOOKING_HOURS = 12;
/** The widest schedule one call answers: a week. */
export const MAX_SCHEDULE_DAYS = 7;

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a day as YYYY-MM-DD'));

/** `GET /api/meetings/schedule`: the rooms and their bookings over `days` Asia/Jakarta days from `from`. */
export const scheduleQuerySchema = z.object({
  from: isoDay,
  days: z._default(z.coerce.number<number>().check(z.int(), z.gte(1), z.lte(MAX_SCHEDULE_DAYS)), 1),
});
export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>;

export const meetingRoomSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  location: z.nullable(z.string()),
  capacity: z.number().check(z.int()),
  facilities: z.array(z.string()),
  requires_approval: z.boolean(),
});
export type MeetingRoom = z.infer<typeof meetingRoomSchema>;

export const roomBookingSchema = z.object({
  id: z.number().check(z.int()),
  room_id: z.number().check(z.int()),
  title: z.string(),
  organizer: z.string(),
  attendees_count: z.number().check(z.int()),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(BOOKING_STATUSES),
  notes: z.string(),
  created_at: z.string(),
});
export type RoomBooking = z.infer<typeof roomBookingSchema>;

export const scheduleResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The server's clock, so "free now" agrees with the server. */
  now: z.string(),
  rooms: z.array(meetingRoomSchema),
  bookings: z.array(roomBookingSchema),
});
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const createBookingSchema = z.object({
  room_id: z.number().check(z.int(), z.positive()),
  title: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(120)),
  organizer: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(80)),
  attendees_count: z.number().check(z.int(), z.gte(1), z.lte(500)),
  start_at: z.iso.datetime({ offset: true, message: 'Must be a date and time (ISO 8601)' }),
  end_at: z.iso.datetime({ offset: true, message: 'Must be a date and time (ISO 8601)' }),
  notes: z._default(z.string().check(z.maxLength(500)), ''),
});
export type CreateBooking = z.input<typeof createBookingSchema>;

export const bookingResponseSchema = z.object({ booking: roomBookingSchema });

/** `POST /api/meetings/bookings/:id/{cancel,confirm}`: the booking's id. */
export const bookingParamsSchema = z.object({ id: z.coerce.number<number>().check(z.int(), z.positive()) });
