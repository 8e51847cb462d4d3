/** A booking as the schedule draws it (times as ISO instants). */
export interface ScheduleBooking {
  id: number | string;
  room_id: number | string;
  title: string;
  organizer: string;
  start_at: string;
  end_at: string;
  status?: 'pending' | 'confirmed' | 'cancelled';
  attendees_count?: number;
}

export interface ScheduleRoom {
  id: number | string;
  name: string;
  capacity: number;
  location?: string | null;
}

export type RoomAvailability =
  | { state: 'free'; /** The next booking's start today, if any. */ nextAt: Date | null }
  | { state: 'busy'; /** When the room frees up (back-to-back bookings are joined). */ until: Date };

const time = (iso: string) => new Date(iso).getTime();

/**
 * Whether a room is free at `now`, and until when it stays busy: back-to-back bookings count as one stretch.
 * Cancelled bookings are ignored.
 *
 * @example
 * ```tsx
 * roomAvailability(bookings, 3, new Date()) // { state: 'busy', until: Date(11:00) }
 * ```
 */
export function roomAvailability(
  bookings: readonly ScheduleBooking[],
  roomId: ScheduleRoom['id'],
  now: Date,
): RoomAvailability {
  const mine = bookings
    .filter((booking) => booking.room_id === roomId && booking.status !== 'cancelled')
    .sort((a, b) => time(a.start_at) - time(b.start_at));
  const at = now.getTime();
  const current = mine.find((booking) => time(booking.start_at) <= at && at < time(booking.end_at));
  if (!current) {
    const next = mine.find((booking) => time(booking.start_at) > at);
    return { state: 'free', nextAt: next ? new Date(next.start_at) : null };
  }
  let until = time(current.end_at);
  for (const booking of mine) {
    if (time(booking.start_at) <= until && time(booking.end_at) > until) until = time(booking.end_at);
  }
  return { state: 'busy', until: new Date(until) };
}
