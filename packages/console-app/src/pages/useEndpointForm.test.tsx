import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import {
  meetingsEndpoints,
  sheetReportsEndpoints,
  type Language,
  type RoomBooking,
  type SheetReportInput,
} from '@staff/console-contract';
import { invalidBody, type FakeAnswer } from '../api/testAdapter.js';
import { renderPage, routeOf } from '../test/renderPage.js';
import { useEndpointForm } from './useEndpointForm.js';
import type { FakeRequest } from '../api/testAdapter.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const route = routeOf('meeting-room-dashboard');

const booking: RoomBooking = {
  id: 7,
  room_id: 1,
  title: 'Standup',
  organizer: 'Ayu',
  attendees_count: 3,
  start_at: '2026-11-26T02:00:00.000Z',
  end_at: '2026-11-26T03:00:00.000Z',
  notes: '',
  status: 'confirmed',
  created_by: 1,
  created_at: '2026-11-25T02:00:00.000Z',
} as RoomBooking;

/** The form's own values: text inputs, turned into the endpoint's body by `toBody`. */
interface Draft {
  title: string;
  organizer: string;
  attendees: string;
  repeat: string;
}
const START: Draft = { title: '', organizer: 'Ayu', attendees: '3', repeat: '' };

function BookingForm({ onSaved }: { onSaved?: (title: string) => void }) {
  const form = useEndpointForm(meetingsEndpoints.book, {
    initial: START,
    toBody: (values) => ({
      room_id: 1,
      title: values.title,
      organizer: values.organizer,
      attendees_count: Number(values.attendees),
      start_at: '2026-11-26T09:00:00+07:00',
      end_at: '2026-11-26T10:00:00+07:00',
    }),
    fieldOf: { attendees_count: 'attendees', start_at: 'title' },
    check: (values) => (values.repeat && values.repeat !== values.title ? { repeat: 'Not the same' } : {}),
    codeTexts: { ROOM_CLOSED: 'The room is closed today.' },
    onSaved: (answer) => onSaved?.(answer.booking.title),
  });
  const input = (name: keyof Draft) => (
    <>
      <label htmlFor={name}>{name}</label>
      <input
        id={name}
        value={form.values[name]}
        onChange={(event) => form.set(name, event.target.value)}
        aria-invalid={form.errors[name] ? true : undefined}
        aria-describedby={`${name}-error`}
      />
      <span id={`${name}-error`}>{form.errors[name] ?? ''}</span>
    </>
  );
  return (
    <form aria-label="Booking" onSubmit={(event) => void form.submit(event)} noValidate>
      {input('title')}
      {input('organizer')}
      {input('attendees')}
      {input('repeat')}
      {form.formError ? <p role="alert">{form.formError}</p> : null}
      <p>{form.dirty ? 'changed' : 'unchanged'}</p>
      <button type="submit" disabled={form.submitting}>
        {form.submitting ? 'Booking…' : 'Book'}
      </button>
      <button type="button" onClick={() => form.reset()}>
        Reset
      </button>
      <button type="button" onClick={() => form.reset({ ...START, title: 'Retro' })}>
        Start from retro
      </button>
    </form>
  );
}

function setup(
  answer: (config: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
  { language = 'en', onSaved }: { language?: Language; onSaved?: (title: string) => void } = {},
) {
  const handler = answer as (config: FakeRequest) => FakeAnswer;
  const rendered = renderPage(route, <BookingForm {...(onSaved ? { onSaved } : {})} />, {
    language,
    keys: [route.key],
    handler,
  });
  const bookings = () => rendered.requests.filter((request) => request.url === '/api/meetings/bookings');
  return { ...rendered, bookings };
}

const fieldMessage = (name: string) => document.getElementById(`${name}-error`)!.textContent;

describe('useEndpointForm', () => {
  it('checks the body schema in the browser first: messages under their fields, in the language, nothing sent', async () => {
    const { user, bookings } = setup(() => ({ status: 201, data: { booking } }), { language: 'id' });
    await user.clear(screen.getByLabelText('organizer'));
    await user.clear(screen.getByLabelText('attendees'));
    await user.type(screen.getByLabelText('attendees'), '0');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    // `Required` and zod's own "Too small" both come back in Indonesian from the contract's catalogue.
    expect(fieldMessage('title')).toBe('Wajib diisi');
    expect(fieldMessage('organizer')).toBe('Wajib diisi');
    // attendees_count is the `attendees` input's (fieldOf).
    expect(fieldMessage('attendees')).toBe('Terlalu kecil: paling kecil 1');
    expect(screen.getByLabelText('title')).toHaveAttribute('aria-invalid', 'true');
    // The first invalid control gets focus.
    expect(screen.getByLabelText('title')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(bookings()).toHaveLength(0);
  });

  it("puts the server's 400 field errors under their inputs, by body path, and the unplaced ones on the form", async () => {
    const { user, bookings } = setup(() =>
      invalidBody({
        organizer: ['Ayu is on leave that day'],
        attendees_count: ['Must be at most 6 (the room seats 6)'],
        end_at: ['Must be after the start'],
      }),
    );
    await user.type(screen.getByLabelText('title'), 'Standup');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Ayu is on leave that day')).toHaveAttribute('id', 'organizer-error');
    expect(fieldMessage('attendees')).toBe('Must be at most 6 (the room seats 6)');
    // end_at is no field of this form: its message is the form's, and "Invalid body" is not shown.
    expect(screen.getByRole('alert').textContent).toBe('Must be after the start');
    // The focus moves in an effect after the messages render: wait for it.
    await waitFor(() => expect(screen.getByLabelText('organizer')).toHaveFocus());
    expect(bookings()).toHaveLength(1);
    expect(bookings()[0]!.data).toBe(
      JSON.stringify({
        room_id: 1,
        title: 'Standup',
        organizer: 'Ayu',
        attendees_count: 3,
        start_at: '2026-11-26T09:00:00+07:00',
        end_at: '2026-11-26T10:00:00+07:00',
      }),
    );

    // Changing a field takes its message away; the others stay until the next submit.
    await user.type(screen.getByLabelText('organizer'), ' L');
    expect(fieldMessage('organizer')).toBe('');
    expect(fieldMessage('attendees')).toBe('Must be at most 6 (the room seats 6)');
  });

  it("shows a refusal without fields as the form's error: the server's message in the user's language, a page text for its code, the unreachable text", async () => {
    let next: FakeAnswer = {
      status: 409,
      data: { message: 'The room is already booked then.', code: 'BOOKING_CONFLICT' },
    };
    const { user } = setup(() => next, { language: 'id' });
    await user.type(screen.getByLabelText('title'), 'Standup');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ruangan sudah dipesan pada waktu itu.');

    next = { status: 409, data: { message: 'Closed', code: 'ROOM_CLOSED' } };
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText('The room is closed today.');

    next = { network: true };
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText('Server tidak dapat dihubungi.');

    next = { status: 502 };
    await user.click(screen.getByRole('button', { name: 'Book' }));
    // No message from the server: axios' own words, put in the language too.
    await screen.findByText('Permintaan gagal dengan kode status 502');
  });

  it('is submitting while the call is out (a second submit sends nothing), then saved: onSaved, not dirty', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    const saved: string[] = [];
    const { user, bookings } = setup(
      () =>
        new Promise<FakeAnswer>((resolve) => {
          answer = resolve;
        }),
      { onSaved: (title) => saved.push(title) },
    );
    expect(screen.getByText('unchanged')).toBeVisible();
    await user.type(screen.getByLabelText('title'), 'Standup');
    expect(screen.getByText('changed')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const busy = screen.getByRole('button', { name: 'Booking…' });
    expect(busy).toBeDisabled();
    await user.type(screen.getByLabelText('title'), '{Enter}');
    expect(bookings()).toHaveLength(1);

    answer({ status: 201, data: { booking } });
    await screen.findByRole('button', { name: 'Book' });
    expect(saved).toEqual(['Standup']);
    // The saved values are the new starting point.
    expect(screen.getByText('unchanged')).toBeVisible();
    expect(screen.getByLabelText('title')).toHaveValue('Standup');
  });

  it("runs the page's own check before the schema and sends nothing while it fails", async () => {
    const { user, bookings } = setup(() => ({ status: 201, data: { booking } }));
    await user.type(screen.getByLabelText('title'), 'Standup');
    await user.type(screen.getByLabelText('repeat'), 'Stand');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(fieldMessage('repeat')).toBe('Not the same');
    expect(fieldMessage('title')).toBe('');
    expect(bookings()).toHaveLength(0);
  });

  it('resets to the starting point, or to new values that become it; messages go', async () => {
    const { user } = setup(() => ({ status: 201, data: { booking } }));
    await user.type(screen.getByLabelText('organizer'), 'x');
    await user.clear(screen.getByLabelText('attendees'));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(fieldMessage('title')).toBe('Required');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('organizer')).toHaveValue('Ayu');
    expect(screen.getByLabelText('attendees')).toHaveValue('3');
    expect(fieldMessage('title')).toBe('');
    expect(screen.getByText('unchanged')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Start from retro' }));
    expect(screen.getByLabelText('title')).toHaveValue('Retro');
    expect(screen.getByText('unchanged')).toBeVisible();
    await user.type(screen.getByLabelText('title'), '!');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('title')).toHaveValue('Retro');
  });
});

/** Values that are the body itself, an update's path parameter, and a nested path placed on its field. */
function ScheduleForm({ id }: { id: number }) {
  const form = useEndpointForm(sheetReportsEndpoints.update, {
    initial: {
      name: 'Harian',
      report: 'ads-x-mayar',
      days: 7,
      format: 'csv',
      schedule: { frequency: 'daily', time: '07:00' },
      keep: 5,
      active: true,
    } satisfies SheetReportInput,
    input: { params: { id } },
  });
  return (
    <form aria-label="Schedule" onSubmit={(event) => void form.submit(event)}>
      <label htmlFor="time">time</label>
      <input
        id="time"
        value={form.values.schedule.time}
        onChange={(event) => form.set('schedule', { ...form.values.schedule, time: event.target.value })}
      />
      <span id="schedule-error">{form.errors.schedule ?? ''}</span>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useEndpointForm over a body it keeps as it is', () => {
  it('sends to the path its input names and places `schedule.time` on the `schedule` field', async () => {
    const rendered = renderPage(route, <ScheduleForm id={4} />, {
      keys: [route.key],
      handler: () => ({
        status: 400,
        data: { message: 'Invalid body', fields: { 'body.schedule.time': ['Not a time we run at'] } },
      }),
    });
    await rendered.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not a time we run at')).toHaveAttribute('id', 'schedule-error');
    expect(rendered.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'put /api/sheet-reports/4',
    ]);
  });
});
