/**
 * The console's one time zone: every moment is shown, and every wall time typed into a form is read, in
 * Asia/Jakarta, whatever the browser's or the machine's own zone (a user abroad sees the times staff in Jakarta see).
 */
export const CONSOLE_TIME_ZONE = 'Asia/Jakarta';

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant` (ms; Jakarta: 7 hours all year). */
export function zoneOffsetMs(instant: number, timeZone: string = CONSOLE_TIME_ZONE): number {
  const parts = partsFormat(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** An instant as `YYYY-MM-DDTHH:mm` on `timeZone`'s wall clock (the value of `<input type="datetime-local">`). */
export function toWallTime(instant: Date, timeZone: string = CONSOLE_TIME_ZONE): string {
  return new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * A wall time without a zone (`2025-03-12T14:05`, `2025-03-12 14:05:00`) read on `timeZone`'s clock; null when the
 * text is not one (it may carry its own zone: parse that with `new Date`).
 */
export function fromWallTime(text: string, timeZone: string = CONSOLE_TIME_ZONE): Date | null {
  const match = WALL_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  if (Number.isNaN(wall)) return null;
  // Twice: the offset at the guess, then at the instant it gives (right across a daylight-saving change).
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}
