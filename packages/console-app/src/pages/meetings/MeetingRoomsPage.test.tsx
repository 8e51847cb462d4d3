import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Language, ScheduleResponse } from '@staff/console-contract';
import { invalidBody, type FakeAnswer } from '../../api/testAdapter.js';
import { renderPage, routeOf } from '../../test/renderPage.js';
import MeetingRoomsPage from './MeetingRoomsPage.js';
import type { FakeRequest } from '../../api/testAdapter.js';

afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

/** An id-ID day title ("Kamis, 26 November 2026") in both languages. */
const ID_DAY = /^(Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu), \d{1,2} \p{L}+ \d{4}$/u;

function setup(language: Language, book?: FakeAnswer) {
  const route = routeOf('meeting-room-dashboard');
  const now = new Date().toISOString();
  const schedule: ScheduleResponse = {
    from: now,
    to: now,
    now,
    rooms: [
      { id: 1, name: 'Ruang A', location: null, capacity: 6, facilities: [], requires_approval: false },
    ],
    bookings: [],
  };
  return renderPage(route, <MeetingRoomsPage route={route} />, {
    language,
    keys: [route.key],
    handler: (config: FakeRequest) =>
      config.url === '/api/meetings/schedule'
        ? { status: 200, data: schedule }
        : config.url === '/api/meetings/bookings'
          ? book
          : undefined,
  });
}

describe('Meeting Rooms Dashboard in both languages', () => {
  it('speaks Indonesian: the toolbar and the booking form; the day in id-ID', async () => {
    const { user } = setup('id');
    const toolbar = await screen.findByRole('toolbar', { name: 'Jadwal' });
    expect(within(toolbar).getByRole('button', { name: 'Hari ini' })).toBeVisible();
    expect(within(toolbar).getByRole('button', { name: 'Hari berikutnya' })).toBeVisible();
    expect(within(toolbar).getByRole('heading', { level: 2 }).textContent).toMatch(ID_DAY);
    // The spec's page title stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Meeting Rooms Dashboard' })).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Pesan ruangan' }));
    const form = screen.getByRole('form', { name: 'Pesan ruangan' });
    expect(within(form).getByRole('option', { name: 'Ruang A (6 kursi)' })).toBeVisible();
    expect(within(form).getByLabelText('Penyelenggara')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Pesan' })).toBeVisible();
  });

  it('keeps its English texts in English, with the day in id-ID', async () => {
    const { user } = setup('en');
    const toolbar = await screen.findByRole('toolbar', { name: 'Schedule' });
    expect(within(toolbar).getByRole('heading', { level: 2 }).textContent).toMatch(ID_DAY);
    await user.click(await screen.findByRole('button', { name: 'Book a room' }));
    const form = screen.getByRole('form', { name: 'Book a room' });
    expect(within(form).getByRole('option', { name: 'Ruang A (6 seats)' })).toBeVisible();
  });

  it("shows the server's 400 message under the field it names: end_at under End, in the user's language", async () => {
    const { user } = setup('id', invalidBody({ end_at: ['Must be a date and time (ISO 8601)'] }));
    await user.click(await screen.findByRole('button', { name: 'Pesan ruangan' }));
    const form = screen.getByRole('form', { name: 'Pesan ruangan' });
    await user.type(within(form).getByLabelText('Judul'), 'Standup');
    await user.type(within(form).getByLabelText('Penyelenggara'), 'Ayu');
    await user.click(within(form).getByRole('button', { name: 'Pesan' }));
    const end = within(form).getByLabelText('Selesai');
    await waitFor(() => expect(end).toHaveAttribute('aria-invalid', 'true'));
    expect(end).toHaveAccessibleDescription('Harus berupa tanggal dan jam (ISO 8601)');
    expect(within(form).getByLabelText('Penyelenggara')).not.toHaveAttribute('aria-invalid');
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});
