import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { apiLogin, newPage, openSignedIn, setupConsole, waitForLiveSocket } from './harness.js';

const { server, browser } = setupConsole();

/** Tomorrow in Asia/Jakarta (UTC+7): a day whose 10:00 is always ahead. */
const tomorrow = () => new Date(Date.now() + 7 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
const ROOM = 'Merapi E2E';

async function book(page: Page, title: string, start: string, end: string) {
  await page.getByRole('button', { name: 'Book a room' }).click();
  const form = page.getByRole('form', { name: 'Book a room' });
  await form.getByLabel('Room', { exact: true }).selectOption({ label: `${ROOM} (6 seats)` });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Organizer', { exact: true }).fill('Ayu Lestari');
  await form.getByLabel('Attendees', { exact: true }).fill('4');
  await form.getByLabel('Day', { exact: true }).fill(tomorrow());
  await form.getByLabel('Start', { exact: true }).fill(start);
  await form.getByLabel('End', { exact: true }).fill(end);
  await form.getByRole('button', { name: 'Book', exact: true }).click();
  return form;
}

describe('Meeting Rooms Dashboard', () => {
  it('books a slot, shows it live on another open dashboard, and refuses an overlapping one naming it', async () => {
    const user = await apiLogin(server, 'demo-all');
    const created = await fetch(`${server.baseURL}/api/resources/meeting_rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ name: ROOM, capacity: 6, location: 'Lantai 5' }),
    });
    expect(created.status).toBe(201);

    const first = await newPage(browser, { width: 1440, height: 900 });
    const second = await newPage(browser, { width: 1440, height: 900 });
    try {
      for (const { page } of [first, second]) {
        await openSignedIn(page, server, user, '/app/general-affairs/meeting-room-dashboard');
        await page.getByRole('heading', { name: 'Meeting Rooms Dashboard' }).waitFor();
        await page.getByRole('listitem').filter({ hasText: ROOM }).getByText('Free now').waitFor();
      }
      // The watching dashboard shows tomorrow (its answer in), its socket up before the change.
      const tomorrowShown = second.page.waitForResponse(
        (response) =>
          response.url().includes('/api/meetings/schedule') &&
          new URL(response.url()).searchParams.get('from') === tomorrow(),
      );
      await second.page.getByRole('button', { name: 'Next day' }).click();
      await tomorrowShown;
      await waitForLiveSocket(second.page);

      const form = await book(first.page, 'E2E standup', '10:00', '11:00');
      await form.waitFor({ state: 'detached' });
      await second.page
        .getByRole('listitem')
        .filter({ hasText: ROOM })
        .getByRole('button', { name: 'E2E standup 10:00–11:00 by Ayu Lestari' })
        .waitFor();

      const refused = await book(first.page, 'E2E clash', '10:30', '11:30');
      const alert = refused.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(
        new RegExp(
          `^${ROOM} is already booked 10:00–11:00 on .+ for "E2E standup" by Ayu Lestari \\(booking #\\d+\\)\\.$`,
        ),
      );
      // Nothing was written: tomorrow still has the one booking.
      const schedule = await fetch(`${server.baseURL}/api/meetings/schedule?from=${tomorrow()}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const titles = ((await schedule.json()) as { bookings: { title: string }[] }).bookings.map(
        (b) => b.title,
      );
      expect(titles.filter((title) => title.startsWith('E2E'))).toEqual(['E2E standup']);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });
});
