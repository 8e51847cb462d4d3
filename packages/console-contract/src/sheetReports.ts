/**
 * Sheet Report schedules (issue 15): daily or weekly at a time of day in Asia/Jakarta. The due-time rule lives
 * here so the server's scheduler and the page's "next run" show the same instant. Jakarta has no daylight saving
 * (UTC+7 all year), so the rule is plain arithmetic and does not depend on the machine's zone.
 */
import { z } from 'zod';

const JAKARTA_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** ISO weekdays: 1 Monday … 7 Sunday, with the Indonesian names the page shows. */
export const SHEET_WEEKDAYS = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] as const;

export const sheetScheduleSchema = z
  .strictObject({
    frequency: z.enum(['daily', 'weekly'], { error: 'Must be daily or weekly' }),
    time: z
      .string({ error: 'Required' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day as HH:MM (00:00–23:59, Asia/Jakarta)'),
    weekday: z
      .number()
      .int()
      .min(1, 'A weekday from 1 (Senin) to 7 (Minggu)')
      .max(7, 'A weekday from 1 (Senin) to 7 (Minggu)')
      .optional(),
  })
  .superRefine((schedule, ctx) => {
    if (schedule.frequency === 'weekly' && schedule.weekday === undefined)
      ctx.addIssue({ code: 'custom', message: 'A weekly schedule needs its weekday', path: ['weekday'] });
  });
export type SheetSchedule = z.infer<typeof sheetScheduleSchema>;

/**
 * The first run strictly after `after`: today's (Jakarta) time if still ahead, else the next day; a weekly
 * schedule moves on to its weekday.
 *
 * @example
 * nextSheetRun({ frequency: 'daily', time: '06:00' }, new Date('2026-11-23T23:30:00Z')) // 2026-11-24T23:00:00Z (06:00 WIB on the 25th)
 */
export function nextSheetRun(schedule: SheetSchedule, after: Date): Date {
  const [hours, minutes] = schedule.time.split(':').map(Number) as [number, number];
  const local = after.getTime() + JAKARTA_OFFSET_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  let candidate = midnight + (hours * 60 + minutes) * 60_000;
  if (candidate <= local) candidate += DAY_MS;
  if (schedule.frequency === 'weekly') {
    // 1970-01-01 was a Thursday (ISO 4).
    const isoWeekday = ((((Math.floor(candidate / DAY_MS) + 3) % 7) + 7) % 7) + 1;
    candidate += ((((schedule.weekday! - isoWeekday) % 7) + 7) % 7) * DAY_MS;
  }
  return new Date(candidate - JAKARTA_OFFSET_MS);
}
