import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { buttonCss } from '../../primitives/Button.js';
import { useMessages } from '../../theme/messages.js';
import { roomAvailability, type ScheduleBooking, type ScheduleRoom } from './availability.js';
import { panelCss, focusRingCss, plainListCss, visuallyHiddenCss } from '../../primitives/css.js';
import { SkeletonStatus } from '../../primitives/SkeletonStatus.js';
import { ROOM_SCHEDULE_MESSAGES, type RoomScheduleMessages } from './messages.js';
export { ROOM_SCHEDULE_MESSAGES, type RoomScheduleMessages } from './messages.js';

export type RoomScheduleView = 'day' | 'week';

export interface RoomScheduleProps {
  rooms: readonly ScheduleRoom[];
  bookings: readonly ScheduleBooking[];
  /** The first day's start (00:00 in `timeZone`) as an ISO instant; days follow every 24 hours. */
  from: string;
  /** `day`: a timeline per room; `week`: seven days side by side. */
  view: RoomScheduleView;
  /** The clock the "free now / busy until" badges and the now line use (the server's, when known). */
  now: Date | string;
  /** Labels are in this zone; a zone without daylight saving (the default) keeps days 24 hours long. */
  timeZone?: string;
  /** The day view's first and last hour shown. */
  dayStartHour?: number;
  dayEndHour?: number;
  loading?: boolean;
  error?: string | null;
  /** A booking was chosen (to show or cancel it). */
  onBookingSelect?: (booking: ScheduleBooking) => void;
  /** An empty hour of the day view was chosen (to book it); without it the hours are not buttons. */
  onSlotSelect?: (room: ScheduleRoom, startAt: string) => void;
  className?: string;
  messages?: Partial<RoomScheduleMessages>;
}

type InnerProps = RoomScheduleProps & { m: RoomScheduleMessages };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function formats(timeZone: string) {
  return {
    time: new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
    day: new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }),
  };
}

const whoOf = (booking: ScheduleBooking, m: RoomScheduleMessages) =>
  m.by(booking.organizer, booking.status === 'pending');

/** The tooltip; the accessible name is the button's text (visible title and time, then who, read only). */
const bookingLabel = (booking: ScheduleBooking, time: Intl.DateTimeFormat, m: RoomScheduleMessages) =>
  `${booking.title} ${time.format(new Date(booking.start_at))}–${time.format(new Date(booking.end_at))} ${whoOf(booking, m)}`;

/**
 * The rooms' bookings: a timeline per room for one day (with "free now / busy until" per room and a now line) or a
 * week grid of rooms × days. Controlled and stateless; booking and cancelling belong to the host.
 *
 * @example
 * ```tsx
 * <RoomSchedule view="day" from={schedule.from} now={schedule.now} rooms={schedule.rooms}
 *   bookings={schedule.bookings} onSlotSelect={(room, at) => openBookingForm(room, at)} />
 * ```
 */
export function RoomSchedule(props: RoomScheduleProps) {
  const { view, loading = false, error = null, rooms, className } = props;
  const m = useMessages('roomSchedule', ROOM_SCHEDULE_MESSAGES, props.messages);
  const state = error ? 'error' : loading ? 'loading' : rooms.length === 0 ? 'empty' : 'ready';
  return (
    <Root
      className={['cui-room-schedule', className].filter(Boolean).join(' ')}
      data-state={state}
      data-view={view}
      aria-busy={loading}
    >
      {state === 'error' ? (
        <p className="cui-room-schedule__message" role="alert">
          {error}
        </p>
      ) : state === 'loading' ? (
        <SkeletonStatus
          as="div"
          className="cui-room-schedule__message"
          prefix="cui-room-schedule"
          label={m.loading}
        />
      ) : state === 'empty' ? (
        <p className="cui-room-schedule__message">{m.empty}</p>
      ) : view === 'day' ? (
        <DayTimeline {...props} m={m} />
      ) : (
        <WeekGrid {...props} m={m} />
      )}
    </Root>
  );
}

function DayTimeline({
  rooms,
  bookings,
  from,
  now,
  timeZone = 'Asia/Jakarta',
  dayStartHour = 7,
  dayEndHour = 21,
  onBookingSelect,
  onSlotSelect,
  m,
}: InnerProps) {
  const { time } = formats(timeZone);
  const nowDate = new Date(now);
  const windowStart = new Date(from).getTime() + dayStartHour * HOUR;
  const windowEnd = new Date(from).getTime() + dayEndHour * HOUR;
  const span = windowEnd - windowStart;
  const percent = (at: number) =>
    ((Math.min(Math.max(at, windowStart), windowEnd) - windowStart) / span) * 100;
  const hours = Array.from({ length: dayEndHour - dayStartHour }, (_, index) => windowStart + index * HOUR);
  const nowInside = nowDate.getTime() >= windowStart && nowDate.getTime() < windowEnd;
  return (
    <div className="cui-room-schedule__day">
      <div className="cui-room-schedule__scale" aria-hidden="true">
        <span />
        <div className="cui-room-schedule__hours">
          {hours.map((hour) => (
            <span key={hour} style={{ insetInlineStart: `${percent(hour)}%` }}>
              {time.format(new Date(hour))}
            </span>
          ))}
        </div>
      </div>
      <ul className="cui-room-schedule__rooms" aria-label={m.rooms}>
        {rooms.map((room) => {
          const availability = roomAvailability(bookings, room.id, nowDate);
          const mine = bookings.filter(
            (booking) => booking.room_id === room.id && booking.status !== 'cancelled',
          );
          return (
            <li key={room.id} className="cui-room-schedule__room" data-availability={availability.state}>
              <div className="cui-room-schedule__room-head">
                <strong>{room.name}</strong>
                <span className="cui-room-schedule__meta">
                  {m.seats(room.capacity)}
                  {room.location ? ` · ${room.location}` : ''}
                </span>
                <span className="cui-room-schedule__badge" data-availability={availability.state}>
                  {availability.state === 'free' ? m.freeNow : m.busyUntil(time.format(availability.until))}
                </span>
              </div>
              <div className="cui-room-schedule__track">
                {onSlotSelect
                  ? hours.map((hour) => (
                      <button
                        key={hour}
                        type="button"
                        className="cui-room-schedule__slot"
                        style={{ insetInlineStart: `${percent(hour)}%`, width: `${(HOUR / span) * 100}%` }}
                        aria-label={m.book(room.name, time.format(new Date(hour)))}
                        onClick={() => onSlotSelect(room, new Date(hour).toISOString())}
                      />
                    ))
                  : null}
                {mine.map((booking) => {
                  const start = new Date(booking.start_at).getTime();
                  const end = new Date(booking.end_at).getTime();
                  if (end <= windowStart || start >= windowEnd) return null;
                  const label = bookingLabel(booking, time, m);
                  return (
                    <button
                      key={booking.id}
                      type="button"
                      className="cui-room-schedule__booking"
                      data-status={booking.status ?? 'confirmed'}
                      style={{
                        insetInlineStart: `${percent(start)}%`,
                        width: `${percent(end) - percent(start)}%`,
                      }}
                      title={label}
                      disabled={!onBookingSelect}
                      onClick={() => onBookingSelect?.(booking)}
                    >
                      <span className="cui-room-schedule__booking-title">{booking.title}</span>{' '}
                      <span className="cui-room-schedule__booking-time">
                        {time.format(new Date(start))}–{time.format(new Date(end))}
                      </span>{' '}
                      <span className="cui-room-schedule__sr">{whoOf(booking, m)}</span>
                    </button>
                  );
                })}
                {nowInside ? (
                  <span
                    className="cui-room-schedule__now"
                    style={{ insetInlineStart: `${percent(nowDate.getTime())}%` }}
                    aria-hidden="true"
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function WeekGrid({ rooms, bookings, from, timeZone = 'Asia/Jakarta', onBookingSelect, m }: InnerProps) {
  const { time, day } = formats(timeZone);
  const start = new Date(from).getTime();
  const days = Array.from({ length: 7 }, (_, index) => start + index * DAY);
  return (
    <div className="cui-room-schedule__week">
      <table>
        <caption className="cui-room-schedule__sr">
          {m.weekCaption(day.format(new Date(days[0]!)), day.format(new Date(days[6]!)))}
        </caption>
        <thead>
          <tr>
            <th scope="col">{m.room}</th>
            {days.map((dayStart) => (
              <th key={dayStart} scope="col">
                {day.format(new Date(dayStart))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rooms.map((room) => (
            <tr key={room.id}>
              <th scope="row">
                {room.name}
                <span className="cui-room-schedule__meta">{m.seats(room.capacity)}</span>
              </th>
              {days.map((dayStart) => {
                const inDay = bookings
                  .filter(
                    (booking) =>
                      booking.room_id === room.id &&
                      booking.status !== 'cancelled' &&
                      new Date(booking.start_at).getTime() < dayStart + DAY &&
                      new Date(booking.end_at).getTime() > dayStart,
                  )
                  .sort((a, b) => a.start_at.localeCompare(b.start_at));
                return (
                  <td key={dayStart}>
                    {inDay.length === 0 ? (
                      <span className="cui-room-schedule__free">{m.free}</span>
                    ) : (
                      <ul>
                        {inDay.map((booking) => (
                          <li key={booking.id}>
                            <button
                              type="button"
                              className="cui-room-schedule__chip"
                              data-status={booking.status ?? 'confirmed'}
                              title={bookingLabel(booking, time, m)}
                              disabled={!onBookingSelect}
                              onClick={() => onBookingSelect?.(booking)}
                            >
                              <span className="cui-room-schedule__booking-time">
                                {time.format(new Date(booking.start_at))}
                              </span>{' '}
                              {booking.title}{' '}
                              <span className="cui-room-schedule__sr">
                                {m.until(time.format(new Date(booking.end_at)))} {whoOf(booking, m)}
                              </span>
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const Root = styled.section`
  ${panelCss}
  font-size: ${t.fontSizeSm};
  padding: ${t.space3};
  min-width: 0;

  .cui-room-schedule__message {
    margin: 0;
    padding: ${t.space4};
    color: ${t.colorTextMuted};
  }
  .cui-room-schedule__message[role='alert'] {
    color: ${t.colorDanger};
    background: ${t.colorDangerSoft};
    border-radius: ${t.radiusSm};
  }
  .cui-room-schedule__skeleton {
    display: block;
    height: 6rem;
    border-radius: ${t.radiusSm};
    background: ${t.colorBorder};
    opacity: 0.5;
  }
  .cui-room-schedule__sr {
    ${visuallyHiddenCss}
  }
  .cui-room-schedule__day {
    overflow-x: auto;
  }
  .cui-room-schedule__scale,
  .cui-room-schedule__room {
    display: grid;
    grid-template-columns: 11rem minmax(36rem, 1fr);
    gap: ${t.space2};
  }
  .cui-room-schedule__hours {
    position: relative;
    height: 1.25rem;
    color: ${t.colorTextMuted};
  }
  .cui-room-schedule__hours span {
    position: absolute;
    transform: translateX(-50%);
    font-variant-numeric: tabular-nums;
  }
  /* Right-to-left the hours run from the right: each label centred on its hour from the other side. */
  .cui-room-schedule__hours span:dir(rtl) {
    transform: translateX(50%);
  }
  .cui-room-schedule__rooms {
    ${plainListCss}
    display: flex;
    flex-direction: column;
    gap: ${t.space2};
  }
  .cui-room-schedule__room-head {
    display: flex;
    flex-direction: column;
    gap: 2px;
    min-width: 0;
  }
  .cui-room-schedule__meta {
    display: block;
    color: ${t.colorTextMuted};
    font-weight: 400;
  }
  .cui-room-schedule__badge {
    align-self: flex-start;
    padding: 0 ${t.space2};
    border-radius: 999px;
    background: ${t.colorSuccessSoft};
    color: ${t.colorSuccess};
  }
  .cui-room-schedule__badge[data-availability='busy'] {
    background: ${t.colorWarningSoft};
    color: ${t.colorWarning};
  }
  .cui-room-schedule__track {
    position: relative;
    min-height: 3.25rem;
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusSm};
    background: ${t.colorBg};
  }
  .cui-room-schedule__slot {
    position: absolute;
    top: 0;
    bottom: 0;
    border: 0;
    border-inline-start: 1px dashed ${t.colorBorder};
    background: transparent;
    cursor: pointer;
    padding: 0;
  }
  .cui-room-schedule__slot:hover {
    background: ${t.colorPrimarySoft};
  }
  .cui-room-schedule__slot:focus-visible,
  .cui-room-schedule__booking:focus-visible,
  .cui-room-schedule__chip:focus-visible {
    ${focusRingCss}
    z-index: 2;
  }
  .cui-room-schedule__booking {
    position: absolute;
    top: 4px;
    bottom: 4px;
    z-index: 1;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    justify-content: center;
    overflow: hidden;
    padding: 0 ${t.space1};
    border: 1px solid ${t.colorPrimary};
    border-radius: ${t.radiusSm};
    background: ${t.colorPrimarySoft};
    color: ${t.colorText};
    font: inherit;
    text-align: start;
    white-space: nowrap;
    cursor: pointer;
  }
  .cui-room-schedule__booking:disabled {
    cursor: default;
  }
  .cui-room-schedule__booking[data-status='pending'],
  .cui-room-schedule__chip[data-status='pending'] {
    border-style: dashed;
    background: ${t.colorWarningSoft};
  }
  .cui-room-schedule__booking-title,
  .cui-room-schedule__booking .cui-room-schedule__booking-time {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .cui-room-schedule__booking-title {
    font-weight: 600;
  }
  .cui-room-schedule__booking-time {
    color: ${t.colorTextMuted};
    font-variant-numeric: tabular-nums;
  }
  .cui-room-schedule__now {
    position: absolute;
    top: -2px;
    bottom: -2px;
    width: 2px;
    background: ${t.colorDanger};
    z-index: 1;
  }
  .cui-room-schedule__week {
    overflow-x: auto;
  }
  .cui-room-schedule__week table {
    border-collapse: collapse;
    width: 100%;
    min-width: 44rem;
    table-layout: fixed;
  }
  .cui-room-schedule__week th,
  .cui-room-schedule__week td {
    border: 1px solid ${t.colorBorder};
    padding: ${t.space1};
    vertical-align: top;
    text-align: start;
  }
  .cui-room-schedule__week thead th {
    color: ${t.colorTextMuted};
    font-weight: 500;
  }
  .cui-room-schedule__week ul {
    ${plainListCss}
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  .cui-room-schedule__free {
    color: ${t.colorTextMuted};
  }
  .cui-room-schedule__chip {
    ${buttonCss}
    width: 100%;
    text-align: start;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    padding: 0 ${t.space1};
  }
  .cui-room-schedule__chip:disabled {
    color: ${t.colorText};
    cursor: default;
  }
`;
