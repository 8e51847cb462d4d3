import { type Kysely, sql } from 'kysely';
import {
  MAX_BOOKING_HOURS,
  type BookingStatus,
  type MeetingRoom,
  type RoomBooking,
  type ScheduleResponse,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import { writeAudit } from '../services/audit.js';

/** Asia/Jakarta has kept UTC+7 without daylight saving since 1964: a day starts at 00:00+07:00. */
const JAKARTA_OFFSET = '+07:00';

export function jakartaDayStart(day: string): Date {
  const start = new Date(`${day}T00:00:00${JAKARTA_OFFSET}`);
  // `2026-02-30` parses as 2 March in some engines: a day must come back as itself.
  const back = new Date(start.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
  if (Number.isNaN(start.getTime()) || back !== day)
    throw new HttpError(400, 'Invalid query', 'INVALID_INPUT', { 'query.from': ['Must be a real day'] });
  return start;
}

/** The time of day in Jakarta, for messages ("10:00"). */
const jakartaTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jakarta',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const jakartaDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jakarta',
  day: 'numeric',
  month: 'short',
});

interface BookingRow {
  id: number;
  room_id: string | number;
  title: string;
  organizer: string;
  attendees_count: number;
  start_at: Date;
  end_at: Date;
  status: BookingStatus;
  notes: string;
  created_at: Date;
  version: number;
}

const BOOKING_COLUMNS = sql.raw(
  'b.id, b.room_id, b.title, b.organizer, b.attendees_count, b.start_at, b.end_at, b.status, b.notes, b.created_at, b.version',
);

export function toBooking(row: BookingRow): RoomBooking {
  return {
    id: row.id,
    room_id: Number(row.room_id),
    title: row.title,
    organizer: row.organizer,
    attendees_count: row.attendees_count,
    start_at: row.start_at.toISOString(),
    end_at: row.end_at.toISOString(),
    status: row.status,
    notes: row.notes,
    created_at: row.created_at.toISOString(),
  };
}

/** Bookable rooms (active, not deleted) and their live bookings that touch [from, from + days). */
export async function schedule(
  db: Kysely<Database>,
  from: string,
  days: number,
  now: Date,
): Promise<ScheduleResponse> {
  const start = jakartaDayStart(from);
  const end = new Date(start.getTime() + days * 86_400_000);
  const rooms = await sql<{
    id: string;
    name: string;
    location: string | null;
    capacity: number;
    facilities: string[] | null;
    requires_approval: boolean;
  }>`
    select id, name, location, capacity, facilities, requires_approval from meeting_rooms
    where deleted_at is null and active
    order by lower(name), id`.execute(db);
  const bookings = await sql<BookingRow>`
    select ${BOOKING_COLUMNS} from room_bookings b
    join meeting_rooms r on r.id = b.room_id and r.deleted_at is null and r.active
    where b.status <> 'cancelled' and b.start_at < ${end} and b.end_at > ${start}
    order by b.start_at, b.id`.execute(db);
  return {
    from: start.toISOString(),
    to: end.toISOString(),
    now: now.toISOString(),
    rooms: rooms.rows.map((room): MeetingRoom => ({
      id: Number(room.id),
      name: room.name,
      location: room.location,
      capacity: room.capacity,
      facilities: room.facilities ?? [],
      requires_approval: room.requires_approval,
    })),
    bookings: bookings.rows.map(toBooking),
  };
}

export interface NewBooking {
  room_id: number;
  title: string;
  organizer: string;
  attendees_count: number;
  start_at: string;
  end_at: string;
  notes: string;
}

/** A booking as answered, and its row version for the socket push. */
export interface SavedBooking {
  booking: RoomBooking;
  version: number;
}

export interface Actor {
  userId: number;
  ip: string | null;
}

const invalid = (field: string, message: string) =>
  new HttpError(400, 'Invalid body', 'INVALID_INPUT', { [`body.${field}`]: [message] });

/** "Room Merapi is already booked 10:00–11:00 on 5 Jan for "Weekly sync" by Budi (booking #12)." */
export function conflictMessage(roomName: string, booking: BookingRow): string {
  const from = jakartaTime.format(booking.start_at);
  const to = jakartaTime.format(booking.end_at);
  return `${roomName} is already booked ${from}–${to} on ${jakartaDate.format(booking.start_at)} for "${booking.title}" by ${booking.organizer} (booking #${booking.id}).`;
}

async function findOverlap(
  db: Kysely<Database>,
  roomId: number,
  start: Date,
  end: Date,
): Promise<BookingRow | undefined> {
  const found = await sql<BookingRow>`
    select ${BOOKING_COLUMNS} from room_bookings b
    where b.room_id = ${roomId} and b.status <> 'cancelled'
      and tstzrange(b.start_at, b.end_at, '[)') && tstzrange(${start}, ${end}, '[)')
    order by b.start_at limit 1`.execute(db);
  return found.rows[0];
}

const isExclusionViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23P01';

/**
 * Books a slot. The room's row is locked (`FOR UPDATE`) so bookings of one room are taken one at a time and
 * the booking in the way can be named; the exclusion constraint is the database's own guarantee beneath it.
 */
export async function createBooking(
  db: Kysely<Database>,
  input: NewBooking,
  actor: Actor,
  now: Date,
): Promise<SavedBooking> {
  const start = new Date(input.start_at);
  const end = new Date(input.end_at);
  if (end.getTime() <= start.getTime()) throw invalid('end_at', 'Must be after the start');
  if (end.getTime() - start.getTime() > MAX_BOOKING_HOURS * 3_600_000)
    throw invalid('end_at', `A booking lasts at most ${MAX_BOOKING_HOURS} hours`);
  if (end.getTime() <= now.getTime()) throw invalid('end_at', 'Must be in the future');
  try {
    return await db.transaction().execute(async (trx) => {
      const room = (
        await sql<{ id: string; name: string; capacity: number; requires_approval: boolean }>`
          select id, name, capacity, requires_approval from meeting_rooms
          where id = ${input.room_id} and deleted_at is null and active
          for update`.execute(trx)
      ).rows[0];
      if (!room) throw invalid('room_id', 'No such room (or it is not bookable)');
      if (input.attendees_count > room.capacity)
        throw invalid('attendees_count', `${room.name} seats at most ${room.capacity}`);
      const overlap = await findOverlap(trx, input.room_id, start, end);
      if (overlap) throw new HttpError(409, conflictMessage(room.name, overlap), 'BOOKING_CONFLICT');
      const status: BookingStatus = room.requires_approval ? 'pending' : 'confirmed';
      const inserted = await sql<BookingRow>`
        insert into room_bookings as b
          (room_id, title, organizer, attendees_count, start_at, end_at, status, notes, created_by)
        values (${input.room_id}, ${input.title}, ${input.organizer}, ${input.attendees_count}, ${start},
          ${end}, ${status}, ${input.notes}, ${actor.userId})
        returning ${BOOKING_COLUMNS}`.execute(trx);
      const booking = toBooking(inserted.rows[0]!);
      await writeAudit(trx, {
        actorId: actor.userId,
        action: 'create',
        entity: 'room_bookings',
        entityId: booking.id,
        after: booking,
        ip: actor.ip,
      });
      return { booking, version: inserted.rows[0]!.version };
    });
  } catch (error) {
    // Only reached if a write bypassed the room lock: the constraint refused it; name the winner.
    if (!isExclusionViolation(error)) throw error;
    const overlap = await findOverlap(db, input.room_id, start, end);
    const name = (
      await sql<{ name: string }>`select name from meeting_rooms where id = ${input.room_id}`.execute(db)
    ).rows[0]?.name;
    throw new HttpError(
      409,
      overlap && name ? conflictMessage(name, overlap) : 'The room is already booked then.',
      'BOOKING_CONFLICT',
    );
  }
}

/** Cancels or confirms a live booking (audited, version bumped); 404 when there is none, 409 when already so. */
export async function changeBookingStatus(
  db: Kysely<Database>,
  id: number,
  to: 'cancelled' | 'confirmed',
  actor: Actor,
): Promise<SavedBooking> {
  return db.transaction().execute(async (trx) => {
    const before = (
      await sql<BookingRow>`select ${BOOKING_COLUMNS} from room_bookings b where b.id = ${id} for update`.execute(
        trx,
      )
    ).rows[0];
    if (!before) throw new HttpError(404, `No booking #${id}`, 'NOT_FOUND');
    if (before.status === 'cancelled')
      throw new HttpError(409, `Booking #${id} is already cancelled`, 'CONFLICT');
    if (to === 'confirmed' && before.status !== 'pending')
      throw new HttpError(409, `Booking #${id} is not waiting for approval`, 'CONFLICT');
    const updated = await sql<BookingRow>`
      update room_bookings as b set status = ${to}, version = version + 1,
        cancelled_at = case when ${to} = 'cancelled' then now() else cancelled_at end,
        cancelled_by = case when ${to} = 'cancelled' then ${actor.userId}::integer else cancelled_by end
      where b.id = ${id}
      returning ${BOOKING_COLUMNS}`.execute(trx);
    const booking = toBooking(updated.rows[0]!);
    await writeAudit(trx, {
      actorId: actor.userId,
      action: to === 'cancelled' ? 'cancel' : 'confirm',
      entity: 'room_bookings',
      entityId: id,
      before: toBooking(before),
      after: booking,
      ip: actor.ip,
    });
    return { booking, version: updated.rows[0]!.version };
  });
}
