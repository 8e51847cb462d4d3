/** Asia/Jakarta is UTC+7 all year: days and times of the dashboard are computed with that fixed offset. */
const OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** The Jakarta day (YYYY-MM-DD) of an instant. */
export const jakartaDay = (at: Date): string => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The Jakarta time of day (HH:MM) of an instant. */
export const jakartaTime = (at: Date): string =>
  new Date(at.getTime() + OFFSET_MS).toISOString().slice(11, 16);

/** `day` moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** A Jakarta day and time of day as an ISO instant. */
export const jakartaInstant = (day: string, time: string): string =>
  new Date(`${day}T${time}:00+07:00`).toISOString();
