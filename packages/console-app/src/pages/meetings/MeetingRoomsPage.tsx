import { useEffect, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import {
  canWrite,
  meetingsEndpoints,
  toPermissionMap,
  type CreateBooking,
  type MeetingRoom,
  type RoomBooking,
  type ScheduleResponse,
} from '@staff/console-contract';
import {
  Button,
  ConfirmDialog,
  RoomSchedule,
  t,
  useNotifications,
  type RoomScheduleView,
  type ScheduleBooking,
} from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { useEndpoint } from '../useEndpoint.js';
import { useEndpointForm } from '../useEndpointForm.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { useServices } from '../../services.js';
import { RoutePage } from '../PageLayout.js';
import type { PageProps } from '../types.js';
import { addDays, jakartaDay, jakartaInstant, jakartaTime, mondayOf } from './jakartaDays.js';
import { controlCss, panelCss, toolbarCss } from '../common/styles.js';
import { useTextsOf } from '../../i18n.js';
import { MEETINGS_TEXTS } from './texts.js';

// Dates stay id-ID in both languages.
const dayTitle = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

interface Draft {
  room_id: string;
  title: string;
  organizer: string;
  attendees_count: string;
  day: string;
  start: string;
  end: string;
  notes: string;
}

/** A Jakarta day and time as an instant, or '' when the inputs hold none (the schema then names the field). */
const instantOr = (day: string, time: string) => {
  const at = new Date(`${day}T${time}:00+07:00`);
  return Number.isNaN(at.getTime()) ? '' : jakartaInstant(day, time);
};

/** The booking the form's texts make. */
const bookingOf = (draft: Draft): CreateBooking => ({
  room_id: Number(draft.room_id),
  title: draft.title,
  organizer: draft.organizer,
  attendees_count: Number(draft.attendees_count),
  start_at: instantOr(draft.day, draft.start),
  end_at: instantOr(draft.day, draft.end),
  notes: draft.notes,
});

const emptyDraft = (day: string, room?: MeetingRoom, start = '09:00'): Draft => {
  const hour = Number(start.slice(0, 2));
  return {
    room_id: room ? String(room.id) : '',
    title: '',
    organizer: '',
    attendees_count: '1',
    day,
    start,
    end: `${String(Math.min(hour + 1, 23)).padStart(2, '0')}:${start.slice(3, 5)}`,
    notes: '',
  };
};

/**
 * Meeting Rooms Dashboard: today's timeline per room with "free now / busy until", a week view, booking a slot
 * and cancelling one; every open dashboard reloads when a booking changes (`resource:changed` room_bookings).
 */
export default function MeetingRoomsPage({ route }: PageProps) {
  const services = useServices();
  const texts = useTextsOf(MEETINGS_TEXTS);
  const { notify } = useNotifications();
  const { permissions } = useConsoleContext();
  const writable = canWrite(toPermissionMap(permissions), route.key);

  const [view, setView] = useState<RoomScheduleView>('day');
  const [day, setDay] = useState(() => jakartaDay(new Date()));
  const from = view === 'day' ? day : mondayOf(day);
  const days = view === 'day' ? 1 : 7;
  // Reloaded on every `resource:changed` room_bookings push and after a reconnect.
  const schedule = useEndpoint(meetingsEndpoints.schedule, { query: { from, days } }, { live: true });
  const data = schedule.data ?? null;
  const { loading } = schedule;
  const { unreachable, notLoaded, status } = texts;
  const error = schedule.error
    ? schedule.error.status === undefined
      ? unreachable
      : notLoaded(schedule.error.message || status(schedule.error.status))
    : null;

  // The server's clock drives "free now": a browser whose clock is off still agrees with the bookings.
  const [now, setNow] = useState(() => new Date());
  const [clockFrom, setClockFrom] = useState<ScheduleResponse | null>(null);
  if (data && data !== clockFrom) {
    setClockFrom(data);
    setNow(new Date(data.now));
  }
  // "Free now / busy until" moves with the clock.
  useEffect(() => {
    const timer = setInterval(() => setNow((previous) => new Date(previous.getTime() + 60_000)), 60_000);
    return () => clearInterval(timer);
  }, []);

  const [formOpen, setFormOpen] = useState(false);
  const booking = useEndpointForm(meetingsEndpoints.book, {
    initial: emptyDraft(day),
    toBody: bookingOf,
    // The day and the start time make `start_at`; the message goes under the start.
    fieldOf: { start_at: 'start', end_at: 'end' },
    onSaved: ({ booking: saved }) => {
      notify({
        type: 'success',
        message: texts.booked(
          saved.title,
          jakartaTime(new Date(saved.start_at)),
          jakartaTime(new Date(saved.end_at)),
        ),
      });
      setFormOpen(false);
      schedule.reload();
    },
  });
  const draft = formOpen ? booking.values : null;
  const [selected, setSelected] = useState<RoomBooking | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);

  const rooms = data?.rooms ?? [];
  const openForm = (room?: MeetingRoom, startAt?: string) => {
    const start = startAt ? new Date(startAt) : null;
    booking.reset(
      emptyDraft(start ? jakartaDay(start) : day, room ?? rooms[0], start ? jakartaTime(start) : '09:00'),
    );
    setFormOpen(true);
  };

  const cancelSelected = async () => {
    if (!selected) return;
    setCancelling(true);
    setCancelError(null);
    try {
      await services.call(meetingsEndpoints.cancel, { params: { id: selected.id } });
      notify({ type: 'info', message: texts.cancelled(selected.title) });
      setSelected(null);
      schedule.reload();
    } catch (failure) {
      setCancelError(ApiError.from(failure).message);
    } finally {
      setCancelling(false);
    }
  };

  const fieldError = (name: keyof Draft) => booking.errors[name];
  const field = (name: keyof Draft) => ({
    id: `booking-${name}`,
    'aria-describedby': `booking-${name}-error`,
    value: booking.values[name],
    'aria-invalid': fieldError(name) || (name === 'day' && fieldError('start')) ? true : undefined,
    onChange: (event: { target: { value: string } }) => booking.set(name, event.target.value),
  });

  const selectedRoom = selected ? rooms.find((room) => room.id === selected.room_id) : undefined;

  return (
    <RoutePage
      route={route}
      description={texts.description}
      actions={
        writable ? (
          <Button kind="primary" onClick={() => openForm()} disabled={rooms.length === 0}>
            {texts.bookRoom}
          </Button>
        ) : undefined
      }
    >
      <Toolbar role="toolbar" aria-label={texts.schedule}>
        <div role="group" aria-label={texts.view}>
          <Button aria-pressed={view === 'day'} onClick={() => setView('day')}>
            {texts.day}
          </Button>
          <Button aria-pressed={view === 'week'} onClick={() => setView('week')}>
            {texts.week}
          </Button>
        </div>
        <div role="group" aria-label={texts.date}>
          <Button
            aria-label={view === 'day' ? texts.previousDay : texts.previousWeek}
            onClick={() => setDay(addDays(day, -days))}
          >
            ‹
          </Button>
          <Button onClick={() => setDay(jakartaDay(new Date()))}>{texts.today}</Button>
          <Button
            aria-label={view === 'day' ? texts.nextDay : texts.nextWeek}
            onClick={() => setDay(addDays(day, days))}
          >
            ›
          </Button>
        </div>
        <h2 aria-live="polite">
          {view === 'day'
            ? dayTitle.format(new Date(jakartaInstant(day, '12:00')))
            : texts.weekOf(dayTitle.format(new Date(jakartaInstant(from, '12:00'))))}
        </h2>
      </Toolbar>

      {draft ? (
        <Form
          onSubmit={(event: FormEvent) => void booking.submit(event)}
          aria-labelledby="booking-form-title"
          noValidate
        >
          <h2 id="booking-form-title">{texts.bookRoom}</h2>
          {booking.formError ? (
            <p role="alert" className="form-error">
              {booking.formError}
            </p>
          ) : null}
          <div className="grid">
            <label htmlFor="booking-room_id">{texts.form.room}</label>
            <select {...field('room_id')}>
              {rooms.map((room) => (
                <option key={room.id} value={room.id}>
                  {texts.form.seats(room.name, room.capacity)}
                </option>
              ))}
            </select>
            <FieldError id="room_id" text={fieldError('room_id')} />
            <label htmlFor="booking-title">{texts.form.title}</label>
            <input {...field('title')} maxLength={120} required />
            <FieldError id="title" text={fieldError('title')} />
            <label htmlFor="booking-organizer">{texts.form.organizer}</label>
            <input {...field('organizer')} maxLength={80} required />
            <FieldError id="organizer" text={fieldError('organizer')} />
            <label htmlFor="booking-attendees_count">{texts.form.attendees}</label>
            <input {...field('attendees_count')} type="number" min={1} inputMode="numeric" required />
            <FieldError id="attendees_count" text={fieldError('attendees_count')} />
            <label htmlFor="booking-day">{texts.form.day}</label>
            <input {...field('day')} type="date" required />
            <FieldError id="day" text={fieldError('day')} />
            <label htmlFor="booking-start">{texts.form.start}</label>
            <input {...field('start')} type="time" step={300} required />
            <FieldError id="start" text={fieldError('start')} />
            <label htmlFor="booking-end">{texts.form.end}</label>
            <input {...field('end')} type="time" step={300} required />
            <FieldError id="end" text={fieldError('end')} />
            <label htmlFor="booking-notes">{texts.form.notes}</label>
            <textarea {...field('notes')} maxLength={500} rows={2} />
            <FieldError id="notes" text={fieldError('notes')} />
          </div>
          <div className="actions">
            <Button kind="primary" type="submit" disabled={booking.submitting}>
              {booking.submitting ? texts.form.booking : texts.form.book}
            </Button>
            <Button onClick={() => setFormOpen(false)} disabled={booking.submitting}>
              {texts.form.close}
            </Button>
          </div>
        </Form>
      ) : null}

      <RoomSchedule
        view={view}
        from={data?.from ?? jakartaInstant(from, '00:00')}
        now={now}
        rooms={rooms}
        bookings={data?.bookings ?? []}
        loading={loading}
        error={error}
        onBookingSelect={(booking: ScheduleBooking) => {
          setSelected(booking as RoomBooking);
          setCancelError(null);
        }}
        {...(writable ? { onSlotSelect: (room, startAt) => openForm(room as MeetingRoom, startAt) } : {})}
      />

      <ConfirmDialog
        open={selected !== null}
        title={selected ? selected.title : texts.booking.fallbackTitle}
        description={
          selected ? (
            <>
              {selectedRoom?.name ?? texts.booking.room} · {jakartaTime(new Date(selected.start_at))}–
              {jakartaTime(new Date(selected.end_at))} · {selected.organizer} · {selected.attendees_count}{' '}
              {texts.booking.attendees}
              {selected.status === 'pending' ? texts.booking.pending : ''}
              {selected.notes ? ` · ${selected.notes}` : ''}
              {writable ? '' : texts.booking.readOnly}
            </>
          ) : null
        }
        destructive={writable}
        confirmLabel={writable ? texts.booking.cancel : texts.booking.close}
        cancelLabel={writable ? texts.booking.keep : texts.booking.close}
        busy={cancelling}
        busyLabel={texts.booking.cancelling}
        error={cancelError}
        onConfirm={() => (writable ? void cancelSelected() : setSelected(null))}
        onCancel={() => setSelected(null)}
      />
    </RoutePage>
  );
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return (
    <span id={`booking-${id}-error`} className="field-error">
      {text ?? ''}
    </span>
  );
}

const Toolbar = styled.div`
  ${toolbarCss}
  gap: ${t.space2} ${t.space4};
  [role='group'] {
    display: flex;
    gap: ${t.space1};
  }
  [aria-pressed='true'] {
    background: ${t.colorPrimarySoft};
    border-color: ${t.colorPrimary};
  }
  h2 {
    margin: 0;
    font-size: ${t.fontSizeLg};
    font-weight: 500;
  }
`;

const Form = styled.form`
  ${panelCss}
  .grid {
    display: grid;
    grid-template-columns: 8rem minmax(0, 24rem) minmax(0, 1fr);
    gap: ${t.space2} ${t.space3};
    align-items: center;
  }
  @media (max-width: 40rem) {
    .grid {
      grid-template-columns: 1fr;
    }
  }
  input,
  select,
  textarea {
    ${controlCss}
  }
  [aria-invalid='true'] {
    border-color: ${t.colorDanger};
  }
  .field-error {
    color: ${t.colorDanger};
    font-size: ${t.fontSizeSm};
  }
  .form-error {
    margin: 0;
    padding: ${t.space2} ${t.space3};
    border-radius: ${t.radiusSm};
    background: ${t.colorDangerSoft};
    color: ${t.colorDanger};
  }
  .actions {
    display: flex;
    gap: ${t.space2};
  }
`;
