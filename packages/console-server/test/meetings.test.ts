// Both engines: bookings are kept apart by an exclusion constraint (btree_gist) (support/harness.ts).
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_CHANGED_EVENT, type ResourceChangedPayload } from '../src/resources/push.js';
import { Client, ENGINES, freshAddress, setupTestApp, userWithKeys } from './support/harness.js';

type Row = Record<string, unknown>;
const KEY = 'databank_products';
/** A day far ahead (bookings must end in the future); Jakarta is UTC+7, so 10:00 WIB is 03:00Z. */
const DAY = '2099-01-05';
const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00+07:00`).toISOString();

describe.each(ENGINES)('meeting room bookings on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine, { listen: true });
  let admin: string;
  let room: Row;
  let smallRoom: Row;
  const client = () => new Client(app, freshAddress());
  const api = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    client().request({
      method,
      url,
      token,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const newRoom = async (extra: Row) => {
    const response = await api('POST', '/api/resources/meeting_rooms', admin, {
      name: `Ruang ${Math.random().toString(36).slice(2, 8)}`,
      capacity: 8,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Row;
  };
  const booking = (extra: Row = {}) => ({
    room_id: room.id,
    title: 'Weekly sync',
    organizer: 'Budi Santoso',
    attendees_count: 4,
    start_at: at('10:00'),
    end_at: at('11:00'),
    ...extra,
  });

  beforeAll(async () => {
    admin = await client().token('admin');
    room = await newRoom({ name: 'Merapi', capacity: 8 });
    smallRoom = await newRoom({ name: 'Bromo', capacity: 2, requires_approval: true });
  });

  it('books a slot, refuses an overlapping one with a 409 naming the booking in the way, allows back-to-back', async () => {
    const first = await api('POST', '/api/meetings/bookings', admin, booking());
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json().booking as Row;
    expect(created).toMatchObject({ room_id: room.id, status: 'confirmed', title: 'Weekly sync' });

    const clash = await api(
      'POST',
      '/api/meetings/bookings',
      admin,
      booking({ title: 'Other', start_at: at('10:30'), end_at: at('11:30') }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      code: 'BOOKING_CONFLICT',
      message: `Merapi is already booked 10:00–11:00 on 5 Jan for "Weekly sync" by Budi Santoso (booking #${created.id}).`,
    });

    // [start, end): a meeting may start when the previous one ends.
    const next = await api(
      'POST',
      '/api/meetings/bookings',
      admin,
      booking({ title: 'Next', start_at: at('11:00'), end_at: at('12:00') }),
    );
    expect(next.statusCode, next.body).toBe(201);

    const schedule = await api('GET', `/api/meetings/schedule?from=${DAY}`, admin);
    expect(schedule.statusCode).toBe(200);
    const body = schedule.json();
    expect(body.from).toBe(at('00:00'));
    expect(body.rooms.map((r: Row) => r.name)).toEqual(['Bromo', 'Merapi']);
    expect(body.bookings.map((b: Row) => b.title)).toEqual(['Weekly sync', 'Next']);
  });

  it('lets exactly one of many concurrent bookings of one slot win', async () => {
    const slot = { start_at: at('14:00'), end_at: at('15:00') };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        api(
          'POST',
          '/api/meetings/bookings',
          admin,
          booking({ ...slot, title: `Race ${index}`, start_at: at(`14:${String(index).padStart(2, '0')}`) }),
        ),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(11);
    const stored = await sql<{ n: string }>`
      select count(*) as n from room_bookings
      where room_id = ${Number(room.id)} and status <> 'cancelled' and start_at >= ${at('14:00')} and start_at < ${at('15:00')}`.execute(
      testDb.database.db,
    );
    expect(Number(stored.rows[0]!.n)).toBe(1);
  });

  it('is guaranteed by the database itself: an overlapping row written past the service is refused', async () => {
    const insert = (title: string, from: string, to: string) =>
      sql`insert into room_bookings (room_id, title, organizer, attendees_count, start_at, end_at)
          values (${Number(room.id)}, ${title}, 'SQL', 1, ${at(from)}, ${at(to)})`.execute(
        testDb.database.db,
      );
    await insert('Direct', '17:00', '18:00');
    await expect(insert('Direct overlap', '17:30', '18:30')).rejects.toMatchObject({ code: '23P01' });
    // A cancelled booking frees its slot.
    await sql`update room_bookings set status = 'cancelled' where title = 'Direct'`.execute(
      testDb.database.db,
    );
    await insert('Direct again', '17:30', '18:30');
  });

  it('cancels (the slot becomes free), audits both steps and pushes each change', async () => {
    const port = (app.server.address() as AddressInfo).port;
    const socket: Socket = connect(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: admin },
    });
    const events: ResourceChangedPayload[] = [];
    socket.on(RESOURCE_CHANGED_EVENT, (payload: ResourceChangedPayload) => events.push(payload));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    try {
      const slot = { start_at: at('19:00'), end_at: at('20:00') };
      const made = await api(
        'POST',
        '/api/meetings/bookings',
        admin,
        booking({ ...slot, title: 'To cancel' }),
      );
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().booking.id as number;
      const cancelled = await api('POST', `/api/meetings/bookings/${id}/cancel`, admin);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().booking.status).toBe('cancelled');
      expect((await api('POST', `/api/meetings/bookings/${id}/cancel`, admin)).statusCode).toBe(409);
      const again = await api(
        'POST',
        '/api/meetings/bookings',
        admin,
        booking({ ...slot, title: 'Took it' }),
      );
      expect(again.statusCode, again.body).toBe(201);
      const audit = await sql<{ action: string }>`
        select action from audit_log where entity = 'room_bookings' and entity_id = ${String(id)} order by id`.execute(
        testDb.database.db,
      );
      expect(audit.rows.map((row) => row.action)).toEqual(['create', 'cancel']);
      await expect
        .poll(() => events.filter((event) => event.entity === 'room_bookings' && event.id === id))
        .toEqual([
          expect.objectContaining({ action: 'create', version: 1 }),
          expect.objectContaining({ action: 'update', version: 2 }),
        ]);
    } finally {
      socket.close();
    }
  });

  it('keeps a booking of a room that needs approval pending until confirmed', async () => {
    const made = await api(
      'POST',
      '/api/meetings/bookings',
      admin,
      booking({ room_id: smallRoom.id, attendees_count: 2 }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().booking.status).toBe('pending');
    const confirmed = await api('POST', `/api/meetings/bookings/${made.json().booking.id}/confirm`, admin);
    expect(confirmed.json().booking.status).toBe('confirmed');
  });

  it('answers bad input with a 400 naming the field and writes nothing', async () => {
    const before = await sql<{ n: string }>`select count(*) as n from room_bookings`.execute(
      testDb.database.db,
    );
    const cases: [Row, string][] = [
      [{ attendees_count: 9 }, 'body.attendees_count'],
      [
        { room_id: smallRoom.id, attendees_count: 3, start_at: at('08:00'), end_at: at('09:00') },
        'body.attendees_count',
      ],
      [{ end_at: at('09:00') }, 'body.end_at'],
      [{ start_at: at('06:00'), end_at: at('19:00') }, 'body.end_at'],
      [{ start_at: '2020-01-01T03:00:00Z', end_at: '2020-01-01T04:00:00Z' }, 'body.end_at'],
      [{ start_at: 'tomorrow' }, 'body.start_at'],
      [{ title: '  ' }, 'body.title'],
      [{ room_id: 999999 }, 'body.room_id'],
    ];
    for (const [extra, field] of cases) {
      const response = await api('POST', '/api/meetings/bookings', admin, booking(extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(response.json().fields)).toContain(field);
    }
    const bad = await api('GET', '/api/meetings/schedule?from=2099-02-30', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['query.from']);
    const after = await sql<{ n: string }>`select count(*) as n from room_bookings`.execute(
      testDb.database.db,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('needs read access to see the schedule and write access to book or cancel', async () => {
    const reader = await client().token(await userWithKeys(testDb.database, [{ key: KEY, read: true }]));
    const nobody = await client().token(await userWithKeys(testDb.database, [{ key: 'statistics' }]));
    expect((await api('GET', `/api/meetings/schedule?from=${DAY}`, reader)).statusCode).toBe(200);
    expect((await api('GET', `/api/meetings/schedule?from=${DAY}`, nobody)).statusCode).toBe(403);
    const refused = await api(
      'POST',
      '/api/meetings/bookings',
      reader,
      booking({ start_at: at('21:00'), end_at: at('22:00') }),
    );
    expect(refused.statusCode).toBe(403);
    expect((await api('POST', '/api/meetings/bookings/1/cancel', reader)).statusCode).toBe(403);
  });
});
