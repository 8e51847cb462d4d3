import {
  ROOM_BOOKINGS_ENTITY,
  bookingParamsSchema,
  bookingResponseSchema,
  createBookingSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
} from '../meetings.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** The Meeting Rooms Dashboard's key: its reads need read access, bookings write access. */
export const MEETINGS_KEY = pageKey('meeting-room-dashboard');

const bookingChange = (action: 'cancel' | 'confirm', summary: string) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/meetings/bookings/:id/${action}`,
    tag: 'meetings',
    summary,
    permission: { key: MEETINGS_KEY, mode: 'write' },
    params: bookingParamsSchema,
    response: bookingResponseSchema,
    errors: [409],
  });

/** The Meeting Rooms Dashboard's API. */
export const meetingsEndpoints = {
  schedule: defineEndpoint({
    method: 'GET',
    path: '/api/meetings/schedule',
    tag: 'meetings',
    summary:
      'Bookable rooms (the Meeting Rooms master) and their live bookings over `days` Asia/Jakarta days from `from`',
    permission: { key: MEETINGS_KEY, mode: 'read' },
    query: scheduleQuerySchema,
    response: scheduleResponseSchema,
    topic: ROOM_BOOKINGS_ENTITY,
  }),
  book: defineEndpoint({
    method: 'POST',
    path: '/api/meetings/bookings',
    tag: 'meetings',
    summary:
      'Book a room (attendees ≤ capacity, at most 12 hours); 409 naming the booking in the way when the slot overlaps one',
    permission: { key: MEETINGS_KEY, mode: 'write' },
    body: createBookingSchema,
    response: bookingResponseSchema,
    status: 201,
    errors: [409],
  }),
  cancel: bookingChange('cancel', 'Cancel a booking (the slot becomes free)'),
  confirm: bookingChange('confirm', 'Confirm a booking of a room that needs approval'),
};
