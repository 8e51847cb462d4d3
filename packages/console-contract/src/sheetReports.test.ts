import { describe, expect, it } from 'vitest';
import { nextSheetRun, sheetScheduleSchema } from './sheetReports.js';

/** The instant as a Jakarta wall clock with its weekday, whatever the machine's zone. */
const jakarta = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);

describe('sheet report schedule due times (Asia/Jakarta)', () => {
  it('runs a daily schedule today while its time is ahead, else tomorrow, across the Jakarta midnight', () => {
    const daily = { frequency: 'daily', time: '06:00' } as const;
    // 22:00 UTC on the 22nd is 05:00 on the 23rd in Jakarta: today's 06:00 is still ahead.
    expect(jakarta(nextSheetRun(daily, new Date('2026-11-22T22:00:00Z')))).toBe('Mon, 23/11/2026, 06:00');
    // 23:30 UTC on the 23rd is already 06:30 on the 24th in Jakarta: the next run is on the 25th.
    expect(jakarta(nextSheetRun(daily, new Date('2026-11-23T23:30:00Z')))).toBe('Wed, 25/11/2026, 06:00');
    // Exactly at the time: that run is the current one, the next is tomorrow.
    expect(nextSheetRun(daily, new Date('2026-11-23T23:00:00Z')).toISOString()).toBe(
      '2026-11-24T23:00:00.000Z',
    );
    expect(
      jakarta(nextSheetRun({ frequency: 'daily', time: '23:59' }, new Date('2026-12-31T16:58:00Z'))),
    ).toBe('Thu, 31/12/2026, 23:59');
  });

  it('moves a weekly schedule on to its weekday, the same day when the time is still ahead', () => {
    const monday = { frequency: 'weekly', time: '08:30', weekday: 1 } as const;
    // Monday 23 Nov 07:00 in Jakarta.
    expect(jakarta(nextSheetRun(monday, new Date('2026-11-23T00:00:00Z')))).toBe('Mon, 23/11/2026, 08:30');
    // Monday 23 Nov 09:00 in Jakarta: next Monday.
    expect(jakarta(nextSheetRun(monday, new Date('2026-11-23T02:00:00Z')))).toBe('Mon, 30/11/2026, 08:30');
    // Sunday 22 Nov 23:00 UTC is already Monday 06:00 in Jakarta.
    expect(jakarta(nextSheetRun(monday, new Date('2026-11-22T23:00:00Z')))).toBe('Mon, 23/11/2026, 08:30');
    const sunday = { frequency: 'weekly', time: '00:00', weekday: 7 } as const;
    expect(jakarta(nextSheetRun(sunday, new Date('2026-11-23T02:00:00Z')))).toBe('Sun, 29/11/2026, 00:00');
  });

  it('refuses a schedule it cannot run, naming the field', () => {
    const fields = (value: unknown) =>
      sheetScheduleSchema
        .safeParse(value)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(fields({ frequency: 'weekly', time: '08:30' })).toEqual([
      ['weekday', 'A weekly schedule needs its weekday'],
    ]);
    expect(fields({ frequency: 'daily', time: '24:00' })).toEqual([
      ['time', 'A time of day as HH:MM (00:00–23:59, Asia/Jakarta)'],
    ]);
    expect(fields({ frequency: 'hourly', time: '08:00' })).toEqual([
      ['frequency', 'Must be daily or weekly'],
    ]);
    expect(fields({ frequency: 'weekly', time: '08:00', weekday: 8 })).toEqual([
      ['weekday', 'A weekday from 1 (Senin) to 7 (Minggu)'],
    ]);
  });
});
